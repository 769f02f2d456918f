-- steps: the resolution path stored for a puzzle: every step, in order.
-- Returns one row per step: run, step_index (of the state the step applies to), rule,
-- family, length, assertions (r1c1=7) and eliminations (r3c9<>8 r1c2<>8).
-- Parameters:
--   :puzzle  puzzle id, or latest for the puzzle with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :puzzle = 'latest' THEN (SELECT max(id) FROM puzzle) ELSE :puzzle END
)
SELECT s.run_id AS run,
       s.step_index AS step_index,
       p.rule AS rule,
       p.family AS family,
       p.length AS length,
       st.assertions AS assertions,
       st.eliminations AS eliminations
FROM step AS st
JOIN state AS s ON s.id = st.state_id
JOIN proof AS p ON p.id = st.proof_id
WHERE s.puzzle_id = (SELECT id FROM chosen)
ORDER BY s.run_id, s.step_index, st.id;

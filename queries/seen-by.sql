-- seen-by: the candidates nrc-linked to one candidate (its weak-link neighbours).
-- Returns one row per linked candidate, in candidate order: label (n5r1c7), cell, digit,
-- support (the cell or house of the link) and conjugate (1 when the two are also a
-- conjugate pair). No rows when the candidate is not open in the state.
-- Parameters:
--   :candidate  the candidate, as a label such as n5r1c2 or as its index 0..728
--   :state      state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
),
target(cand) AS (
    SELECT cand FROM candidate
    WHERE state_id = (SELECT id FROM chosen)
      AND (label = lower(:candidate) OR cand = :candidate)
),
linked(other, kind, support) AS (
    SELECT dst_candidate, kind, support FROM edge_ends
    WHERE state_id = (SELECT id FROM chosen) AND kind IN ('nrc_link', 'conjugate')
      AND src_candidate IN (SELECT cand FROM target)
    UNION ALL
    SELECT src_candidate, kind, support FROM edge_ends
    WHERE state_id = (SELECT id FROM chosen) AND kind IN ('nrc_link', 'conjugate')
      AND dst_candidate IN (SELECT cand FROM target)
)
SELECT c.label AS label,
       printf('r%dc%d', c.row, c.col) AS cell,
       c.digit AS digit,
       max(CASE WHEN l.kind = 'nrc_link' THEN l.support END) AS support,
       max(l.kind = 'conjugate') AS conjugate
FROM linked AS l
JOIN candidate AS c ON c.state_id = (SELECT id FROM chosen) AND c.cand = l.other
GROUP BY c.cand
ORDER BY c.cand;

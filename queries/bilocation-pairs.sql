-- bilocation-pairs: the digits with exactly two places in a row, column or block (the
-- conjugate edges supported by a house).
-- Returns one row per pair: digit, house (r4, c4, b4), house_kind, candidate1 and
-- candidate2 (labels, candidate1 first in reading order); by digit, then rows, columns,
-- blocks. The graph keeps one conjugate edge per pair, under its first house in the order
-- row, column, block: a pair that is bilocation in a row and in a block shows its row.
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT src_digit AS digit,
       support AS house,
       CASE substr(support, 1, 1)
           WHEN 'r' THEN 'row' WHEN 'c' THEN 'column' ELSE 'block'
       END AS house_kind,
       src_label AS candidate1,
       dst_label AS candidate2
FROM edge_ends
WHERE state_id = (SELECT id FROM chosen)
  AND kind = 'conjugate'
  AND length(support) = 2
ORDER BY src_digit, instr('rcb', substr(support, 1, 1)), support, src_candidate;

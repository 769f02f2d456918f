-- als-list: the almost-locked sets (ALS): N cells of one house holding exactly N+1 digits.
-- Returns one row per ALS node, smallest first: node (its id), house (the first house it
-- was found in), size (cells), digits (158), cells (r2c4 r2c6), label ({n1 n5 n8}r2c46) and
-- candidates (the labels of its candidates, from its als_link edges).
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT n.id AS node,
       n.house AS house,
       length(n.digits) - 1 AS size,
       n.digits AS digits,
       n.cells AS cells,
       n.label AS label,
       (SELECT group_concat(dst_label, ' ') FROM (
            SELECT dst_label FROM edge_ends
            WHERE state_id = n.state_id AND kind = 'als_link' AND src = n.id
            ORDER BY dst_candidate
        )) AS candidates
FROM node AS n
WHERE n.state_id = (SELECT id FROM chosen) AND n.kind = 'als'
ORDER BY size, instr('rcb', substr(n.house, 1, 1)), n.house, n.cells;

-- or-relations: the OR-k relations of the candidate graph: k candidates of which at least
-- one is true, the guardians of an impossible pattern: a tridagon (four blocks, three cells
-- each, three digits, oddly oriented) or one of eleven's Imp630 patterns of Berthier's
-- Select2 list (ten to sixteen cells in two bands or stacks, three digits); neither can be
-- filled with its digits alone.
-- Returns one row per relation, smallest k first: node (its id), k (its guardians), digits
-- (the pattern's, 358), blocks (the blocks of its cells, b5689), cells (its cells), label
-- and guardians (the labels of its candidates, from its or_member edges), pattern (Trid
-- for a tridagon, else SudoRules' Imp630 rule, EL14c30s).
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT n.id AS node,
       (SELECT count(*) FROM edge
        WHERE state_id = n.state_id AND kind = 'or_member' AND src = n.id) AS k,
       n.digits AS digits,
       n.house AS blocks,
       n.cells AS cells,
       n.label AS label,
       (SELECT group_concat(dst_label, ' ') FROM (
            SELECT dst_label FROM edge_ends
            WHERE state_id = n.state_id AND kind = 'or_member' AND src = n.id
            ORDER BY dst_candidate
        )) AS guardians,
       substr(n.label, 1, instr(n.label, '-OR') - 1) AS pattern
FROM node AS n
WHERE n.state_id = (SELECT id FROM chosen) AND n.kind = 'or_relation'
ORDER BY k, n.digits, n.house, n.cells;

-- or-relations: the OR-k relations of the candidate graph: k candidates of which at least
-- one is true, here the guardians of a tridagon (four blocks, three cells each, three
-- digits, oddly oriented: it cannot be filled with its digits alone).
-- Returns one row per relation, smallest k first: node (its id), k (its guardians), digits
-- (the pattern's, 358), blocks (b5689), cells (its twelve cells), label and guardians (the
-- labels of its candidates, from its or_member edges).
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
        )) AS guardians
FROM node AS n
WHERE n.state_id = (SELECT id FROM chosen) AND n.kind = 'or_relation'
ORDER BY k, n.digits, n.house, n.cells;

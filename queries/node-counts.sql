-- node-counts: the number of nodes of each kind in the candidate graph of a state.
-- Returns one row per node kind, every kind listed (0 when absent): kind, nodes.
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
),
kinds(kind, position) AS (
    VALUES ('candidate', 1), ('group', 2), ('als', 3), ('almost_cell', 4), ('or_relation', 5)
)
SELECT k.kind AS kind,
       count(n.kind) AS nodes
FROM kinds AS k
LEFT JOIN node AS n ON n.kind = k.kind AND n.state_id = (SELECT id FROM chosen)
GROUP BY k.kind
ORDER BY k.position;

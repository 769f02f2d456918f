-- edge-counts: the number of edges of each kind in the candidate graph of a state.
-- Returns one row per edge kind, every kind listed (0 when absent): kind, edges, strong
-- (how many of them are strong links).
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
),
kinds(kind, position) AS (
    VALUES ('nrc_link', 1), ('conjugate', 2), ('group_link', 3), ('als_link', 4),
           ('almost_cell_link', 5), ('or_member', 6)
)
SELECT k.kind AS kind,
       count(e.kind) AS edges,
       coalesce(sum(e.strong), 0) AS strong
FROM kinds AS k
LEFT JOIN edge AS e ON e.kind = k.kind AND e.state_id = (SELECT id FROM chosen)
GROUP BY k.kind
ORDER BY k.position;

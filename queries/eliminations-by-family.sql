-- eliminations-by-family: what each family of rules found, over every proof in the store
-- (all puzzles, states and runs).
-- Returns one row per family and length: family, length, proofs, eliminations and
-- assertions (counted from proof_item), and states (how many states had such a proof).
-- Parameters: none.
SELECT p.family AS family,
       p.length AS length,
       count(DISTINCT p.id) AS proofs,
       coalesce(sum(i.role = 'elimination'), 0) AS eliminations,
       coalesce(sum(i.role = 'assertion'), 0) AS assertions,
       count(DISTINCT p.state_id) AS states
FROM proof AS p
LEFT JOIN proof_item AS i ON i.proof_id = p.id
GROUP BY p.family, p.length
ORDER BY p.family, p.length;

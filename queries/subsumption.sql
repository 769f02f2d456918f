-- subsumption: for a subsume run, each ordered pair of families (A, B) and each length n of
-- A's proofs: how many of A's eliminations B also finds with a proof of length <= n, how
-- many B finds only with a longer proof, and how many B misses.
-- Returns one row per (a, b, length): a, b, length, eliminations (of A at that length),
-- b_as_short, b_longer, b_misses.
-- Parameters:
--   :run  subsume run id, or latest for the latest subsume run (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :run = 'latest'
                THEN (SELECT max(id) FROM run WHERE kind = 'subsume') ELSE :run END
),
families(family) AS (
    SELECT DISTINCT value FROM run, json_each(run.params, '$.families')
    WHERE run.id = (SELECT id FROM chosen)
)
SELECT a.family AS a,
       fb.family AS b,
       a.length AS length,
       count(*) AS eliminations,
       sum(b.length IS NOT NULL AND b.length <= a.length) AS b_as_short,
       sum(b.length IS NOT NULL AND b.length > a.length) AS b_longer,
       sum(b.length IS NULL) AS b_misses
FROM elimination AS a
JOIN families AS fb ON fb.family <> a.family
LEFT JOIN elimination AS b
       ON b.state_id = a.state_id AND b.cand = a.cand AND b.family = fb.family
WHERE a.run_id = (SELECT id FROM chosen)
GROUP BY a.family, fb.family, a.length
ORDER BY a.family, fb.family, a.length;

-- classification: the seed's table for a classify run: per scheme and level n, how many
-- puzzles are solved at level <= n (for SER: rated ER <= n; its 20.0, SE's rules do not
-- solve the puzzle, is no rating).
-- Returns one row per scheme and level (0 to the run's max_len): scheme, n, solved (at
-- level <= n), puzzles (rated in the run), percent.
-- Parameters:
--   :run  classify run id, or latest for the latest classify run (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :run = 'latest'
                THEN (SELECT max(id) FROM run WHERE kind = 'classify') ELSE :run END
),
params(max_len) AS (
    SELECT json_extract(params, '$.max_len') FROM run WHERE id = (SELECT id FROM chosen)
),
levels(n) AS (
    SELECT 0 UNION ALL SELECT n + 1 FROM levels WHERE n < (SELECT max_len FROM params)
),
schemes(scheme, puzzles) AS (
    SELECT scheme, count(*) FROM rating WHERE run_id = (SELECT id FROM chosen) GROUP BY scheme
)
SELECT s.scheme AS scheme,
       l.n AS n,
       (SELECT count(*) FROM rating AS r
        WHERE r.run_id = (SELECT id FROM chosen) AND r.scheme = s.scheme
          AND r.rating IS NOT NULL AND r.rating <= l.n
          AND NOT (r.scheme = 'SER' AND r.rating >= 20)) AS solved,
       s.puzzles AS puzzles,
       round(100.0 * (SELECT count(*) FROM rating AS r
                      WHERE r.run_id = (SELECT id FROM chosen) AND r.scheme = s.scheme
                        AND r.rating IS NOT NULL AND r.rating <= l.n
                        AND NOT (r.scheme = 'SER' AND r.rating >= 20)) / s.puzzles, 2) AS percent
FROM schemes AS s CROSS JOIN levels AS l
ORDER BY s.scheme, l.n;

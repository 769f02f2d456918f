-- conjugate-pairs: every conjugate (strong-link) pair: bivalue cells and bilocation digits.
-- Returns one row per pair: kind (bivalue or bilocation), support (the cell r4c1 or the
-- house r4, c4, b4), candidate1 and candidate2 (labels, candidate1 first in reading order);
-- bivalue pairs first, then by support and candidates.
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT CASE WHEN length(support) = 2 THEN 'bilocation' ELSE 'bivalue' END AS kind,
       support,
       src_label AS candidate1,
       dst_label AS candidate2
FROM edge_ends
WHERE state_id = (SELECT id FROM chosen)
  AND kind = 'conjugate'
ORDER BY length(support) DESC, src_candidate, dst_candidate;

-- bivalue-cells: the cells with exactly two candidates.
-- Returns one row per cell, in reading order: cell (r4c1), digit1 < digit2, and the cell
-- in nrc notation ({n5 n8}r4c1).
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT printf('r%dc%d', row, col) AS cell,
       min(digit) AS digit1,
       max(digit) AS digit2,
       printf('{n%d n%d}r%dc%d', min(digit), max(digit), row, col) AS notation
FROM candidate
WHERE state_id = (SELECT id FROM chosen)
GROUP BY row, col
HAVING count(*) = 2
ORDER BY row, col;

-- group-links: the links of the groups (a digit's candidates in a block and a line crossing
-- it) to candidates and to other groups of the digit in a shared house.
-- Returns one row per group_link edge: digit, grp (the group, n5r1c123), other (a candidate
-- or a group), other_kind (candidate or group), house (the shared house) and strong (1 when
-- the two are the digit's only places in that house); by digit, group and other end.
-- Parameters:
--   :state  state id, or latest for the state with the highest id (default latest)
WITH chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
)
SELECT src_digit AS digit,
       src_label AS grp,
       dst_label AS other,
       dst_kind AS other_kind,
       support AS house,
       strong
FROM edge_ends
WHERE state_id = (SELECT id FROM chosen) AND kind = 'group_link'
ORDER BY src_digit, src, dst_kind, dst;

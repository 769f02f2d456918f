-- x-chain: single-digit alternating chains (X-chains) and the eliminations they prove, by a
-- recursive search over the edge table.
-- A chain starts with a strong link (a conjugate edge: the digit's only two places in a
-- house), then alternates weak links (an nrc_link between two cells of the digit) and
-- strong links, never visiting a candidate twice. Both ends are strong-link ends, so one of
-- them is true: every candidate of the digit outside the chain that is nrc-linked to both
-- ends is eliminated.
-- Returns one row per elimination with the shortest chain proving it (fewest strong links,
-- then the first chain in text order): digit, length (strong links), elimination (r3c9<>8),
-- chain in Eureka form ((8)r1c2=r1c7-r3c8=r3c1) and target (n8r3c9); by digit, length and
-- target.
-- Parameters:
--   :max_len  most strong links in a chain (default 6)
--   :min_len  fewest strong links; 1 also reports interactions (default 2)
--   :state    state id, or latest for the state with the highest id (default latest)
-- Cost: the search grows as (weak × strong branching)^max_len per digit; every chain is
-- found in both directions.
WITH RECURSIVE
chosen(id) AS (
    SELECT CASE WHEN :state = 'latest' THEN (SELECT max(id) FROM state) ELSE :state END
),
-- every conjugate and nrc_link edge between two candidates of one digit (both edge kinds
-- join candidates only), then both directions
link(kind, a, b, digit) AS MATERIALIZED (
    SELECT kind, src_candidate, dst_candidate, src_digit
    FROM edge_ends
    WHERE state_id = (SELECT id FROM chosen)
      AND kind IN ('conjugate', 'nrc_link')
      AND src_digit = dst_digit
),
directed(kind, a, b, digit) AS MATERIALIZED (
    SELECT kind, a, b, digit FROM link
    UNION ALL
    SELECT kind, b, a, digit FROM link
),
strong(a, b, digit) AS MATERIALIZED (
    SELECT a, b, digit FROM directed WHERE kind = 'conjugate'
),
seen(a, b) AS MATERIALIZED (
    SELECT a, b FROM directed WHERE kind = 'nrc_link'
),
-- weak links that lead to a candidate with a strong link: the only ones a chain can use
weak(a, b) AS MATERIALIZED (
    SELECT a, b FROM seen WHERE b IN (SELECT a FROM strong)
),
chain(first, last, digit, len, path, text) AS (
    SELECT a, b, digit, 1,
           ',' || a || ',' || b || ',',
           printf('(%d)r%dc%d=r%dc%d', digit, a / 81 + 1, a / 9 % 9 + 1, b / 81 + 1, b / 9 % 9 + 1)
    FROM strong
    UNION ALL
    SELECT c.first, s.b, c.digit, c.len + 1,
           c.path || w.b || ',' || s.b || ',',
           c.text || printf('-r%dc%d=r%dc%d', w.b / 81 + 1, w.b / 9 % 9 + 1,
                            s.b / 81 + 1, s.b / 9 % 9 + 1)
    FROM chain AS c
    JOIN weak AS w ON w.a = c.last
    JOIN strong AS s ON s.a = w.b
    WHERE c.len < :max_len
      AND instr(c.path, ',' || w.b || ',') = 0
      AND instr(c.path, ',' || s.b || ',') = 0
),
found(digit, len, text, target) AS (
    SELECT c.digit, c.len, c.text, t.b
    FROM chain AS c
    JOIN seen AS t ON t.a = c.first
    WHERE c.first < c.last
      AND c.len >= :min_len
      AND EXISTS (SELECT 1 FROM seen AS u WHERE u.a = c.last AND u.b = t.b)
      AND instr(c.path, ',' || t.b || ',') = 0
),
ranked AS (
    SELECT digit, len, text, target,
           row_number() OVER (PARTITION BY target ORDER BY len, text) AS rank
    FROM found
)
SELECT digit,
       len AS length,
       printf('r%dc%d<>%d', target / 81 + 1, target / 9 % 9 + 1, digit) AS elimination,
       text AS chain,
       printf('n%dr%dc%d', digit, target / 81 + 1, target / 9 % 9 + 1) AS target
FROM ranked
WHERE rank = 1
ORDER BY digit, length, target;

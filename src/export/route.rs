//! Where a picture's links run: each link is a quadratic Bézier curve from one candidate
//! to another, bent to the side and by the amount that keeps it off placed digits, off
//! other marked candidates and off the links already routed, with its ends on the edge of
//! the candidates' discs facing the curve (ports), and a spot on it for its number.
//!
//! The choice is a small search per link: a fixed list of bends (apex offsets on either
//! side of the straight line) is scored by sampling the curve every few units and adding
//! what lies under each sample ([`Board::crowding`]) and how close it runs to the curves
//! already placed (found through a bucket grid of their samples); the cheapest bend wins.
//! Links are routed in chain order, then each is routed again against all the others (twice),
//! so an early link also makes room for later ones.
//! Two links along one row or column thus bend to opposite sides, or one bends further.
//!
//! Complexity: for n links, O(n · P · B · S · k) distance tests with P = 3 passes, B = 42
//! curves tried per link, S samples per curve (about one per 4 units) and k the samples of
//! other links in the 3×3 buckets around a sample (a few, unless many links crowd one
//! spot). The whole gallery (16 pictures, the largest the 56 links of a 28-cell lasso,
//! PNGs and graphviz included) exports in about 1.2 s of CPU.

use super::geometry::{candidate_centre, cell_centre, position_at, MARK_RADIUS, PICTURE_WIDTH};
use crate::grid::{Candidate, CandidateSet, State};
use kurbo::{ParamCurve, Point, QuadBez, Vec2};

/// One link's curve as drawn: from the port of its first candidate, through `control`, to
/// the port of its second; `label` is where its number sits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    pub curve: QuadBez,
    pub label: Point,
}

/// What the links must avoid: the state's placed digits and open candidates, and which of
/// those candidates are marked (coloured discs).
pub struct Board<'a> {
    pub state: &'a State,
    pub marked: CandidateSet,
}

/// Apex offsets tried for each link, in user units, smallest first (each on both sides).
const BENDS: [f64; 7] = [9.0, 16.0, 25.0, 36.0, 50.0, 68.0, 90.0];
/// Links shorter than this (neighbouring marks of one cell) bend at least [`SHORT_BEND`].
const SHORT_SPAN: f64 = 30.0;
const SHORT_BEND: f64 = 16.0;
/// Distance from a candidate's centre to a port: just outside its disc.
const PORT_RADIUS: f64 = MARK_RADIUS + 1.0;
/// Spacing of the samples scored along a curve.
const SAMPLE_STEP: f64 = 4.0;
/// Cost per sample over a placed digit's glyph, a marked disc, an unmarked pencil mark,
/// outside the grid; and at most this much for running beside another link.
const OVER_VALUE: f64 = 5.0;
const OVER_MARK: f64 = 4.0;
const OVER_PENCIL_MARK: f64 = 0.5;
const OUTSIDE_GRID: f64 = 4.0;
const BESIDE_LINK: f64 = 3.0;
/// Two curves closer than this run "beside" each other.
const LINK_CLEARANCE: f64 = 9.0;
/// Cost per unit of apex offset: among equally clear bends, the gentlest.
const BEND_COST: f64 = 0.03;
/// Where along the link its apex may sit (fractions of the link from the middle), and the
/// cost of moving it: among equally clear curves, the symmetric one.
const SHIFTS: [f64; 3] = [0.0, -0.22, 0.22];
const SHIFT_COST: f64 = 2.0;
/// Routing passes: the first places links in order, the others move each against all.
const PASSES: usize = 3;
/// Positions tried for a link's number, as curve parameters, best first.
const LABEL_SPOTS: [f64; 7] = [0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75];
/// Two numbers closer than this overlap.
const LABEL_CLEARANCE: f64 = 17.0;

impl Board<'_> {
    /// The cost of a curve passing at `p` (not counting the link's own ends): a placed
    /// digit's glyph or a marked candidate's disc costs most, an unmarked pencil mark a
    /// little, leaving the grid as much as a digit.
    fn crowding(&self, p: Point, ends: &[Candidate]) -> f64 {
        let Some(c) = position_at(p) else {
            return OUTSIDE_GRID;
        };
        if self.state.value(c.cell()).is_some() {
            let offset = p - cell_centre(c.cell());
            // the glyph of a 38-unit digit: about 24 wide and 28 high, centred
            return if offset.x.abs() < 13.0 && offset.y.abs() < 16.0 {
                OVER_VALUE
            } else {
                0.0
            };
        }
        if ends.contains(&c) || !self.state.has(c) {
            return 0.0;
        }
        let near = p.distance(candidate_centre(c));
        match self.marked.contains(c) {
            true if near <= MARK_RADIUS + 1.5 => OVER_MARK,
            false if near <= 6.5 => OVER_PENCIL_MARK,
            _ => 0.0,
        }
    }
}

/// The curve from `a` to `b` whose apex lies `bend` units to the left of the straight
/// line (negative: to the right), moved `shift` of the way along it towards `b` (negative:
/// towards `a`), cut back to the ports at the edge of both discs.
fn curve(a: Point, b: Point, bend: f64, shift: f64) -> QuadBez {
    let along = towards(a, b);
    let control = a.midpoint(b) + along * (shift * a.distance(b)) + along.turn_90() * (2.0 * bend);
    let port = |centre: Point, radius: f64| centre + towards(centre, control) * radius;
    QuadBez::new(port(a, PORT_RADIUS), control, port(b, PORT_RADIUS + 0.5))
}

/// The unit vector from `from` towards `to` (any unit vector when they coincide).
fn towards(from: Point, to: Point) -> Vec2 {
    let v = to - from;
    if v.hypot() < 1e-9 {
        Vec2::new(1.0, 0.0)
    } else {
        v.normalize()
    }
}

/// Points along `q` about [`SAMPLE_STEP`] apart, ends excluded.
fn samples(q: &QuadBez) -> Vec<Point> {
    let rough = q.p0.distance(q.p1) + q.p1.distance(q.p2);
    let n = ((rough / SAMPLE_STEP).ceil() as usize).max(4);
    (1..n).map(|i| q.eval(i as f64 / n as f64)).collect()
}

/// How close `points` run to the curves already placed.
fn beside(points: &[Point], placed: &Placed) -> f64 {
    points
        .iter()
        .filter_map(|&p| placed.nearest(p))
        .map(|nearest| BESIDE_LINK * (1.0 - nearest / LINK_CLEARANCE).max(0.0))
        .sum()
}

/// The samples of the links routed so far, bucketed by position so that "how close does a
/// point run to another link" looks at a few buckets, not at every sample.
struct Placed {
    buckets: Vec<Vec<(usize, Point)>>,
}

/// Side of a bucket: [`LINK_CLEARANCE`] or more, so the 3×3 buckets around a point hold
/// every sample closer than the clearance.
const BUCKET: f64 = 10.0;
const BUCKETS_PER_SIDE: usize = (PICTURE_WIDTH / BUCKET) as usize + 1;

impl Placed {
    fn new() -> Placed {
        Placed {
            buckets: vec![Vec::new(); BUCKETS_PER_SIDE * BUCKETS_PER_SIDE],
        }
    }

    fn bucket(p: Point) -> Option<(usize, usize)> {
        let (x, y) = ((p.x / BUCKET).floor(), (p.y / BUCKET).floor());
        let inside = |v: f64| v >= 0.0 && (v as usize) < BUCKETS_PER_SIDE;
        (inside(x) && inside(y)).then_some((x as usize, y as usize))
    }

    fn insert(&mut self, link: usize, points: &[Point]) {
        for &p in points {
            if let Some((x, y)) = Self::bucket(p) {
                self.buckets[y * BUCKETS_PER_SIDE + x].push((link, p));
            }
        }
    }

    fn remove(&mut self, link: usize) {
        for b in &mut self.buckets {
            b.retain(|(l, _)| *l != link);
        }
    }

    /// The distance from `p` to the nearest sample placed in the 3×3 buckets around it
    /// (`None` when they are empty: nothing runs within [`LINK_CLEARANCE`]).
    fn nearest(&self, p: Point) -> Option<f64> {
        let (x, y) = Self::bucket(p)?;
        let mut best: Option<f64> = None;
        for by in y.saturating_sub(1)..=(y + 1).min(BUCKETS_PER_SIDE - 1) {
            for bx in x.saturating_sub(1)..=(x + 1).min(BUCKETS_PER_SIDE - 1) {
                for (_, q) in &self.buckets[by * BUCKETS_PER_SIDE + bx] {
                    let d = p.distance(*q);
                    best = Some(best.map_or(d, |b: f64| b.min(d)));
                }
            }
        }
        best
    }
}

/// The cheapest curve for the link `ends` given the curves of the other links.
fn best_curve(board: &Board, ends: [Candidate; 2], placed: &Placed) -> QuadBez {
    let (a, b) = (candidate_centre(ends[0]), candidate_centre(ends[1]));
    let span = a.distance(b);
    // a link between neighbouring marks needs a visible arc: at least SHORT_BEND
    let bends = BENDS
        .iter()
        .filter(|&&h| h <= 0.75 * span + 10.0 && (span > SHORT_SPAN || h >= SHORT_BEND))
        .flat_map(|&h| [h, -h]);
    let cost = |q: &QuadBez| {
        let points = samples(q);
        let crowding: f64 = points.iter().map(|&p| board.crowding(p, &ends)).sum();
        crowding + beside(&points, placed)
    };
    bends
        .flat_map(|h| SHIFTS.map(|shift| (h, shift)))
        .map(|(h, shift)| {
            let q = curve(a, b, h, shift);
            (cost(&q) + BEND_COST * h.abs() + SHIFT_COST * shift.abs(), q)
        })
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, q)| q)
        .unwrap_or_else(|| curve(a, b, BENDS[0], 0.0))
}

/// Route every link (`(from, to)` in drawing order): a curve per link, then a spot for
/// its number.
pub fn route_links(board: &Board, links: &[(Candidate, Candidate)]) -> Vec<Route> {
    let mut placed = Placed::new();
    let mut curves: Vec<QuadBez> = Vec::with_capacity(links.len());
    for (k, &(from, to)) in links.iter().enumerate() {
        let q = best_curve(board, [from, to], &placed);
        placed.insert(k, &samples(&q));
        curves.push(q);
    }
    // then each link again, against all the others
    for _ in 1..PASSES {
        for (k, &(from, to)) in links.iter().enumerate() {
            placed.remove(k);
            curves[k] = best_curve(board, [from, to], &placed);
            placed.insert(k, &samples(&curves[k]));
        }
    }
    let sampled: Vec<Vec<Point>> = curves.iter().map(samples).collect();
    let labels = place_labels(board, &curves, &sampled);
    curves
        .into_iter()
        .zip(labels)
        .map(|(curve, label)| Route { curve, label })
        .collect()
}

/// Where a curve's number may sit, best first: on the curve at [`LABEL_SPOTS`]; a short
/// link's number first sits just outside its arc, where it does not hide the arc.
fn label_spots(q: &QuadBez) -> Vec<Point> {
    let on_curve = LABEL_SPOTS.iter().map(|&t| q.eval(t));
    if q.p0.distance(q.p2) >= SHORT_SPAN {
        return on_curve.collect();
    }
    let apex = q.eval(0.5);
    let outward = towards(q.p0.midpoint(q.p2), apex);
    [apex + outward * 8.0, apex + outward * 12.0]
        .into_iter()
        .chain(on_curve)
        .collect()
}

/// A spot on each curve for its number: the first of [`LABEL_SPOTS`] not too close to an
/// earlier number, and as clear of digits, marks and the other links as the curve allows.
fn place_labels(board: &Board, curves: &[QuadBez], sampled: &[Vec<Point>]) -> Vec<Point> {
    let mut placed: Vec<Point> = Vec::with_capacity(curves.len());
    for (k, q) in curves.iter().enumerate() {
        let score = |p: Point| {
            let crowded = placed.iter().any(|o| o.distance(p) < LABEL_CLEARANCE);
            let on_other_links = sampled
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .flat_map(|(_, s)| s)
                .filter(|o| o.distance(p) < LABEL_CLEARANCE / 2.0)
                .count() as f64;
            let under: f64 = [(0.0, 0.0), (-5.0, 0.0), (5.0, 0.0), (0.0, -5.0), (0.0, 5.0)]
                .iter()
                .map(|&d| board.crowding(p + d, &[]))
                .sum();
            (if crowded { 100.0 } else { 0.0 }) + under + on_other_links
        };
        let best = label_spots(q)
            .into_iter()
            .enumerate()
            .map(|(rank, p)| (score(p) + 0.1 * rank as f64, p))
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map_or(q.eval(0.5), |(_, p)| p);
        placed.push(best);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::format::parse_line;

    fn ocean1() -> State {
        parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap()
        .start_state()
        .unwrap()
    }

    fn candidate(text: &str) -> Candidate {
        text.parse().unwrap()
    }

    #[test]
    fn ports_sit_on_the_discs_edge_facing_the_curve() {
        let (a, b) = (candidate("n3r1c2"), candidate("n3r1c6"));
        let q = curve(candidate_centre(a), candidate_centre(b), 20.0, 0.0);
        let d0 = q.p0.distance(candidate_centre(a));
        assert!((d0 - PORT_RADIUS).abs() < 1e-6, "{d0}");
        // the apex bends away from the straight row line
        assert!((q.eval(0.5).y - candidate_centre(a).y).abs() > 15.0);
    }

    #[test]
    fn two_links_along_one_row_do_not_share_a_band() {
        let state = ocean1();
        let board = Board {
            state: &state,
            marked: CandidateSet::default(),
        };
        let links = [
            (candidate("n3r1c2"), candidate("n3r1c6")),
            (candidate("n3r1c6"), candidate("n3r1c2")),
        ];
        let routes = route_links(&board, &links);
        let (p, q) = (routes[0].curve.eval(0.5), routes[1].curve.eval(0.5));
        assert!(p.distance(q) > 2.0 * LINK_CLEARANCE, "{p:?} {q:?}");
        assert!(routes[0].label.distance(routes[1].label) >= LABEL_CLEARANCE);
    }
}

//! Where a picture's links run: each link is a quadratic Bézier curve from one end to the
//! other — a candidate, or a set of candidates drawn as one outlined node (a group, an
//! ALS) —, bent to the side and by the amount that keeps it off placed digits, off other
//! marked candidates and off the links already routed, with its ends on the edge of the
//! candidates' discs or of the sets' outlines facing the curve (ports). Each link's number
//! is then placed where it overlaps no other label (`labels::number_links`).
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
use kurbo::{ParamCurve, Point, QuadBez, Rect, Vec2};
use sudolink_engine::grid::{Candidate, CandidateSet, State};

/// One link's curve as drawn: from the port of its first end, through `control`, to the
/// port of its second; `label` is the box of its number, and `leader` the point of the
/// curve a number placed off it points at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    pub curve: QuadBez,
    pub label: Rect,
    pub leader: Option<Point>,
}

/// What the links must avoid: the state's placed digits and open candidates, and which of
/// those candidates are marked (coloured discs).
pub struct Board<'a> {
    pub state: &'a State,
    pub marked: CandidateSet,
}

/// One end of a link: a candidate (its disc), or a set of candidates drawn as one node
/// (the boxes of its outline, and its candidates, which the link may cross).
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    Candidate(Candidate),
    Set {
        boxes: Vec<Rect>,
        candidates: Vec<Candidate>,
    },
}

impl End {
    fn candidates(&self) -> &[Candidate] {
        match self {
            End::Candidate(c) => std::slice::from_ref(c),
            End::Set { candidates, .. } => candidates,
        }
    }

    /// Where the link leaves this end towards `other`: a candidate's centre, or the centre
    /// of the set's box nearest to `other`; with the shape the port sits on.
    fn anchor(&self, other: Point) -> (Point, Shape) {
        match self {
            End::Candidate(c) => (candidate_centre(*c), Shape::Disc),
            End::Set { boxes, .. } => {
                let nearest = boxes
                    .iter()
                    .min_by(|a, b| {
                        a.center()
                            .distance(other)
                            .total_cmp(&b.center().distance(other))
                    })
                    .expect("a set has a box");
                (nearest.center(), Shape::Box(*nearest))
            }
        }
    }

    /// A point standing for the end when the other end chooses its box.
    fn middle(&self) -> Point {
        match self {
            End::Candidate(c) => candidate_centre(*c),
            End::Set { boxes, .. } => {
                let sum = boxes
                    .iter()
                    .fold(Vec2::ZERO, |s, b| s + b.center().to_vec2());
                (sum / boxes.len() as f64).to_point()
            }
        }
    }
}

/// What a port sits on the edge of.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Disc,
    Box(Rect),
}

/// A link to route: its two ends, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    pub from: End,
    pub to: End,
}

impl Link {
    /// A link between two candidates.
    pub fn between(from: Candidate, to: Candidate) -> Link {
        Link {
            from: End::Candidate(from),
            to: End::Candidate(to),
        }
    }

    fn ends(&self) -> Vec<Candidate> {
        let mut all = self.from.candidates().to_vec();
        all.extend_from_slice(self.to.candidates());
        all
    }
}

/// Apex offsets tried for each link, in user units, smallest first (each on both sides).
const BENDS: [f64; 7] = [9.0, 16.0, 25.0, 36.0, 50.0, 68.0, 90.0];
/// Links shorter than this (neighbouring marks of one cell) bend at least [`SHORT_BEND`].
pub(super) const SHORT_SPAN: f64 = 30.0;
const SHORT_BEND: f64 = 16.0;
/// Distance from a candidate's centre to a port: just outside its disc.
const PORT_RADIUS: f64 = MARK_RADIUS + 1.0;
/// Distance from a set's outline to a port.
const PORT_GAP: f64 = 1.5;
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

impl Board<'_> {
    /// The cost of a curve passing at `p` (not counting the link's own ends): a placed
    /// digit's glyph or a marked candidate's disc costs most, an unmarked pencil mark a
    /// little, leaving the grid as much as a digit.
    pub fn crowding(&self, p: Point, ends: &[Candidate]) -> f64 {
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

/// The point where the ray from `centre` towards `towards_point` leaves `shape` (a disc of
/// [`PORT_RADIUS`], or a box), moved `extra` further out.
fn port(centre: Point, shape: Shape, towards_point: Point, extra: f64) -> Point {
    let d = towards(centre, towards_point);
    match shape {
        Shape::Disc => centre + d * (PORT_RADIUS + extra),
        Shape::Box(b) => {
            let (hw, hh) = (b.width() / 2.0, b.height() / 2.0);
            let tx = if d.x.abs() < 1e-9 {
                f64::INFINITY
            } else {
                hw / d.x.abs()
            };
            let ty = if d.y.abs() < 1e-9 {
                f64::INFINITY
            } else {
                hh / d.y.abs()
            };
            centre + d * (tx.min(ty) + PORT_GAP + extra)
        }
    }
}

/// The curve from `a` to `b` whose apex lies `bend` units to the left of the straight
/// line (negative: to the right), moved `shift` of the way along it towards `b` (negative:
/// towards `a`), cut back to the ports at the edge of both ends' shapes.
fn curve(a: (Point, Shape), b: (Point, Shape), bend: f64, shift: f64) -> QuadBez {
    let ((pa, sa), (pb, sb)) = (a, b);
    let along = towards(pa, pb);
    let control =
        pa.midpoint(pb) + along * (shift * pa.distance(pb)) + along.turn_90() * (2.0 * bend);
    QuadBez::new(
        port(pa, sa, control, 0.0),
        control,
        port(pb, sb, control, 0.5),
    )
}

/// The unit vector from `from` towards `to` (any unit vector when they coincide).
pub(super) fn towards(from: Point, to: Point) -> Vec2 {
    let v = to - from;
    if v.hypot() < 1e-9 {
        Vec2::new(1.0, 0.0)
    } else {
        v.normalize()
    }
}

/// Points along `q` about [`SAMPLE_STEP`] apart, ends excluded.
pub(super) fn samples(q: &QuadBez) -> Vec<Point> {
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
pub struct Placed {
    buckets: Vec<Vec<(usize, Point)>>,
}

/// Side of a bucket: [`LINK_CLEARANCE`] or more, so the 3×3 buckets around a point hold
/// every sample closer than the clearance.
const BUCKET: f64 = 10.0;
const BUCKETS_PER_SIDE: usize = (PICTURE_WIDTH / BUCKET) as usize + 1;

impl Placed {
    pub fn new() -> Placed {
        Placed {
            buckets: vec![Vec::new(); BUCKETS_PER_SIDE * BUCKETS_PER_SIDE],
        }
    }

    fn bucket(p: Point) -> Option<(usize, usize)> {
        let (x, y) = ((p.x / BUCKET).floor(), (p.y / BUCKET).floor());
        let inside = |v: f64| v >= 0.0 && (v as usize) < BUCKETS_PER_SIDE;
        (inside(x) && inside(y)).then_some((x as usize, y as usize))
    }

    pub fn insert(&mut self, link: usize, points: &[Point]) {
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

    /// How many samples of links other than `except` lie inside `r`.
    pub fn count_in(&self, r: Rect, except: Option<usize>) -> usize {
        let (Some((x0, y0)), Some((x1, y1))) = (
            Self::bucket(Point::new(r.x0.max(0.0), r.y0.max(0.0))),
            Self::bucket(Point::new(
                r.x1.min(PICTURE_WIDTH - 0.01),
                r.y1.min(PICTURE_WIDTH - 0.01),
            )),
        ) else {
            return 0;
        };
        let mut n = 0;
        for by in y0..=y1 {
            for bx in x0..=x1 {
                n += self.buckets[by * BUCKETS_PER_SIDE + bx]
                    .iter()
                    .filter(|(l, q)| Some(*l) != except && r.contains(*q))
                    .count();
            }
        }
        n
    }
}

impl Default for Placed {
    fn default() -> Placed {
        Placed::new()
    }
}

/// The cheapest curve for `link` given the curves of the other links.
fn best_curve(board: &Board, link: &Link, placed: &Placed) -> QuadBez {
    let a = link.from.anchor(link.to.middle());
    let b = link.to.anchor(a.0);
    let a = link.from.anchor(b.0);
    let ends = link.ends();
    let span = a.0.distance(b.0);
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

/// The curve of every link, in drawing order, each routed around digits, marks and the
/// other links.
pub fn route_curves(board: &Board, links: &[Link]) -> Vec<QuadBez> {
    let mut placed = Placed::new();
    let mut curves: Vec<QuadBez> = Vec::with_capacity(links.len());
    for (k, link) in links.iter().enumerate() {
        let q = best_curve(board, link, &placed);
        placed.insert(k, &samples(&q));
        curves.push(q);
    }
    // then each link again, against all the others
    for _ in 1..PASSES {
        for (k, link) in links.iter().enumerate() {
            placed.remove(k);
            curves[k] = best_curve(board, link, &placed);
            placed.insert(k, &samples(&curves[k]));
        }
    }
    curves
}

/// The samples of each curve in a bucket grid ([`Placed`]), for the labels to keep off.
pub fn sampled(curves: &[QuadBez]) -> Placed {
    let mut placed = Placed::new();
    for (k, q) in curves.iter().enumerate() {
        placed.insert(k, &samples(q));
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::super::labels::{distance_to, number_links, Labels, LEADER_FROM};
    use super::*;
    use sudolink_engine::grid::format::parse_line;

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

    fn disc(c: Candidate) -> (Point, Shape) {
        (candidate_centre(c), Shape::Disc)
    }

    #[test]
    fn ports_sit_on_the_discs_edge_facing_the_curve() {
        let (a, b) = (candidate("n3r1c2"), candidate("n3r1c6"));
        let q = curve(disc(a), disc(b), 20.0, 0.0);
        let d0 = q.p0.distance(candidate_centre(a));
        assert!((d0 - PORT_RADIUS).abs() < 1e-6, "{d0}");
        // the apex bends away from the straight row line
        assert!((q.eval(0.5).y - candidate_centre(a).y).abs() > 15.0);
    }

    #[test]
    fn a_link_to_a_set_ends_on_its_outline() {
        let group: Vec<Candidate> = ["n8r1c1", "n8r2c1", "n8r3c1"]
            .iter()
            .map(|t| candidate(t))
            .collect();
        let shape = super::super::geometry::set_shape(&group);
        let link = Link {
            from: End::Candidate(candidate("n8r9c2")),
            to: End::Set {
                boxes: shape.boxes.clone(),
                candidates: group,
            },
        };
        let state = ocean1();
        let board = Board {
            state: &state,
            marked: CandidateSet::default(),
        };
        let q = route_curves(&board, &[link])[0];
        // the end is just outside the nearest box (r3c1's), not on a candidate's disc
        let nearest = shape.boxes[2];
        assert!(!nearest.contains(q.p2), "{q:?}");
        assert!(
            nearest
                .inflate(PORT_GAP + 1.0, PORT_GAP + 1.0)
                .contains(q.p2),
            "{q:?}"
        );
    }

    #[test]
    fn two_links_along_one_row_do_not_share_a_band() {
        let state = ocean1();
        let board = Board {
            state: &state,
            marked: CandidateSet::default(),
        };
        let links = [
            Link::between(candidate("n3r1c2"), candidate("n3r1c6")),
            Link::between(candidate("n3r1c6"), candidate("n3r1c2")),
        ];
        let curves = route_curves(&board, &links);
        let mut labels = Labels::new(&board, sampled(&curves), vec![]);
        let routes = number_links(&curves, &mut labels);
        let (p, q) = (routes[0].curve.eval(0.5), routes[1].curve.eval(0.5));
        assert!(p.distance(q) > 2.0 * LINK_CLEARANCE, "{p:?} {q:?}");
        assert!(!routes[0].label.overlaps(routes[1].label));
        // each number on its curve, or pointing at it
        for r in &routes {
            let on = samples(&r.curve)
                .iter()
                .any(|&p| distance_to(r.label, p) <= LEADER_FROM);
            assert!(on || r.leader.is_some(), "{r:?}");
        }
    }
}

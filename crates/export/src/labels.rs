//! Where a picture's text labels sit (the links' numbers, the sets' names): each label is a
//! box that overlaps no label placed before it, nor the picture's fixed texts (the row and
//! column names).
//!
//! A label comes with the spots it would rather be at, best first (on its link, beside its
//! set). The placer takes, among those spots and the spots a little way off them, the free
//! one that hides the least — placed digits and marked candidates ([`Board::crowding`]),
//! other links' curves — preferring the label's own spots. When every
//! near spot is taken, rings of spots further and further out are tried, out to the whole
//! picture, and the first ring with a free spot gives it. Only when the picture has no room
//! at all (never on real proofs: the tests place hundreds) does a label overlap.
//!
//! Complexity: per label, O(S · L) overlap tests and O(S) lookups of link samples, with S
//! the spots tried (the given ones and 32 around each; a ring of 32 more per 8 units of
//! distance only when all of those are taken) and L the labels placed.

use super::geometry::{CELL, MARGIN, PICTURE_WIDTH};
use super::route::{samples, towards, Board, Placed, Route, SHORT_SPAN};
use kurbo::{ParamCurve, Point, QuadBez, Rect, Size, Vec2};

/// The labels placed so far, the fixed texts, and the links' samples.
pub struct Labels<'a> {
    board: &'a Board<'a>,
    lines: Placed,
    placed: Vec<Rect>,
    /// How many of `placed` are fixed texts (not labels).
    fixed: usize,
}

/// Space kept between two labels.
const GAP: f64 = 1.5;
/// Distances of the spots tried around each given spot, and in how many directions.
const NEAR: [f64; 4] = [9.0, 15.0, 22.0, 30.0];
const DIRECTIONS: usize = 8;
/// The rings tried when no near spot is free: their spacing, spots per ring, and how far.
const RING_STEP: f64 = 8.0;
const RING_SPOTS: usize = 32;
const FARTHEST: f64 = PICTURE_WIDTH;
/// Cost of a spot off the given ones, and per unit of its distance from them.
const OFF_SPOT: f64 = 2.0;
const PER_UNIT_OFF: f64 = 0.1;
/// Cost of each later given spot, and of each link sample a label hides.
const PER_RANK: f64 = 0.1;
const PER_SAMPLE: f64 = 0.5;

impl<'a> Labels<'a> {
    /// No label placed yet; `lines` are the samples of the picture's links (by link index),
    /// `fixed` the boxes of its fixed texts.
    pub fn new(board: &'a Board<'a>, lines: Placed, fixed: Vec<Rect>) -> Labels<'a> {
        Labels {
            board,
            lines,
            fixed: fixed.len(),
            placed: fixed,
        }
    }

    /// The labels placed, in order (the fixed texts are not among them).
    pub fn placed(&self) -> &[Rect] {
        &self.placed[self.fixed..]
    }

    /// A box of `size` overlapping no label, at the best of `spots` (best first) or near
    /// them (see the module doc); `own_line` is the link the label belongs to (it may
    /// cover that link).
    pub fn place(&mut self, size: Size, spots: &[Point], own_line: Option<usize>) -> Rect {
        let first = spots.first().copied().unwrap_or(Point::ORIGIN);
        let near = spots.iter().enumerate().flat_map(|(rank, &spot)| {
            let given = std::iter::once((spot, PER_RANK * rank as f64));
            let around = NEAR.into_iter().flat_map(move |d| {
                (0..DIRECTIONS).map(move |k| {
                    let angle = std::f64::consts::TAU * k as f64 / DIRECTIONS as f64;
                    let cost = OFF_SPOT + PER_UNIT_OFF * d + PER_RANK * rank as f64;
                    (spot + Vec2::from_angle(angle) * d, cost)
                })
            });
            given.chain(around)
        });
        // a spot off the given ones costs at least OFF_SPOT + PER_UNIT_OFF * NEAR[0]: when a
        // given spot costs less, the spots around them need not be scored
        let given = spots
            .iter()
            .enumerate()
            .map(|(rank, &spot)| (spot, PER_RANK * rank as f64));
        let cheap = self
            .cheapest(size, given, own_line)
            .filter(|(cost, _)| *cost < OFF_SPOT + PER_UNIT_OFF * NEAR[0]);
        let best = cheap.or_else(|| self.cheapest(size, near, own_line));
        let best = best.map(|(_, r)| r).or_else(|| {
            let rings = (1..)
                .map(|k| NEAR[NEAR.len() - 1] + RING_STEP * k as f64)
                .take_while(|&r| r <= FARTHEST);
            rings.into_iter().find_map(|r| {
                let ring = (0..RING_SPOTS).map(|k| {
                    let angle = std::f64::consts::TAU * k as f64 / RING_SPOTS as f64;
                    (
                        first + Vec2::from_angle(angle) * r,
                        OFF_SPOT + PER_UNIT_OFF * r,
                    )
                });
                self.cheapest(size, ring, own_line).map(|(_, r)| r)
            })
        });
        let rect = best.unwrap_or_else(|| Rect::from_center_size(first, size));
        self.placed.push(rect);
        rect
    }

    /// The cheapest free box of `size` centred on one of `spots` (each with its own cost),
    /// with its cost (the first of equally cheap ones).
    fn cheapest(
        &self,
        size: Size,
        spots: impl Iterator<Item = (Point, f64)>,
        own_line: Option<usize>,
    ) -> Option<(f64, Rect)> {
        let frame = Rect::new(0.0, 0.0, PICTURE_WIDTH, PICTURE_WIDTH);
        spots
            .map(|(p, cost)| (Rect::from_center_size(p, size), cost))
            .filter(|(r, _)| frame.contains_rect(*r) && self.is_free(*r))
            .map(|(r, cost)| (cost + self.hidden(r, own_line), r))
            .min_by(|a, b| a.0.total_cmp(&b.0))
    }

    fn is_free(&self, r: Rect) -> bool {
        let with_gap = r.inflate(GAP, GAP);
        !self.placed.iter().any(|p| p.overlaps(with_gap))
    }

    /// What a label at `r` hides: digits and marks under its middle and corners, and the
    /// samples of the links other than its own.
    fn hidden(&self, r: Rect, own_line: Option<usize>) -> f64 {
        let inner = r.inflate(-2.0, -2.0);
        let under: f64 = [
            r.center(),
            Point::new(inner.x0, inner.y0),
            Point::new(inner.x1, inner.y0),
            Point::new(inner.x0, inner.y1),
            Point::new(inner.x1, inner.y1),
        ]
        .iter()
        .map(|&p| self.board.crowding(p, &[]))
        .sum();
        under + PER_SAMPLE * self.lines.count_in(r.inflate(2.0, 2.0), own_line) as f64
    }
}

/// Positions tried for a link's number, as curve parameters, best first.
const LABEL_SPOTS: [f64; 7] = [0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75];

/// The size of link number `n`'s badge.
pub fn number_size(n: usize) -> Size {
    Size::new(6.0 + NUMBER_ADVANCE * n.to_string().len() as f64, 13.0)
}

/// The advance of one digit of a link number (DejaVu Sans at the numbers' size).
pub const NUMBER_ADVANCE: f64 = 0.636 * 10.0;

/// Each curve (in drawing order) with its number placed among `labels` (which keeps the
/// labels already placed and the links' samples): its box, and where it points at the
/// curve when it had to move away from it.
pub fn number_links(curves: &[QuadBez], labels: &mut Labels) -> Vec<Route> {
    curves
        .iter()
        .enumerate()
        .map(|(k, &curve)| {
            let label = labels.place(number_size(k + 1), &label_spots(&curve), Some(k));
            // a number that does not touch its curve points at the nearest point of it
            let nearest = samples(&curve)
                .into_iter()
                .chain([curve.p0, curve.p2])
                .map(|p| (distance_to(label, p), p))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            Route {
                curve,
                label,
                leader: nearest.filter(|(d, _)| *d > LEADER_FROM).map(|(_, p)| p),
            }
        })
        .collect()
}

/// A number further than this from its curve gets a leader to it.
pub(super) const LEADER_FROM: f64 = 6.0;

/// The distance from `p` to the box `r` (0 inside).
pub(super) fn distance_to(r: Rect, p: Point) -> f64 {
    let dx = (r.x0 - p.x).max(p.x - r.x1).max(0.0);
    let dy = (r.y0 - p.y).max(p.y - r.y1).max(0.0);
    dx.hypot(dy)
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

/// The boxes of the row and column names around the grid (labels keep off them).
pub fn grid_name_boxes() -> Vec<Rect> {
    (0..9)
        .flat_map(|i| {
            let mid = MARGIN + (i as f64 + 0.5) * CELL;
            [
                Rect::from_center_size((mid, MARGIN - 13.0), (18.0, 14.0)),
                Rect::from_center_size((MARGIN / 2.0, mid), (18.0, 14.0)),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudolink_engine::grid::format::parse_line;
    use sudolink_engine::grid::CandidateSet;

    #[test]
    fn labels_wanting_one_spot_all_find_room_without_overlap() {
        let state = parse_line(
            "....1...2..1....3..4...56.......67..3.......5..84.......78...4..5....9..2...3....",
            1,
        )
        .unwrap()
        .start_state()
        .unwrap();
        let board = Board {
            state: &state,
            marked: CandidateSet::default(),
        };
        let fixed = vec![Rect::from_center_size((300.0, 300.0), (40.0, 40.0))];
        let mut labels = Labels::new(&board, Placed::new(), fixed.clone());
        let spot = Point::new(300.0, 300.0);
        let rects: Vec<Rect> = (0..300)
            .map(|_| labels.place(Size::new(19.0, 13.0), &[spot], None))
            .collect();
        assert_eq!(labels.placed(), &rects[..]);
        for (i, a) in rects.iter().enumerate() {
            assert!(!a.overlaps(fixed[0]), "label {i} on the fixed text");
            for (j, b) in rects.iter().enumerate().skip(i + 1) {
                assert!(!a.overlaps(*b), "labels {i} and {j} overlap: {a:?} {b:?}");
            }
        }
        // every one off the taken spot, the first ones only a little
        assert!(rects.iter().all(|r| !r.contains(spot)));
        assert!(rects[0].center().distance(spot) < 40.0);
    }
}

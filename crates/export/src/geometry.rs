//! Where things sit on a grid picture: cells, pencil-mark positions and the grid's frame, in
//! the user units of the picture's `viewBox` (a 60-unit cell, a 28-unit margin for the row
//! and column names). The explorer's overlay (`serve/assets/app.js`) uses the same numbers,
//! so a picture exported at any `--size` keeps these coordinates and only its width changes.
//! A set of candidates drawn as one node (a group, an ALS) has its outline here too
//! ([`set_shape`]).

use kurbo::{Line, Point, Rect};
use sudolink_engine::grid::{Candidate, Cell, Digit};

/// Side of a cell.
pub const CELL: f64 = 60.0;
/// Space around the grid (row and column names).
pub const MARGIN: f64 = 28.0;
/// Side of the 9×9 grid.
pub const GRID_SIDE: f64 = 9.0 * CELL;
/// Width of the whole picture in user units (and in pixels at the natural size).
pub const PICTURE_WIDTH: f64 = 2.0 * MARGIN + GRID_SIDE;
/// Radius of the disc behind a marked candidate.
pub const MARK_RADIUS: f64 = 9.0;

/// Top-left corner of a cell.
pub fn cell_origin(cell: Cell) -> Point {
    Point::new(
        MARGIN + cell.col() as f64 * CELL,
        MARGIN + cell.row() as f64 * CELL,
    )
}

/// Centre of a cell (where a placed digit is drawn).
pub fn cell_centre(cell: Cell) -> Point {
    cell_origin(cell) + (CELL / 2.0, CELL / 2.0)
}

/// Centre of a candidate's pencil-mark position: digit n at row (n-1)/3, column (n-1)%3 of
/// its cell's 3×3 positions.
pub fn candidate_centre(c: Candidate) -> Point {
    let i = c.digit().index();
    let third = CELL / 3.0;
    cell_origin(c.cell())
        + (
            third * ((i % 3) as f64 + 0.5),
            third * ((i / 3) as f64 + 0.5),
        )
}

/// The 9×9 grid's outline.
pub fn grid_frame() -> Rect {
    Rect::new(MARGIN, MARGIN, MARGIN + GRID_SIDE, MARGIN + GRID_SIDE)
}

/// Space between a set's outline and the discs of its candidates.
pub const SET_PADDING: f64 = MARK_RADIUS + 2.0;

/// The outline of a set of candidates drawn as one node: per cell, a box around the set's
/// pencil-mark positions in it (their discs and [`SET_PADDING`], within the cell), and the
/// connectors that join the boxes into one shape (the shortest tree through their centres).
#[derive(Clone, Debug, PartialEq)]
pub struct SetShape {
    pub boxes: Vec<Rect>,
    pub connectors: Vec<Line>,
}

/// The outline of `candidates` ([`SetShape`]), cells in the order they first appear.
pub fn set_shape(candidates: &[Candidate]) -> SetShape {
    let mut cells: Vec<Cell> = Vec::new();
    for c in candidates {
        if !cells.contains(&c.cell()) {
            cells.push(c.cell());
        }
    }
    let boxes: Vec<Rect> = cells
        .iter()
        .map(|&cell| {
            let around = candidates
                .iter()
                .filter(|c| c.cell() == cell)
                .map(|&c| Rect::from_center_size(candidate_centre(c), (0.0, 0.0)))
                .reduce(|a, b| a.union(b))
                .expect("a cell of the set has a candidate of it");
            let inside = Rect::from_origin_size(cell_origin(cell), (CELL, CELL)).inset(-1.5);
            around.inflate(SET_PADDING, SET_PADDING).intersect(inside)
        })
        .collect();
    // Prim's tree: each box joins the nearest box already joined
    let mut connectors = Vec::new();
    let mut joined = vec![false; boxes.len()];
    if let Some(first) = joined.first_mut() {
        *first = true;
    }
    for _ in 1..boxes.len() {
        let closest = (0..boxes.len())
            .filter(|&i| joined[i])
            .flat_map(|i| {
                (0..boxes.len())
                    .filter(|&j| !joined[j])
                    .map(move |j| (i, j))
            })
            .min_by(|&(a, b), &(c, d)| {
                let gap = |i: usize, j: usize| boxes[i].center().distance(boxes[j].center());
                gap(a, b).total_cmp(&gap(c, d))
            });
        if let Some((i, j)) = closest {
            joined[j] = true;
            connectors.push(Line::new(boxes[i].center(), boxes[j].center()));
        }
    }
    SetShape { boxes, connectors }
}

/// The pencil-mark position under `p`: its cell and the digit written there; `None`
/// outside the grid.
pub fn position_at(p: Point) -> Option<Candidate> {
    let inside = |v: f64| (MARGIN..MARGIN + GRID_SIDE).contains(&v);
    if !inside(p.x) || !inside(p.y) {
        return None;
    }
    let (col, x) = split(p.x - MARGIN);
    let (row, y) = split(p.y - MARGIN);
    let cell = Cell::new(row * 9 + col);
    let digit = Digit::new((y * 3 + x + 1) as u8)?;
    Some(Candidate::new(cell, digit))
}

/// A coordinate inside the grid as (cell index along the axis, third of the cell).
fn split(offset: f64) -> (usize, usize) {
    let cell = ((offset / CELL) as usize).min(8);
    let third = (((offset - cell as f64 * CELL) / (CELL / 3.0)) as usize).min(2);
    (cell, third)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_has_a_box_per_cell_joined_by_a_tree() {
        let cands: Vec<Candidate> = ["n5r4c1", "n5r4c2", "n5r4c3", "n2r4c1"]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        let shape = set_shape(&cands);
        assert_eq!(shape.boxes.len(), 3);
        assert_eq!(shape.connectors.len(), 2);
        for (c, b) in cands.iter().zip(&shape.boxes) {
            assert!(b.contains(candidate_centre(*c)));
        }
        // r4c1's box holds both its candidates and stays inside its cell
        let r4c1 = Rect::from_origin_size(cell_origin(cands[0].cell()), (CELL, CELL));
        assert!(shape.boxes[0].contains(candidate_centre(cands[3])));
        assert_eq!(shape.boxes[0].intersect(r4c1), shape.boxes[0]);
    }

    #[test]
    fn a_candidate_centre_lies_in_its_own_position() {
        for c in Cell::all().flat_map(|cell| Digit::all().map(move |d| Candidate::new(cell, d))) {
            assert_eq!(position_at(candidate_centre(c)), Some(c));
        }
        assert_eq!(position_at(Point::new(MARGIN - 1.0, 100.0)), None);
        assert_eq!(position_at(Point::new(100.0, MARGIN + GRID_SIDE)), None);
    }
}

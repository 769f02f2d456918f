//! Where things sit on a grid picture: cells, pencil-mark positions and the grid's frame, in
//! the user units of the picture's `viewBox` (a 60-unit cell, a 28-unit margin for the row
//! and column names). The explorer's overlay (`serve/assets/app.js`) uses the same numbers,
//! so a picture exported at any `--size` keeps these coordinates and only its width changes.

use crate::grid::{Candidate, Cell, Digit};
use kurbo::{Point, Rect};

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
    fn a_candidate_centre_lies_in_its_own_position() {
        for c in Cell::all().flat_map(|cell| Digit::all().map(move |d| Candidate::new(cell, d))) {
            assert_eq!(position_at(candidate_centre(c)), Some(c));
        }
        assert_eq!(position_at(Point::new(MARGIN - 1.0, 100.0)), None);
        assert_eq!(position_at(Point::new(100.0, MARGIN + GRID_SIDE)), None);
    }
}

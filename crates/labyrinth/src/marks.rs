//! What a Labyrinth decision may draw (rails::marks): tiles (the whole tile tinted), squares (a
//! ring where a pawn stands) and paths over squares, by row and column from 1 as the view
//! counts them.

use super::board::SIZE;
use rails::marks::{within, MarkKind, Points};

pub const KINDS: &[MarkKind] = &[
    MarkKind { name: "tile", dims: 2, points: Points::Exactly(1), real: false, form: "ROW COLUMN" },
    MarkKind {
        name: "square",
        dims: 2,
        points: Points::Exactly(1),
        real: false,
        form: "ROW COLUMN",
    },
    MarkKind {
        name: "path",
        dims: 2,
        points: Points::Path,
        real: false,
        form: "ROW1 COLUMN1 ROW2 COLUMN2 …",
    },
];

/// Whether `point` (row, column) lies on the board.
pub fn place(_: &MarkKind, point: &[f64]) -> Result<(), String> {
    within(point[0], 1, SIZE as i64, "row")?;
    within(point[1], 1, SIZE as i64, "column")
}

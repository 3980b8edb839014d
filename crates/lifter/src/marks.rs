//! What a Lifter decision may draw (rails::marks): cells and paths of cells, as the view counts
//! them (x and y from 1; y = 1 is the bottom row).

use rails::marks::{within, MarkKind, Points};

pub const KINDS: &[MarkKind] = &[
    MarkKind { name: "cell", dims: 2, points: Points::Exactly(1), real: false, form: "X Y" },
    MarkKind { name: "path", dims: 2, points: Points::Path, real: false, form: "X1 Y1 X2 Y2 …" },
];

/// Whether `point` (x, y) lies on a mine of `width` × `height`.
pub fn place(width: usize, height: usize, point: &[f64]) -> Result<(), String> {
    within(point[0], 1, width as i64, "x")?;
    within(point[1], 1, height as i64, "y")
}

//! What a Pig decision may draw (rails::marks): values — a number with a label, shown beside
//! the board (a win chance, a threshold). Pig has no board, so any finite number is in place.

use rails::marks::{MarkKind, Points};

pub const KINDS: &[MarkKind] =
    &[MarkKind { name: "value", dims: 1, points: Points::Exactly(1), real: true, form: "NUMBER" }];

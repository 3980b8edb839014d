//! A mine the search reached, with the route to it and how it was judged.

use crate::Lifter;

/// A mine reached by a route.
pub(super) struct Node {
    pub game: Lifter,
    pub route: Vec<u8>,
    pub eval: i64,
    pub key: u64,
    pub seq: u64,
}

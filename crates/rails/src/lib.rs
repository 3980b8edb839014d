//! The rails every game runs on, and which name no game: the `Game` trait, `arena::Series` (the
//! one loop that picks every seat's move), the replay tape, share links, the bounds of inputs
//! from strangers, seeded randomness, debug drawing and the protocol of outside programs. A
//! game's crate depends on this one; this one depends on no game.

pub mod arena;
pub mod game;
pub mod inputs;
pub mod link;
pub mod marks;
pub mod programs;
pub mod rng;
pub mod tape;

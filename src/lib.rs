//! Lambda Arcade: pure game engines (no JS, no clock, no OS randomness) plus the wasm bindings.

pub mod arena;
pub mod game;
pub mod games;
pub mod inputs;
#[cfg(feature = "labyrinth")]
pub mod labyrinth;
#[cfg(feature = "lifter")]
pub mod lifter;
pub mod link;
pub mod marks;
#[cfg(feature = "pig")]
pub mod pig;
#[cfg(feature = "punter")]
pub mod punter;
pub mod programs;
pub mod rng;
/// The Scheme of Pig strategies.
#[cfg(feature = "scheme")]
pub mod scheme;
pub mod tape;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

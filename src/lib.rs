//! Lambda Arcade: pure game engines (no JS, no clock, no OS randomness) plus the wasm bindings.

pub mod arena;
pub mod game;
pub mod games;
pub mod inputs;
pub mod labyrinth;
pub mod lifter;
pub mod link;
pub mod pig;
pub mod punter;
pub mod rng;
pub mod scheme;
pub mod tape;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

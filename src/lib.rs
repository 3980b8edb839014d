//! Lambda Arcade: the games' crates under one roof (the rails, the registry and each engine, as
//! modules of the same names) plus the page's wasm bindings and the CLI built on them.

pub use games;
#[cfg(feature = "labyrinth")]
pub use labyrinth;
#[cfg(feature = "lifter")]
pub use lifter;
#[cfg(feature = "pig")]
pub use pig;
#[cfg(feature = "punter")]
pub use punter;
pub use rails::{arena, game, inputs, link, marks, programs, rng, tape};
/// The Scheme of Pig strategies.
#[cfg(feature = "scheme")]
pub use scheme;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

//! Pig's start module for the page (`pkg/pig-*.wasm`): Pig's rules, its built-in strategies,
//! replays and Play, without the Scheme interpreter and the workbench, so the start page loads
//! little. `wasm-pig-scheme` is this module plus those.
#![cfg(target_arch = "wasm32")]

mod pig;
mod pig_play;

pub use self::pig::*;
pub use pig_play::*;

wasm_common::shared_exports!();

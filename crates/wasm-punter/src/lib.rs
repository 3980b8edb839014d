//! Lambda Punter's module for the page (`pkg/punter-*.wasm`): maps, official logs and replays,
//! scores, the built-in bots, offline programs' answers, Play's series and the workbench's
//! exports.
#![cfg(target_arch = "wasm32")]

mod punter;
mod punter_program;
mod punter_score;
mod punter_series;
mod punter_views;

pub use self::punter::*;
pub use punter_program::*;
pub use punter_series::*;

wasm_common::shared_exports!();
wasm_common::workbench_exports!();

//! Lambda Lifter's module for the page (`pkg/lifter-*.wasm`): mines and their replays, the
//! solver, Play's series and the workbench's exports.
#![cfg(target_arch = "wasm32")]

mod lifter;
mod lifter_series;

pub use self::lifter::*;
pub use lifter_series::*;

wasm_common::shared_exports!();
wasm_common::workbench_exports!();

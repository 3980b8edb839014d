//! Labyrinth's module for the page (`pkg/labyrinth-*.wasm`): the maze, saves, the AI seats,
//! Play's series and the workbench's exports.
#![cfg(target_arch = "wasm32")]

mod labyrinth;
mod labyrinth_series;

pub use self::labyrinth::*;
pub use labyrinth_series::*;

wasm_common::shared_exports!();
wasm_common::workbench_exports!();

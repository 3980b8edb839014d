//! Pig's full module for the page (`pkg/pig-scheme-*.wasm`): everything Pig's start module has
//! (its source files, compiled again here so that their exports are this crate's own), plus
//! strategies in Scheme, re-runs of a decision, tournaments, exact match odds, debug marks and
//! the workbench's exports.
#![cfg(target_arch = "wasm32")]

#[path = "../../wasm-pig/src/pig.rs"]
mod pig;
#[path = "../../wasm-pig/src/pig_play.rs"]
mod pig_play;
mod pig_rerun;
mod pig_tournament;

pub use self::pig::*;
pub use pig_play::*;
pub use pig_rerun::*;
pub use pig_tournament::*;

use wasm_bindgen::prelude::*;

wasm_common::shared_exports!();
wasm_common::workbench_exports!();

/// Exact expected share of games built-in `a` wins against built-in `b` over a match of
/// `games` with the arena's seating (`undefined` if a name is not a built-in).
#[wasm_bindgen(js_name = pigExactMatch)]
pub fn pig_exact_match(a: &str, b: &str, target: u32, games: u32) -> Option<f64> {
    use ::pig::{exact::match_win_probability, Policy};
    let (a, b) = (Policy::named(a, target)?, Policy::named(b, target)?);
    Some(match_win_probability(&a, &b, target, games))
}

#[wasm_bindgen]
impl PigTape {
    /// The debug marks in what a decision printed (`rails::marks`, values only).
    #[wasm_bindgen(js_name = marksOf)]
    pub fn marks_of(&self, text: &str) -> Result<JsValue, JsValue> {
        wasm_common::marks::marks_of(text, ::pig::marks::KINDS, &rails::marks::anywhere)
    }
}

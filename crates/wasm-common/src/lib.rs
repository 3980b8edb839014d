//! What the page's engine modules share, in plain Rust: the translation to and from JavaScript
//! (errors, values, seeds, the clock), the Play and referee loops of every series handle, debug
//! marks, share links, A/B tests and programs' answers.
//!
//! This crate exports nothing itself. An export left in a dependency can be dropped by the
//! linker, so each module's cdylib crate (`wasm-pig`, `wasm-lifter`, …) declares every export
//! it has: the ones all modules share through [`shared_exports!`], the workbench's through
//! [`workbench_exports!`] (thin wrappers over the functions here).
#![cfg(target_arch = "wasm32")]

pub mod ab;
mod exports;
pub mod links;
pub mod marks;
pub mod play;
pub mod programs;
pub mod series;

// What `play_methods!` names from the caller's crate (`$crate::rails`).
pub use rails;

use wasm_bindgen::prelude::*;

/// A JavaScript `Error` with the message.
pub fn js_error(message: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&message.to_string()).into()
}

/// `value` as a plain JavaScript value (maps as objects, as JSON has them).
pub fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(js_error)
}

/// Assets the page hands in with a link, `{ name: text }` (or nothing), as (name, text) pairs.
pub fn assets_of(v: JsValue) -> Result<Vec<(String, String)>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    let map: std::collections::BTreeMap<String, String> =
        serde_wasm_bindgen::from_value(v).map_err(js_error)?;
    Ok(map.into_iter().collect())
}

/// The legal move of index `index` in `game` now, or the error the page shows.
pub fn move_at<G: rails::game::Game>(game: &G, index: u32) -> Result<G::Move, JsValue> {
    game.move_at(index as usize)
        .ok_or_else(|| js_error(format!("{index} is not the index of a legal move now")))
}

/// A seed as a JavaScript number: its low 53 bits, so it travels exactly.
pub fn js_seed(seed: u64) -> f64 {
    (seed & ((1 << 53) - 1)) as f64
}

/// The text of a file's bytes; bytes that are not UTF-8 throw the place of the first bad one
/// ("2:3: this is not UTF-8 text (byte 0xFF)"), as every reader names its place.
pub fn text_of(bytes: &[u8]) -> Result<String, JsValue> {
    rails::inputs::text_of(bytes).map(str::to_string).map_err(js_error)
}

/// A message about file `file` in the one format of messages with a place: `FILE:LINE:COL: …`
/// when the message starts with its place, else `FILE: …` (`inputs::in_file`).
pub fn in_file(file: &str, message: &str) -> String {
    rails::inputs::in_file(file, message)
}

/// Reads `text` as the input format `format` ("punter-map", "lifter-map", …) the way the product
/// does: its one-line summary, or throws the user's message (with its place). The page runs it
/// in the sandbox worker before parsing a large file on the main thread.
pub fn check_input(format: &str, text: &str) -> Result<String, JsValue> {
    games::check(format, text).map_err(js_error)
}

/// A fresh random seed for a new game or match (the engines themselves never draw one).
pub fn fresh_seed() -> f64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        return 1.0;
    }
    // Seeds travel through JS numbers: keep them exact (53 bits).
    (u64::from_le_bytes(bytes) >> 11) as f64
}

/// `performance.now()` of the page or worker (milliseconds, fractions included), or
/// `Date.now()` where there is none: the clock series handles time decisions with.
pub fn now_ms() -> f64 {
    let global = js_sys::global();
    let now = js_sys::Reflect::get(&global, &"performance".into())
        .ok()
        .filter(|p| p.is_object())
        .and_then(|p| {
            js_sys::Reflect::get(&p, &"now".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .and_then(|f| f.call0(&p).ok())
        })
        .and_then(|v| v.as_f64());
    now.unwrap_or_else(js_sys::Date::now)
}

/// How long a strategy from outside the engine has for one decision of the game with id `game`,
/// from the game's descriptor: `{ decision, decisionMs, answers }` (what a decision is called,
/// its time in ms, how long an answer may be); throws for a game this module does not have or
/// that gives no such time.
pub fn decision_limits(game: &str) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct DecisionLimitsJs {
        decision: &'static str,
        decision_ms: u32,
        answers: &'static str,
    }
    let found = games::find(game)
        .ok_or_else(|| js_error(format!("no game \"{game}\" in this engine module")))?;
    let d = found
        .decisions
        .ok_or_else(|| js_error(format!("{} gives no time a decision", found.title)))?;
    to_js(&DecisionLimitsJs {
        decision: d.decision,
        decision_ms: d.decision_ms,
        answers: d.answers,
    })
}

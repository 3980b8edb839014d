//! The only code that knows JavaScript: one handle type per game, thin translation to and from
//! the pure engines. Errors cross as JS `Error`s with the engine's message.

#[cfg(feature = "lab")]
mod ab;
#[cfg(feature = "labyrinth")]
mod labyrinth;
#[cfg(feature = "labyrinth")]
mod labyrinth_series;
#[cfg(feature = "lifter")]
mod lifter;
#[cfg(feature = "lifter")]
mod lifter_series;
mod links;
#[allow(dead_code)] // a module without a board game uses it from its handles only
mod marks;
#[cfg(feature = "pig")]
mod pig;
#[cfg(feature = "pig")]
mod pig_play;
#[cfg(all(feature = "pig", feature = "lab"))]
mod pig_rerun;
#[cfg(all(feature = "pig", feature = "lab"))]
mod pig_tournament;
#[allow(dead_code, unused_macros, unused_imports)]
// a one-game build uses only what its handles need
mod play;
#[cfg(feature = "lab")]
mod programs;
#[cfg(feature = "punter")]
mod punter;
#[cfg(feature = "punter")]
mod punter_program;
#[cfg(feature = "punter")]
mod punter_score;
#[cfg(feature = "punter")]
mod punter_series;
#[cfg(feature = "punter")]
mod punter_views;
#[allow(dead_code)] // a one-game build uses only what its handles need
mod series;

use wasm_bindgen::prelude::*;

#[cfg(feature = "lab")]
pub use ab::*;
#[cfg(feature = "labyrinth")]
pub use labyrinth::*;
#[cfg(feature = "labyrinth")]
pub use labyrinth_series::*;
#[cfg(feature = "lifter")]
pub use lifter::*;
#[cfg(feature = "lifter")]
pub use lifter_series::*;
pub use links::*;
#[cfg(feature = "pig")]
pub use pig::*;
#[cfg(feature = "pig")]
pub use pig_play::*;
#[cfg(all(feature = "pig", feature = "lab"))]
pub use pig_rerun::*;
#[cfg(all(feature = "pig", feature = "lab"))]
pub use pig_tournament::*;
#[cfg(feature = "lab")]
pub use programs::*;
#[cfg(feature = "punter")]
pub use punter::*;
#[cfg(feature = "punter")]
pub use punter_program::*;
#[cfg(feature = "punter")]
pub use punter_series::*;

pub(crate) fn js_error(message: impl std::fmt::Display) -> JsValue {
    js_sys::Error::new(&message.to_string()).into()
}

pub(crate) fn to_js<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(js_error)
}

/// Assets the page hands in with a link, `{ name: text }` (or nothing), as (name, text) pairs.
pub(crate) fn assets_of(v: JsValue) -> Result<Vec<(String, String)>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    let map: std::collections::BTreeMap<String, String> =
        serde_wasm_bindgen::from_value(v).map_err(js_error)?;
    Ok(map.into_iter().collect())
}

/// A seed as a JavaScript number: its low 53 bits, so it travels exactly.
pub(crate) fn js_seed(seed: u64) -> f64 {
    (seed & ((1 << 53) - 1)) as f64
}

/// The text of a file's bytes; bytes that are not UTF-8 throw the place of the first bad one
/// ("2:3: this is not UTF-8 text (byte 0xFF)"), as every reader names its place.
#[wasm_bindgen(js_name = textOf)]
pub fn text_of(bytes: &[u8]) -> Result<String, JsValue> {
    crate::inputs::text_of(bytes).map(str::to_string).map_err(js_error)
}

/// A message about file `file` in the one format of messages with a place: `FILE:LINE:COL: …`
/// when the message starts with its place, else `FILE: …` (`inputs::in_file`).
#[wasm_bindgen(js_name = inFile)]
pub fn in_file(file: &str, message: &str) -> String {
    crate::inputs::in_file(file, message)
}

/// Reads `text` as the input format `format` ("punter-map", "lifter-map", …) the way the product
/// does: its one-line summary, or throws the user's message (with its place). The page runs it
/// in the sandbox worker before parsing a large file on the main thread.
#[wasm_bindgen(js_name = checkInput)]
pub fn check_input(format: &str, text: &str) -> Result<String, JsValue> {
    crate::games::check(format, text).map_err(js_error)
}

/// A fresh random seed for a new game or match (the engines themselves never draw one).
#[wasm_bindgen(js_name = freshSeed)]
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
pub(crate) fn now_ms() -> f64 {
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
#[wasm_bindgen(js_name = decisionLimits)]
pub fn decision_limits(game: &str) -> Result<JsValue, JsValue> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct DecisionLimitsJs {
        decision: &'static str,
        decision_ms: u32,
        answers: &'static str,
    }
    let found = crate::games::find(game)
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

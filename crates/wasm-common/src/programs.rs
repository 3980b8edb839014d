//! The arcade's protocol for outside programs (`rails::programs`), for the page's program seats:
//! the request line a program reads and the answer read from what it wrote, exactly as the CLI's
//! `exe:` and `wasm:` seats write and read them.

use crate::{js_error, to_js};
use wasm_bindgen::prelude::*;

/// The request line for a view (JSON text) and the state the program answered last (its JSON
/// text, or nothing at first).
pub fn program_request(view_json: &str, state: Option<String>) -> String {
    rails::programs::request(view_json, state.as_deref())
}

/// What a program wrote → `{ move: JSON text, state: JSON text or null (keep the last) }`;
/// throws what is wrong with it.
pub fn program_answer(output: &[u8]) -> Result<JsValue, JsValue> {
    let a = rails::programs::read_answer(output).map_err(js_error)?;
    to_js(&serde_json::json!({ "move": a.move_json, "state": a.state }))
}

//! A Punter program's offline exchange as the page's program seat reads it (the same reading as
//! the CLI's `exe:` and `wasm:` seats, `punter_offline.rs`): its output is `n:{"me": name}`, then,
//! after it was sent `{"you": name}` and the request (www/punter/offline.js, inside the program's
//! worker), one `n:json` answer.

use punter::protocol::{Decoder, Me, Message};
use rails::inputs::excerpt;
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

/// What a program wrote for one request → `{ name, answer }` (`answer`: the JSON text of its
/// message after the handshake, or null when `answers` is false, the stop message); throws what
/// is wrong with it, as the CLI words it.
#[wasm_bindgen(js_name = offlineAnswer)]
pub fn offline_answer(output: &[u8], answers: bool) -> Result<JsValue, JsValue> {
    let mut decoder = Decoder::new();
    decoder.push(output);
    let broken = |e| js_error(format!("wrote something that is not a message: {e}"));
    let hello = decoder
        .next_text()
        .map_err(broken)?
        .ok_or_else(|| js_error("ended without its handshake {\"me\": name}"))?;
    let name = Me::parse(&hello)
        .map_err(|_| {
            js_error(format!("expected the handshake {{\"me\": name}}, got {}", excerpt(&hello)))
        })?
        .name;
    let answer = if answers {
        let partial = |d: &Decoder| {
            if d.buffered() > 0 {
                format!(" in the middle of a message ({} bytes)", d.buffered())
            } else {
                String::new()
            }
        };
        match decoder.next_text().map_err(broken)? {
            Some(text) => Some(text),
            None => return Err(js_error(format!("ended without answering{}", partial(&decoder)))),
        }
    } else {
        None
    };
    to_js(&serde_json::json!({ "name": name, "answer": answer }))
}

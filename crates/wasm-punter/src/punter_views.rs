//! What the replay's inspector shows a Punter decision was asked: the official protocol message
//! of that seat at that position, written by the engine's protocol side (a JavaScript bot's own
//! messages, with its state, come from `PunterSeries.exchanges`; a built-in bot was asked the
//! same position, and this is that position in the protocol's words).

use crate::punter::PunterGame;
use punter::protocol::{Message, ProtocolSeat};
use wasm_bindgen::prelude::*;
use wasm_common::js_error;

#[wasm_bindgen]
impl PunterGame {
    /// The setup message punter `seat` of this game is sent (the map as the official server
    /// sent it, the settings).
    #[wasm_bindgen(js_name = setupMessage)]
    pub fn setup_message(&self, seat: usize) -> Result<String, JsValue> {
        let params = &self.tape.record().params;
        if seat >= params.punters {
            return Err(js_error(format!("the game has no punter {seat}")));
        }
        Ok(ProtocolSeat::new(seat).setup(params).to_text())
    }

    /// The move request punter `seat` is sent at position `move_index` (before that move), with
    /// no offline state; the replay stays where it is.
    #[wasm_bindgen(js_name = moveRequest)]
    pub fn move_request(&mut self, seat: usize, move_index: usize) -> Result<String, JsValue> {
        if move_index > self.tape.len() {
            return Err(js_error(format!(
                "the game has {} moves, not {move_index}",
                self.tape.len()
            )));
        }
        let shown = self.tape.position().0;
        let game = self.tape.seek(move_index).clone();
        let text =
            ProtocolSeat::new(seat).move_request_text(&game, &self.tape.moves()[..move_index]);
        self.tape.seek(shown);
        Ok(text)
    }
}

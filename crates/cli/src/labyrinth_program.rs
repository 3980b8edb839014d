//! A Labyrinth strategy that is a program (`exe:COMMAND` or `wasm:FILE ARGS…`,
//! docs/PROGRAMS.md): a fresh process per turn, 2 s each, asked `{"view": VIEW, "state": …}`
//! with the view a JavaScript `turn(view)` gets, answering `{"move": {rotation, insertion, row,
//! column}, "state": …}`; its state kept for the game. A failed turn is played by the greedy AI
//! (the series' fallback).

use crate::json_program::JsonProgram;
use labyrinth::ai_seat::from_view;
use labyrinth::game::{LabyrinthParams, LabyrinthView};
use labyrinth::state::{Labyrinth, LabyrinthMove};
use labyrinth::turn_answer::TurnAnswer;
use rails::arena::{DecideError, Decider};

/// The time a program has for one turn (it starts afresh each time, so more than a JavaScript
/// strategy's).
pub const TURN_MS: u64 = 2000;

pub struct ProgramSeat {
    program: JsonProgram,
    /// The seed the series gives this entrant for the game.
    seed: u64,
    /// The step of the turn it answered, played when the series asks for it.
    step: Option<LabyrinthMove>,
}

impl ProgramSeat {
    pub fn new(name: &str) -> ProgramSeat {
        ProgramSeat {
            program: JsonProgram::new(name, games::LABYRINTH.id, TURN_MS),
            seed: 0,
            step: None,
        }
    }
}

/// A decision of a seat from outside that answers a whole turn at once (a program, a
/// JavaScript file): at the shift it is asked (`ask`) for `{ rotation, insertion, row, column }`;
/// the shift is played, and the step is kept in `step` for the move that follows.
pub fn whole_turn(
    view: &LabyrinthView,
    step: &mut Option<LabyrinthMove>,
    ask: impl FnOnce() -> Result<serde_json::Value, String>,
) -> Result<LabyrinthMove, DecideError> {
    if view.phase == "move" {
        return step.take().ok_or_else(|| "asked for a step without a shift of its own".into());
    }
    let answer = ask()?;
    let game = from_view(view)?;
    let [shift, next] = TurnAnswer::from_json(&answer)
        .and_then(|a| a.moves(&game))
        .map_err(|e| DecideError::NotAMove(e.to_string()))?;
    *step = Some(next);
    Ok(shift)
}

impl Decider<Labyrinth> for ProgramSeat {
    fn decide(&mut self, view: &LabyrinthView) -> Result<LabyrinthMove, DecideError> {
        whole_turn(view, &mut self.step, || {
            let json = serde_json::to_value(view).map_err(|e| e.to_string())?;
            self.program.ask(&json, self.seed)
        })
    }

    fn take_output(&mut self) -> String {
        self.program.take_printed()
    }

    fn prepare(&mut self, _params: &mut LabyrinthParams, _seat: u8, seed: u64) {
        self.seed = seed;
    }
}

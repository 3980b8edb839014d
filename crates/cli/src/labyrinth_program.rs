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
use rails::arena::Decider;

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

impl Decider<Labyrinth> for ProgramSeat {
    fn decide(&mut self, view: &LabyrinthView) -> Result<LabyrinthMove, String> {
        if view.phase == "move" {
            return self
                .step
                .take()
                .ok_or_else(|| "asked for a step without a shift of its own".to_string());
        }
        let json = serde_json::to_value(view).map_err(|e| e.to_string())?;
        let answer = self.program.ask(&json, self.seed)?;
        let game = from_view(view)?;
        let [shift, step] = TurnAnswer::from_json(&answer)
            .and_then(|a| a.moves(&game))
            .map_err(|e| e.to_string())?;
        self.step = Some(step);
        Ok(shift)
    }

    fn take_output(&mut self) -> String {
        self.program.take_printed()
    }

    fn prepare(&mut self, _params: &mut LabyrinthParams, _seat: u8, seed: u64) {
        self.seed = seed;
    }
}

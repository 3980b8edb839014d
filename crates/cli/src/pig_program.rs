//! A Pig strategy that is a program (`exe:COMMAND` or `wasm:FILE ARGS…`, docs/PROGRAMS.md): a
//! fresh process per decision, 1 s each, asked `{"view": {"my_total", "other_total", "accum",
//! "current"}, "state": …}` and answering `{"move": true}` (throw again) or `false` (hold); its
//! state and its seed kept for the whole match, as a strategy's globals and random stream are. A
//! failed decision is played as hold by the series.

use crate::json_program::JsonProgram;
use pig::decider::decision;
use pig::{HostProgram, Pig, PigMove, PigParams, Situation};
use rails::arena::{DecideError, Decider};

/// The time a program has for one decision (it starts afresh each time, so more than a
/// JavaScript strategy's).
pub const DECISION_MS: u64 = 1000;

/// The entrant's source for seat `name`: its decider made when a match seats it.
pub fn source(name: &str) -> HostProgram {
    let owned = name.to_string();
    HostProgram::new(name, move || {
        Box::new(ProgramPlayer {
            program: JsonProgram::new(&owned, games::PIG.id, DECISION_MS),
            seed: None,
        })
    })
}

struct ProgramPlayer {
    program: JsonProgram,
    /// Its `ARCADE_SEED` for the whole match: the seed the series gives this entrant in its
    /// first game, as a Scheme or JavaScript strategy is seeded (`SeatedScheme`,
    /// `PigMatch.strategySeed`).
    seed: Option<u64>,
}

impl Decider<Pig> for ProgramPlayer {
    fn decide(&mut self, view: &Situation) -> Result<PigMove, DecideError> {
        let view = serde_json::to_value(view).map_err(|e| e.to_string())?;
        match self.program.ask(&view, self.seed.unwrap_or_default())? {
            serde_json::Value::Bool(throw_again) => Ok(decision(throw_again)),
            other => Err(DecideError::NotAMove(format!(
                "answered the move {}, expected true (throw again) or false (hold)",
                rails::inputs::excerpt(&other.to_string())
            ))),
        }
    }

    fn take_output(&mut self) -> String {
        self.program.take_printed()
    }

    fn prepare(&mut self, _params: &mut PigParams, _seat: u8, seed: u64) {
        self.seed.get_or_insert(seed);
    }
}

//! The Labyrinth formats read from strangers, as the product reads them (the game registry
//! lists them for `arcade check`, the fuzz targets and the bad-input catalogue).

use super::save;
use super::state::Rules;
use rails::inputs::{DecisionLimits, InputError, InputFormat, Limit};

pub const FORMATS: &[InputFormat] = &[
    InputFormat {
        name: "labyrinth-save",
        about:
            "a Labyrinth save file (the assignment's grammar), loaded under the assignment's rules",
        check: save_file,
    },
    InputFormat {
        name: "labyrinth-marks",
        about: "what a Labyrinth decision printed, read for its debug marks (@draw lines)",
        check: marks,
    },
];

fn marks(text: &str) -> Result<String, InputError> {
    Ok(rails::marks::check(text, super::marks::KINDS, &super::marks::place)?)
}

pub const LIMITS: &[Limit] = &[
    Limit {
        input: "Labyrinth save",
        limit: "49 tiles, 1–4 players, treasures 1–24",
        past_it: "refused at the token, LINE:COL",
    },
    Limit {
        input: "Labyrinth arena (arcade labyrinth arena, arcade merge)",
        limit: "2 or 4 seats",
        past_it: "refused, naming the limit",
    },
];

/// A JavaScript strategy's time for one whole turn (shift and step), in the page and the CLI.
pub const DECISIONS: DecisionLimits = DecisionLimits {
    decision: "turn",
    decision_ms: 500,
    answers: "answers of 1,024 characters in the page",
    past_it: "the turn is played by the greedy AI, with the reason",
};

fn save_file(text: &str) -> Result<String, InputError> {
    save::parse(text, Rules::Assignment)
        .map(|g| format!("{} players, turn {}", g.players.len(), g.turns + 1))
        .map_err(InputError::from)
}

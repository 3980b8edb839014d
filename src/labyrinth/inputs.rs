//! The Labyrinth formats read from strangers, as the product reads them (the game registry
//! lists them for `arcade check`, the fuzz targets and the bad-input catalogue).

use super::save;
use super::state::Rules;
use crate::inputs::{InputFormat, Limit};

pub const FORMATS: &[InputFormat] = &[InputFormat {
    name: "labyrinth-save",
    about: "a Labyrinth save file (the assignment's grammar), loaded under the assignment's rules",
    check: save_file,
}];

pub const LIMITS: &[Limit] =
    &[Limit { input: "Labyrinth save", limit: "49 tiles, 1–4 players, treasures 1–24", past_it: "refused at the token, LINE:COL" }];

fn save_file(text: &str) -> Result<String, String> {
    save::parse(text, Rules::Assignment).map(|g| format!("{} players, turn {}", g.players.len(), g.turns + 1)).map_err(|e| e.to_string())
}

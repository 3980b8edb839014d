//! A strategy's answer for a whole turn, `{ insertion, rotation, row, column }` (a JavaScript
//! strategy in the page's sandbox or in the CLI's Node process), read into the turn's two moves
//! — the shift, then the step — or a typed reason it is not one.

use super::state::{Labyrinth, LabyrinthError, LabyrinthMove};
use super::tile::Direction;
use std::fmt;

/// The answer's fields as given (numbers not yet checked against the board).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnAnswer {
    pub insertion: u64,
    pub rotation: String,
    pub row: u64,
    pub column: u64,
}

/// Why an answer is not a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnError {
    /// The answer has no such field.
    Missing(&'static str),
    /// The field is not a whole number from 0 to 255.
    NotSmall(&'static str),
    /// The rotation is not a string.
    RotationNotText,
    /// The rotation is no direction (its message names it).
    Rotation(String),
    /// The rules do not allow the turn.
    Rules(LabyrinthError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Missing(k) => write!(
                f,
                "the answer has no \"{k}\" (expected {{ rotation, insertion, row, column }})"
            ),
            TurnError::NotSmall(k) => write!(f, "\"{k}\" is not a small whole number"),
            TurnError::RotationNotText => f.write_str("\"rotation\" is not a string"),
            TurnError::Rotation(m) => f.write_str(m),
            TurnError::Rules(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TurnError {}

impl TurnAnswer {
    /// Reads `{ rotation, insertion, row, column }` from a strategy's JSON answer.
    pub fn from_json(answer: &serde_json::Value) -> Result<TurnAnswer, TurnError> {
        let field = |k: &'static str| answer.get(k).ok_or(TurnError::Missing(k));
        let number = |k: &'static str| field(k)?.as_u64().ok_or(TurnError::NotSmall(k));
        let rotation = field("rotation")?.as_str().ok_or(TurnError::RotationNotText)?.to_string();
        Ok(TurnAnswer {
            insertion: number("insertion")?,
            rotation,
            row: number("row")?,
            column: number("column")?,
        })
    }

    /// The turn's two moves in `game` (the shift, then the step), checked by its rules; `game`
    /// is left as it is.
    pub fn moves(&self, game: &Labyrinth) -> Result<[LabyrinthMove; 2], TurnError> {
        let small = |k: &'static str, x: u64| u8::try_from(x).map_err(|_| TurnError::NotSmall(k));
        let dir = Direction::rotation(&self.rotation).map_err(TurnError::Rotation)?;
        let (at, to) = (
            small("insertion", self.insertion)?,
            (small("row", self.row)?, small("column", self.column)?),
        );
        game.turn_moves(at, dir, to).map_err(TurnError::Rules)
    }
}

//! Labyrinth (after Ravensburger's game, as a functional-programming course assignment): a 7×7
//! shifting maze for 1–4 players with hidden treasure cards.

pub mod ai;
pub mod ai_seat;
pub mod board;
pub mod game;
pub mod inputs;
pub mod marks;
pub mod save;
pub mod state;
pub mod tile;
pub mod turn_answer;

pub use tile::{Direction, Kind, Tile};

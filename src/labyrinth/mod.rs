//! Labyrinth (after Ravensburger's game, as a functional-programming course assignment): a 7×7
//! shifting maze for 1–4 players with hidden treasure cards.

pub mod ai;
pub mod board;
pub mod game;
pub mod save;
pub mod state;
pub mod tile;

pub use tile::{Direction, Kind, Tile};

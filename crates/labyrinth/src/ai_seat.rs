//! The AI levels as deciders: an AI seat sees only its view (the board, every pawn, its own
//! cards, how many cards the others hold), rebuilds the position from it and plays its level.
//! The other players' hands are not in the view; the strong AI judges what the next player
//! could collect by the treasures that are not in its own hand.

use super::ai;
use super::board::{Board, SIZE};
use super::game::LabyrinthView;
use super::state::{Color, Control, Labyrinth, LabyrinthMove, Phase, Player, Rules};
use super::tile::{Direction, Kind, Tile};
use rails::arena::{DecideError, Decider};

/// How much more the strong AI weighs what the next player could collect than its chance of
/// holding those cards: measured over 400 two-player games against greedy (seeds 1 and 2),
/// weights 1, 2, 3, 4, 6, 8 and 12 won 63%, 65.5%, 67.5%, 70%, 65.5%, 64.5% and 65%.
const PENALTY_WEIGHT: usize = 4;

/// A decider playing AI `level` ("simple", "greedy", "strong").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiSeat {
    level: &'static str,
}

/// A name that is no AI level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown AI level \"{}\" ({})", self.0, ai::LEVELS.join(", "))
    }
}

impl std::error::Error for UnknownLevel {}

/// The entrant name of a strategy that answers from outside the engine (JavaScript).
pub const OUTSIDE: &str = "js";

impl AiSeat {
    pub fn new(level: &str) -> Result<AiSeat, UnknownLevel> {
        ai::LEVELS
            .iter()
            .find(|&&l| l == level)
            .map(|&level| AiSeat { level })
            .ok_or_else(|| UnknownLevel(level.to_string()))
    }
}

/// A seat played by a person at the page (Play): answered from outside the engine too.
pub const HUMAN: &str = "human";

/// The decider of an entrant of a match: [`OUTSIDE`] ("js") and [`HUMAN`] answer from outside
/// the engine (`None`), any other name is an AI level.
pub fn entrant_decider(name: &str) -> Result<Option<Box<dyn Decider<Labyrinth>>>, UnknownLevel> {
    if name == OUTSIDE || name == HUMAN {
        return Ok(None);
    }
    Ok(Some(Box::new(AiSeat::new(name)?)))
}

impl Decider<Labyrinth> for AiSeat {
    fn decide(&mut self, view: &LabyrinthView) -> Result<LabyrinthMove, DecideError> {
        let game = from_view(view)?;
        let mv = if self.level == "strong" {
            // The next player's hand is unknown: each treasure not in this seat's hand is in it
            // with the chance (its cards left) / (treasures not in this hand); a treasure it could
            // collect weighs that chance times PENALTY_WEIGHT.
            let next = (view.to_move + 1) % view.pawns.len().max(1);
            let held = view.cards_left.get(next).copied().unwrap_or(0);
            ai::strong_estimated(&game, held * PENALTY_WEIGHT, 24 - view.cards.len())
        } else {
            ai::decide(self.level, &game)
        };
        mv.ok_or_else(|| "the game is over".into())
    }
}

fn tile(text: &str) -> Result<Tile, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = || format!("the view has a tile \"{text}\"");
    let (kind, treasure, dir) = match words.as_slice() {
        [k, d] => (k, None, d),
        [k, t, d] => (k, Some(t.parse::<u8>().map_err(|_| bad())?), d),
        _ => return Err(bad()),
    };
    Ok(Tile {
        kind: Kind::from_name(kind).ok_or_else(bad)?,
        dir: Direction::from_name(dir).ok_or_else(bad)?,
        treasure,
    })
}

/// The position as the seat sees it. The others' hands are unknown: the strong AI is given, for
/// each of them, the treasures that are not in this seat's hand.
pub fn from_view(v: &LabyrinthView) -> Result<Labyrinth, String> {
    if v.tiles.len() != SIZE * SIZE {
        return Err(format!("the view has {} tiles, not {}", v.tiles.len(), SIZE * SIZE));
    }
    let mut tiles =
        [Tile { kind: Kind::Corner, dir: Direction::North, treasure: None }; SIZE * SIZE];
    for (slot, text) in tiles.iter_mut().zip(&v.tiles) {
        *slot = tile(text)?;
    }
    let board = Board { tiles, extra: tile(&v.extra)? };
    let unknown: Vec<u8> = (1..=24).filter(|t| !v.cards.contains(t)).collect();
    let players = v
        .pawns
        .iter()
        .enumerate()
        .map(|(i, (color, r, c))| {
            let color = Color::from_name(color)
                .ok_or_else(|| format!("the view has a colour \"{color}\""))?;
            let cards = if i == v.seat {
                v.cards.clone()
            } else if v.cards_left.get(i) == Some(&0) {
                Vec::new()
            } else {
                unknown.clone()
            };
            Ok(Player { color, control: Control::Ai, pos: (*r, *c), cards })
        })
        .collect::<Result<Vec<Player>, String>>()?;
    let rules = if v.rules == "ravensburger" { Rules::Ravensburger } else { Rules::Assignment };
    let phase = if v.phase == "move" { Phase::Move } else { Phase::Shift };
    Ok(Labyrinth {
        board,
        players,
        rules,
        turn: v.to_move,
        phase,
        last_out: v.last_out,
        winner: None,
        turns: v.turns,
    })
}

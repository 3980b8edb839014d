//! A game of Labyrinth: players in turn order, each turn a shift (insert the extra tile) then a
//! move (to any reachable square). Under the assignment's rules (the default) a push may not
//! push a pawn off the board, every card whose treasure is reachable after the shift is
//! collected, and a player wins on reaching its start square with no cards left. Under the
//! Ravensburger rules a pushed-off pawn comes back on the inserted tile, a push may not undo the
//! previous one, and a player seeks its cards one at a time by ending its move on them.

use super::board::{
    index, insertion_name, line_squares, opposite_insertion, Board, Square, INSERTIONS, SIZE,
};
use super::tile::{Direction, Kind, Tile};
use rails::rng::{self, below};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    Yellow,
    Red,
    Blue,
    Green,
}

impl Color {
    pub const ALL: [Color; 4] = [Color::Yellow, Color::Red, Color::Blue, Color::Green];

    pub fn name(self) -> &'static str {
        match self {
            Color::Yellow => "yellow",
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
        }
    }

    pub fn from_name(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == s)
    }

    /// Start corners: yellow top-left, red top-right, blue bottom-left, green bottom-right.
    pub fn start(self) -> Square {
        match self {
            Color::Yellow => (1, 1),
            Color::Red => (1, 7),
            Color::Blue => (7, 1),
            Color::Green => (7, 7),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Control {
    Human,
    Ai,
}

impl Control {
    pub fn name(self) -> &'static str {
        match self {
            Control::Human => "human",
            Control::Ai => "ai",
        }
    }
    pub fn from_name(s: &str) -> Option<Control> {
        [Control::Human, Control::Ai].into_iter().find(|c| c.name() == s)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub color: Color,
    pub control: Control,
    pub pos: Square,
    /// Cards still to find (treasures 1–24); under the Ravensburger rules the first is sought.
    pub cards: Vec<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rules {
    /// The assignment's rules (the default).
    #[default]
    Assignment,
    Ravensburger,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabyrinthMove {
    /// Insert the extra tile, turned to `dir`, at insertion point `at` (0–11).
    Shift { at: u8, dir: Direction },
    /// Move the pawn to a reachable square (or stay).
    Go { to: Square },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabyrinthError {
    NotYourPhase,
    NoSuchInsertion(u8),
    PushesPawnOff { at: u8 },
    UndoesLastPush { at: u8 },
    NotReachable(Square),
    GameOver,
    Setup(String),
}

impl fmt::Display for LabyrinthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabyrinthError::NotYourPhase => {
                f.write_str("the turn is in the other phase (shift first, then move)")
            }
            LabyrinthError::NoSuchInsertion(i) => write!(f, "there is no insertion point {i}"),
            LabyrinthError::PushesPawnOff { at } => write!(
                f,
                "inserting at the {} would push a pawn off the board",
                insertion_name(usize::from(*at))
            ),
            LabyrinthError::UndoesLastPush { at } => write!(
                f,
                "inserting at the {} would undo the last push",
                insertion_name(usize::from(*at))
            ),
            LabyrinthError::NotReachable((r, c)) => {
                write!(f, "square ({r}, {c}) cannot be reached from the pawn")
            }
            LabyrinthError::GameOver => f.write_str("the game is over"),
            LabyrinthError::Setup(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LabyrinthError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Shift,
    Move,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labyrinth {
    pub board: Board,
    pub players: Vec<Player>,
    pub rules: Rules,
    /// Index into `players` of the player to move.
    pub turn: usize,
    pub phase: Phase,
    /// Where the tile went out on the last push (the Ravensburger rules forbid inserting there).
    pub last_out: Option<u8>,
    pub winner: Option<usize>,
    /// Turns completed.
    pub turns: u32,
}

impl Labyrinth {
    /// A new game from a seed: the free tiles (16 corners, 6 T-shapes, 12 lines) shuffled and
    /// turned at random between the fixed ones, 24 treasures on tiles other than the start
    /// squares (the extra tile included), the cards dealt equally.
    pub fn deal(
        players: &[(Color, Control)],
        rules: Rules,
        seed: u64,
    ) -> Result<Labyrinth, LabyrinthError> {
        if players.is_empty() || players.len() > 4 {
            return Err(LabyrinthError::Setup(format!(
                "a game has 1 to 4 players, not {}",
                players.len()
            )));
        }
        for (i, (c, _)) in players.iter().enumerate() {
            if players[..i].iter().any(|(o, _)| o == c) {
                return Err(LabyrinthError::Setup(format!("{} plays twice", c.name())));
            }
        }
        let mut rng = rng::stream(seed, 0x1AB);
        let mut free: Vec<Kind> = [(Kind::Corner, 16), (Kind::TShape, 6), (Kind::Line, 12)]
            .iter()
            .flat_map(|&(k, n)| std::iter::repeat_n(k, n))
            .collect();
        shuffle(&mut free, &mut rng);
        let mut tiles = Vec::with_capacity(SIZE * SIZE);
        let mut next = free.into_iter();
        for r in 1..=SIZE as u8 {
            for c in 1..=SIZE as u8 {
                let tile = match Board::fixed_tile(r, c) {
                    Some(t) => t,
                    None => {
                        let kind = next.next().unwrap_or(Kind::Line);
                        Tile {
                            kind,
                            dir: Direction::ALL[below(&mut rng, 4) as usize],
                            treasure: None,
                        }
                    }
                };
                tiles.push(tile);
            }
        }
        let extra_kind = next.next().unwrap_or(Kind::Line);
        let mut board = Board {
            tiles: tiles.try_into().map_err(|_| LabyrinthError::Setup("board size".into()))?,
            extra: Tile { kind: extra_kind, dir: Direction::North, treasure: None },
        };
        // Treasures: the 45 tiles that are not start squares, and the extra tile (index 49).
        let starts: Vec<usize> = Color::ALL.iter().map(|c| index(c.start())).collect();
        let mut spots: Vec<usize> = (0..=SIZE * SIZE).filter(|i| !starts.contains(i)).collect();
        shuffle(&mut spots, &mut rng);
        for (t, &spot) in (1..=24u8).zip(&spots) {
            if spot == SIZE * SIZE {
                board.extra.treasure = Some(t);
            } else {
                board.tiles[spot].treasure = Some(t);
            }
        }
        let mut cards: Vec<u8> = (1..=24).collect();
        shuffle(&mut cards, &mut rng);
        let each = 24 / players.len();
        let players = players
            .iter()
            .enumerate()
            .map(|(i, &(color, control))| Player {
                color,
                control,
                pos: color.start(),
                cards: cards[i * each..(i + 1) * each].to_vec(),
            })
            .collect();
        Ok(Labyrinth {
            board,
            players,
            rules,
            turn: 0,
            phase: Phase::Shift,
            last_out: None,
            winner: None,
            turns: 0,
        })
    }

    pub fn mover(&self) -> &Player {
        &self.players[self.turn]
    }

    /// Why a shift is not allowed, if it is not.
    pub fn check_shift(&self, at: u8) -> Result<(), LabyrinthError> {
        if usize::from(at) >= INSERTIONS {
            return Err(LabyrinthError::NoSuchInsertion(at));
        }
        let out = line_squares(usize::from(at))[SIZE - 1];
        match self.rules {
            Rules::Assignment if self.players.iter().any(|p| p.pos == out) => {
                Err(LabyrinthError::PushesPawnOff { at })
            }
            Rules::Ravensburger if self.last_out == Some(at) => {
                Err(LabyrinthError::UndoesLastPush { at })
            }
            _ => Ok(()),
        }
    }

    /// A whole turn chosen at once (a strategy's answer): the two moves that push the extra tile,
    /// turned to `dir`, in at `at` and then walk to `to` — or why either is not allowed. The
    /// game itself is left as it is.
    pub fn turn_moves(
        &self,
        at: u8,
        dir: Direction,
        to: Square,
    ) -> Result<[LabyrinthMove; 2], LabyrinthError> {
        let mut probe = self.clone();
        probe.shift(at, dir)?;
        probe.go(to)?;
        Ok([LabyrinthMove::Shift { at, dir }, LabyrinthMove::Go { to }])
    }

    /// The cards the player to move collects with `mv` (in its hand's order): under the
    /// assignment's rules every card whose treasure it can reach after a shift, under the
    /// Ravensburger rules the sought card when a move ends on its treasure. Empty when `mv` is
    /// not allowed.
    pub fn finds(&self, mv: &LabyrinthMove) -> Vec<u8> {
        let mut after = self.clone();
        let done = match *mv {
            LabyrinthMove::Shift { at, dir } => after.shift(at, dir),
            LabyrinthMove::Go { to } => after.go(to),
        };
        if done.is_err() {
            return Vec::new();
        }
        let left = &after.players[self.turn].cards;
        self.mover().cards.iter().copied().filter(|c| !left.contains(c)).collect()
    }

    pub fn shift(&mut self, at: u8, dir: Direction) -> Result<(), LabyrinthError> {
        if self.winner.is_some() {
            return Err(LabyrinthError::GameOver);
        }
        if self.phase != Phase::Shift {
            return Err(LabyrinthError::NotYourPhase);
        }
        self.check_shift(at)?;
        let squares = line_squares(usize::from(at));
        self.board.shift(usize::from(at), dir);
        // Pawns ride along; under the Ravensburger rules one pushed off comes back on the new tile.
        for p in &mut self.players {
            if let Some(k) = squares.iter().position(|&s| s == p.pos) {
                p.pos = if k + 1 < SIZE { squares[k + 1] } else { squares[0] };
            }
        }
        self.last_out = Some(opposite_insertion(usize::from(at)) as u8);
        if self.rules == Rules::Assignment {
            let reach = self.board.reachable(self.mover().pos);
            let found: Vec<u8> = self
                .board
                .tiles
                .iter()
                .enumerate()
                .filter(|(i, _)| reach[*i])
                .filter_map(|(_, t)| t.treasure)
                .collect();
            self.players[self.turn].cards.retain(|c| !found.contains(c));
        }
        self.phase = Phase::Move;
        Ok(())
    }

    pub fn go(&mut self, to: Square) -> Result<(), LabyrinthError> {
        if self.winner.is_some() {
            return Err(LabyrinthError::GameOver);
        }
        if self.phase != Phase::Move {
            return Err(LabyrinthError::NotYourPhase);
        }
        if !(1..=SIZE as u8).contains(&to.0)
            || !(1..=SIZE as u8).contains(&to.1)
            || !self.board.reachable(self.mover().pos)[index(to)]
        {
            return Err(LabyrinthError::NotReachable(to));
        }
        let p = &mut self.players[self.turn];
        p.pos = to;
        if self.rules == Rules::Ravensburger
            && p.cards.first().is_some_and(|&c| self.board.at(to).treasure == Some(c))
        {
            p.cards.remove(0);
        }
        if p.cards.is_empty() && p.pos == p.color.start() {
            self.winner = Some(self.turn);
        } else {
            self.turn = (self.turn + 1) % self.players.len();
        }
        self.phase = Phase::Shift;
        self.turns += 1;
        Ok(())
    }
}

impl Labyrinth {
    /// How the game ended, in words ("Yellow wins after 1 turn: no treasure left to find, back
    /// at the start"); `None` while it goes on.
    pub fn ending(&self) -> Option<String> {
        let w = self.players.get(self.winner?)?;
        let name = w.color.name();
        let mut chars = name.chars();
        let name: String =
            chars.next().map(|c| c.to_ascii_uppercase()).into_iter().chain(chars).collect();
        let turns =
            if self.turns == 1 { "1 turn".to_string() } else { format!("{} turns", self.turns) };
        Some(format!("{name} wins after {turns}: no treasure left to find, back at the start"))
    }
}

fn shuffle<T>(v: &mut [T], rng: &mut rng::Rng) {
    for i in (1..v.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

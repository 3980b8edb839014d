//! The Labyrinth save format, exactly as the assignment's grammar:
//!
//! ```text
//! LABYRINTH := PLAYERS XTILE TILES
//! PLAYERS   := PLAYER PLAYERS | ε
//! PLAYER    := COLOR CONTROL POSITION CARDS
//! COLOR     := yellow | red | blue | green
//! CONTROL   := human | ai
//! POSITION  := NATURAL NATURAL
//! CARDS     := NATURAL CARDS | ε
//! XTILE     := KIND TREASURE
//! KIND      := corner | tshape | line
//! TREASURE  := NATURAL | ε
//! TILES     := TILE TILES | ε
//! TILE      := KIND TREASURE DIRECTION
//! DIRECTION := north | east | south | west
//! ```
//!
//! Tokens are separated by any run of blanks, tabs, carriage returns and newlines; words are
//! lowercase; NATURAL is `[0-9]+` (leading zeros allowed). The players come in turn order, the
//! player to move first; POSITION is row then column, 1-based from the top-left; CARDS are the
//! treasures still to find; the 49 tiles come row by row, top row first, left to right.
//!
//! Besides the grammar, a save is refused when it has other than 49 tiles, no player, a colour
//! twice, a position outside 1–7, a treasure or card outside 1–24, a treasure on two tiles (the
//! extra tile counts), a card twice (in one hand or two), or a card whose treasure is on no
//! tile. Anything else is accepted: hand-made boards, fixed tiles of any kind turned any way,
//! treasures on start squares, any number of cards per player.
//!
//! [`print`] writes one player per line, the extra tile on its own line, then the board as 7
//! lines of 7 tiles in aligned columns, and a final newline. The format has no place for the
//! extra tile's direction (a loaded extra tile faces north), the turn's phase, the last push or
//! the number of turns: a loaded game starts a fresh turn of the first player listed.

use super::board::{Board, SIZE};
use super::state::{Color, Control, Labyrinth, Phase, Player, Rules};
use super::tile::{Direction, Kind, Tile};
use std::fmt;

/// Why a save was refused, at the 1-based line and column (in characters; a tab counts as one)
/// of the offending token, or of the end of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl From<SaveError> for rails::inputs::InputError {
    fn from(e: SaveError) -> Self {
        let place = rails::inputs::Place { line: e.line, column: e.column };
        rails::inputs::InputError::at(place, rails::inputs::bounded(e.message.as_str()))
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}",
            self.line,
            self.column,
            rails::inputs::bounded(self.message.as_str())
        )
    }
}

impl std::error::Error for SaveError {}

const TREASURES: u64 = 24;
const TILE_WIDTH: usize = "tshape 24 north".len();
const COLORS: &str = "yellow, red, blue, green";
const KINDS: &str = "corner, tshape, line";
const DIRECTIONS: &str = "north, east, south, west";

/// The game in the save format: the player to move (`game.turn`) first.
pub fn print(game: &Labyrinth) -> String {
    let mut out = String::new();
    let n = game.players.len();
    for k in 0..n {
        let p = &game.players[(game.turn + k) % n];
        out.push_str(p.color.name());
        out.push(' ');
        out.push_str(p.control.name());
        out.push_str(&format!(" {} {}", p.pos.0, p.pos.1));
        for card in &p.cards {
            out.push_str(&format!(" {card}"));
        }
        out.push('\n');
    }
    out.push_str(game.board.extra.kind.name());
    if let Some(t) = game.board.extra.treasure {
        out.push_str(&format!(" {t}"));
    }
    out.push('\n');
    for row in game.board.tiles.chunks(SIZE) {
        let cells: Vec<String> =
            row.iter().map(|t| format!("{:<TILE_WIDTH$}", tile_text(t))).collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

fn tile_text(t: &Tile) -> String {
    match t.treasure {
        Some(x) => format!("{} {x} {}", t.kind.name(), t.dir.name()),
        None => format!("{} {}", t.kind.name(), t.dir.name()),
    }
}

/// A game from its save. The loaded game starts the turn of the first player listed (`turn` 0,
/// `phase` Shift) with no last push, no winner, no turns played, and the given `rules`.
pub fn parse(text: &str, rules: Rules) -> Result<Labyrinth, SaveError> {
    Parser::new(text).game(rules)
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

fn is_separator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// The tokens, and the position just past the last character.
fn tokenize(text: &str) -> (Vec<Token<'_>>, (usize, usize)) {
    let mut tokens = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut start: Option<(usize, usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if is_separator(c) {
            if let Some((from, l, col)) = start.take() {
                tokens.push(Token { text: &text[from..i], line: l, column: col });
            }
        } else if start.is_none() {
            start = Some((i, line, column));
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    if let Some((from, l, col)) = start {
        tokens.push(Token { text: &text[from..], line: l, column: col });
    }
    (tokens, (line, column))
}

/// `Some(value)` for a NATURAL (`[0-9]+`), saturating at `u64::MAX`.
fn natural(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.bytes().fold(0u64, |v, b| v.saturating_mul(10).saturating_add(u64::from(b - b'0'))))
}

/// How a token is shown in a message: quoted and escaped, long ones cut short.
fn shown(token: Option<&Token<'_>>) -> String {
    match token {
        None => "the end of the input".to_string(),
        Some(t) => {
            const LONG: usize = 30;
            if t.text.chars().count() > LONG {
                let cut: String = t.text.chars().take(LONG).collect();
                format!("{cut:?}…")
            } else {
                format!("{:?}", t.text)
            }
        }
    }
}

/// Where a treasure lies.
#[derive(Debug, Clone, Copy)]
enum Place {
    Extra,
    Square(usize, usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Extra => f.write_str("the extra tile"),
            Place::Square(r, c) => write!(f, "the tile at row {r}, column {c}"),
        }
    }
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    end: (usize, usize),
    /// Where each treasure 1–24 lies (index 0 unused).
    placed: [Option<Place>; 25],
    /// Who holds each card 1–24 (index 0 unused).
    dealt: [Option<Color>; 25],
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        let (tokens, end) = tokenize(text);
        Parser { tokens, next: 0, end, placed: [None; 25], dealt: [None; 25] }
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    fn bump(&mut self) -> Option<Token<'a>> {
        let t = self.peek();
        if t.is_some() {
            self.next += 1;
        }
        t
    }

    /// An error at `token`, or at the end of the input.
    fn error_at(&self, token: Option<Token<'_>>, message: String) -> SaveError {
        let (line, column) = token.map_or(self.end, |t| (t.line, t.column));
        SaveError { line, column, message }
    }

    /// "expected WHAT, found TOKEN" at the token.
    fn expected(&self, token: Option<Token<'_>>, what: &str) -> SaveError {
        self.error_at(token, format!("expected {what}, found {}", shown(token.as_ref())))
    }

    fn game(mut self, rules: Rules) -> Result<Labyrinth, SaveError> {
        let mut players: Vec<(Player, Vec<Token<'a>>)> = Vec::new();
        loop {
            let token = self.peek();
            let word = token.map(|t| t.text);
            if word.and_then(Color::from_name).is_some() {
                let player = self.player(&players)?;
                players.push(player);
            } else if word.and_then(Kind::from_name).is_some() && !players.is_empty() {
                break;
            } else if players.is_empty() {
                let what = if word.and_then(Kind::from_name).is_some() {
                    format!(
                        "a player ({COLORS}) before the extra tile, as a game has 1 to 4 players"
                    )
                } else {
                    format!("a player colour ({COLORS})")
                };
                return Err(self.expected(token, &what));
            } else {
                let what = format!("a card (a number from 1 to 24), another player ({COLORS}) or the extra tile ({KINDS})");
                return Err(self.expected(token, &what));
            }
        }
        let extra = self.extra()?;
        let mut tiles = [extra; SIZE * SIZE];
        for (i, slot) in tiles.iter_mut().enumerate() {
            *slot = self.tile(i / SIZE + 1, i % SIZE + 1, i)?;
        }
        if let Some(token) = self.peek() {
            let what = if Kind::from_name(token.text).is_some() {
                "the end of the input after 49 tiles (a board has 7 rows of 7)"
            } else {
                "the end of the input after the 49 tiles"
            };
            return Err(self.expected(Some(token), what));
        }
        for (player, cards) in &players {
            for (&card, token) in player.cards.iter().zip(cards) {
                if self.placed.get(usize::from(card)).copied().flatten().is_none() {
                    let message = format!("expected a card whose treasure is on a tile, found {card} (no tile has treasure {card})");
                    return Err(self.error_at(Some(*token), message));
                }
            }
        }
        Ok(Labyrinth {
            board: Board { tiles, extra },
            players: players.into_iter().map(|(p, _)| p).collect(),
            rules,
            turn: 0,
            phase: Phase::Shift,
            last_out: None,
            winner: None,
            turns: 0,
        })
    }

    /// COLOR CONTROL POSITION CARDS, with the card tokens (to point at later).
    fn player(
        &mut self,
        before: &[(Player, Vec<Token<'a>>)],
    ) -> Result<(Player, Vec<Token<'a>>), SaveError> {
        let token = self.bump();
        let color = match token.and_then(|t| Color::from_name(t.text)) {
            Some(c) if before.iter().all(|(p, _)| p.color != c) => c,
            found => {
                let free: Vec<&str> = Color::ALL
                    .iter()
                    .filter(|c| before.iter().all(|(p, _)| p.color != **c))
                    .map(|c| c.name())
                    .collect();
                let message = match found {
                    Some(c) if free.is_empty() => format!("expected the extra tile ({KINDS}) after four players, found {} a second time", c.name()),
                    Some(c) => format!("expected a colour not used yet ({}), found {} a second time", free.join(", "), c.name()),
                    None => format!("expected a player colour ({COLORS}), found {}", shown(token.as_ref())),
                };
                return Err(self.error_at(token, message));
            }
        };
        let name = color.name();
        let token = self.bump();
        let Some(control) = token.and_then(|t| Control::from_name(t.text)) else {
            return Err(self.expected(token, &format!("the control of {name} (human, ai)")));
        };
        let row = self.coordinate(&format!("{name}'s row"))?;
        let column = self.coordinate(&format!("{name}'s column"))?;
        let mut cards = Vec::new();
        let mut tokens = Vec::new();
        while let Some(token) = self.peek().filter(|t| natural(t.text).is_some()) {
            self.next += 1;
            let card = self.number_in(token, 1, TREASURES, "a card from 1 to 24")?;
            if let Some(holder) = self.dealt[usize::from(card)] {
                let whose = if holder == color {
                    "this hand".to_string()
                } else {
                    format!("{}'s hand", holder.name())
                };
                let message = format!(
                    "expected a card not dealt yet, found {card}, which is already in {whose}"
                );
                return Err(self.error_at(Some(token), message));
            }
            self.dealt[usize::from(card)] = Some(color);
            cards.push(card);
            tokens.push(token);
        }
        Ok((Player { color, control, pos: (row, column), cards }, tokens))
    }

    /// A row or column, 1–7.
    fn coordinate(&mut self, what: &str) -> Result<u8, SaveError> {
        let token = self.bump();
        let what = format!("{what} (a number from 1 to 7)");
        match token {
            Some(t) if natural(t.text).is_some() => self.number_in(t, 1, SIZE as u64, &what),
            _ => Err(self.expected(token, &what)),
        }
    }

    /// The NATURAL `token` as a number from `low` to `high`.
    fn number_in(
        &self,
        token: Token<'_>,
        low: u64,
        high: u64,
        what: &str,
    ) -> Result<u8, SaveError> {
        match natural(token.text)
            .filter(|v| (low..=high).contains(v))
            .and_then(|v| u8::try_from(v).ok())
        {
            Some(v) => Ok(v),
            None => Err(self.expected(Some(token), what)),
        }
    }

    /// An optional treasure (1–24, on no other tile) at `place`.
    fn treasure(&mut self, place: Place) -> Result<Option<u8>, SaveError> {
        let Some(token) = self.peek().filter(|t| natural(t.text).is_some()) else {
            return Ok(None);
        };
        self.next += 1;
        let t = self.number_in(token, 1, TREASURES, "a treasure from 1 to 24")?;
        if let Some(there) = self.placed[usize::from(t)] {
            let message = format!(
                "expected a treasure not placed yet, found {t}, which is already on {there}"
            );
            return Err(self.error_at(Some(token), message));
        }
        self.placed[usize::from(t)] = Some(place);
        Ok(Some(t))
    }

    /// XTILE := KIND TREASURE; the extra tile faces north.
    fn extra(&mut self) -> Result<Tile, SaveError> {
        let token = self.bump();
        let Some(kind) = token.and_then(|t| Kind::from_name(t.text)) else {
            return Err(self.expected(token, &format!("the extra tile ({KINDS})")));
        };
        let treasure = self.treasure(Place::Extra)?;
        Ok(Tile { kind, dir: Direction::North, treasure })
    }

    /// TILE := KIND TREASURE DIRECTION, the `i`th (0-based) at (`row`, `column`).
    fn tile(&mut self, row: usize, column: usize, i: usize) -> Result<Tile, SaveError> {
        let token = self.bump();
        let kind = match token.and_then(|t| Kind::from_name(t.text)) {
            Some(k) => k,
            None if token.is_none() => {
                let message = format!("expected 49 tiles, found the end of the input after {i}");
                return Err(self.error_at(None, message));
            }
            None => {
                let mut what = format!("a tile kind ({KINDS}) for row {row}, column {column}");
                if i == 0 && token.and_then(|t| Direction::from_name(t.text)).is_some() {
                    what.push_str(" (the extra tile has no direction)");
                }
                return Err(self.expected(token, &what));
            }
        };
        let treasure = self.treasure(Place::Square(row, column))?;
        let token = self.bump();
        let Some(dir) = token.and_then(|t| Direction::from_name(t.text)) else {
            return Err(self.expected(token, &format!("a direction ({DIRECTIONS})")));
        };
        Ok(Tile { kind, dir, treasure })
    }
}

//! Labyrinth on the shared rails ([`Game`]): a turn is two moves, the shift then the step.
//! Codes: shift at insertion point `a` with the tile turned to `d` is 4a + d (0–47); going to
//! square (r, c) is 48 + 7(r − 1) + (c − 1).

use super::board::{index, insertion_name, INSERTIONS, SIZE};
use super::state::{Color, Control, Labyrinth, LabyrinthError, LabyrinthMove, Phase, Rules};
use super::tile::{Direction, Tile};
use rails::arena::MatchRules;
use rails::game::{Actor, Game};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabyrinthParams {
    pub players: Vec<(Color, Control)>,
    pub rules: Rules,
    pub seed: u64,
    /// A saved game to start from (save format) instead of a deal from the seed.
    pub saved: Option<String>,
}

/// What one player knows: the board, every pawn, its own cards and only how many the others hold.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LabyrinthView {
    pub seat: usize,
    /// Rows top to bottom, each tile as "kind[ treasure] direction".
    pub tiles: Vec<String>,
    pub extra: String,
    pub pawns: Vec<(String, u8, u8)>,
    pub cards: Vec<u8>,
    pub cards_left: Vec<usize>,
    /// "shift" or "move".
    pub phase: &'static str,
    pub to_move: usize,
    /// Turns completed.
    pub turns: u32,
    /// "assignment" or "ravensburger".
    pub rules: &'static str,
    /// Where the tile went out on the last push (the Ravensburger rules forbid inserting there).
    pub last_out: Option<u8>,
}

const SHIFTS: usize = INSERTIONS * 4;

fn label_tile(t: &Tile) -> String {
    t.to_string()
}

impl Game for Labyrinth {
    type Params = LabyrinthParams;
    type Move = LabyrinthMove;
    type Error = LabyrinthError;
    /// The winner's seat.
    type Outcome = usize;
    type View = LabyrinthView;

    const ID: &'static str = "labyrinth";

    fn new(p: &LabyrinthParams) -> Result<Labyrinth, LabyrinthError> {
        match &p.saved {
            Some(text) => super::save::parse(text, p.rules)
                .map_err(|e| LabyrinthError::Setup(format!("the saved game, {e}"))),
            None => Labyrinth::deal(&p.players, p.rules, p.seed),
        }
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn to_move(&self) -> Actor {
        match self.winner {
            Some(_) => Actor::Nobody,
            None => Actor::Player(self.turn as u8),
        }
    }

    fn legal_moves(&self) -> Vec<LabyrinthMove> {
        (0..self.move_count()).filter_map(|c| self.move_at(c)).collect()
    }

    fn move_count(&self) -> usize {
        if self.winner.is_some() {
            0
        } else {
            SHIFTS + SIZE * SIZE
        }
    }

    fn move_index(&self, mv: &LabyrinthMove) -> Option<usize> {
        let code = match *mv {
            LabyrinthMove::Shift { at, dir } => usize::from(at) * 4 + dir.index(),
            LabyrinthMove::Go { to } => SHIFTS + index(to),
        };
        self.move_at(code).filter(|m| m == mv).map(|_| code)
    }

    fn move_at(&self, code: usize) -> Option<LabyrinthMove> {
        if self.winner.is_some() {
            return None;
        }
        if code < SHIFTS {
            let at = (code / 4) as u8;
            let mv = LabyrinthMove::Shift { at, dir: Direction::ALL[code % 4] };
            return (self.phase == Phase::Shift && self.check_shift(at).is_ok()).then_some(mv);
        }
        let i = code - SHIFTS;
        if i >= SIZE * SIZE || self.phase != Phase::Move {
            return None;
        }
        let to = ((i / SIZE) as u8 + 1, (i % SIZE) as u8 + 1);
        self.board.reachable(self.mover().pos)[i].then_some(LabyrinthMove::Go { to })
    }

    fn play(&mut self, mv: &LabyrinthMove) -> Result<(), LabyrinthError> {
        let mut next = self.clone();
        match *mv {
            LabyrinthMove::Shift { at, dir } => next.shift(at, dir)?,
            LabyrinthMove::Go { to } => next.go(to)?,
        }
        *self = next;
        Ok(())
    }

    fn outcome(&self) -> Option<usize> {
        self.winner
    }

    fn returns(&self) -> Vec<f64> {
        self.winner.map_or_else(Vec::new, |w| {
            (0..self.players.len()).map(|p| if p == w { 1.0 } else { 0.0 }).collect()
        })
    }

    fn view(&self, seat: u8) -> LabyrinthView {
        let seat = usize::from(seat).min(self.players.len().saturating_sub(1));
        LabyrinthView {
            seat,
            tiles: self.board.tiles.iter().map(label_tile).collect(),
            extra: label_tile(&self.board.extra),
            pawns: self
                .players
                .iter()
                .map(|p| (p.color.name().to_string(), p.pos.0, p.pos.1))
                .collect(),
            cards: self.players.get(seat).map(|p| p.cards.clone()).unwrap_or_default(),
            cards_left: self.players.iter().map(|p| p.cards.len()).collect(),
            phase: if self.phase == Phase::Shift { "shift" } else { "move" },
            to_move: self.turn,
            turns: self.turns,
            rules: if self.rules == Rules::Ravensburger { "ravensburger" } else { "assignment" },
            last_out: self.last_out,
        }
    }

    fn move_label(&self, mv: &LabyrinthMove) -> String {
        match *mv {
            LabyrinthMove::Shift { at, dir } => {
                format!("insert at the {}, turned {}", insertion_name(usize::from(at)), dir.name())
            }
            LabyrinthMove::Go { to: (r, c) } if (r, c) == self.mover().pos => "stay".to_string(),
            LabyrinthMove::Go { to: (r, c) } => format!("go to row {r}, column {c}"),
        }
    }
}

/// Most turns a game of a match lasts; then it stops as a draw.
pub const MATCH_TURNS: u32 = 400;

impl MatchRules for Labyrinth {
    /// The greedy AI (`ai::greedy`) plays the failed turn.
    const FALLBACK: &'static str = "greedy";

    /// A player whose decider fails makes the greedy AI's move.
    fn fallback(&self) -> Option<LabyrinthMove> {
        super::ai::greedy(self)
    }

    /// Every game of a match is dealt afresh (a game from a save starts from the save).
    fn game_params(params: &LabyrinthParams, deal: u64) -> LabyrinthParams {
        LabyrinthParams {
            seed: if params.saved.is_some() { params.seed } else { deal },
            ..params.clone()
        }
    }

    fn capped(&self) -> bool {
        self.turns >= MATCH_TURNS
    }
}

/// Labyrinth's link kinds, for the registry: a game by its players, rules and seed, then its
/// moves by their codes.
pub const LINK_KINDS: &[rails::link::LinkKind] = &[
    rails::link::LinkKind { kind: "labyrinth", game: "labyrinth", version: 1, open: open_link },
    rails::link::LinkKind {
        kind: "labyrinth-bot",
        game: "labyrinth",
        version: rails::link::BOT_LINK_VERSION,
        open: open_bot,
    },
    rails::link::LinkKind {
        kind: "labyrinth-ab",
        game: "labyrinth",
        version: rails::link::ab::AB_VERSION,
        open: |env| rails::link::open_ab(env, "labyrinth"),
    },
];

/// A user's bot as a link (`rails::link::open_bot`): JavaScript only (a program is shared as a file).
fn open_bot(env: &rails::link::Envelope) -> Result<rails::link::Opened, rails::link::LinkError> {
    rails::link::open_bot(env, "labyrinth", &["js"])
}

impl rails::link::LinkParams for LabyrinthParams {
    const VERSION: u32 = 1;

    fn write_params(&self, w: &mut rails::link::BitWriter) {
        w.bits(u64::from(self.rules == Rules::Ravensburger), 1);
        w.bits(u64::from(self.saved.is_some()), 1);
        if let Some(text) = &self.saved {
            w.string(text);
            return;
        }
        w.varint(self.seed);
        w.bits(self.players.len() as u64, 3);
        for &(color, control) in &self.players {
            let c = Color::ALL.iter().position(|&x| x == color).unwrap_or(0) as u64;
            w.bits(c, 2);
            w.bits(u64::from(control == Control::Ai), 1);
        }
    }

    fn read_params(
        r: &mut rails::link::BitReader,
        _version: u32,
    ) -> Result<Self, rails::link::LinkError> {
        let rules = if r.bits(1)? == 1 { Rules::Ravensburger } else { Rules::Assignment };
        if r.bits(1)? == 1 {
            let text = r.string(64 << 10)?;
            return Ok(LabyrinthParams { players: Vec::new(), rules, seed: 0, saved: Some(text) });
        }
        let seed = r.varint()?;
        let n = r.bits(3)? as usize;
        if !(1..=4).contains(&n) {
            return Err(rails::link::LinkError::Malformed(format!(
                "{n} players (a game has 1 to 4)"
            )));
        }
        let mut players = Vec::with_capacity(n);
        for _ in 0..n {
            let color = Color::ALL[r.bits(2)? as usize];
            let control = if r.bits(1)? == 1 { Control::Ai } else { Control::Human };
            players.push((color, control));
        }
        Ok(LabyrinthParams { players, rules, seed, saved: None })
    }
}

fn open_link(env: &rails::link::Envelope) -> Result<rails::link::Opened, rails::link::LinkError> {
    let d = rails::link::decode_record::<Labyrinth>(env)?;
    let p = &d.record.params;
    let mut game =
        Labyrinth::new(p).map_err(|e| rails::link::LinkError::Malformed(e.to_string()))?;
    let players: Vec<_> = game
        .players
        .iter()
        .map(|pl| serde_json::json!({ "color": pl.color.name(), "control": pl.control.name() }))
        .collect();
    let mut codes = Vec::with_capacity(d.record.moves.len());
    for mv in &d.record.moves {
        codes.push(game.move_index(mv).unwrap_or(0));
        let _ = game.play(mv);
    }
    let winner = d.game.winner.map(|w| d.game.players[w].color.name());
    Ok(rails::link::Opened {
        kind: env.kind.clone(),
        version: env.version,
        game: "labyrinth",
        problem: d.problem.clone(),
        data: serde_json::json!({
            "players": players, "ravensburger": p.rules == Rules::Ravensburger, "seed": p.seed as f64,
            "codes": codes, "view": d.record.view,
        }),
        summary: serde_json::json!({
            "kind": env.kind, "players": players, "seed": p.seed, "moves": d.record.moves.len(),
            "turns": d.game.turns, "winner": winner, "problem": d.problem,
        }),
    })
}

//! Labyrinth for JavaScript: a game on the replay tape — new from a seed, loaded from a save or
//! a link — with its board, the legal shifts and steps, the AIs, saving and links.

use labyrinth::board::{fixed, index, insertion, insertion_name, line_squares, INSERTIONS, SIZE};
use labyrinth::game::LabyrinthParams;
use labyrinth::save;
use labyrinth::state::{Color, Control, Labyrinth, LabyrinthMove, Phase, Rules};
use labyrinth::tile::Direction;
use labyrinth::turn_answer::TurnAnswer;
use rails::arena::{MatchRules, MatchSeeds};
use rails::game::Game;
use rails::link::decode_game;
use rails::tape::Tape;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TileJs {
    kind: &'static str,
    dir: &'static str,
    treasure: Option<u8>,
    /// Open sides: north 1, east 2, south 4, west 8.
    openings: u8,
    /// The open sides were the tile turned to each direction (the extra tile as it is turned).
    turned: TurnedJs,
}

#[derive(Serialize)]
struct TurnedJs {
    north: u8,
    east: u8,
    south: u8,
    west: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PlayerJs {
    color: &'static str,
    control: &'static str,
    row: u8,
    column: u8,
    start: (u8, u8),
    cards_left: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateJs {
    tiles: Vec<TileJs>,
    extra: TileJs,
    players: Vec<PlayerJs>,
    /// Index of the player to move, or null when the game is over.
    to_move: Option<usize>,
    /// "shift" or "move".
    phase: &'static str,
    winner: Option<usize>,
    /// How the game ended, in the engine's words; null while it goes on.
    ending: Option<String>,
    turns: u32,
    position: usize,
    length: usize,
    ravensburger: bool,
    /// Insertion points not allowed now (0–11), with the reason.
    blocked: Vec<(u8, String)>,
    /// Squares the player to move can reach now (indices row-major).
    reachable: Vec<u8>,
    insertions: Vec<String>,
}

#[derive(Serialize)]
struct FoundJs {
    seat: usize,
    cards: Vec<u8>,
}

fn tile_js(t: &labyrinth::tile::Tile) -> TileJs {
    let [north, east, south, west] = t.openings_turned();
    TileJs {
        kind: t.kind.name(),
        dir: t.dir.name(),
        treasure: t.treasure,
        openings: t.openings(),
        turned: TurnedJs { north, east, south, west },
    }
}

#[wasm_bindgen]
pub struct LabyrinthGame {
    tape: Tape<Labyrinth>,
}

impl LabyrinthGame {
    fn game(&self) -> &Labyrinth {
        self.tape.position().1
    }
}

#[wasm_bindgen]
impl LabyrinthGame {
    /// `players`: e.g. ["yellow:human", "red:ai"] in turn order. The board is dealt as game 1 of
    /// a series of `seed` deals it (`MatchRules::game_params`), so Play, an arena's first game
    /// and the CLI give the same game for the same seats and seed.
    #[wasm_bindgen(constructor)]
    pub fn new(
        players: Vec<String>,
        ravensburger: bool,
        seed: f64,
    ) -> Result<LabyrinthGame, JsValue> {
        let mut list = Vec::new();
        for p in &players {
            let (c, k) = p.split_once(':').unwrap_or((p, "human"));
            let color =
                Color::from_name(c).ok_or_else(|| js_error(format!("\"{c}\" is not a colour")))?;
            let control = Control::from_name(k)
                .ok_or_else(|| js_error(format!("\"{k}\" is not human or ai")))?;
            list.push((color, control));
        }
        let rules = if ravensburger { Rules::Ravensburger } else { Rules::Assignment };
        let base = LabyrinthParams { players: list, rules, seed: 0, saved: None };
        let params = Labyrinth::game_params(&base, MatchSeeds(seed as u64).deal(0));
        Ok(LabyrinthGame { tape: Tape::start(params, seed as u64, Vec::new()).map_err(js_error)? })
    }

    /// A game loaded from a save file's text; throws `LINE:COL: message`.
    #[wasm_bindgen(js_name = fromSave)]
    pub fn from_save(text: &str, ravensburger: bool) -> Result<LabyrinthGame, JsValue> {
        let rules = if ravensburger { Rules::Ravensburger } else { Rules::Assignment };
        let game = save::parse(text, rules).map_err(js_error)?;
        let params = LabyrinthParams {
            players: Vec::new(),
            rules,
            seed: 0,
            saved: Some(save::print(&game)),
        };
        Ok(LabyrinthGame { tape: Tape::start(params, 0, Vec::new()).map_err(js_error)? })
    }

    /// The game a labyrinth link holds, at its position.
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(link: &str) -> Result<LabyrinthGame, JsValue> {
        let d = decode_game::<Labyrinth>(link).map_err(js_error)?;
        let view = d.record.view;
        let mut tape = Tape::new(d.record).map_err(js_error)?;
        tape.seek(view);
        Ok(LabyrinthGame { tape })
    }

    pub fn state(&self) -> Result<JsValue, JsValue> {
        let g = self.game();
        let reach = if g.winner.is_none() {
            g.board.reachable(g.mover().pos)
        } else {
            vec![false; SIZE * SIZE]
        };
        to_js(&StateJs {
            tiles: g.board.tiles.iter().map(tile_js).collect(),
            extra: tile_js(&g.board.extra),
            players: g
                .players
                .iter()
                .map(|p| PlayerJs {
                    color: p.color.name(),
                    control: p.control.name(),
                    row: p.pos.0,
                    column: p.pos.1,
                    start: p.color.start(),
                    cards_left: p.cards.len(),
                })
                .collect(),
            to_move: g.winner.is_none().then_some(g.turn),
            phase: if g.phase == Phase::Shift { "shift" } else { "move" },
            winner: g.winner,
            ending: g.ending(),
            turns: g.turns,
            position: self.tape.position().0,
            length: self.tape.len(),
            ravensburger: g.rules == Rules::Ravensburger,
            blocked: (0..INSERTIONS as u8)
                .filter_map(|at| g.check_shift(at).err().map(|e| (at, e.to_string())))
                .collect(),
            reachable: (0..SIZE * SIZE).filter(|&i| reach[i]).map(|i| i as u8).collect(),
            insertions: (0..INSERTIONS).map(insertion_name).collect(),
        })
    }

    /// What player `p` knows (the board, every pawn, its own cards, the others' counts): what a
    /// user strategy's `turn(view)` receives.
    pub fn view(&self, p: usize) -> Result<JsValue, JsValue> {
        to_js(&self.game().view(p as u8))
    }

    /// The same view as the JSON text a strategy is handed, exactly.
    #[wasm_bindgen(js_name = viewText)]
    pub fn view_text(&self, p: usize) -> Result<String, JsValue> {
        serde_json::to_string(&self.game().view(p as u8)).map_err(js_error)
    }

    /// A strategy's answer `{ insertion, rotation, row, column }` at the position viewed, in the
    /// engine's words as a series records it ("insert at …; go to …"); throws why it is not a turn.
    #[wasm_bindgen(js_name = turnLabel)]
    pub fn turn_label(
        &self,
        insertion: f64,
        rotation: &str,
        row: f64,
        column: f64,
    ) -> Result<String, JsValue> {
        let whole =
            |x: f64| if x >= 0.0 && x.fract() == 0.0 && x < 1e15 { x as u64 } else { u64::MAX };
        let answer = TurnAnswer {
            insertion: whole(insertion),
            rotation: rotation.to_string(),
            row: whole(row),
            column: whole(column),
        };
        let moves = answer.moves(self.game()).map_err(js_error)?;
        Ok(moves.iter().map(|mv| self.game().move_label(mv)).collect::<Vec<_>>().join("; "))
    }

    /// A new game that forks this one at move `t`: its moves up to there, with each seat played
    /// as `controls` says ("human" or "ai", by seat) — Continue from here.
    pub fn fork(&self, t: usize, controls: Vec<String>) -> Result<LabyrinthGame, JsValue> {
        let mut record = self.tape.fork(t);
        if controls.len() != record.params.players.len() && record.params.saved.is_none() {
            return Err(js_error(format!(
                "the game has {} players, not {}",
                record.params.players.len(),
                controls.len()
            )));
        }
        for (p, k) in record.params.players.iter_mut().zip(&controls) {
            p.1 = Control::from_name(k)
                .ok_or_else(|| js_error(format!("\"{k}\" is not human or ai")))?;
        }
        Ok(LabyrinthGame { tape: Tape::new(record).map_err(js_error)? })
    }

    /// The way the player to move would walk to (row, column): `[row, column, …]` from its pawn,
    /// empty when the square cannot be reached.
    pub fn path(&self, row: u8, column: u8) -> Vec<u8> {
        let g = self.game();
        if g.winner.is_some()
            || !(1..=SIZE as u8).contains(&row)
            || !(1..=SIZE as u8).contains(&column)
        {
            return Vec::new();
        }
        g.board
            .path(g.mover().pos, (row, column))
            .map_or_else(Vec::new, |p| p.into_iter().flat_map(|(r, c)| [r, c]).collect())
    }

    /// Inserts the extra tile, turned to `dir` ("north" …), at insertion point `at` (0–11);
    /// returns the move's index among the legal moves (for the Play series).
    pub fn shift(&mut self, at: u8, dir: &str) -> Result<u32, JsValue> {
        let dir = labyrinth::tile::Direction::from_name(dir)
            .ok_or_else(|| js_error(format!("\"{dir}\" is not a direction")))?;
        self.play(LabyrinthMove::Shift { at, dir })
    }

    /// Moves the pawn to square (row, column), 1-based; returns the move's index, as `shift`.
    pub fn go(&mut self, row: u8, column: u8) -> Result<u32, JsValue> {
        self.play(LabyrinthMove::Go { to: (row, column) })
    }

    fn play(&mut self, mv: LabyrinthMove) -> Result<u32, JsValue> {
        let at = self.tape.position().0;
        let mut probe = self.game().clone();
        probe.play(&mv).map_err(js_error)?;
        let index = self.game().move_index(&mv).unwrap_or(0) as u32;
        self.tape.truncate(at);
        self.tape.push(mv).map_err(js_error)?;
        Ok(index)
    }

    /// Plays, at the position viewed, the legal move of index `index` (a move the Play series
    /// made); returns its label.
    #[wasm_bindgen(js_name = playIndex)]
    pub fn play_index(&mut self, index: u32) -> Result<String, JsValue> {
        let mv = wasm_common::move_at(self.game(), index)?;
        let label = self.game().move_label(&mv);
        self.play(mv)?;
        Ok(label)
    }

    /// The cards move `i` collected, in the engine's words: `{ seat, cards }` (cards empty when
    /// it found none). The position viewed stays where it was.
    pub fn found(&mut self, i: usize) -> Result<JsValue, JsValue> {
        let back = self.tape.position().0;
        let mv = self.tape.moves().get(i).copied();
        let g = self.tape.seek(i);
        let out = FoundJs { seat: g.turn, cards: mv.map(|mv| g.finds(&mv)).unwrap_or_default() };
        self.tape.seek(back);
        to_js(&out)
    }

    pub fn seek(&mut self, t: usize) -> usize {
        self.tape.seek(t);
        self.tape.position().0
    }
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.tape.len()
    }
    /// The turn (1-based, as the replay counts them) of move `i`.
    pub fn turn(&self, i: usize) -> Option<u32> {
        self.tape.info(i).map(|m| m.turn)
    }
    pub fn label(&mut self, i: usize) -> String {
        self.tape.label(i).unwrap_or_default()
    }
    /// The game at the position viewed, in the save format.
    #[wasm_bindgen(js_name = saveText)]
    pub fn save_text(&self) -> String {
        save::print(self.game())
    }
    pub fn link(&self, view: usize) -> String {
        self.tape.link(view)
    }
}

/// Checks a save file's text: the canonical text, or throws `LINE:COL: message`.
#[wasm_bindgen(js_name = labyrinthCheckSave)]
pub fn labyrinth_check_save(text: &str) -> Result<String, JsValue> {
    save::parse(text, Rules::Assignment).map(|g| save::print(&g)).map_err(js_error)
}

/// Index of square (row, column) in `state().tiles`.
#[wasm_bindgen(js_name = labyrinthSquare)]
pub fn labyrinth_square(row: u8, column: u8) -> usize {
    index((row, column))
}

#[derive(Serialize)]
struct DirectionJs {
    name: &'static str,
    /// Its bit in a tile's `openings`.
    bit: u8,
    /// One square that way: (rows, columns).
    step: (i32, i32),
}

#[derive(Serialize)]
struct InsertionJs {
    /// The side of the board the tile goes in from.
    side: &'static str,
    /// The way the tiles move.
    push: &'static str,
    /// The squares of its row or column (row-major indices), in the order the tiles move: the
    /// extra tile goes in at the first, the last one's tile is pushed out.
    squares: Vec<usize>,
}

#[derive(Serialize)]
struct GeometryJs {
    size: usize,
    /// Clockwise from north.
    directions: Vec<DirectionJs>,
    /// Whether each square (row-major) holds a fixed tile.
    fixed: Vec<bool>,
    /// The insertion points in their order (0–11, as `shift` takes them).
    insertions: Vec<InsertionJs>,
}

/// The board's geometry, what the page draws by: its size, the directions, the fixed squares
/// and the insertion points (`board.rs`).
#[wasm_bindgen(js_name = labyrinthGeometry)]
pub fn labyrinth_geometry() -> Result<JsValue, JsValue> {
    let squares = 1..=SIZE as u8;
    to_js(&GeometryJs {
        size: SIZE,
        directions: Direction::ALL
            .into_iter()
            .map(|d| DirectionJs { name: d.name(), bit: d.bit(), step: d.step() })
            .collect(),
        fixed: squares.clone().flat_map(|r| squares.clone().map(move |c| fixed(r, c))).collect(),
        insertions: (0..INSERTIONS)
            .map(|i| {
                let side = insertion(i).0;
                InsertionJs {
                    side: side.name(),
                    push: side.opposite().name(),
                    squares: line_squares(i).into_iter().map(index).collect(),
                }
            })
            .collect(),
    })
}

#[wasm_bindgen]
impl LabyrinthGame {
    /// The debug marks in what a decision printed (`rails::marks`): tiles, squares and paths.
    #[wasm_bindgen(js_name = marksOf)]
    pub fn marks_of(&self, text: &str) -> Result<JsValue, JsValue> {
        wasm_common::marks::marks_of(text, labyrinth::marks::KINDS, &labyrinth::marks::place)
    }
}

//! Lambda Lifter for JavaScript. Commands cross as their route letters (`L R U D W S A`), the
//! mine as map characters, one byte per cell, row-major from the bottom row (index =
//! y · width + x, y = 0 the bottom row), exactly as the engine stores it.

use lifter::maps::{self, OFFICIAL};
use lifter::solver::Solver;
use lifter::view::{ending, Counters, LifterView};
use lifter::{Command, Death, Lifter, LifterParams, Mine, Outcome};
use rails::game::Game;
use rails::tape::Tape;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_common::{js_error, to_js};

fn route_text(commands: &[Command]) -> String {
    commands.iter().map(|c| c.to_char()).collect()
}

fn outcome_name(game: &Lifter) -> Option<&'static str> {
    game.outcome().map(Outcome::name)
}

fn death_name(game: &Lifter) -> Option<&'static str> {
    game.death().map(|d| match d {
        Death::Crushed => "crushed",
        Death::Drowned => "drowned",
    })
}

/// The endings `timeline` refers to by index (0: still playing).
const ENDINGS: [&str; 6] = ["", "win", "abort", "crushed", "drowned", "unfinished"];

fn ending_index(game: &Lifter) -> i32 {
    ending(game).and_then(|e| ENDINGS.iter().position(|&n| n == e)).unwrap_or(0) as i32
}

/// The names of `timeline`'s ending indices: `["", "win", "abort", "crushed", "drowned",
/// "unfinished"]`.
#[wasm_bindgen(js_name = lifterEndings)]
pub fn lifter_endings() -> Vec<String> {
    ENDINGS.iter().map(|s| s.to_string()).collect()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct OfficialMap {
    name: &'static str,
    text: &'static str,
    best_known: Option<i64>,
    /// The best route our solver found on the map, and its score by the engine.
    best_route: Option<&'static str>,
    best_route_score: Option<i64>,
}

/// The official maps in contest order: `[{ name, text, bestKnown, bestRoute, bestRouteScore }]`.
#[wasm_bindgen(js_name = lifterOfficialMaps)]
pub fn lifter_official_maps() -> Result<JsValue, JsValue> {
    let examples = maps::best_routes();
    let list: Vec<OfficialMap> = OFFICIAL
        .iter()
        .map(|&(name, text)| {
            // The table's score, which tests/lifter_best_routes.rs holds equal to the engine's.
            let row = examples.iter().find(|r| r.map == name);
            OfficialMap {
                name,
                text,
                best_known: maps::best_known(name),
                best_route: row.map(|r| r.route),
                best_route_score: row.map(|r| r.score),
            }
        })
        .collect();
    to_js(&list)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateView {
    #[serde(flatten)]
    counters: Counters,
    /// Score if the game ended now by Abort.
    score_as_abort: i64,
    commands: u32,
    command_limit: u32,
    /// 1-based (x, y), y = 1 the bottom row.
    robot: (usize, usize),
    /// "win", "abort", "lose", "unfinished", or null while playing.
    outcome: Option<&'static str>,
    /// "crushed" or "drowned" when lost.
    death: Option<&'static str>,
    /// The last command was a move the robot could not make: it counted as a Wait.
    blocked: bool,
    /// How it ended in one word: "win", "abort", "crushed", "drowned", "unfinished".
    ending: Option<&'static str>,
    /// Commands applied / commands on the tape (the route being replayed or played).
    position: usize,
    length: usize,
}

#[derive(Serialize)]
struct Features {
    beards: bool,
    trampolines: std::collections::BTreeMap<String, String>,
}

#[derive(Serialize)]
struct RouteResult {
    /// Commands of the route applied before the game ended.
    applied: usize,
    /// Commands in the route (other characters are ignored).
    commands: usize,
}

/// A mine being played or replayed, on the shared replay tape: playing a command cuts the tape
/// at the position viewed and appends; `seek` moves along it (engine undo for short steps
/// back, snapshots for long jumps).
#[wasm_bindgen]
pub struct LifterGame {
    params: LifterParams,
    tape: Tape<Lifter>,
}

impl LifterGame {
    fn game(&self) -> &Lifter {
        self.tape.position().1
    }
}

#[wasm_bindgen]
impl LifterGame {
    /// Throws the engine's message ("3:7: unknown cell 'x'") for a bad map.
    #[wasm_bindgen(constructor)]
    pub fn new(name: String, text: String) -> Result<LifterGame, JsValue> {
        let params = LifterParams { name, text };
        let tape = Tape::start(params.clone(), crate::lifter_series::SEED, Vec::new())
            .map_err(js_error)?;
        Ok(LifterGame { params, tape })
    }

    pub fn name(&self) -> String {
        self.params.name.clone()
    }
    /// The map text as loaded (with its metadata).
    #[wasm_bindgen(js_name = mapText)]
    pub fn map_text(&self) -> String {
        self.params.text.clone()
    }
    /// True when this is an official map (links carry only its name).
    pub fn official(&self) -> bool {
        lifter::maps::official(&self.params.name) == Some(self.params.text.as_str())
    }
    pub fn width(&self) -> usize {
        self.game().width()
    }
    pub fn height(&self) -> usize {
        self.game().height()
    }
    /// Map characters of every cell, row-major from the bottom row.
    pub fn cells(&self) -> Vec<u8> {
        self.game().cells().iter().map(|c| c.to_char() as u8).collect()
    }
    /// Rock moves of the last update as flat (from, to) cell index pairs.
    pub fn falls(&self) -> Vec<u32> {
        self.game().falls().iter().flat_map(|&(a, b)| [a, b]).collect()
    }
    /// Cells where beards grew in the last update.
    pub fn grown(&self) -> Vec<u32> {
        self.game().grown()
    }
    /// What kind of mine this is, for the page to describe it: `{ beards, trampolines }`
    /// (`trampolines`: letter → target digit).
    pub fn features(&self) -> Result<JsValue, JsValue> {
        let view = LifterView::of(self.game());
        to_js(&Features { beards: self.game().has_beards(), trampolines: view.trampolines })
    }
    /// How many rocks moved in the last update (cheap, unlike `falls`).
    #[wasm_bindgen(js_name = fallCount)]
    pub fn fall_count(&self) -> usize {
        self.game().fall_count()
    }
    pub fn state(&self) -> Result<JsValue, JsValue> {
        let g = self.game();
        to_js(&StateView {
            counters: Counters::of(g),
            score_as_abort: g.score_as_abort(),
            commands: g.commands(),
            command_limit: g.command_limit(),
            robot: g.robot(),
            outcome: outcome_name(g),
            death: death_name(g),
            blocked: g.blocked(),
            ending: ending(g),
            position: self.position(),
            length: self.tape.len(),
        })
    }
    /// The state as a user's `next(state)` function sees it.
    #[wasm_bindgen(js_name = strategyView)]
    pub fn strategy_view(&self) -> Result<JsValue, JsValue> {
        to_js(&LifterView::of(self.game()))
    }

    /// Plays one command (a route letter, either case) at the current position, cutting the
    /// tape there. Returns false when the game is already over; throws for a letter that is
    /// not a command.
    pub fn step(&mut self, command: &str) -> Result<bool, JsValue> {
        let cmd = Command::from_answer(command).map_err(js_error)?;
        self.play(cmd)
    }
    /// Plays, at the position viewed, the legal command of index `index` (one the Play series
    /// made), cutting the tape there; returns its route letter.
    #[wasm_bindgen(js_name = playIndex)]
    pub fn play_index(&mut self, index: u32) -> Result<String, JsValue> {
        let cmd = self
            .game()
            .move_at(index as usize)
            .ok_or_else(|| js_error(format!("{index} is not the index of a legal command now")))?;
        self.play(cmd)?;
        Ok(cmd.to_char().to_string())
    }
    /// A new game that forks this one after command `t`: its commands up to there (continue
    /// from here), with this game's seed or `seed` (the lab run's that played it).
    pub fn fork(&self, t: usize, seed: Option<f64>) -> Result<LifterGame, JsValue> {
        let mut record = self.tape.fork(t);
        if let Some(seed) = seed {
            record.seed = seed as u64;
        }
        Ok(LifterGame { params: record.params.clone(), tape: Tape::new(record).map_err(js_error)? })
    }
    /// The view a strategy's `next(state)` was handed at the position viewed, as the JSON text
    /// the series sends (the inspector shows it; re-run here hands it over again).
    #[wasm_bindgen(js_name = viewText)]
    pub fn view_text(&self) -> Result<String, JsValue> {
        serde_json::to_string(&LifterView::of(self.game())).map_err(js_error)
    }
    /// Plays `cmd` at the position viewed, cutting the tape there; false when the game is over.
    fn play(&mut self, cmd: Command) -> Result<bool, JsValue> {
        if self.game().outcome().is_some() {
            return Ok(false);
        }
        self.tape.truncate(self.position());
        self.tape.push(cmd).map_err(js_error)?;
        Ok(true)
    }
    /// Takes back the last command and cuts it from the tape.
    pub fn undo(&mut self) -> bool {
        let at = self.position();
        if at == 0 {
            return false;
        }
        self.tape.seek(at - 1);
        self.tape.truncate(at - 1);
        true
    }
    /// Back to the start with an empty tape.
    pub fn restart(&mut self) {
        self.tape.truncate(0);
    }
    /// Plays a whole route from the start (characters that are not commands are ignored, as
    /// are commands after the end); the position is then after its last applied command.
    #[wasm_bindgen(js_name = setRoute)]
    pub fn set_route(&mut self, route: &str) -> Result<JsValue, JsValue> {
        self.restart();
        let commands = Command::parse_route(route);
        for &cmd in &commands {
            if self.tape.push(cmd).is_err() {
                break;
            }
        }
        to_js(&RouteResult { applied: self.tape.len(), commands: commands.len() })
    }
    /// Moves to position `t` on the tape (0: start); returns the position reached.
    pub fn seek(&mut self, t: usize) -> usize {
        self.tape.seek(t);
        self.position()
    }
    /// Commands applied so far.
    pub fn position(&self) -> usize {
        self.tape.position().0
    }
    /// Commands on the tape.
    pub fn length(&self) -> usize {
        self.tape.len()
    }
    /// The whole tape as a route string.
    pub fn route(&self) -> String {
        route_text(self.tape.moves())
    }
    /// After each command of the tape: `[score, lambdas, razors, ending]` flattened, `ending`
    /// an index into `lifterEndings()`.
    pub fn timeline(&self) -> Vec<i32> {
        let mut game = self.tape.initial().clone();
        let mut out = Vec::with_capacity(self.tape.len() * 4);
        for (i, &cmd) in self.tape.moves().iter().enumerate() {
            if game.step(cmd).is_err() {
                break;
            }
            if i % 4096 == 4095 {
                game.clear_history();
            }
            let score = game.score().clamp(i32::MIN.into(), i32::MAX.into()) as i32;
            out.extend([score, game.collected() as i32, game.razors() as i32, ending_index(&game)]);
        }
        out
    }
    /// Share link fragment of the tape, viewed after `view` commands.
    pub fn link(&self, view: usize) -> String {
        self.tape.link(view)
    }
}

/// Share link fragment for a route on a map (official maps travel by name, others with their
/// text), viewed after `view` commands. Commands after the end of the game are dropped.
#[wasm_bindgen(js_name = lifterGameLink)]
pub fn lifter_game_link(
    name: String,
    text: String,
    route: &str,
    view: usize,
) -> Result<String, JsValue> {
    let mut game = LifterGame::new(name, text)?;
    game.set_route(route)?;
    Ok(game.link(view))
}

/// The built-in route search, run in bounded units of work (the caller keeps the clock).
#[wasm_bindgen]
pub struct LifterSolver {
    solver: Solver,
}

#[wasm_bindgen]
impl LifterSolver {
    /// Throws the map's error with line and column.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<LifterSolver, JsValue> {
        let mine = Mine::parse(text).map_err(js_error)?;
        Ok(LifterSolver { solver: Solver::new(&mine) })
    }
    /// Part `index` of a search in `of` parts (one a worker; `Solver::part`); throws the map's
    /// error with line and column.
    pub fn part(text: &str, index: usize, of: usize) -> Result<LifterSolver, JsValue> {
        let mine = Mine::parse(text).map_err(js_error)?;
        Ok(LifterSolver { solver: Solver::part(&mine, index, of) })
    }
    /// About `units` simulated commands of search; true when nothing is left to try.
    pub fn work(&mut self, units: f64) -> bool {
        self.solver.work(units.max(0.0) as u64)
    }
    #[wasm_bindgen(js_name = bestRoute)]
    pub fn best_route(&self) -> String {
        self.solver.best_route().to_string()
    }
    #[wasm_bindgen(js_name = bestScore)]
    pub fn best_score(&self) -> f64 {
        self.solver.best_score() as f64
    }
    pub fn explored(&self) -> f64 {
        self.solver.explored() as f64
    }
}

#[wasm_bindgen]
impl LifterGame {
    /// The debug marks in what a decision printed (`rails::marks`): cells and paths on this mine.
    #[wasm_bindgen(js_name = marksOf)]
    pub fn marks_of(&self, text: &str) -> Result<JsValue, JsValue> {
        let (width, height) = (self.game().width(), self.game().height());
        wasm_common::marks::marks_of(text, lifter::marks::KINDS, &|_, p| {
            lifter::marks::place(width, height, p)
        })
    }
}

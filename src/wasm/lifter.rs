//! Lambda Lifter for JavaScript. Commands cross as their route letters (`L R U D W S A`), the
//! mine as map characters, one byte per cell, row-major from the bottom row (index =
//! y · width + x, y = 0 the bottom row), exactly as the engine stores it.

use super::{js_error, to_js};
use crate::game::Game;
use crate::lifter::maps::OFFICIAL;
use crate::lifter::solver::Solver;
use crate::lifter::view::{Counters, LifterView};
use crate::lifter::{Command, Death, Lifter, LifterParams, Mine, Outcome};
use crate::link::{decode_game, encode_game, GameRecord};
use serde::Serialize;
use wasm_bindgen::prelude::*;

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

/// 0 playing, 1 win, 2 abort, 3 crushed, 4 drowned, 5 unfinished.
fn outcome_code(game: &Lifter) -> i32 {
    match (game.outcome(), game.death()) {
        (None, _) => 0,
        (Some(Outcome::Win), _) => 1,
        (Some(Outcome::Abort), _) => 2,
        (Some(Outcome::Lose), Some(Death::Drowned)) => 4,
        (Some(Outcome::Lose), _) => 3,
        (Some(Outcome::Unfinished), _) => 5,
    }
}

#[derive(Serialize)]
struct OfficialMap {
    name: &'static str,
    text: &'static str,
}

/// The official maps in contest order: `[{ name, text }]`.
#[wasm_bindgen(js_name = lifterOfficialMaps)]
pub fn lifter_official_maps() -> Result<JsValue, JsValue> {
    let list: Vec<OfficialMap> = OFFICIAL.iter().map(|&(name, text)| OfficialMap { name, text }).collect();
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
    /// Commands applied / commands on the tape (the route being replayed or played).
    position: usize,
    length: usize,
}

#[derive(Serialize)]
struct RouteResult {
    /// Commands of the route applied before the game ended.
    applied: usize,
    /// Commands in the route (other characters are ignored).
    commands: usize,
}

/// A mine being played or replayed. It keeps a tape of commands: playing a command cuts the
/// tape at the current position and appends; `seek` moves along the tape (engine undo/step).
#[wasm_bindgen]
pub struct LifterGame {
    params: LifterParams,
    initial: Lifter,
    game: Lifter,
    tape: Vec<Command>,
}

#[wasm_bindgen]
impl LifterGame {
    /// Throws the engine's message ("line 3, column 7: unknown cell 'x'") for a bad map.
    #[wasm_bindgen(constructor)]
    pub fn new(name: String, text: String) -> Result<LifterGame, JsValue> {
        let params = LifterParams { name, text };
        let game = <Lifter as Game>::new(&params).map_err(js_error)?;
        Ok(LifterGame { params, initial: game.clone(), game, tape: Vec::new() })
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
        crate::lifter::maps::official(&self.params.name) == Some(self.params.text.as_str())
    }
    pub fn width(&self) -> usize {
        self.game.width()
    }
    pub fn height(&self) -> usize {
        self.game.height()
    }
    /// Map characters of every cell, row-major from the bottom row.
    pub fn cells(&self) -> Vec<u8> {
        self.game.cells().iter().map(|c| c.to_char() as u8).collect()
    }
    /// Rock moves of the last update as flat (from, to) cell index pairs.
    pub fn falls(&self) -> Vec<u32> {
        self.game.falls().iter().flat_map(|&(a, b)| [a, b]).collect()
    }
    /// How many rocks moved in the last update (cheap, unlike `falls`).
    #[wasm_bindgen(js_name = fallCount)]
    pub fn fall_count(&self) -> usize {
        self.game.fall_count()
    }
    pub fn state(&self) -> Result<JsValue, JsValue> {
        let g = &self.game;
        to_js(&StateView {
            counters: Counters::of(g),
            score_as_abort: g.score_as_abort(),
            commands: g.commands(),
            command_limit: g.command_limit(),
            robot: g.robot(),
            outcome: outcome_name(g),
            death: death_name(g),
            position: self.position(),
            length: self.tape.len(),
        })
    }
    /// The state as a user's `next(state)` function sees it.
    #[wasm_bindgen(js_name = strategyView)]
    pub fn strategy_view(&self) -> Result<JsValue, JsValue> {
        to_js(&LifterView::of(&self.game))
    }

    /// Plays one command (a route letter, either case) at the current position, cutting the
    /// tape there. Returns false when the game is already over; throws for a letter that is
    /// not a command.
    pub fn step(&mut self, command: &str) -> Result<bool, JsValue> {
        let mut chars = command.chars();
        let cmd = match (chars.next(), chars.next()) {
            (Some(c), None) => Command::from_char(c.to_ascii_uppercase()),
            _ => None,
        }
        .ok_or_else(|| js_error(format!("{command:?} is not a command (one of L R U D W S A)")))?;
        if self.game.outcome().is_some() {
            return Ok(false);
        }
        let at = self.position();
        self.game.step(cmd).map_err(js_error)?;
        self.tape.truncate(at);
        self.tape.push(cmd);
        Ok(true)
    }
    /// Takes back the last command (engine undo) and cuts it from the tape.
    pub fn undo(&mut self) -> bool {
        let at = self.position();
        if at == 0 {
            return false;
        }
        if !self.game.undo() {
            self.replay_to(at - 1);
        }
        self.tape.truncate(self.position());
        true
    }
    /// Plays the tape from the start up to `t` (when the engine's undo history ran out).
    fn replay_to(&mut self, t: usize) {
        self.game = self.initial.clone();
        for &cmd in &self.tape[..t.min(self.tape.len())] {
            if self.game.step(cmd).is_err() {
                break;
            }
        }
    }
    /// Back to the start with an empty tape.
    pub fn restart(&mut self) {
        self.game = self.initial.clone();
        self.tape.clear();
    }
    /// Plays a whole route from the start (characters that are not commands are ignored, as
    /// are commands after the end); the position is then after its last applied command.
    #[wasm_bindgen(js_name = setRoute)]
    pub fn set_route(&mut self, route: &str) -> Result<JsValue, JsValue> {
        self.restart();
        let commands = Command::parse_route(route);
        for &cmd in &commands {
            if self.game.step(cmd).is_err() {
                break;
            }
            self.tape.push(cmd);
        }
        to_js(&RouteResult { applied: self.tape.len(), commands: commands.len() })
    }
    /// Moves to position `t` on the tape (0: start); returns the position reached.
    pub fn seek(&mut self, t: usize) -> usize {
        let t = t.min(self.tape.len());
        while self.position() > t {
            if !self.game.undo() {
                self.replay_to(t);
            }
        }
        while self.position() < t {
            let cmd = self.tape[self.position()];
            if self.game.step(cmd).is_err() {
                self.tape.truncate(self.position());
                break;
            }
        }
        self.position()
    }
    /// Commands applied so far.
    pub fn position(&self) -> usize {
        self.game.commands() as usize
    }
    /// Commands on the tape.
    pub fn length(&self) -> usize {
        self.tape.len()
    }
    /// The whole tape as a route string.
    pub fn route(&self) -> String {
        route_text(&self.tape)
    }
    /// After each command of the tape: `[score, lambdas, razors, outcome]` flattened (outcome:
    /// 0 playing, 1 win, 2 abort, 3 crushed, 4 drowned, 5 unfinished).
    pub fn timeline(&self) -> Vec<i32> {
        let mut game = self.initial.clone();
        let mut out = Vec::with_capacity(self.tape.len() * 4);
        for (i, &cmd) in self.tape.iter().enumerate() {
            if game.step(cmd).is_err() {
                break;
            }
            if i % 4096 == 4095 {
                game.clear_history();
            }
            let score = game.score().clamp(i32::MIN.into(), i32::MAX.into()) as i32;
            out.extend([score, game.collected() as i32, game.razors() as i32, outcome_code(&game)]);
        }
        out
    }
    /// Share link fragment of the tape, viewed after `view` commands.
    pub fn link(&self, view: usize) -> Result<String, JsValue> {
        link_of(self.params.clone(), self.tape.clone(), view)
    }
}

fn link_of(params: LifterParams, moves: Vec<Command>, view: usize) -> Result<String, JsValue> {
    let record = GameRecord::<Lifter> { params, seed: 0, players: Vec::new(), moves, view };
    encode_game(&record).map_err(|(i, e)| js_error(format!("command {}: {e}", i + 1)))
}

/// Share link fragment for a route on a map (official maps travel by name, others with their
/// text), viewed after `view` commands. Commands after the end of the game are dropped.
#[wasm_bindgen(js_name = lifterGameLink)]
pub fn lifter_game_link(name: String, text: String, route: &str, view: usize) -> Result<String, JsValue> {
    let mut game = LifterGame::new(name, text)?;
    game.set_route(route)?;
    link_of(game.params, game.tape, view)
}

#[derive(Serialize)]
struct OpenedGame {
    name: String,
    text: String,
    official: bool,
    route: String,
    view: usize,
    /// What was wrong with the rest of the link, when only part of it could be used.
    problem: Option<String>,
}

/// Decodes a lifter game link; throws when nothing usable is in it.
#[wasm_bindgen(js_name = lifterOpenGame)]
pub fn lifter_open_game(link: &str) -> Result<JsValue, JsValue> {
    let d = decode_game::<Lifter>(link).map_err(js_error)?;
    let LifterParams { name, text } = d.record.params;
    to_js(&OpenedGame {
        official: crate::lifter::maps::official(&name) == Some(text.as_str()),
        name,
        text,
        route: route_text(&d.record.moves),
        view: d.record.view,
        problem: d.problem,
    })
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

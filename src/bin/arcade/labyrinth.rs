//! `arcade labyrinth …`: new games as save files, checking saves, AI play, links.

use crate::args::Args;
use crate::Failure;
use lambda_arcade::game::{Actor, Game};
use lambda_arcade::labyrinth::ai::LEVELS;
use lambda_arcade::labyrinth::game::LabyrinthParams;
use lambda_arcade::labyrinth::save;
use crate::js_strategy::JsStrategy;
use lambda_arcade::arena::{Decider, GameLog, Series, SeriesSpec};
use lambda_arcade::labyrinth::ai_seat::{from_view, AiSeat};
use lambda_arcade::labyrinth::game::LabyrinthView;
use lambda_arcade::labyrinth::state::{Color, Control, Labyrinth, LabyrinthMove, Rules};
use lambda_arcade::labyrinth::tile::Direction;
use lambda_arcade::link::{encode_game, GameRecord};
use serde_json::{json, Value};

const VALUED: &[&str] = &["players", "seed", "ai", "max-turns", "base", "games", "seats"];
const FLAGS: &[&str] = &["json", "ravensburger"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("new") => new(&args),
        Some("check") => check(&args),
        Some("play") => play(&args),
        Some("arena") => arena(&args),
        Some("link") => link(&args),
        Some(other) => Err(Failure::usage(format!("unknown labyrinth command \"{other}\""))),
        None => Err(Failure::usage("labyrinth needs a command")),
    }
}

fn rules(args: &Args) -> Rules {
    if args.flag("ravensburger") { Rules::Ravensburger } else { Rules::Assignment }
}

/// `yellow:ai,red:human` → the players in turn order.
fn players(spec: &str) -> Result<Vec<(Color, Control)>, Failure> {
    spec.split(',')
        .map(|p| {
            let (c, k) = p.split_once(':').unwrap_or((p, "ai"));
            let color = Color::from_name(c).ok_or_else(|| Failure::usage(format!("\"{c}\" is not a colour (yellow, red, blue, green)")))?;
            let control = Control::from_name(k).ok_or_else(|| Failure::usage(format!("\"{k}\" is not human or ai")))?;
            Ok((color, control))
        })
        .collect()
}

fn params(args: &Args) -> Result<LabyrinthParams, Failure> {
    let players = players(args.value("players").unwrap_or("yellow:ai,red:ai"))?;
    Ok(LabyrinthParams { players, rules: rules(args), seed: args.number("seed", 1u64)?, saved: None })
}

/// `arcade labyrinth new --players yellow:ai,red:human [--seed S]`: a save file of a new game.
fn new(args: &Args) -> Result<(), Failure> {
    let p = params(args)?;
    let game = Labyrinth::new(&p).map_err(|e| Failure::usage(e.to_string()))?;
    print!("{}", save::print(&game));
    Ok(())
}

fn load(path: &str, rules: Rules) -> Result<Labyrinth, Failure> {
    let text = crate::read_text(path)?;
    save::parse(&text, rules).map_err(|e| Failure::input(format!("{path}:{e}")))
}

/// `arcade labyrinth check FILE`: the save in canonical form, or `FILE:LINE:COL: message`.
fn check(args: &Args) -> Result<(), Failure> {
    let [path] = args.positional.as_slice() else { return Err(Failure::usage("check takes one save file")) };
    print!("{}", save::print(&load(path, rules(args))?));
    Ok(())
}

/// `arcade labyrinth play (FILE | --seed S --players …) [--max-turns N] [--json]`: every seat
/// played by the AI until a player wins.
fn play(args: &Args) -> Result<(), Failure> {
    let max_turns = args.number("max-turns", 1000u32)?;
    let level = args.value("ai").unwrap_or("greedy");
    // The AI of every seat decides from that seat's view, as in the arenas and the page.
    let mut ai = AiSeat::new(level).ok_or_else(|| Failure::usage(format!("unknown AI level \"{level}\" ({})", LEVELS.join(", "))))?;
    let (mut game, record) = match args.positional.as_slice() {
        [path] => {
            let game = load(path, rules(args))?;
            let params = LabyrinthParams { players: Vec::new(), rules: rules(args), seed: 0, saved: Some(save::print(&game)) };
            (game, Some(params))
        }
        [] => {
            let p = params(args)?;
            (Labyrinth::new(&p).map_err(|e| Failure::usage(e.to_string()))?, Some(p))
        }
        _ => return Err(Failure::usage("play takes a save file or --seed and --players")),
    };
    let mut moves = Vec::new();
    while game.winner.is_none() && game.turns < max_turns {
        let Actor::Player(seat) = game.to_move() else { break };
        let mv = ai.decide(&game.view(seat)).map_err(Failure::input)?;
        game.play(&mv).map_err(|e| Failure::input(format!("the AI made an illegal move: {e}")))?;
        moves.push(mv);
    }
    let winner = game.winner.map(|w| game.players[w].color.name());
    // A game travels as a link: dealt from its seed, or starting from the save it was loaded from.
    let link = match record {
        Some(params) => {
            let r = GameRecord::<Labyrinth> { params, seed: 0, players: vec![], view: moves.len(), moves };
            Some(format!("{}#{}", args.base_url(), encode_game(&r).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?))
        }
        None => None,
    };
    if args.flag("json") {
        println!("{}", json!({ "winner": winner, "turns": game.turns, "link": link }));
    } else {
        println!("{}", game.ending().unwrap_or_else(|| format!("nobody won in {} turns", game.turns)));
        if let Some(l) = link {
            println!("link: {l}");
        }
    }
    Ok(())
}

/// `arcade labyrinth arena A B [--games N] [--seed S] [--seats 2|4] [--json]`: games between AI
/// levels or JavaScript files, seats alternating (with four seats, two players of each);
/// `{"wins": [a, b], "draws": d}` (a draw: nobody won in 400 turns). A JavaScript turn that
/// fails is played by the greedy AI and listed under `problems`. Every game is one game of the
/// series (arena::Series), played apart so that games run at once on every core and a
/// JavaScript strategy starts afresh each game.
fn arena(args: &Args) -> Result<(), Failure> {
    let [a, b] = args.positional.as_slice() else { return Err(Failure::usage("arena takes two entrants A and B (AI levels or .js files)")) };
    let entrants = [Entrant::parse(a)?, Entrant::parse(b)?];
    let games = args.number("games", 20u32)?;
    let seed = args.number("seed", 1u64)?;
    let seats = args.number("seats", 2usize)?;
    if seats != 2 && seats != 4 {
        return Err(Failure::usage("--seats must be 2 or 4"));
    }
    let players: Vec<(Color, Control)> = Color::ALL[..seats].iter().map(|&c| (c, Control::Ai)).collect();
    let params = LabyrinthParams { players, rules: rules(args), seed: 0, saved: None };
    let played = crate::parallel::map(games as usize, |g| arena_game(&entrants, &params, seed, g as u32));
    let (mut wins, mut draws, mut turns, mut problems, mut links) = ([0u32; 2], 0u32, 0u32, Vec::new(), Vec::new());
    let names = [a.clone(), b.clone()];
    for result in played {
        let (log, game_problems) = result?;
        turns += log.end.turns;
        let fragment = encode_game(&log.record(seed, &names)).map_err(|(i, e)| Failure::input(format!("game {}, move {}: {e}", log.game + 1, i + 1)))?;
        links.push(format!("{}#{fragment}", args.base_url()));
        match log.end.winner {
            Some(seat) => wins[log.seating[seat]] += 1,
            None => draws += 1,
        }
        problems.extend(game_problems);
    }
    let mean_turns = f64::from(turns) / f64::from(games.max(1));
    if args.flag("json") {
        println!("{}", json!({ "a": a, "b": b, "games": games, "seed": seed, "wins": wins, "draws": draws, "mean_turns": mean_turns, "problems": problems, "links": links }));
    } else {
        println!("{a} vs {b}: {games} games, seats alternating: wins {a} {}, {b} {}, draws {draws}; {mean_turns:.1} turns a game", wins[0], wins[1]);
        for p in problems.iter().take(20) {
            println!("game {}, turn {}: {} (the greedy AI played this turn)", p["game"], p["turn"], p["message"].as_str().unwrap_or_default());
        }
        if problems.len() > 20 {
            println!("… and {} more turns played by the greedy AI", problems.len() - 20);
        }
    }
    Ok(())
}

/// One side of an arena: an AI level, or a JavaScript file defining `turn(view)`.
enum Entrant {
    Level(&'static str),
    Js(String),
}

impl Entrant {
    fn parse(name: &str) -> Result<Entrant, Failure> {
        if name.ends_with(".js") || name.ends_with(".mjs") {
            return Ok(Entrant::Js(name.to_string()));
        }
        LEVELS.iter().find(|&&l| l == name).map(|&l| Entrant::Level(l))
            .ok_or_else(|| Failure::usage(format!("\"{name}\" is neither an AI level ({}) nor a .js file", LEVELS.join(", "))))
    }

    /// Its decider for one game: a JavaScript file gets a fresh process every game.
    fn decider(&self) -> Result<Box<dyn Decider<Labyrinth>>, Failure> {
        Ok(match self {
            Entrant::Level(l) => Box::new(AiSeat::new(l).ok_or_else(|| Failure::usage(format!("unknown AI level \"{l}\"")))?),
            Entrant::Js(path) => Box::new(JsSeat { js: JsStrategy::start(path, "turn", TURN_MS).map_err(Failure::input)?, step: None }),
        })
    }
}

/// A JavaScript strategy's time for one turn, as in the page.
const TURN_MS: u64 = 500;

/// A JavaScript strategy in a seat: asked once a turn for `{ rotation, insertion, row, column }`;
/// the shift is its answer to the shift, the step its answer to the move that follows.
struct JsSeat {
    js: JsStrategy,
    step: Option<LabyrinthMove>,
}

impl Decider<Labyrinth> for JsSeat {
    fn decide(&mut self, view: &LabyrinthView) -> Result<LabyrinthMove, String> {
        if view.phase == "move" {
            return self.step.take().ok_or_else(|| "asked for a step without a shift of its own".to_string());
        }
        let text = serde_json::to_string(view).map_err(|e| e.to_string())?;
        let answer = self.js.ask(&text)?;
        let mut moves = js_turn(&from_view(view)?, &answer)?.into_iter();
        let shift = moves.next().ok_or("the turn has no shift")?;
        self.step = moves.next();
        Ok(shift)
    }
}

/// Reads `{ rotation, insertion, row, column }` as the turn's two moves, checked in `game`.
fn js_turn(game: &Labyrinth, answer: &serde_json::Value) -> Result<Vec<LabyrinthMove>, String> {
    let field = |k: &str| answer.get(k).ok_or_else(|| format!("the answer has no \"{k}\" (expected {{ rotation, insertion, row, column }})"));
    let number = |k: &str| field(k)?.as_u64().and_then(|n| u8::try_from(n).ok()).ok_or_else(|| format!("\"{k}\" is not a small whole number"));
    let rotation = field("rotation")?.as_str().ok_or("\"rotation\" is not a string")?;
    let dir = Direction::rotation(rotation)?;
    game.turn_moves(number("insertion")?, dir, (number("row")?, number("column")?)).map(Vec::from).map_err(|e| e.to_string())
}

/// Game `g` of the arena's series: its log and the turns a JavaScript strategy failed (played
/// by the greedy AI), one line a turn.
fn arena_game(entrants: &[Entrant; 2], params: &LabyrinthParams, seed: u64, g: u32) -> Result<(GameLog<Labyrinth>, Vec<Value>), Failure> {
    let deciders = vec![Some(entrants[0].decider()?), Some(entrants[1].decider()?)];
    let spec = SeriesSpec { first: g, ..SeriesSpec::new(params.clone(), 1, seed) };
    let series = Series::new(spec, deciders).map_err(Failure::input)?.run().map_err(Failure::input)?;
    let log = series.logs().first().cloned().ok_or_else(|| Failure::input("the game was not played"))?;
    let problems = series
        .failures()
        .iter()
        .map(|f| json!({ "game": f.game + 1, "turn": f.move_index / 2 + 1, "seat": f.seat, "message": f.message }))
        .collect();
    Ok((log, problems))
}

/// `arcade labyrinth link FILE`: a share link that resumes the saved game.
fn link(args: &Args) -> Result<(), Failure> {
    let [path] = args.positional.as_slice() else { return Err(Failure::usage("link takes one save file")) };
    let game = load(path, rules(args))?;
    let params = LabyrinthParams { players: Vec::new(), rules: rules(args), seed: 0, saved: Some(save::print(&game)) };
    let record = GameRecord::<Labyrinth> { params, seed: 0, players: vec![], moves: vec![], view: 0 };
    let fragment = encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{fragment}", args.base_url());
    Ok(())
}

//! `arcade labyrinth …`: new games as save files, checking saves, AI play, links.

use crate::args::Args;
use crate::Failure;
use lambda_arcade::game::Game;
use lambda_arcade::labyrinth::ai::simple;
use lambda_arcade::labyrinth::game::LabyrinthParams;
use lambda_arcade::labyrinth::save;
use lambda_arcade::labyrinth::state::{Color, Control, Labyrinth, LabyrinthMove, Rules};
use lambda_arcade::link::{encode_game, GameRecord};
use serde_json::json;

const VALUED: &[&str] = &["players", "seed", "ai", "max-turns", "base"];
const FLAGS: &[&str] = &["json", "ravensburger"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("new") => new(&args),
        Some("check") => check(&args),
        Some("play") => play(&args),
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
    Ok(LabyrinthParams { players, rules: rules(args), seed: args.number("seed", 1u64)? })
}

/// `arcade labyrinth new --players yellow:ai,red:human [--seed S]`: a save file of a new game.
fn new(args: &Args) -> Result<(), Failure> {
    let p = params(args)?;
    let game = Labyrinth::new(&p).map_err(|e| Failure::usage(e.to_string()))?;
    print!("{}", save::print(&game));
    Ok(())
}

fn load(path: &str, rules: Rules) -> Result<Labyrinth, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| Failure::input(format!("{path}: {e}")))?;
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
    if let Some(level) = args.value("ai") {
        if level != "simple" {
            return Err(Failure::usage(format!("unknown AI level \"{level}\" (this build has: simple)")));
        }
    }
    let (mut game, record) = match args.positional.as_slice() {
        [path] => (load(path, rules(args))?, None),
        [] => {
            let p = params(args)?;
            (Labyrinth::new(&p).map_err(|e| Failure::usage(e.to_string()))?, Some(p))
        }
        _ => return Err(Failure::usage("play takes a save file or --seed and --players")),
    };
    let mut moves = Vec::new();
    while game.winner.is_none() && game.turns < max_turns {
        let Some(mv) = simple(&game) else { break };
        let result = match mv {
            LabyrinthMove::Shift { at, dir } => game.shift(at, dir),
            LabyrinthMove::Go { to } => game.go(to),
        };
        result.map_err(|e| Failure::input(format!("the AI made an illegal move: {e}")))?;
        moves.push(mv);
    }
    let winner = game.winner.map(|w| game.players[w].color.name());
    // A game dealt from a seed travels as a link; a loaded save has no seed to deal from.
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
        println!("{} after {} turns", winner.map_or("nobody won".to_string(), |w| format!("{w} wins")), game.turns);
        if let Some(l) = link {
            println!("link: {l}");
        }
    }
    Ok(())
}

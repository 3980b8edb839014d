//! `arcade labyrinth …`: new games as save files, checking saves, AI play, links (the arena
//! is in labyrinth_arena.rs).

use crate::args::{Base, Seed};
use crate::labyrinth_rules::RulesArg;
use crate::Failure;
use labyrinth::ai_seat::AiSeat;
use labyrinth::game::LabyrinthParams;
use labyrinth::save;
use labyrinth::state::{Color, Control, Labyrinth, Rules};
use rails::arena::{Deciders, MatchRules, MatchSeeds, Series, SeriesSpec, Start};
use rails::game::Game;
use rails::link::{encode_game, GameRecord};
use serde_json::json;

#[derive(clap::Subcommand, Debug)]
#[command(
    after_help = "AI levels: simple, greedy, strong. Players: colour:control pairs in turn order, colours yellow,\nred, blue, green; control ai or human (e.g. yellow:ai,red:human)."
)]
pub enum Command {
    /// A new game, printed as a save file
    New {
        #[command(flatten)]
        deal: Deal,
    },
    /// A save file in canonical form, or FILE:LINE:COL: message
    Check {
        /// A save file (- for standard input)
        #[arg(value_name = "FILE")]
        file: String,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// A game played by the AI in every seat, as an arena plays its games (the same seed and
    /// seats give the same game as the page's Play tab and an arena's first game): winner,
    /// turns, link; a game not won in 400 turns stops there
    Play {
        /// A save file to play on (otherwise a new game from --seed and --players)
        #[arg(value_name = "FILE")]
        file: Option<String>,
        #[command(flatten)]
        deal: Deal,
        /// The AI level of every seat (simple, greedy, strong)
        #[arg(long, value_name = "LEVEL", default_value = "greedy")]
        ai: String,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        base: Base,
    },
    /// Games of A against B (AI levels or .js files), seats alternating: wins, draws, links
    Arena(crate::labyrinth_arena::ArenaArgs),
    /// A share link that resumes a saved game in the page
    Link {
        /// A save file
        #[arg(value_name = "FILE")]
        file: String,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        base: Base,
    },
}

/// A new game: its players, seed and rules.
#[derive(clap::Args, Debug)]
pub struct Deal {
    /// The players in turn order, colour:control
    #[arg(long, value_name = "PLAYERS", default_value = "yellow:ai,red:ai")]
    players: String,
    #[command(flatten)]
    seed: Seed,
    #[command(flatten)]
    rules: RulesArg,
}

pub fn main(command: &Command) -> Result<(), Failure> {
    match command {
        Command::New { deal } => new(deal),
        Command::Check { file, rules } => check(file, rules.rules()),
        Command::Play { file, deal, ai, json, base } => {
            play(file.as_deref(), deal, ai, *json, base)
        }
        Command::Arena(args) => crate::labyrinth_arena::arena(args),
        Command::Link { file, rules, base } => link(file, rules.rules(), base),
    }
}

/// `yellow:ai,red:human` → the players in turn order.
fn players(spec: &str) -> Result<Vec<(Color, Control)>, Failure> {
    spec.split(',')
        .map(|p| {
            let (c, k) = p.split_once(':').unwrap_or((p, "ai"));
            let color = Color::from_name(c).ok_or_else(|| {
                Failure::usage(format!("\"{c}\" is not a colour (yellow, red, blue, green)"))
            })?;
            let control = Control::from_name(k)
                .ok_or_else(|| Failure::usage(format!("\"{k}\" is not human or ai")))?;
            Ok((color, control))
        })
        .collect()
}

/// A new game's parameters: dealt as the first game of a series of the seed deals it.
fn params(deal: &Deal) -> Result<LabyrinthParams, Failure> {
    let base = LabyrinthParams {
        players: players(&deal.players)?,
        rules: deal.rules.rules(),
        seed: 0,
        saved: None,
    };
    Ok(Labyrinth::game_params(&base, MatchSeeds(deal.seed.value).deal(0)))
}

/// `arcade labyrinth new --players yellow:ai,red:human [--seed S]`: a save file of a new game.
fn new(deal: &Deal) -> Result<(), Failure> {
    let p = params(deal)?;
    let game = Labyrinth::new(&p).map_err(|e| Failure::usage(e.to_string()))?;
    print!("{}", save::print(&game));
    Ok(())
}

fn load(path: &str, rules: Rules) -> Result<Labyrinth, Failure> {
    let text = crate::read_text(path)?;
    save::parse(&text, rules).map_err(|e| Failure::input(format!("{path}:{e}")))
}

/// `arcade labyrinth check FILE`: the save in canonical form, or `FILE:LINE:COL: message`.
fn check(path: &str, rules: Rules) -> Result<(), Failure> {
    print!("{}", save::print(&load(path, rules)?));
    Ok(())
}

/// `arcade labyrinth play (FILE | --seed S --players …) [--json]`: every seat played by the AI,
/// a one-game series from the dealt or saved position (the turn cap and every seed are the
/// series').
fn play(
    file: Option<&str>,
    deal: &Deal,
    level: &str,
    json: bool,
    base: &Base,
) -> Result<(), Failure> {
    let rules = deal.rules.rules();
    let params = match file {
        Some(path) => LabyrinthParams {
            players: Vec::new(),
            rules,
            seed: 0,
            saved: Some(save::print(&load(path, rules)?)),
        },
        None => params(deal)?,
    };
    let seats = Labyrinth::new(&params).map_err(|e| Failure::usage(e.to_string()))?.seats();
    let mut deciders: Deciders<Labyrinth> = Vec::new();
    for _ in 0..seats {
        // The AI of every seat decides from that seat's view, as in the arenas and the page.
        let ai = AiSeat::new(level).map_err(|e| Failure::usage(e.to_string()))?;
        deciders.push(Some(Box::new(ai)));
    }
    let spec = SeriesSpec::new(params.clone(), 1, deal.seed.value);
    let mut series = Series::from_position(spec, deciders, Start { params, moves: Vec::new() })
        .map_err(Failure::input)?;
    series.set_clock(crate::decisions::clock());
    let series = series.run().map_err(Failure::input)?;
    let Some(log) = series.logs().first() else {
        return Err(Failure::input("the game was not played"));
    };
    let game = &log.end;
    let winner = game.winner.map(|w| game.players[w].color.name());
    // A game travels as a link: dealt from its seed, or starting from the save it was loaded from.
    let link = format!(
        "{}#{}",
        base.url(),
        encode_game(&log.record(deal.seed.value, &vec![format!("AI {level}"); seats]))
            .map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?
    );
    if json {
        println!(
            "{}",
            json!({ "winner": winner, "turns": game.turns, "link": link, "capped": log.capped, "decisions": crate::decisions::json(log) })
        );
    } else {
        println!(
            "{}",
            game.ending().unwrap_or_else(|| format!("nobody won in {} turns", game.turns))
        );
        println!("link: {link}");
    }
    Ok(())
}

/// `arcade labyrinth link FILE`: a share link that resumes the saved game.
fn link(path: &str, rules: Rules, base: &Base) -> Result<(), Failure> {
    let game = load(path, rules)?;
    let params =
        LabyrinthParams { players: Vec::new(), rules, seed: 0, saved: Some(save::print(&game)) };
    let record =
        GameRecord::<Labyrinth> { params, seed: 0, players: vec![], moves: vec![], view: 0 };
    let fragment =
        encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{fragment}", base.url());
    Ok(())
}

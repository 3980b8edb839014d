//! `arcade punter play`, `arena` and `link`: games between built-in bots and outside programs
//! (`exe:COMMAND`, the official offline protocol), their links and logs.

use crate::args::{Base, Decisions, MapsDir, Output, Seed, Sides};
use crate::merge::{field, finish, standings, Fields, GameResult, Kind};

use crate::program_seat::is_program;
use crate::punter_seats::{Played, Problem};
use crate::Failure;
use punter::bots::entrants;
use punter::log::export;
use punter::{maps, GameLog, Punter, PunterParams, Settings};
use rails::link::{encode_game, GameRecord};
use serde_json::{json, Value};

/// The official extensions a game plays with.
#[derive(clap::Args, Debug)]
pub struct Extensions {
    /// Futures: each punter bets on sites it will connect to a mine
    #[arg(long)]
    futures: bool,
    /// Splurges: a punter may pass to claim several rivers in a row later
    #[arg(long)]
    splurges: bool,
    /// Options: a punter may claim a river already claimed by another (once per mine)
    #[arg(long)]
    options: bool,
}

impl Extensions {
    pub fn settings(&self) -> Settings {
        Settings { futures: self.futures, splurges: self.splurges, options: self.options }
    }
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The map: a bundled one by name (lambda, circle, boston …) or a map file
    #[arg(value_name = "MAP")]
    map: String,
    /// The seats in order (at least two): built-in bots (random, greedy, strong) or programs
    /// speaking the official offline protocol: exe:COMMAND or wasm:FILE ARGS…
    #[arg(long, value_name = "BOT,BOT,…", default_value = "greedy,random")]
    bots: String,
    #[command(flatten)]
    game: OneGame,
}

/// What a single game is played with and how it is reported (`play`, `serve`).
#[derive(clap::Args, Debug)]
pub struct OneGame {
    #[command(flatten)]
    pub extensions: Extensions,
    #[command(flatten)]
    pub seed: Seed,
    /// Write the game as an official log to FILE
    #[arg(long, value_name = "FILE")]
    pub log: Option<String>,
    /// Print one JSON object
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub base: Base,
}

#[derive(clap::Args, Debug)]
#[command(
    after_help = "A and B are bots (random, greedy or strong) or programs speaking the official offline protocol: exe:COMMAND\nor wasm:FILE ARGS… (a fresh process per request; 10 s for setup, 1 s a move, timed from outside; ten timeouts\nmake a zombie)."
)]
pub struct ArenaArgs {
    #[command(flatten)]
    sides: Sides,
    /// The map: a bundled one by name (lambda, circle, boston …) or a map file
    #[arg(long, value_name = "MAP", default_value = "lambda")]
    map: String,
    /// Games (1 to 1,000,000; at most 10,000 in one process: more need --shard)
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    #[command(flatten)]
    seed: Seed,
    #[command(flatten)]
    extensions: Extensions,
    #[command(flatten)]
    out: Output,
    #[command(flatten)]
    decisions: Decisions,
}

/// A bundled map by name ("lambda" or "lambda.json") or a map file.
pub fn params(map: &str, punters: usize, settings: Settings) -> Result<PunterParams, Failure> {
    let name = if map.ends_with(".json") { map.to_string() } else { format!("{map}.json") };
    if let Some(text) = maps::bundled(&name) {
        return PunterParams::new(&name, text, punters, settings, Vec::new())
            .map_err(|e| Failure::in_file(&name, e));
    }
    let bytes = std::fs::read(map).map_err(|e| {
        Failure::usage(format!("\"{map}\" is neither a bundled map nor a readable file: {e}"))
    })?;
    let text = rails::inputs::text_of(&bytes).map_err(|e| Failure::in_file(map, e))?;
    let file = std::path::Path::new(map)
        .file_name()
        .map_or(map.to_string(), |f| f.to_string_lossy().into_owned());
    PunterParams::new(&file, text, punters, settings, Vec::new())
        .map_err(|e| Failure::in_file(map, e))
}

/// Game `game` of the series of `seed` between `names`: built-in bots (fresh, seeded for that
/// game; each bids its futures for the seat it takes) and `exe:` programs; seats rotating with
/// the game.
fn run(params: PunterParams, names: &[String], seed: u64, game: u32) -> Result<Played, Failure> {
    crate::punter_seats::play_game(params, names, seed, game, 1.0)
}

/// `arcade punter play MAP --bots a,b,… [--futures] [--splurges] [--options] [--seed S] [--log FILE] [--json]`
pub fn play(args: &PlayArgs) -> Result<(), Failure> {
    let names: Vec<String> = args.bots.split(',').map(str::to_string).collect();
    if names.len() < 2 {
        return Err(Failure::usage("--bots needs at least two bots, e.g. --bots greedy,random"));
    }
    let params = params(&args.map, names.len(), args.game.extensions.settings())?;
    let played = run(params, &names, args.game.seed.value, 0)?;
    report(&args.game, &names, played)
}

/// The scores, the link, the remarks on outside programs, and the official log with `--log`.
pub fn report(how: &OneGame, names: &[String], played: Played) -> Result<(), Failure> {
    let seed = how.seed.value;
    let Played { log, problems } = played;
    let params = log.params.clone();
    let scores = log.end.game().scores();
    let record = GameRecord::<Punter> {
        params: params.clone(),
        seed,
        players: names.to_vec(),
        moves: log.moves.clone(),
        view: log.moves.len(),
    };
    let link =
        encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    let link = format!("{}#{link}", how.base.url());
    if let Some(path) = &how.log {
        let text = export(&params, &log.moves, names).map_err(|e| Failure::input(e.to_string()))?;
        std::fs::write(path, text).map_err(|e| Failure::in_file(path, e))?;
    }
    if how.json {
        println!(
            "{}",
            json!({ "scores": scores, "link": link, "moves": log.moves.len(), "problems": problems, "decisions": crate::decisions::json(&log) })
        );
    } else {
        println!(
            "{} on {} ({} punters, seed {seed})",
            names.join(" vs "),
            params.map_name,
            names.len()
        );
        for (p, (n, s)) in names.iter().zip(&scores).enumerate() {
            println!("  punter {p} {n:<8} {s}");
        }
        print_problems(&problems, names);
        println!("link: {link}");
    }
    Ok(())
}

/// The referee's remarks on outside programs, at most 20 lines.
fn print_problems(problems: &[Problem], names: &[String]) {
    for p in problems.iter().take(20) {
        println!(
            "  game {}, {} (seat {}), {}: {}",
            p.game + 1,
            names.get(p.entrant).map_or("?", String::as_str),
            p.seat,
            p.phase,
            p.message
        );
    }
    if problems.len() > 20 {
        println!("  … and {} more remarks", problems.len() - 20);
    }
}

/// What `arcade merge` knows of an arena's output.
pub const MERGE: Kind = Kind {
    command: "punter arena",
    listed: &["links", "results", "problems", "decisions"],
    optional: &["decisions"],
    derived: &["wins", "draws", "mean_scores"],
    units,
    summary,
    seating,
};

/// Seats alternate between A and B, A in seat 0 of game 1.
fn seating(_: &Fields, game: u32) -> Result<Vec<usize>, String> {
    Ok((0..2).map(|seat| rails::arena::seating(2, 0, game.saturating_sub(1), seat)).collect())
}

fn units(fields: &Fields) -> Result<(usize, u32), String> {
    Ok((field(fields, "games")?, 1))
}

/// Wins, draws and mean scores of A and B, from the games in `"results"`.
fn summary(fields: &mut Fields) -> Result<(), String> {
    let results: Vec<GameResult> = field(fields, "results")?;
    let s = standings(2, &results);
    let mean = |i: usize| s.tallies[i].score / results.len().max(1) as f64;
    fields.insert("wins".into(), json!([s.tallies[0].wins, s.tallies[1].wins]));
    fields.insert("draws".into(), s.tallies[0].draws.into());
    fields.insert("mean_scores".into(), json!([mean(0), mean(1)]));
    Ok(())
}

/// `arcade punter arena A B [--map MAP] [--games N] [--seed S] [flags] [--json] [--shard K/N]`:
/// seats alternate.
pub fn arena(args: &ArenaArgs) -> Result<(), Failure> {
    let (a, b, seed, games) = (&args.sides.a, &args.sides.b, args.seed.value, args.games);
    let names = vec![a.clone(), b.clone()];
    // One process keeps its games' logs: at most 10,000 of them; a run in shards may be longer.
    let mine = args.out.part().range(games as usize);
    if games == 0 || games > 1_000_000 || mine.len() > 10_000 {
        return Err(Failure::usage(
            "--games must be 1..=1000000, and a shard (--shard K/N) may play at most 10000 of them",
        ));
    }
    entrants(&names, seed, 0).map_err(Failure::usage)?;
    let settings = args.extensions.settings();
    let params = params(&args.map, 2, settings)?;
    // Each game is a match of its own (fresh bots, its own seed, seats alternating): this
    // shard's games run at once on every core and are counted in game order.
    // Programs are timed, so games with one run one at a time, as the contest ran them.
    // A game's decisions are kept only to be printed (`--decisions`).
    let keep = args.decisions.keep;
    let play = |i: usize| {
        run(params.clone(), &names, seed, (mine.start + i) as u32).map(|mut p| {
            if !keep {
                p.log.decisions = Vec::new();
            }
            p
        })
    };
    let played = match names.iter().any(|n| is_program(n)) {
        true => (0..mine.len()).map(play).collect(),
        false => crate::parallel::map(mine.len(), play),
    };
    let (mut logs, mut problems) = (Vec::with_capacity(mine.len()), Vec::new());
    for game in played {
        let game = game?;
        logs.push(game.log);
        problems.extend(game.problems);
    }
    let mut links = Vec::with_capacity(logs.len());
    for log in &logs {
        let fragment = encode_game(&log.record(seed, &names)).map_err(|(i, e)| {
            Failure::input(format!("game {}, move {}: {e}", log.game + 1, i + 1))
        })?;
        links.push(format!("{}#{fragment}", args.out.base.url()));
    }
    let results: Vec<GameResult> = logs
        .iter()
        .map(|l| GameResult {
            game: l.game + 1,
            seating: l.seating.clone(),
            returns: l.returns.clone(),
            turns: None,
        })
        .collect();
    let settings = json!({ "futures": settings.futures, "splurges": settings.splurges, "options": settings.options });
    let fields = json!({ "a": a, "b": b, "map": params.map_name, "games": games, "seed": seed, "settings": settings, "links": links, "results": results, "problems": problems });
    let Value::Object(fields) = fields else {
        return Err(Failure::input("the output is not an object"));
    };
    let out = finish(&MERGE, fields, args.out.shard)?;
    if args.out.json && keep {
        // Game by game, in the order of "results"; written as they are made (see print_with).
        return crate::decisions::print_with(&Value::Object(out), &logs);
    }
    if args.out.json {
        println!("{}", Value::Object(out));
        return Ok(());
    }
    println!("{a} vs {b} on {}: {games} games, seats alternating, seed {seed}", params.map_name);
    if let Some(shard) = args.out.shard {
        println!("{}", shard.describe(games as usize, "game"));
    }
    let (wins, mean): ([u32; 2], [f64; 2]) = (
        field(&out, "wins").map_err(Failure::input)?,
        field(&out, "mean_scores").map_err(Failure::input)?,
    );
    println!(
        "wins: {a} {}, {b} {}, draws {}; mean scores {:.1} / {:.1}",
        wins[0], wins[1], out["draws"], mean[0], mean[1]
    );
    print_problems(&problems, &names);
    Ok(())
}

/// `arcade punter link LOG [--maps DIR]`: a link that opens the log's game at its final scores.
pub fn link(path: &str, maps: &MapsDir, base: &Base) -> Result<(), Failure> {
    let text = crate::read_text(path)?;
    let log = GameLog::parse(&text).map_err(|e| Failure::in_file(path, e))?;
    let dir = maps.dir.as_ref().map(|d| std::path::Path::new(d).join(&log.map));
    let map_text = match dir.and_then(|p| std::fs::read_to_string(p).ok()) {
        Some(t) => t,
        None => maps::bundled(&log.map).map(str::to_string).ok_or_else(|| {
            Failure::input(format!("map \"{}\" is not bundled (give --maps DIR)", log.map))
        })?,
    };
    let params =
        PunterParams::new(&log.map, &map_text, log.teams.len(), log.settings, log.futures.clone())
            .map_err(|e| Failure::input(format!("{}: {e}", log.map)))?;
    let moves = log.game_moves(params.map.clone());
    let record = GameRecord::<Punter> {
        params,
        seed: 0,
        players: log.teams.clone(),
        view: moves.len(),
        moves,
    };
    let link =
        encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{link}", base.url());
    Ok(())
}

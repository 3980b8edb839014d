//! `arcade punter play`, `arena` and `link`: games between built-in bots on the shared match
//! runner, their links and logs.

use crate::args::Args;
use crate::Failure;
use crate::punter_seats::{Played, Problem};
use lambda_arcade::arena::Standings;
use lambda_arcade::link::{encode_game, GameRecord};
use lambda_arcade::punter::log::export;
use lambda_arcade::punter::{maps, GameLog, Punter, PunterParams, Settings};
use serde_json::json;

pub fn settings(args: &Args) -> Settings {
    Settings { futures: args.flag("futures"), splurges: args.flag("splurges"), options: args.flag("options") }
}

/// A bundled map by name ("lambda" or "lambda.json") or a map file.
pub fn params(map: &str, punters: usize, settings: Settings) -> Result<PunterParams, Failure> {
    let name = if map.ends_with(".json") { map.to_string() } else { format!("{map}.json") };
    if let Some(text) = maps::bundled(&name) {
        return PunterParams::new(&name, text, punters, settings, Vec::new()).map_err(|e| Failure::input(format!("{name}: {e}")));
    }
    let bytes = std::fs::read(map).map_err(|e| Failure::usage(format!("\"{map}\" is neither a bundled map nor a readable file: {e}")))?;
    let text = lambda_arcade::inputs::text_of(&bytes).map_err(|e| Failure::input(format!("{map}: {e}")))?;
    let file = std::path::Path::new(map).file_name().map_or(map.to_string(), |f| f.to_string_lossy().into_owned());
    PunterParams::new(&file, text, punters, settings, Vec::new()).map_err(|e| Failure::input(format!("{map}: {e}")))
}

/// Game `game` of the series of `seed` between `names`: built-in bots (fresh, seeded for that
/// game; each bids its futures for the seat it takes) and `exe:` programs; seats rotating with
/// the game.
fn run(params: PunterParams, names: &[String], seed: u64, game: u32) -> Result<Played, Failure> {
    crate::punter_seats::play_game(params, names, seed, game, 1.0)
}

/// `arcade punter play MAP --bots a,b,… [--futures] [--splurges] [--options] [--seed S] [--log FILE] [--json]`
pub fn play(args: &Args) -> Result<(), Failure> {
    let [map] = args.positional.as_slice() else { return Err(Failure::usage("play takes one map")) };
    let names: Vec<String> = args.value("bots").unwrap_or("greedy,random").split(',').map(str::to_string).collect();
    if names.len() < 2 {
        return Err(Failure::usage("--bots needs at least two bots, e.g. --bots greedy,random"));
    }
    let seed = args.number("seed", 1u64)?;
    let params = params(map, names.len(), settings(args))?;
    let played = run(params, &names, seed, 0)?;
    report(args, &names, seed, played)
}

/// `arcade punter serve MAP --punters N [--port P] [--bots a,b] [flags] [--seed S] [--log FILE] [--json]`
pub fn serve(args: &Args) -> Result<(), Failure> {
    let [map] = args.positional.as_slice() else { return Err(Failure::usage("serve takes one map")) };
    let punters = args.number("punters", 2usize)?;
    let bots: Vec<String> = args.value("bots").map_or_else(Vec::new, |b| b.split(',').map(str::to_string).collect());
    if punters < 2 || bots.len() > punters {
        return Err(Failure::usage("--punters must be at least 2 and at least the number of --bots"));
    }
    let seed = args.number("seed", 1u64)?;
    let params = params(map, punters, settings(args))?;
    let served = crate::punter_serve::serve(params, args.number("port", 9000u16)?, punters - bots.len(), &bots, seed)?;
    report(args, &served.names, seed, served.played)
}

/// The scores, the link, the remarks on outside programs, and the official log with `--log`.
fn report(args: &Args, names: &[String], seed: u64, played: Played) -> Result<(), Failure> {
    let names = names.to_vec();
    let Played { log, problems } = played;
    let params = log.params.clone();
    let scores = log.end.game().scores();
    let record = GameRecord::<Punter> { params: params.clone(), seed, players: names.clone(), moves: log.moves.clone(), view: log.moves.len() };
    let link = encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    let link = format!("{}#{link}", args.base_url());
    if let Some(path) = args.value("log") {
        let text = export(&params, &log.moves, &names).map_err(|e| Failure::input(e.to_string()))?;
        std::fs::write(path, text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
    }
    if args.flag("json") {
        println!("{}", json!({ "scores": scores, "link": link, "moves": log.moves.len(), "problems": problems }));
    } else {
        println!("{} on {} ({} punters, seed {seed})", names.join(" vs "), params.map_name, names.len());
        for (p, (n, s)) in names.iter().zip(&scores).enumerate() {
            println!("  punter {p} {n:<8} {s}");
        }
        print_problems(&problems, &names);
        println!("link: {link}");
    }
    Ok(())
}

/// The referee's remarks on outside programs, at most 20 lines.
fn print_problems(problems: &[Problem], names: &[String]) {
    for p in problems.iter().take(20) {
        println!("  game {}, {} ({}), {}: {}", p.game + 1, names.get(p.entrant).map_or("?", String::as_str), p.seat, p.phase, p.message);
    }
    if problems.len() > 20 {
        println!("  … and {} more remarks", problems.len() - 20);
    }
}

/// `arcade punter arena A B [--map MAP] [--games N] [--seed S] [flags] [--json]`: seats alternate.
pub fn arena(args: &Args) -> Result<(), Failure> {
    let [a, b] = args.positional.as_slice() else { return Err(Failure::usage("arena takes two bots A and B")) };
    let names = vec![a.clone(), b.clone()];
    let games = args.number("games", 10u32)?;
    if games == 0 || games > 10_000 {
        return Err(Failure::usage("--games must be 1..=10000"));
    }
    let seed = args.number("seed", 1u64)?;
    let params = params(args.value("map").unwrap_or("lambda"), 2, settings(args))?;
    // Each game is a match of its own (fresh bots, its own seed, seats alternating): games run
    // at once on every core and are counted in game order.
    // Programs are timed, so games with one run one at a time, as the contest ran them.
    let play = |g: usize| run(params.clone(), &names, seed, g as u32);
    let played = match names.iter().any(|n| crate::punter_seats::command_of(n).is_some()) {
        true => (0..games as usize).map(play).collect(),
        false => crate::parallel::map(games as usize, play),
    };
    let (mut logs, mut problems) = (Vec::with_capacity(games as usize), Vec::new());
    for game in played {
        let game = game?;
        logs.push(game.log);
        problems.extend(game.problems);
    }
    let mut links = Vec::with_capacity(logs.len());
    for log in &logs {
        let fragment = encode_game(&log.record(seed, &names)).map_err(|(i, e)| Failure::input(format!("game {}, move {}: {e}", log.game + 1, i + 1)))?;
        links.push(format!("{}#{fragment}", args.base_url()));
    }
    let standings = Standings::of_logs(2, &logs);
    let wins = [standings.tallies[0].wins, standings.tallies[1].wins];
    let draws = standings.tallies[0].draws;
    let mean = |i: usize| standings.tallies[i].score / f64::from(games);
    if args.flag("json") {
        println!("{}", json!({ "a": a, "b": b, "map": params.map_name, "games": games, "seed": seed, "wins": wins, "draws": draws, "mean_scores": [mean(0), mean(1)], "links": links, "problems": problems }));
    } else {
        println!("{a} vs {b} on {}: {games} games, seats alternating, seed {seed}", params.map_name);
        println!("wins: {a} {}, {b} {}, draws {draws}; mean scores {:.1} / {:.1}", wins[0], wins[1], mean(0), mean(1));
        print_problems(&problems, &names);
    }
    Ok(())
}

/// `arcade punter link LOG [--maps DIR]`: a link that opens the log's game at its final scores.
pub fn link(args: &Args) -> Result<(), Failure> {
    let [path] = args.positional.as_slice() else { return Err(Failure::usage("link takes one log file")) };
    let text = crate::read_text(path)?;
    let log = GameLog::parse(&text).map_err(|e| Failure::input(format!("{path}: {e}")))?;
    let dir = args.value("maps").map(|d| std::path::Path::new(d).join(&log.map));
    let map_text = match dir.and_then(|p| std::fs::read_to_string(p).ok()) {
        Some(t) => t,
        None => maps::bundled(&log.map).map(str::to_string).ok_or_else(|| Failure::input(format!("map \"{}\" is not bundled (give --maps DIR)", log.map)))?,
    };
    let params = PunterParams::new(&log.map, &map_text, log.teams.len(), log.settings, log.futures.clone()).map_err(|e| Failure::input(format!("{}: {e}", log.map)))?;
    let moves = log.game_moves(params.map.clone());
    let record = GameRecord::<Punter> { params, seed: 0, players: log.teams.clone(), view: moves.len(), moves };
    let link = encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{link}", args.base_url());
    Ok(())
}

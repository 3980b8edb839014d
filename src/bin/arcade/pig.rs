//! `arcade pig …` and `arcade open`.

use crate::args::Args;
use crate::Failure;

use lambda_arcade::link::{encode_game, GameRecord};
use lambda_arcade::pig::arena::{challenge_score, wilson_interval};
use lambda_arcade::pig::links::encode_match;
use lambda_arcade::pig::exact::{match_pass_probability, match_win_probability, policy_win_probability};
use lambda_arcade::pig::policy::optimal_for;
use lambda_arcade::pig::{Entrant, MatchRunner, MatchSpec, Pig, Policy, StrategySource};
use serde_json::json;
use std::time::Instant;

const VALUED: &[&str] = &["games", "seed", "base", "game"];
const FLAGS: &[&str] = &["json"];

pub fn main(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv.get(1..).unwrap_or_default(), VALUED, FLAGS)?;
    match argv.first().map(String::as_str) {
        Some("solve") => solve(),
        Some("match") => play_match(&args, false),
        Some("check") => play_match(&args, true),
        Some("link") => game_link(&args),
        Some("tournament") => crate::pig_tournament::run(&args),
        Some(other) => Err(Failure::usage(format!("unknown pig command \"{other}\""))),
        None => Err(Failure::usage("pig needs a command")),
    }
}

fn solve() -> Result<(), Failure> {
    let started = Instant::now();
    let table = optimal_for(100);
    let solve_ms = started.elapsed().as_secs_f64() * 1000.0;
    let optimal = Policy::Optimal(table.clone());
    let hold20 = Policy::HoldAt(20);
    let first = policy_win_probability(&optimal, &hold20, 100, true);
    let second = policy_win_probability(&optimal, &hold20, 100, false);
    let holds_at = (1..100).find(|&k| !table.throws(0, 0, k));
    let out = json!({
        "target": 100,
        "p_first_optimal": table.win_probability(0, 0),
        "optimal_vs_hold20": { "optimal_first": first, "optimal_second": second },
        "p_pass_49_optimal_vs_hold20": match_pass_probability(first, second, 49, 25),
        "optimal_at_0_0_holds_at": holds_at,
        "solve_ms": solve_ms,
    });
    println!("{out:#}");
    Ok(())
}

/// A built-in name, or a path to a Scheme file.
pub fn entrant(word: &str) -> Result<Entrant, Failure> {
    let path = std::path::Path::new(word);
    if path.exists() || word.ends_with(".scm") {
        let code = crate::read_text(word)?;
        return Ok(Entrant { label: word.to_string(), source: StrategySource::Scheme(code) });
    }
    if Policy::named(word, 100).is_some() {
        return Ok(Entrant::builtin(word));
    }
    Err(Failure::usage(format!(
        "\"{word}\" is neither a built-in strategy (optimal, pace, holdN, dummy, coward) nor a file"
    )))
}

fn spec_from(args: &Args, checker: bool) -> Result<MatchSpec, Failure> {
    let seed = args.number("seed", 1u64)?;
    let p = &args.positional;
    if checker {
        let [a] = p.as_slice() else { return Err(Failure::usage("check takes one strategy")) };
        return Ok(MatchSpec::checker(entrant(a)?, seed));
    }
    let [a, b] = p.as_slice() else { return Err(Failure::usage("give two strategies A and B")) };
    let games = args.number("games", 49u32)?;
    if games == 0 || games > lambda_arcade::pig::links::MAX_GAMES {
        return Err(Failure::usage(format!("--games must be 1..={}", lambda_arcade::pig::links::MAX_GAMES)));
    }
    Ok(MatchSpec { entrants: [entrant(a)?, entrant(b)?], games, seed, target: 100 })
}

/// Runs the match; the first strategy failure is an error naming its place.
fn run(spec: MatchSpec) -> Result<MatchRunner, Failure> {
    let label = |i: u8| spec.entrants[usize::from(i)].label.clone();
    let runner = match MatchRunner::new(spec.clone()) {
        Ok(r) => r,
        Err(e) => {
            let place = e.entrant.map_or(String::new(), |i| format!("{}:", label(i)));
            return Err(Failure::input(format!("{place}{}", e.message)));
        }
    };
    let runner = runner.run().map_err(Failure::input)?;
    if let Some(f) = runner.failures().first() {
        let label = &runner.spec().entrants[usize::from(f.entrant)].label;
        return Err(Failure::input(format!(
            "{label}:{} (game {}, move {}; the decision counted as hold)",
            f.message,
            f.game + 1,
            f.move_index + 1
        )));
    }
    Ok(runner)
}

fn exact(spec: &MatchSpec) -> Option<f64> {
    let policy = |e: &Entrant| match &e.source {
        StrategySource::Builtin(n) => Policy::named(n, spec.target),
        _ => None,
    };
    let (a, b) = (policy(&spec.entrants[0])?, policy(&spec.entrants[1])?);
    Some(match_win_probability(&a, &b, spec.target, spec.games))
}

fn play_match(args: &Args, checker: bool) -> Result<(), Failure> {
    let spec = spec_from(args, checker)?;
    let link = format!("{}#{}", args.base_url(), encode_match(&spec));
    let exact = exact(&spec);
    let runner = run(spec)?;
    let spec = runner.spec();
    let wins = runner.wins();
    let score = challenge_score(wins[0], spec.games);
    let (lo, hi) = wilson_interval(wins[0], spec.games);
    let rate = f64::from(wins[0]) / f64::from(spec.games);
    let passed = wins[0] > spec.games / 2;
    let [a, b] = [&spec.entrants[0].label, &spec.entrants[1].label];
    if args.flag("json") {
        let out = json!({
            "a": a, "b": b, "games": spec.games, "seed": spec.seed,
            "wins": wins, "score": score, "passed": passed,
            "win_rate": rate, "ci95": [lo, hi], "exact_win_probability": exact,
            "link": link,
            // Game by game: the entrant who won (0 = A) and the number of moves.
            "winners": runner.logs().iter().map(|l| l.winner).collect::<Vec<u8>>(),
            "moves": runner.logs().iter().map(|l| l.moves.len()).collect::<Vec<usize>>(),
        });
        println!("{out}");
    } else {
        println!("{a} vs {b}: {} games, seed {}", spec.games, spec.seed);
        println!("wins: {a} {}, {b} {}", wins[0], wins[1]);
        println!("losses ({a}): {}", wins[1]);
        println!("win rate of {a}: {:.1}% (95% CI {:.1}%–{:.1}%)", rate * 100.0, lo * 100.0, hi * 100.0);
        if let Some(p) = exact {
            println!("exact win probability of {a} per game: {p:.6}");
        }
        println!("challenge score: {score:.2} ({})", if passed { "pass" } else { "fail" });
        println!("link: {link}");
    }
    Ok(())
}

fn game_link(args: &Args) -> Result<(), Failure> {
    let mut spec = spec_from(args, false)?;
    let game: u32 = args.number("game", 1u32)?;
    if game == 0 || game > spec.games {
        return Err(Failure::usage(format!("--game must be 1..={}", spec.games)));
    }
    spec.games = game;
    let runner = run(spec)?;
    let spec = runner.spec();
    let logs = runner.logs();
    let log = logs.last().ok_or_else(|| Failure::input("no game was played"))?;
    let first = usize::from(log.first);
    let players = vec![spec.entrants[first].label.clone(), spec.entrants[1 - first].label.clone()];
    let record = GameRecord::<Pig> {
        params: lambda_arcade::pig::PigParams { target: spec.target },
        seed: spec.seed,
        players,
        moves: log.moves.clone(),
        view: log.moves.len(),
    };
    let fragment = encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{fragment}", args.base_url());
    Ok(())
}

/// `arcade open LINK`: what a link holds, as JSON (any kind, through the link registry).
pub fn open(argv: &[String]) -> Result<(), Failure> {
    let [link] = argv else { return Err(Failure::usage("open takes one link")) };
    let out = lambda_arcade::games::open_link(link).map_err(|e| Failure::input(e.to_string()))?.summary;
    println!("{out}");
    Ok(())
}

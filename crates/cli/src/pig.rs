//! `arcade pig …`: the optimal policy, matches, the checker, links and tournaments.

use crate::args::{Base, Decisions, Seed, Sides};
use crate::pig_entrant::entrant;
use crate::Failure;

use pig::arena::{engine_only, match_series, winner, CHECKER};
use pig::exact::{match_pass_probability, match_win_probability, policy_win_probability};
use pig::links::encode_match;
use pig::policy::optimal_for;
use pig::{Entrant, MatchSpec, MatchSummary, Pig, Policy, StrategySource};
use rails::arena::Series;
use rails::link::encode_game;
use serde_json::json;
use std::time::Instant;

/// What a strategy may be, for the commands' help.
pub const STRATEGIES: &str = "A and B are built-in strategies (optimal, pace, hold20, hold25, holdN, dummy, coward), paths\nto Scheme files defining (player my-total other-total accum current state), or programs:\nexe:COMMAND or wasm:FILE ARGS… (a fresh process a decision, 1 s; docs/PROGRAMS.md).";

#[derive(clap::Subcommand, Debug)]
#[command(after_help = STRATEGIES)]
pub enum Command {
    /// The optimal policy to 100 and the reference numbers (JSON)
    Solve,
    /// A match of A against B, seats alternating: wins, challenge score, 95% CI, link
    #[command(after_help = STRATEGIES)]
    Match {
        #[command(flatten)]
        pair: Pair,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        decisions: Decisions,
        #[command(flatten)]
        base: Base,
    },
    /// CodeAbbey's checker: 49 games of A against dummy
    Check {
        /// The strategy checked: a built-in (optimal, pace, holdN, coward), a Scheme file or a program (exe:COMMAND, wasm:FILE ARGS…)
        #[arg(value_name = "A")]
        a: String,
        #[command(flatten)]
        seed: Seed,
        /// Print one JSON object
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        decisions: Decisions,
        #[command(flatten)]
        base: Base,
    },
    /// A share link of one game of the match of A against B
    #[command(after_help = STRATEGIES)]
    Link {
        #[command(flatten)]
        pair: Pair,
        /// The game (1 = the first)
        #[arg(long, value_name = "G", default_value_t = 1)]
        game: u32,
        #[command(flatten)]
        base: Base,
    },
    /// Every pair of strategies plays N games: standings with win rates and Elo, and a link
    Tournament(crate::pig_tournament::TournamentArgs),
}

/// The two sides of a match, its length and seed.
#[derive(clap::Args, Debug)]
pub struct Pair {
    #[command(flatten)]
    sides: Sides,
    /// Games in the match (1 to 10,000)
    #[arg(long, value_name = "N", default_value_t = 49)]
    games: u32,
    #[command(flatten)]
    seed: Seed,
}

pub fn main(command: &Command) -> Result<(), Failure> {
    match command {
        Command::Solve => solve(),
        Command::Match { pair, json, decisions, base } => {
            play_match(spec_from(pair)?, *json, decisions.keep, base)
        }
        Command::Check { a, seed, json, decisions, base } => {
            play_match(MatchSpec::checker(entrant(a)?, seed.value), *json, decisions.keep, base)
        }
        Command::Link { pair, game, base } => game_link(pair, *game, base),
        Command::Tournament(args) => crate::pig_tournament::run(args),
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
        "p_pass_49_optimal_vs_hold20": match_pass_probability(first, second, CHECKER.games, CHECKER.wins_needed()),
        "optimal_at_0_0_holds_at": holds_at,
        "solve_ms": solve_ms,
    });
    println!("{out:#}");
    Ok(())
}

fn spec_from(pair: &Pair) -> Result<MatchSpec, Failure> {
    let games = pair.games;
    if games == 0 || games > pig::arena::MAX_GAMES {
        return Err(Failure::usage(format!("--games must be 1..={}", pig::arena::MAX_GAMES)));
    }
    Ok(MatchSpec {
        entrants: [entrant(&pair.sides.a)?, entrant(&pair.sides.b)?],
        games,
        seed: pair.seed.value,
        target: 100,
    })
}

/// Runs the match, keeping each game's decisions (timed) only when `decisions`; the first
/// strategy failure is an error naming its place.
fn run(spec: &MatchSpec, decisions: bool) -> Result<Series<Pig>, Failure> {
    let label = |i: usize| spec.entrants[i].label.as_str();
    engine_only(&spec.entrants).map_err(Failure::input)?;
    let series = match_series(spec).map_err(|e| {
        let place = e.entrant.map_or(String::new(), |i| format!("{}:", label(usize::from(i))));
        Failure::input(format!("{place}{}", e.message))
    })?;
    let mut series = series;
    series.set_keep_decisions(decisions);
    if decisions {
        series.set_clock(crate::decisions::clock());
    }
    let series = series.run().map_err(Failure::input)?;
    if let Some(f) = series.failures().first() {
        return Err(Failure::input(format!(
            "{}:{} (game {}, move {}; the decision counted as hold)",
            label(f.entrant),
            f.message,
            f.game + 1,
            f.move_index + 1
        )));
    }
    Ok(series)
}

fn exact(spec: &MatchSpec) -> Option<f64> {
    let policy = |e: &Entrant| match &e.source {
        StrategySource::Builtin(n) => Policy::named(n, spec.target),
        _ => None,
    };
    let (a, b) = (policy(&spec.entrants[0])?, policy(&spec.entrants[1])?);
    Some(match_win_probability(&a, &b, spec.target, spec.games))
}

fn play_match(spec: MatchSpec, json: bool, decisions: bool, base: &Base) -> Result<(), Failure> {
    let link = format!("{}#{}", base.url(), encode_match(&spec));
    let exact = exact(&spec);
    let series = run(&spec, decisions)?;
    let MatchSummary { wins, score, win_rate: rate, ci95: (lo, hi), passed, .. } =
        MatchSummary::of(&spec, &series);
    let [a, b] = [&spec.entrants[0].label, &spec.entrants[1].label];
    if json {
        let out = json!({
            "a": a, "b": b, "games": spec.games, "seed": spec.seed,
            "wins": wins, "score": score, "passed": passed,
            "win_rate": rate, "ci95": [lo, hi], "exact_win_probability": exact,
            "link": link,
            // Game by game: the entrant who won (0 = A) and the number of moves.
            "winners": series.logs().iter().map(winner).collect::<Vec<Option<usize>>>(),
            "moves": series.logs().iter().map(|l| l.moves.len()).collect::<Vec<usize>>(),
        });
        if decisions {
            // Game by game, in the order of "winners".
            return crate::decisions::print_with(&out, series.logs());
        }
        println!("{out}");
    } else {
        println!("{a} vs {b}: {} games, seed {}", spec.games, spec.seed);
        println!("wins: {a} {}, {b} {}", wins[0], wins[1]);
        println!("losses ({a}): {}", wins[1]);
        println!(
            "win rate of {a}: {:.1}% (95% CI {:.1}%–{:.1}%)",
            rate * 100.0,
            lo * 100.0,
            hi * 100.0
        );
        if let Some(p) = exact {
            println!("exact win probability of {a} per game: {p:.6}");
        }
        println!("challenge score: {score:.2} ({})", if passed { "pass" } else { "fail" });
        println!("link: {link}");
    }
    Ok(())
}

fn game_link(pair: &Pair, game: u32, base: &Base) -> Result<(), Failure> {
    let mut spec = spec_from(pair)?;
    if game == 0 || game > spec.games {
        return Err(Failure::usage(format!("--game must be 1..={}", spec.games)));
    }
    spec.games = game;
    let series = run(&spec, false)?;
    let log = series.logs().last().ok_or_else(|| Failure::input("no game was played"))?;
    let names: Vec<String> = spec.entrants.iter().map(|e| e.label.clone()).collect();
    let record = log.record(spec.seed, &names);
    let fragment =
        encode_game(&record).map_err(|(i, e)| Failure::input(format!("move {}: {e}", i + 1)))?;
    println!("{}#{fragment}", base.url());
    Ok(())
}

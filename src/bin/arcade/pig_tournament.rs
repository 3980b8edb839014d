//! `arcade pig tournament A B C …`: every pair of strategies plays a match; prints the
//! standings with win rates, 95% intervals and Elo, and a link that replays it in the page.

use crate::args::Args;
use crate::pig::entrant;
use crate::Failure;
use lambda_arcade::arena::wilson_interval;
use lambda_arcade::pig::links::encode_tournament;
use lambda_arcade::pig::tournament::{TournamentRunner, TournamentSpec};
use serde_json::json;

pub fn run(args: &Args) -> Result<(), Failure> {
    let entrants = args.positional.iter().map(|w| entrant(w)).collect::<Result<Vec<_>, _>>()?;
    let spec = TournamentSpec { entrants, games: args.number("games", 100u32)?, seed: args.number("seed", 1u64)?, target: 100 };
    let link = format!("{}#{}", args.base_url(), encode_tournament(&spec));
    let runner = TournamentRunner::new(spec).map_err(|e| match e.entrant {
        Some(i) => Failure::input(format!("{}:{}", args.positional[usize::from(i)], e.message)),
        None => Failure::usage(e.message),
    })?;
    // Pairs share nothing: they are played at once on every core, then put in pair order.
    let spec = runner.spec().clone();
    let results = crate::parallel::map(spec.pairs().len(), |k| TournamentRunner::play_pair(&spec, k));
    let runner = TournamentRunner::with_pairs(spec, results.into_iter().map(|r| r.map(Some)).collect::<Result<_, _>>().map_err(Failure::input)?).map_err(Failure::input)?;
    if let Some((who, f)) = runner.failures().first() {
        return Err(Failure::input(format!("{}:{} ({f}; the decision counted as hold)", runner.spec().entrants[*who].label, f.message)));
    }
    let standings = runner.standings();
    let elo = standings.elo();
    let mut rows: Vec<_> = standings
        .tallies
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (lo, hi) = wilson_interval(t.wins, t.games);
            let rate = if t.games == 0 { 0.0 } else { f64::from(t.wins) / f64::from(t.games) };
            (i, t.clone(), rate, (lo, hi), elo[i])
        })
        .collect();
    rows.sort_by(|a, b| b.4.total_cmp(&a.4));
    let spec = runner.spec();
    if args.flag("json") {
        let table: Vec<_> = rows
            .iter()
            .map(|(i, t, rate, ci, elo)| json!({
                "strategy": spec.entrants[*i].label, "games": t.games, "wins": t.wins, "losses": t.losses,
                "win_rate": rate, "ci95": [ci.0, ci.1], "elo": elo,
            }))
            .collect();
        println!("{}", json!({ "games_per_pair": spec.games, "seed": spec.seed, "standings": table, "link": link }));
    } else {
        println!("{} strategies, {} games per pair, seed {}", spec.entrants.len(), spec.games, spec.seed);
        for (rank, (i, t, rate, ci, elo)) in rows.iter().enumerate() {
            println!(
                "{:>2}. {:<20} Elo {:>6.0}  wins {:>5} of {:<5} {:>5.1}% (95% CI {:.1}%–{:.1}%)",
                rank + 1, spec.entrants[*i].label, elo, t.wins, t.games, rate * 100.0, ci.0 * 100.0, ci.1 * 100.0
            );
        }
        println!("link: {link}");
    }
    Ok(())
}

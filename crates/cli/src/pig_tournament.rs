//! `arcade pig tournament A B C …`: every pair of strategies plays a match; prints the
//! standings with win rates, 95% intervals and Elo, and a link that replays it in the page.
//! A shard plays some of the pairs (a pair's match is the unit: strategies keep their state
//! from game to game within it); its `"results"` list every game, `arcade merge` the rest.

use crate::args::{Output, Seed};
use crate::merge::{field, finish, standings, Fields, GameResult, Kind};
use crate::pig_entrant::entrant;
use crate::Failure;
use pig::links::encode_tournament;
use pig::tournament::{TournamentRunner, TournamentSpec};
use serde_json::{json, Value};

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// Three to sixteen strategies: built-ins (optimal, pace, holdN, dummy, coward), Scheme files or programs (exe:COMMAND, wasm:FILE ARGS…)
    #[arg(value_name = "STRATEGY", required = true)]
    strategies: Vec<String>,
    /// Games each pair plays (games in all: at most 10,000)
    #[arg(long, value_name = "N", default_value_t = 100)]
    games: u32,
    #[command(flatten)]
    seed: Seed,
    #[command(flatten)]
    out: Output,
}

/// What `arcade merge` knows of a tournament's output.
pub const MERGE: Kind = Kind {
    command: "pig tournament",
    listed: &["results"],
    optional: &[],
    derived: &["standings"],
    units,
    summary,
    seating,
};

fn units(fields: &Fields) -> Result<(usize, u32), String> {
    let n = field::<Vec<String>>(fields, "entrants")?.len();
    if n > pig::tournament::MAX_ENTRANTS {
        return Err(format!(
            "{n} entrants; a tournament has at most {}",
            pig::tournament::MAX_ENTRANTS
        ));
    }
    Ok((n * n.saturating_sub(1) / 2, field(fields, "games_per_pair")?))
}

/// Game `game` (from 1) is game `i` of pair `k`'s match, where the pair's two strategies take
/// turns to move first as in every Pig match (the second moves first in its game 1).
fn seating(fields: &Fields, game: u32) -> Result<Vec<usize>, String> {
    let n = field::<Vec<String>>(fields, "entrants")?.len();
    let per_pair: u32 = field(fields, "games_per_pair")?;
    let (k, i) = ((game - 1) / per_pair.max(1), (game - 1) % per_pair.max(1));
    let (a, b) = pig::tournament::pairs_of(n)
        .nth(k as usize)
        .ok_or_else(|| format!("there is no game {game} in this tournament"))?;
    let pair = [a, b];
    Ok((0..2).map(|seat| pair[rails::arena::seating(2, 1, i, seat)]).collect())
}

/// The standings, best Elo first, from the games in `"results"`.
fn summary(fields: &mut Fields) -> Result<(), String> {
    let entrants: Vec<String> = field(fields, "entrants")?;
    let standings = standings(entrants.len(), &field::<Vec<GameResult>>(fields, "results")?);
    let table = serde_json::to_value(standings.ranked(&entrants)).map_err(|e| e.to_string())?;
    fields.insert("standings".into(), table);
    Ok(())
}

pub fn run(args: &TournamentArgs) -> Result<(), Failure> {
    let entrants = args.strategies.iter().map(|w| entrant(w)).collect::<Result<Vec<_>, _>>()?;
    let spec = TournamentSpec { entrants, games: args.games, seed: args.seed.value, target: 100 };
    let link = format!("{}#{}", args.out.base.url(), encode_tournament(&spec));
    let runner = TournamentRunner::new(spec).map_err(|e| match e.entrant {
        Some(i) => Failure::input(format!("{}:{}", args.strategies[usize::from(i)], e.message)),
        None => Failure::usage(e.message),
    })?;
    // Pairs share nothing: this shard's are played at once on every core, then put in pair order.
    let spec = runner.spec().clone();
    let pairs = spec.pairs().len();
    let mine = args.out.part().range(pairs);
    // Programs are timed: their pairs are played one at a time, as the contests ran them.
    let play = |i: usize| TournamentRunner::play_pair(&spec, mine.start + i);
    let played = match args.strategies.iter().any(|s| crate::program_seat::is_program(s)) {
        true => (0..mine.len()).map(play).collect(),
        false => crate::parallel::map(mine.len(), play),
    };
    let mut played = played.into_iter();
    let results = (0..pairs).map(|k| {
        if args.out.part().contains(k, pairs) {
            played.next().transpose()
        } else {
            Ok(None)
        }
    });
    let runner = TournamentRunner::with_pairs(
        spec,
        results.collect::<Result<_, _>>().map_err(Failure::input)?,
    )
    .map_err(Failure::input)?;
    if let Some((who, f)) = runner.failures().first() {
        let place = format!("game {}, move {}: {}", f.game + 1, f.move_index + 1, f.message);
        return Err(Failure::input(format!(
            "{}:{} ({place}; the decision counted as hold)",
            runner.spec().entrants[*who].label,
            f.message
        )));
    }
    let spec = runner.spec();
    let n = spec.games as usize;
    // A game's number in the whole tournament: its pair's games come after the earlier pairs'.
    let results: Vec<GameResult> = runner
        .games()
        .iter()
        .enumerate()
        .map(|(i, g)| GameResult {
            game: (g.pair * n + i % n + 1) as u32,
            seating: vec![g.first, g.second],
            returns: if g.winner == g.first { vec![1.0, 0.0] } else { vec![0.0, 1.0] },
            turns: None,
        })
        .collect();
    let labels: Vec<&str> = spec.entrants.iter().map(|e| e.label.as_str()).collect();
    let fields = json!({ "games_per_pair": spec.games, "seed": spec.seed, "entrants": labels, "link": link, "results": results });
    let Value::Object(fields) = fields else {
        return Err(Failure::input("the output is not an object"));
    };
    let out = finish(&MERGE, fields, args.out.shard)?;
    if args.out.json {
        println!("{}", Value::Object(out));
        return Ok(());
    }
    println!(
        "{} strategies, {} games per pair, seed {}",
        spec.entrants.len(),
        spec.games,
        spec.seed
    );
    if let Some(shard) = args.out.shard {
        println!("{}", shard.describe(pairs, "pair"));
    }
    for (rank, row) in
        field::<Vec<Row>>(&out, "standings").map_err(Failure::input)?.iter().enumerate()
    {
        println!(
            "{:>2}. {:<20} Elo {:>6.0}  wins {:>5} of {:<5} {:>5.1}% (95% CI {:.1}%–{:.1}%)",
            rank + 1,
            row.name,
            row.elo,
            row.wins,
            row.games,
            row.win_rate * 100.0,
            row.ci95[0] * 100.0,
            row.ci95[1] * 100.0
        );
    }
    println!("link: {link}");
    Ok(())
}

/// A row of `"standings"` (`arena::StandingRow`), for the text output.
#[derive(serde::Deserialize)]
struct Row {
    name: String,
    games: u32,
    wins: u32,
    win_rate: f64,
    ci95: [f64; 2],
    elo: f64,
}

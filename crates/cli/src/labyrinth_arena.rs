//! `arcade labyrinth arena`: games between AI levels or JavaScript strategies on the shared
//! match runner, whole or a shard of them (`--shard K/N`, merged by `arcade merge`).

use crate::args::{Decisions, Output, Seed, Sides};
use crate::js_strategy::JsStrategy;
use crate::labyrinth_program::whole_turn;
use crate::labyrinth_rules::RulesArg;

use crate::merge::{field, finish, standings, Fields, GameResult, Kind};
use crate::Failure;
use labyrinth::ai::LEVELS;
use labyrinth::ai_seat::AiSeat;
use labyrinth::game::{LabyrinthParams, LabyrinthView};
use labyrinth::state::{Color, Control, Labyrinth, LabyrinthMove};
use rails::arena::{DecideError, Decider, GameLog, Series, SeriesSpec};
use rails::link::encode_game;
use serde_json::{json, Value};

#[derive(clap::Args, Debug)]
#[command(
    after_help = "A and B are AI levels (simple, greedy, strong), JavaScript files defining turn(view), run by node, or\nprograms: exe:COMMAND or wasm:FILE ARGS… (a fresh process a turn, 2 s; docs/PROGRAMS.md)."
)]
pub struct ArenaArgs {
    #[command(flatten)]
    sides: Sides,
    /// Games
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    seed: Seed,
    /// Seats: 2, or 4 (two players of each entrant)
    #[arg(long, value_name = "2|4", default_value_t = 2)]
    seats: usize,
    #[command(flatten)]
    rules: RulesArg,
    #[command(flatten)]
    out: Output,
    #[command(flatten)]
    decisions: Decisions,
}

/// What `arcade merge` knows of an arena's output.
pub const MERGE: Kind = Kind {
    command: "labyrinth arena",
    listed: &["problems", "links", "results", "decisions"],
    optional: &["decisions"],
    derived: &["wins", "draws", "mean_turns", "standings"],
    units,
    summary,
    seating,
};

/// Seats alternate between A and B, A in seat 0 of game 1.
fn seating(fields: &Fields, game: u32) -> Result<Vec<usize>, String> {
    let seats: usize = field(fields, "seats")?;
    if seats != 2 && seats != 4 {
        return Err(format!("{seats} seats; a Labyrinth arena has 2 or 4"));
    }
    Ok((0..seats as u8)
        .map(|seat| rails::arena::seating(2, 0, game.saturating_sub(1), seat))
        .collect())
}

fn units(fields: &Fields) -> Result<(usize, u32), String> {
    Ok((field(fields, "games")?, 1))
}

/// The standings of A and B (`arena::StandingRow`), their wins, the draws (nobody won in 400
/// turns) and the mean turns, from `"results"`: a game has one winner or none, so the draws
/// are the games nobody won.
fn summary(fields: &mut Fields) -> Result<(), String> {
    let results: Vec<GameResult> = field(fields, "results")?;
    let names = [field::<String>(fields, "a")?, field::<String>(fields, "b")?];
    let rows = standings(2, &results).rows(&names);
    let wins = [rows[0].wins, rows[1].wins];
    let turns: u32 = results.iter().map(|r| r.turns.unwrap_or(0)).sum();
    fields.insert("wins".into(), json!(wins));
    fields.insert("draws".into(), (results.len() as u32).saturating_sub(wins[0] + wins[1]).into());
    fields.insert("mean_turns".into(), (f64::from(turns) / results.len().max(1) as f64).into());
    fields.insert("standings".into(), serde_json::to_value(rows).map_err(|e| e.to_string())?);
    Ok(())
}

/// `arcade labyrinth arena A B [--games N] [--seed S] [--seats 2|4] [--json] [--shard K/N]`: games between AI
/// levels or JavaScript files, seats alternating (with four seats, two players of each);
/// `{"wins": [a, b], "draws": d}` (a draw: nobody won in 400 turns). A JavaScript turn that
/// fails is played by the greedy AI and listed under `problems`. Every game is one game of the
/// series (arena::Series), played apart so that games run at once on every core and a
/// JavaScript strategy starts afresh each game.
pub fn arena(args: &ArenaArgs) -> Result<(), Failure> {
    let (a, b, games, seed, seats) =
        (&args.sides.a, &args.sides.b, args.games, args.seed.value, args.seats);
    let entrants = [Entrant::parse(a)?, Entrant::parse(b)?];
    if seats != 2 && seats != 4 {
        return Err(Failure::usage("--seats must be 2 or 4"));
    }
    let players: Vec<(Color, Control)> =
        Color::ALL[..seats].iter().map(|&c| (c, Control::Ai)).collect();
    let params = LabyrinthParams { players, rules: args.rules.rules(), seed: 0, saved: None };
    let mine = args.out.part().range(games as usize);
    let keep = args.decisions.keep;
    let play = |i: usize| arena_game(&entrants, &params, seed, (mine.start + i) as u32, keep);
    // Programs are timed: their games are played one at a time.
    let played = match entrants.iter().any(|e| matches!(e, Entrant::Program(_))) {
        true => (0..mine.len()).map(play).collect(),
        false => crate::parallel::map(mine.len(), play),
    };
    let (mut results, mut problems, mut links, mut decisions) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let names = [a.clone(), b.clone()];
    for result in played {
        let (log, game_problems) = result?;
        let fragment = encode_game(&log.record(seed, &names)).map_err(|(i, e)| {
            Failure::input(format!("game {}, move {}: {e}", log.game + 1, i + 1))
        })?;
        links.push(format!("{}#{fragment}", args.out.base.url()));
        results.push(GameResult {
            game: log.game + 1,
            seating: log.seating.clone(),
            returns: log.returns.clone(),
            turns: Some(log.end.turns),
        });
        problems.extend(game_problems);
        if keep {
            decisions.push(crate::decisions::json(&log));
        }
    }
    let mut fields = json!({ "a": a, "b": b, "games": games, "seed": seed, "seats": seats, "ravensburger": args.rules.ravensburger, "problems": problems, "links": links, "results": results });
    if keep {
        fields["decisions"] = decisions.into();
    }
    let Value::Object(fields) = fields else {
        return Err(Failure::input("the output is not an object"));
    };
    let out = finish(&MERGE, fields, args.out.shard)?;
    if args.out.json {
        crate::decisions::print_last(out)?;
    } else {
        let wins: [u32; 2] = field(&out, "wins").map_err(Failure::input)?;
        let (draws, mean_turns) = (&out["draws"], out["mean_turns"].as_f64().unwrap_or_default());
        println!("{a} vs {b}: {games} games, seats alternating: wins {a} {}, {b} {}, draws {draws}; {mean_turns:.1} turns a game", wins[0], wins[1]);
        if let Some(shard) = args.out.shard {
            println!("{}", shard.describe(games as usize, "game"));
        }
        for p in problems.iter().take(20) {
            println!(
                "game {}, turn {}: {} (the greedy AI played this turn)",
                p["game"],
                p["turn"],
                p["message"].as_str().unwrap_or_default()
            );
        }
        if problems.len() > 20 {
            println!("… and {} more turns played by the greedy AI", problems.len() - 20);
        }
    }
    Ok(())
}

/// One side of an arena: an AI level, a JavaScript file defining `turn(view)`, or a program
/// (`exe:`, `wasm:`).
enum Entrant {
    Level(AiSeat),
    Js(String),
    Program(String),
}

impl Entrant {
    fn parse(name: &str) -> Result<Entrant, Failure> {
        if crate::program_seat::is_program(name) {
            crate::program_seat::check(name).map_err(|e| Failure::usage(e.to_string()))?;
            return Ok(Entrant::Program(name.to_string()));
        }
        if name.ends_with(".js") || name.ends_with(".mjs") {
            return Ok(Entrant::Js(name.to_string()));
        }
        AiSeat::new(name).map(Entrant::Level).map_err(|_| {
            Failure::usage(format!(
                "\"{name}\" is neither an AI level ({}) nor a .js file",
                LEVELS.join(", ")
            ))
        })
    }

    /// Its decider for one game: a JavaScript file gets a fresh process every game (a program one
    /// every turn, its state kept for the game).
    fn decider(&self) -> Result<Box<dyn Decider<Labyrinth>>, Failure> {
        Ok(match self {
            Entrant::Level(seat) => Box::new(*seat),
            Entrant::Js(path) => {
                let limit_ms = u64::from(labyrinth::inputs::DECISIONS.decision_ms);
                Box::new(JsSeat {
                    js: JsStrategy::start(path, "turn", limit_ms).map_err(Failure::input)?,
                    step: None,
                })
            }
            Entrant::Program(name) => Box::new(crate::labyrinth_program::ProgramSeat::new(name)),
        })
    }
}

/// A JavaScript strategy in a seat: asked once a turn for `{ rotation, insertion, row, column }`;
/// the shift is its answer to the shift, the step its answer to the move that follows.
struct JsSeat {
    js: JsStrategy,
    step: Option<LabyrinthMove>,
}

impl Decider<Labyrinth> for JsSeat {
    fn decide(&mut self, view: &LabyrinthView) -> Result<LabyrinthMove, DecideError> {
        whole_turn(view, &mut self.step, || {
            let text = serde_json::to_string(view).map_err(|e| e.to_string())?;
            self.js.ask(&text)
        })
    }
    fn take_output(&mut self) -> String {
        self.js.take_printed()
    }
}

/// Game `g` of the arena's series: its log (with its decisions, timed, when `keep`) and the
/// turns a JavaScript strategy failed (played by the greedy AI), one line a turn.
fn arena_game(
    entrants: &[Entrant; 2],
    params: &LabyrinthParams,
    seed: u64,
    g: u32,
    keep: bool,
) -> Result<(GameLog<Labyrinth>, Vec<Value>), Failure> {
    let deciders = vec![Some(entrants[0].decider()?), Some(entrants[1].decider()?)];
    let spec =
        SeriesSpec { first: g, keep_decisions: keep, ..SeriesSpec::new(params.clone(), 1, seed) };
    let mut series = Series::new(spec, deciders).map_err(Failure::input)?;
    if keep {
        series.set_clock(crate::decisions::clock());
    }
    let series = series.run().map_err(Failure::input)?;
    let log =
        series.logs().first().cloned().ok_or_else(|| Failure::input("the game was not played"))?;
    let problems = series
        .failures()
        .iter()
        .map(|f| json!({ "game": f.game + 1, "turn": f.move_index / 2 + 1, "seat": f.seat, "message": f.message }))
        .collect();
    Ok((log, problems))
}

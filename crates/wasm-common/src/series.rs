//! What every game's series handle shares (the handles themselves are one per game, as
//! wasm-bindgen wants concrete types): a step of the series for the page's one referee loop
//! (www/referee.js), an outside seat's failure, and the results with links and standings.

use crate::{js_error, js_seed, to_js};
use rails::arena::{Answer, MatchRules, Series, StandingRow, Step};
use rails::game::Game;
use rails::link::{encode_game, GameRecord, LinkParams};
use rails::tape::Tape;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct StepJs {
    /// "ask": the outside seat `entrant` (in `seat` of game `game`) must answer `view`;
    /// "running": call again; "over".
    status: &'static str,
    entrant: Option<usize>,
    seat: Option<u8>,
    game: Option<u32>,
    /// The seat's view as JSON text.
    view: Option<String>,
    /// The seed of the entrant's own randomness in this game (a fresh start every game).
    seed: Option<f64>,
}

/// Plays engine seats for at most `max` decisions, then says who must answer what.
pub fn next<G: MatchRules>(series: &mut Series<G>, max: u32) -> Result<JsValue, JsValue> {
    let none =
        |status| StepJs { status, entrant: None, seat: None, game: None, view: None, seed: None };
    let step = match series.advance(max) {
        Step::Finished => none("over"),
        Step::Running => none("running"),
        Step::Ask(q) => StepJs {
            status: "ask",
            entrant: Some(q.entrant),
            seat: Some(q.seat),
            game: Some(q.game),
            view: Some(serde_json::to_string(&q.view).map_err(js_error)?),
            seed: Some(js_seed(series.entrant_seed(q.entrant, q.game))),
        },
    };
    to_js(&step)
}

/// The pending outside seat failed: it threw, answered nonsense (`timeout` false), or did not
/// answer in time.
pub fn fail<G: MatchRules>(
    series: &mut Series<G>,
    message: String,
    timeout: bool,
    printed: &str,
    ms: f64,
) {
    let answer = if timeout { Answer::TimedOut(message) } else { Answer::Failed(message) };
    series.answer_timed(answer, printed, ms);
}

#[derive(Serialize)]
struct GameJs {
    game: u32,
    seating: Vec<usize>,
    returns: Vec<f64>,
    /// The winner's seat (the highest return, alone), null for a draw or a capped game.
    winner: Option<usize>,
    capped: bool,
    moves: usize,
    link: String,
}

#[derive(Serialize)]
struct FailureJs {
    game: u32,
    move_index: usize,
    entrant: usize,
    seat: u8,
    message: String,
    timeout: bool,
    /// The game's turn at `move_index`, as the replay counts turns (null past the game's end).
    turn: Option<u32>,
}

#[derive(Serialize)]
struct ResultsJs {
    games: Vec<GameJs>,
    failures: Vec<FailureJs>,
    /// Per entrant, in entrant order.
    standings: Vec<StandingRow>,
    output: String,
    /// What plays a failed decision (`MatchRules::FALLBACK`).
    fallback: &'static str,
}

/// The turn of each of `indices` in `record`'s game, as the replay counts turns
/// (`tape::MoveInfo::turn`); None past its end or when it does not replay.
pub fn turns_at<G: Game>(record: GameRecord<G>, indices: &[usize]) -> Vec<Option<u32>> {
    let tape = Tape::new(record).ok();
    indices.iter().map(|&i| tape.as_ref().and_then(|t| t.info(i)).map(|info| info.turn)).collect()
}

/// The games played so far with their links (`names` label the entrants), the failures and
/// the standings.
pub fn results<G: MatchRules>(series: &Series<G>, names: &[String]) -> Result<JsValue, JsValue>
where
    G::Params: LinkParams,
{
    let mut games = Vec::new();
    let mut output = String::new();
    for log in series.logs() {
        let link = encode_game(&log.record(series.spec().seed, names))
            .map_err(|(i, e)| js_error(format!("game {}, move {}: {e}", log.game + 1, i + 1)))?;
        // The engine's winners (a capped game is not over, so it has none).
        let winner = match log.end.winners().as_slice() {
            [seat] => Some(usize::from(*seat)),
            _ => None,
        };
        games.push(GameJs {
            game: log.game,
            seating: log.seating.clone(),
            returns: log.returns.clone(),
            winner,
            capped: log.capped,
            moves: log.moves.len(),
            link,
        });
        if output.len() < 20_000 {
            output.push_str(&log.output);
        }
    }
    let shown = &series.failures()[..series.failures().len().min(1000)];
    let mut turns = std::collections::BTreeMap::new();
    for log in series.logs() {
        let indices: Vec<usize> =
            shown.iter().filter(|f| f.game == log.game).map(|f| f.move_index).collect();
        if !indices.is_empty() {
            let found = turns_at(log.record(series.spec().seed, names), &indices);
            turns.extend(indices.into_iter().zip(found).map(|(i, t)| ((log.game, i), t)));
        }
    }
    let failures = shown
        .iter()
        .map(|f| {
            let turn = turns.get(&(f.game, f.move_index)).copied().flatten();
            FailureJs {
                game: f.game,
                move_index: f.move_index,
                entrant: f.entrant,
                seat: f.seat,
                message: f.message.clone(),
                timeout: f.timeout,
                turn,
            }
        })
        .collect();
    to_js(&ResultsJs {
        games,
        failures,
        standings: series.standings().rows(names),
        output,
        fallback: G::FALLBACK,
    })
}

//! What every game's series handle adds to be the Play tab's one game loop (Play is a one-game
//! `arena::Series` in which the human seats are outside seats): the series started from a
//! link's position, the moves made since the page last asked (each as its index among the legal
//! moves of its position, which the page's own tape plays), a human's move by that index, the
//! link of the game so far, and what each decision of the game answered, printed and took.

use crate::{js_error, to_js};
use rails::arena::{
    seating, Answer, DecideError, Decider, Deciders, Decision, GameLog, MatchRules, MoveLabels,
    Series, SeriesSpec, Start,
};
use rails::game::Game;
use rails::link::{encode_game, GameRecord, LinkParams};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The series's game as the page last saw it: each new move becomes its index among the legal
/// moves of its position. Its labels give the game's decisions their answers without a replay
/// each time the page asks (Play asks after every slice of moves).
pub struct Follower<G: Game> {
    labels: MoveLabels<G>,
}

impl<G: MatchRules> Follower<G> {
    pub fn of(series: &Series<G>) -> Result<Follower<G>, JsValue> {
        Ok(Follower {
            labels: MoveLabels::of(series.current_params(), series.current_moves())
                .map_err(js_error)?,
        })
    }

    /// The game at `params` after `moves`, all seen (for a series that starts later).
    pub fn at(params: &G::Params, moves: &[G::Move]) -> Result<Follower<G>, JsValue> {
        Ok(Follower { labels: MoveLabels::of(params, moves).map_err(js_error)? })
    }

    /// The moves of the series's (one) game since the last call, by index.
    pub fn since(&mut self, series: &Series<G>) -> Vec<u32> {
        let moves = match series.logs().last() {
            Some(log) => &log.moves[..],
            None => series.current_moves(),
        };
        let mut out = Vec::new();
        for mv in moves.iter().skip(self.labels.len()) {
            let Some(i) = self.labels.game().move_index(mv) else { break };
            if self.labels.push(mv).is_err() {
                break;
            }
            out.push(i as u32);
        }
        out
    }
}

/// A one-game series from a link's record (decoded by the handle, with the assets its game
/// needs): its parameters, seed and moves up to its position; `deciders` for its seats. The
/// series is game `game` of its series (a lab or arena game goes on as game `game` did: its
/// seats' seeds and chance are that game's), so seat `s` holds entrant `seating(n, 0, game, s)`:
/// each seat's decider and name go to that entrant. → the series, the names by entrant.
pub fn from_record<G: MatchRules>(
    r: GameRecord<G>,
    deciders: Deciders<G>,
    game: u32,
) -> Result<(Series<G>, Vec<String>), JsValue> {
    let n = deciders.len();
    let names =
        by_entrant((0..n).map(|s| r.players.get(s).cloned().unwrap_or_default()).collect(), game);
    let spec = SeriesSpec { first: game, ..SeriesSpec::new(r.params.clone(), 1, r.seed) };
    Ok((
        Series::from_position(spec, by_entrant(deciders, game), start_of(&r)).map_err(js_error)?,
        names,
    ))
}

/// What is given per seat of game `game` of a series (one entry a seat, as many entrants as
/// seats), per entrant: seat `s` holds entrant `seating(n, 0, game, s)`.
pub fn by_entrant<T>(per_seat: Vec<T>, game: u32) -> Vec<T> {
    let n = per_seat.len();
    let mut slots: Vec<Option<T>> = (0..n).map(|_| None).collect();
    for (s, x) in per_seat.into_iter().enumerate() {
        slots[seating(n, 0, game, s as u8)] = Some(x);
    }
    // The rotation is a permutation of 0..n: every slot is filled.
    slots.into_iter().flatten().collect()
}

/// Where a series starts from a link's record: its parameters and its moves up to its position.
pub fn start_of<G: Game>(r: &GameRecord<G>) -> Start<G> {
    Start { params: r.params.clone(), moves: r.moves[..r.view.min(r.moves.len())].to_vec() }
}

/// The pending seat's move by its index among the legal moves now (a human's move). The page
/// played it already: `follower` counts it as seen, so it does not come back with the moves the
/// series makes next.
pub fn answer_index<G: MatchRules>(
    series: &mut Series<G>,
    follower: &mut Follower<G>,
    index: u32,
    ms: f64,
) -> Result<(), JsValue> {
    let mv = series
        .current()
        .move_at(index as usize)
        .ok_or_else(|| js_error(format!("{index} is not the index of a legal move now")))?;
    series.answer_timed(Answer::Move(mv), "", ms);
    follower.since(series);
    Ok(())
}

/// The link of the series's (one) game so far, viewed at its end; `names` label the seats.
pub fn link_now<G: MatchRules>(series: &Series<G>, names: &[String]) -> Result<String, JsValue>
where
    G::Params: LinkParams,
{
    let record = match series.logs().last() {
        Some(log) => log.record(series.spec().seed, names),
        None => {
            let players = (0..series.current().seats())
                .map(|s| {
                    names
                        .get(series.entrant_in(series.game_number(), s as u8))
                        .cloned()
                        .unwrap_or_default()
                })
                .collect();
            let moves = series.current_moves().to_vec();
            GameRecord {
                params: series.current_params().clone(),
                seed: series.spec().seed,
                players,
                view: moves.len(),
                moves,
            }
        }
    };
    encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
}

/// One decision as the page's inspector reads it.
#[derive(Serialize, Default)]
pub struct DecisionRow {
    move_index: u32,
    /// The seed of the entrant's own randomness in this game (a re-run starts from it).
    seed: f64,
    seat: u8,
    entrant: u32,
    /// In the engine's words (move labels), from the game's moves.
    answer: String,
    printed: String,
    ms: f64,
    refused: Option<String>,
    timeout: bool,
    counts: bool,
}

/// The decisions of game `game` of `series` as rows, their answers read from `labels` (the
/// game replayed up to its last decision's moves at least).
fn rows_with<G: MatchRules>(
    series: &Series<G>,
    labels: &MoveLabels<G>,
    decisions: &[Decision],
    game: u32,
) -> Vec<DecisionRow> {
    decisions
        .iter()
        .map(|d| DecisionRow {
            move_index: d.move_index,
            seed: crate::js_seed(series.entrant_seed(d.entrant as usize, game)),
            seat: d.seat,
            entrant: d.entrant,
            answer: labels.answer(d),
            printed: d.printed().to_string(),
            ms: d.ms,
            refused: d.refused().map(str::to_string),
            timeout: d.timeout,
            counts: d.counts,
        })
        .collect()
}

/// The decisions of a game the series played (its log), as rows: one replay of the game.
pub fn rows<G: MatchRules>(series: &Series<G>, log: &GameLog<G>) -> Vec<DecisionRow> {
    rows_of(series, &log.params, &log.moves, &log.decisions, log.game)
}

/// The decisions of game `game` set up with `params` and played as `moves`, as rows. The series
/// played these moves, so the replay cannot fail; if it did, the answers past it are empty.
fn rows_of<G: MatchRules>(
    series: &Series<G>,
    params: &G::Params,
    moves: &[G::Move],
    decisions: &[Decision],
    game: u32,
) -> Vec<DecisionRow> {
    let Ok(mut labels) = MoveLabels::new(params) else { return Vec::new() };
    let _ = labels.follow(moves);
    rows_with(series, &labels, decisions, game)
}

/// The decisions of game `game` (its number in the series) if played, else of the game being
/// played, for the inspector. A one-game series (Play) reads the answers off `follower`, which
/// has followed the game as the page asked for its moves; otherwise the game is replayed once.
pub fn decisions_of<G: MatchRules>(
    series: &Series<G>,
    follower: Option<&Follower<G>>,
    game: u32,
) -> Result<JsValue, JsValue> {
    let (params, moves, decisions, game) = match series.logs().iter().find(|l| l.game == game) {
        Some(log) => (&log.params, &log.moves[..], &log.decisions[..], game),
        None => (
            series.current_params(),
            series.current_moves(),
            series.current_decisions(),
            series.game_number(),
        ),
    };
    let followed = follower.filter(|f| {
        series.spec().games == 1 && decisions.iter().all(|d| d.range().end <= f.labels.len())
    });
    let rows = match followed {
        Some(f) => rows_with(series, &f.labels, decisions, game),
        None => rows_of(series, params, moves, decisions, game),
    };
    to_js(&rows)
}

/// Records the questions a seat answered from outside was asked before a series' start, with
/// the move played then, as the series witnesses them (`Decider::witness`); several series can
/// record into one list.
pub struct Witness<G: Game>(pub Witnessed<G>);

/// The questions a witness saw, each with the move played then.
pub type Witnessed<G> = Rc<RefCell<Vec<(<G as Game>::View, <G as Game>::Move)>>>;

impl<G: Game> Decider<G> for Witness<G> {
    fn decide(&mut self, _view: &G::View) -> Result<G::Move, DecideError> {
        Err("a witness does not decide".into())
    }
    fn witness(&mut self, view: &G::View, played: &G::Move) {
        self.0.borrow_mut().push((view.clone(), played.clone()));
    }
}

/// For each seat of a link's game (its record `r`, `seats` seats), the views of the questions it
/// was asked before the link's position, in order (the ones after a die's 1 too): what an outside strategy
/// is asked again when the game goes on from there, as the series asks an engine strategy.
/// `asks(move)`: whether an outside strategy was asked a question for that move (a strategy that
/// answers a whole turn at once, as in Labyrinth, is asked at its turn's first move only).
pub fn earlier_questions<G: MatchRules + 'static>(
    r: &GameRecord<G>,
    seats: usize,
    game: u32,
    asks: fn(&G::Move) -> bool,
) -> Result<Vec<Vec<G::View>>, JsValue> {
    let asked: Vec<Witnessed<G>> = (0..seats).map(|_| Rc::default()).collect();
    let deciders = asked
        .iter()
        .map(|a| Some(Box::new(Witness::<G>(Rc::clone(a))) as Box<dyn Decider<G>>))
        .collect();
    from_record::<G>(r.clone(), deciders, game)?;
    Ok(asked
        .into_iter()
        .map(|a| a.take().into_iter().filter(|(_, mv)| asks(mv)).map(|(view, _)| view).collect())
        .collect())
}

/// The Play methods of a series handle `$handle` (with fields `series`, `follower` and
/// `earlier`), written once: wasm-bindgen wants them on each concrete type, in the module's own
/// crate.
#[macro_export]
macro_rules! play_methods {
    ($handle:ty) => {
        #[wasm_bindgen::prelude::wasm_bindgen]
        impl $handle {
            /// The moves made since the last call (chance moves included), each as its index
            /// among the legal moves of its position.
            pub fn moves(&mut self) -> Vec<u32> {
                self.follower.since(&self.series)
            }

            /// The pending seat's move (a human's) by its index among the legal moves now; the
            /// page has played it already, so `moves()` does not give it back.
            #[wasm_bindgen(js_name = answerIndex)]
            pub fn answer_index(
                &mut self,
                index: u32,
                ms: f64,
            ) -> Result<(), wasm_bindgen::JsValue> {
                $crate::play::answer_index(&mut self.series, &mut self.follower, index, ms)
            }

            /// Who sits where in the game: the entrant in each seat (the page's humans are
            /// entrants; seats rotate with the game's number in its series).
            pub fn seating(&self) -> Vec<u32> {
                let g = self.series.game_number();
                (0..$crate::rails::game::Game::seats(self.series.current()))
                    .map(|s| self.series.entrant_in(g, s as u8) as u32)
                    .collect()
            }

            /// The questions seat `seat` was asked before the game went on here (the link's
            /// position), as views: a strategy answering from outside is asked them again when
            /// it starts, answers dropped, as the engine's deciders witness them
            /// (`Decider::witness`), so it goes on as if it had played the game from its start.
            pub fn earlier(
                &self,
                seat: usize,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                $crate::to_js(self.earlier.get(seat).map_or(&[][..], Vec::as_slice))
            }

            /// What each decision of game `game` answered, printed and took: [{ move_index,
            /// seed, seat, entrant, answer, printed, ms, refused, timeout, counts }].
            pub fn decisions(
                &self,
                game: u32,
            ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue> {
                $crate::play::decisions_of(&self.series, Some(&self.follower), game)
            }
        }
    };
}

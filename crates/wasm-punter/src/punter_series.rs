//! `PunterSeries`: one game of a Punter series for the page's one referee loop, where some
//! entrants are bots written in JavaScript against the official protocol (run in the sandbox),
//! some built-in bots and, in the Play tab's game (`fromLink`: a game going on from a link's
//! position), some people. The engine's `ProtocolGame` writes every message a JavaScript bot
//! receives, reads its answers and keeps the turns, timeouts and zombies; this handle only
//! translates, and the sandbox carries the messages and keeps the clock. It also gives the
//! Play loop its moves by index and takes a person's move by index (`wasm_common::play`), and
//! the replay's inspector every decision and every message a JavaScript bot was sent.

use punter::protocol::{Next, Phase, ProtocolGame, Verdict};
use punter::{Punter, PunterParams};
use rails::arena::{entrant_seed, MatchRules, Start};
use rails::game::Game;
use rails::link::encode_game;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_common::play::{self, Follower};
use wasm_common::{js_error, js_seed, series, to_js};

#[derive(Serialize)]
struct StepJs {
    /// "ask": the JavaScript bot in `seat` (entrant `entrant`) must answer `view` (the
    /// protocol message, JSON text) within `limitMs`; "running": call again; "over".
    status: &'static str,
    /// "setup", "move" or "stop".
    phase: Option<&'static str>,
    seat: Option<usize>,
    entrant: Option<usize>,
    game: u32,
    view: Option<String>,
    #[serde(rename = "limitMs")]
    limit_ms: Option<u32>,
    seed: Option<f64>,
}

#[derive(Serialize)]
struct RemarkJs {
    seat: usize,
    phase: &'static str,
    message: String,
    /// For an answer played as a pass: the game's turn (as the replay counts turns).
    turn: Option<u32>,
}

#[derive(Serialize)]
struct ExchangeJs<'a> {
    seat: usize,
    phase: &'static str,
    move_index: usize,
    witness: bool,
    /// Null for the setup message (`PunterGame.setupMessage` writes it again).
    message: Option<&'a str>,
    reply: Option<&'a str>,
}

#[wasm_bindgen]
pub struct PunterSeries {
    inner: ProtocolGame,
    names: Vec<String>,
    seed: u64,
    /// The game as the page last saw it (a Play game's), once it goes on from its position.
    follower: Option<Follower<Punter>>,
}

#[wasm_bindgen]
impl PunterSeries {
    /// Game `game` of a series of `entrants` (per entrant "js" or a bot name; entrant `e` sits
    /// in seat (e − game) mod n, seats rotating with the game), named `names` in the link.
    #[wasm_bindgen(constructor)]
    pub fn new(
        map_name: &str,
        map_text: &str,
        entrants: Vec<String>,
        names: Vec<String>,
        settings: JsValue,
        seed: f64,
        game: u32,
    ) -> Result<PunterSeries, JsValue> {
        let settings = crate::punter::settings_of(settings)?;
        let params = PunterParams::new(map_name, map_text, entrants.len(), settings, Vec::new())
            .map_err(js_error)?;
        let mut inner =
            ProtocolGame::new(params, &entrants, seed as u64, game).map_err(js_error)?;
        inner.set_clock(Box::new(wasm_common::now_ms));
        Ok(PunterSeries { inner, names, seed: seed as u64, follower: None })
    }

    /// The Play tab's game: a punter link's game (`assets` as for `PunterGame.fromLink`) going
    /// on from its position as game 0 of the series of the link's seed, seat `i` played by
    /// `seats[i]`: "human" (answered with `answerIndex`), "js" (a JavaScript bot, told of its
    /// seat's earlier turns first) or a built-in bot (seeded as in any game 0 and told of its
    /// seat's earlier moves). `game`: the game's number in its series (a lab or arena game goes
    /// on with that game's seeds and seating; 0 when not given).
    #[wasm_bindgen(js_name = fromLink)]
    pub fn from_link(
        link: &str,
        seats: Vec<String>,
        assets: JsValue,
        game: Option<u32>,
    ) -> Result<PunterSeries, JsValue> {
        let record = rails::link::decode_game_with::<Punter>(link, wasm_common::assets_of(assets)?)
            .map_err(js_error)?
            .record;
        crate::punter::seats_fit(&seats, &record.params)?;
        let moves = record.moves[..record.view.min(record.moves.len())].to_vec();
        let follower = Follower::at(&record.params, &moves)?;
        // Seat s of game `game` holds entrant seating(n, 0, game, s): its player and name go there.
        let game = game.unwrap_or(0);
        let names = play::by_entrant(
            (0..seats.len()).map(|s| record.players.get(s).cloned().unwrap_or_default()).collect(),
            game,
        );
        let entrants = play::by_entrant(seats, game);
        let mut inner = ProtocolGame::from_position(
            Start { params: record.params, moves },
            &entrants,
            record.seed,
            game,
        )
        .map_err(js_error)?;
        inner.set_clock(Box::new(wasm_common::now_ms));
        Ok(PunterSeries { inner, names, seed: record.seed, follower: Some(follower) })
    }

    /// The moves made since the last call, each as its index among the legal moves of its
    /// position (a `fromLink` game's).
    pub fn moves(&mut self) -> Vec<u32> {
        match (self.follower.as_mut(), self.inner.series()) {
            (Some(f), Some(s)) => f.since(s),
            _ => Vec::new(),
        }
    }

    /// The person asked (`next` said "ask" with its entrant) moves: the move by its index among
    /// the legal moves now; the page has played it already.
    #[wasm_bindgen(js_name = answerIndex)]
    pub fn answer_index(&mut self, index: u32, ms: f64) -> Result<(), JsValue> {
        match (self.inner.series_mut(), self.follower.as_mut()) {
            (Some(s), Some(f)) => play::answer_index(s, f, index, ms),
            _ => Err(js_error("nobody is asked to move")),
        }
    }

    /// What each decision of the game answered, printed and took (as `PigPlay.decisions`).
    pub fn decisions(&self, game: u32) -> Result<JsValue, JsValue> {
        match self.inner.series() {
            Some(s) => play::decisions_of(s, self.follower.as_ref(), game),
            None => to_js(&Vec::<u8>::new()),
        }
    }

    /// Every message the JavaScript bots were sent, with their replies: [{ seat, phase,
    /// move_index, witness, message, reply }] (`cut`: the rest was past the limit).
    pub fn exchanges(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct All<'a> {
            list: Vec<ExchangeJs<'a>>,
            cut: bool,
        }
        let e = self.inner.exchanges();
        let list = e
            .all()
            .iter()
            .map(|x| ExchangeJs {
                seat: x.seat,
                phase: x.phase.name(),
                move_index: x.move_index,
                witness: x.witness,
                message: x.message.as_deref(),
                reply: x.reply.as_deref(),
            })
            .collect();
        to_js(&All { list, cut: e.cut() })
    }

    /// Plays built-in bots for at most `max` decisions, then says who must answer what:
    /// { status, phase, seat, entrant, game, view, limitMs, seed }.
    pub fn next(&mut self, max: u32) -> Result<JsValue, JsValue> {
        let game = self.inner.game_number();
        let done = |status| StepJs {
            status,
            phase: None,
            seat: None,
            entrant: None,
            game,
            view: None,
            limit_ms: None,
            seed: None,
        };
        let step = match self.inner.next(max).map_err(js_error)? {
            Next::Running => done("running"),
            Next::Over => done("over"),
            Next::Person { seat, entrant } => StepJs {
                status: "ask",
                phase: Some("move"),
                seat: Some(seat),
                entrant: Some(entrant),
                game,
                view: Some("null".into()),
                limit_ms: None,
                seed: None,
            },
            Next::Ask(r) => StepJs {
                status: "ask",
                phase: Some(r.phase.name()),
                seat: Some(r.seat),
                entrant: Some(r.entrant),
                game,
                view: Some(r.message.to_string()),
                limit_ms: Some(r.phase.limit_ms()),
                seed: Some(js_seed(entrant_seed(self.seed, r.entrant, game))),
            },
        };
        to_js(&step)
    }

    /// The asked bot's answer: its reply as JSON text, what it printed meanwhile and the time it
    /// took. Returns { played, rejected, note }.
    pub fn answer(&mut self, text: &str, printed: &str, ms: f64) -> Result<JsValue, JsValue> {
        verdict(self.inner.answer_timed(Ok(text), printed, ms))
    }

    /// The asked bot failed: it threw or answered nothing (`timeout`: no answer in time;
    /// `stopped`: its sandbox was stopped). Any failure in setup makes a zombie from the start,
    /// as the official server did.
    pub fn fail(
        &mut self,
        message: String,
        timeout: bool,
        stopped: bool,
        printed: &str,
        ms: f64,
    ) -> Result<JsValue, JsValue> {
        let message = match self.inner.phase() {
            Some(Phase::Setup) if stopped => {
                format!("its sandbox was stopped in setup ({message})")
            }
            _ => message,
        };
        verdict(self.inner.fail_timed(&message, timeout, false, printed, ms))
    }

    /// Scores, timeouts and rejected answers per seat, turn and turns, and whether it is over.
    pub fn summary(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct S {
            scores: Vec<i64>,
            timeouts: Vec<u32>,
            rejected: Vec<u32>,
            turn: usize,
            turns: usize,
            over: bool,
            /// Once over: per seat its rank (1 best, ties share it) and the seats ranked first.
            ranks: Vec<u32>,
            winners: Vec<u8>,
            /// What plays a failed answer (`MatchRules::FALLBACK`).
            fallback: &'static str,
        }
        let seating = self.inner.seating();
        let series = self.inner.series();
        let end = self.inner.end().map(|(g, _)| g);
        let timeouts = seating.iter().map(|&e| series.map_or(0, |x| x.timeouts()[e])).collect();
        let (scores, turn, turns) = end.map_or((vec![0; seating.len()], 0, 0), |g| {
            (g.game().scores(), g.game().turn(), g.game().turns())
        });
        let (ranks, winners) = end.map_or((Vec::new(), Vec::new()), |g| (g.ranks(), g.winners()));
        // Answers played as a pass: the series' failures that were not timeouts.
        let failures = series.map_or(&[][..], |x| x.failures());
        let rejected = (0..seating.len())
            .map(|s| {
                failures.iter().filter(|f| usize::from(f.seat) == s && !f.timeout).count() as u32
            })
            .collect();
        to_js(&S {
            scores,
            timeouts,
            rejected,
            turn,
            turns,
            over: self.inner.is_over(),
            ranks,
            winners,
            fallback: punter::Punter::FALLBACK,
        })
    }

    /// Who sits where: the entrant in each seat.
    pub fn seating(&self) -> Vec<u32> {
        self.inner.seating().into_iter().map(|e| e as u32).collect()
    }

    /// What the referee said of the JavaScript bots' answers: [{ seat, phase, message }] (at
    /// most 200): setup's, then every move played as a pass (the series' failures).
    pub fn remarks(&self) -> Result<JsValue, JsValue> {
        let remarks: Vec<_> = self.inner.remarks().take(200).collect();
        let indices: Vec<usize> = remarks.iter().filter_map(|r| r.move_index).collect();
        let mut turns = match self.inner.record(&self.names) {
            Some(record) if !indices.is_empty() => series::turns_at(record, &indices).into_iter(),
            _ => Vec::new().into_iter(),
        };
        let all: Vec<RemarkJs> = remarks
            .into_iter()
            .map(|r| {
                let turn = if r.move_index.is_some() { turns.next().flatten() } else { None };
                RemarkJs { seat: r.seat, phase: r.phase.name(), message: r.message, turn }
            })
            .collect();
        to_js(&all)
    }

    /// Share link fragment of the game so far, viewed at its end.
    pub fn link(&self) -> Result<String, JsValue> {
        let record =
            self.inner.record(&self.names).ok_or_else(|| js_error("the game has not started"))?;
        encode_game(&record).map_err(|(i, e)| js_error(format!("move {}: {e}", i + 1)))
    }
}

fn verdict(v: Result<Verdict, String>) -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Reply {
        played: String,
        rejected: Option<String>,
        note: Option<String>,
    }
    let v = v.map_err(js_error)?;
    to_js(&Reply { played: v.played, rejected: v.rejected, note: v.note })
}

//! The referee of punters outside the engine (`ProtocolGame`, which the page's JavaScript
//! bots, the CLI's `exe:` programs and `serve`'s online punters all go through), held to the
//! official server's conventions: the setup, what a move request and the stop message report,
//! passes for illegal and malformed answers, the mover's move whatever the "punter" field says,
//! state threading, futures, splurges and options, timeouts and zombies.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::protocol::{
    encode, frame, from_punter_moves, group_turns, Answer, Decoder, Message, MoveRequest, Next,
    Phase, ProtocolGame, ProtocolMove, Ready, Request, ServerMessage, Stop, TimeoutNotice, Verdict,
};
use punter::{Illegal, Move, Punter, PunterGame, PunterMap, PunterParams, Settings};
use serde_json::{json, Value};
use std::sync::Arc;

fn sample_params(punters: usize, settings: Settings) -> PunterParams {
    PunterParams::bundled("sample.json", punters, settings).unwrap()
}

fn all_on() -> Settings {
    Settings { futures: true, splurges: true, options: true }
}

/// A game where every seat is answered by the test.
fn outside(params: PunterParams) -> ProtocolGame {
    let seats = vec!["js".to_string(); params.punters];
    ProtocolGame::new(params, &seats, 0, 0).unwrap()
}

fn ask(g: &mut ProtocolGame) -> Request {
    loop {
        match g.next(u32::MAX).unwrap() {
            Next::Ask(r) => return r,
            Next::Running => continue,
            Next::Over | Next::Person { .. } => panic!("the game is over, or a person is asked"),
        }
    }
}

fn answer(g: &mut ProtocolGame, reply: Value) -> Verdict {
    g.answer(Ok(&reply.to_string()), "").unwrap()
}

/// Answers every setup with a plain ready.
fn ready_all(g: &mut ProtocolGame, n: usize) {
    for p in 0..n {
        let r = ask(g);
        assert_eq!((r.phase, r.seat), (Phase::Setup, p));
        answer(g, json!({ "ready": p }));
    }
}

fn request(g: &mut ProtocolGame) -> (usize, MoveRequest) {
    let r = ask(g);
    assert_eq!(r.phase, Phase::Move);
    (r.seat, MoveRequest::parse(&r.message).unwrap())
}

fn scores(g: &ProtocolGame) -> Vec<i64> {
    g.end().unwrap().0.game().scores()
}

#[test]
fn setup_carries_settings_and_the_map() {
    for settings in
        [Settings::default(), all_on(), Settings { futures: false, splurges: true, options: false }]
    {
        let params = sample_params(3, settings);
        let mut g = outside(params.clone());
        for p in 0..3 {
            let r = ask(&mut g);
            assert_eq!((r.phase, r.seat, r.phase.limit_ms()), (Phase::Setup, p, 10_000));
            let mut d = Decoder::new();
            d.push(frame(&r.message.to_string()).as_bytes());
            let Some(ServerMessage::Setup(setup)) = d.next_message::<ServerMessage>().unwrap()
            else {
                panic!("a setup")
            };
            assert_eq!((setup.punter, setup.punters), (p as u64, 3));
            assert_eq!(setup.settings, Some(settings));
            // The same graph (sites, rivers, mines), without the drawing's coordinates.
            let read = setup.read_map().unwrap();
            assert_eq!(
                (read.rivers.clone(), read.mines.clone()),
                (params.map.rivers.clone(), params.map.mines.clone())
            );
            let ids = |m: &PunterMap| m.sites.iter().map(|s| s.id).collect::<Vec<_>>();
            assert_eq!(ids(&read), ids(&params.map));
            // As the official server sent it: sites by id only, rivers by ids, mines by ids.
            assert_eq!(setup.map["sites"][3], json!({"id": 3}));
            assert_eq!(setup.map["mines"], json!([1, 5]));
            answer(&mut g, json!({ "ready": p }));
        }
    }
}

/// A scripted offline bot: everything it knows is in the state it threads through the server.
/// `claimer` claims the first river its own bookkeeping says is free; otherwise it passes.
fn offline_bot(message: &str, claimer: bool) -> Option<Value> {
    let mut d = Decoder::new();
    d.push(frame(message).as_bytes());
    match d.next_message::<ServerMessage>().expect("the server's messages are well formed")? {
        ServerMessage::Setup(setup) => {
            let map = setup.read_map().expect("a map the engine reads");
            let taken = vec![false; map.rivers.len()];
            Some(
                Ready {
                    punter: setup.punter,
                    futures: None,
                    state: Some(
                        json!({"me": setup.punter, "map": setup.map, "taken": taken}).into(),
                    ),
                }
                .to_json(),
            )
        }
        ServerMessage::Move(req) => {
            let mut state: Value =
                serde_json::from_str(req.state.expect("the server gives back the state").text())
                    .unwrap();
            let map = PunterMap::from_json(&state["map"]).unwrap();
            let me = state["me"].as_u64().unwrap();
            let mut taken: Vec<bool> = serde_json::from_value(state["taken"].clone()).unwrap();
            for m in &req.moves {
                if let Move::Claim { source, target } = m.mv {
                    taken[map.river_by_ids(source, target).unwrap() as usize] = true;
                }
            }
            let mv = match taken.iter().position(|t| !t) {
                Some(r) if claimer => {
                    let (a, b) = map.rivers[r];
                    Move::Claim {
                        source: map.sites[a as usize].id,
                        target: map.sites[b as usize].id,
                    }
                }
                _ => Move::Pass,
            };
            state["taken"] = json!(taken);
            Some(
                Answer { mv: ProtocolMove { punter: me, mv }, state: Some(state.into()) }.to_json(),
            )
        }
        ServerMessage::Stop(stop) => {
            assert!(stop.state.is_some());
            None
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn a_game_through_the_protocol_scores_as_on_the_engine() {
    let params = sample_params(2, Settings::default());
    let mut g = outside(params.clone());
    let bots = [true, false];
    let mut sent = Vec::new();
    let mut stops = Vec::new();
    loop {
        let r = match g.next(u32::MAX).unwrap() {
            Next::Ask(r) => r,
            Next::Running => continue,
            Next::Over | Next::Person { .. } => break,
        };
        if r.phase == Phase::Move {
            let request = MoveRequest::parse(&r.message).unwrap();
            assert_eq!(request.moves.len(), 2);
            assert!(
                request.moves.iter().enumerate().all(|(q, m)| m.punter == q as u64),
                "punter-id order"
            );
        }
        if r.phase == Phase::Stop {
            stops.push(Stop::parse(&r.message).unwrap());
        }
        let reply = offline_bot(&r.message, bots[r.seat]);
        if r.phase == Phase::Move {
            sent.push(Answer::from_json(reply.as_ref().unwrap()).unwrap().mv.mv);
        }
        let v = answer(&mut g, reply.unwrap_or(Value::Null));
        assert_eq!((v.rejected, v.note), (None, None));
    }
    assert!(g.answer(Ok(r#"{"pass": {"punter": 0}}"#), "").is_err(), "no answers after the end");
    assert_eq!(stops.len(), 2);
    let stop_scores: Vec<i64> = stops[0].scores.iter().map(|s| s.score).collect();
    assert_eq!(stops[0].scores, stops[1].scores);

    // The same moves, played directly on the engine: claimer takes the rivers in map order.
    let map = &params.map;
    let mut direct = PunterGame::new(Arc::clone(map), 2, Settings::default(), &[]);
    let mut next = 0;
    assert_eq!(sent.len(), map.rivers.len());
    for (t, sent_mv) in sent.iter().enumerate() {
        let mv = if t % 2 == 0 {
            let (a, b) = map.rivers[next];
            next += 1;
            Move::Claim { source: map.sites[a as usize].id, target: map.sites[b as usize].id }
        } else {
            Move::Pass
        };
        assert_eq!(*sent_mv, mv, "turn {t}");
        direct.play(&mv);
    }
    assert_eq!(direct.scores(), stop_scores);
    assert_eq!(scores(&g), stop_scores);
    assert!(stop_scores[0] > 0 && stop_scores[1] == 0, "{stop_scores:?}");
    // Stop: the punter's own last move and the moves it was told of are passes (the only news,
    // punter 1's last move, was a pass).
    assert!(stops.iter().all(|s| s.moves.iter().all(|m| m.mv == Move::Pass)));
}

#[test]
fn move_requests_and_stop_report_the_right_moves() {
    // Three punters on the sample map (12 turns): the spec's rules for what is reported.
    let params = sample_params(3, Settings::default());
    let mut g = outside(params.clone());
    ready_all(&mut g, 3);
    let map = Arc::clone(&params.map);
    let claim = |r: usize| {
        let (a, b) = map.rivers[r];
        Move::Claim { source: map.sites[a as usize].id, target: map.sites[b as usize].id }
    };
    for t in 0..12 {
        let (p, request) = request(&mut g);
        assert_eq!(p, t % 3);
        if t == 0 {
            // Before anyone moved: passes.
            assert_eq!(request.moves, (0..3).map(ProtocolMove::pass).collect::<Vec<_>>());
        }
        if t >= 3 {
            // Each punter's most recent move, in id order.
            for q in 0..3 {
                let last_turn = if q < p { t - p + q } else { t - 3 - p + q };
                assert_eq!(
                    request.moves[q],
                    ProtocolMove::new(q, claim(last_turn)),
                    "turn {t}, punter {q}"
                );
            }
        }
        answer(&mut g, ProtocolMove::new(p, claim(t)).to_json());
    }
    // Last turns: punter 0 at 9, 1 at 10, 2 at 11. Punter 0 has not been told of turns 10 and
    // 11; punter 1 of turn 11; punter 2 of nothing.
    let mut stop = |p: usize| {
        let r = ask(&mut g);
        assert_eq!((r.phase, r.seat), (Phase::Stop, p));
        answer(&mut g, Value::Null);
        Stop::parse(&r.message).unwrap()
    };
    let (s0, s1, s2) = (stop(0), stop(1), stop(2));
    assert_eq!(
        s0.moves,
        vec![
            ProtocolMove::pass(0),
            ProtocolMove::new(1, claim(10)),
            ProtocolMove::new(2, claim(11))
        ]
    );
    assert_eq!(
        s1.moves,
        vec![ProtocolMove::pass(0), ProtocolMove::pass(1), ProtocolMove::new(2, claim(11))]
    );
    assert_eq!(s2.moves, (0..3).map(ProtocolMove::pass).collect::<Vec<_>>());
    assert_eq!(s0.scores.iter().map(|s| s.score).collect::<Vec<_>>(), scores(&g));
    assert!(g.is_over());
}

#[test]
fn illegal_and_malformed_answers_are_passes_with_the_reason() {
    let params = sample_params(2, Settings::default());
    let mut g = outside(params);
    ready_all(&mut g, 2);
    let illegal = |why: Illegal| Some(format!("illegal move: {why}"));
    let next = |g: &mut ProtocolGame, reply: Value| {
        request(g);
        answer(g, reply)
    };
    let v = next(&mut g, json!({"claim": {"punter": 0, "source": 0, "target": 1}}));
    assert_eq!((v.played.as_str(), v.rejected), ("claim 0–1", None));
    // Already claimed.
    let v = next(&mut g, json!({"claim": {"punter": 1, "source": 1, "target": 0}}));
    assert_eq!(
        (v.played.as_str(), v.rejected),
        ("pass", illegal(Illegal::Claimed { source: 1, target: 0 }))
    );
    // Not a river; splurges and options off.
    let v = next(&mut g, json!({"claim": {"punter": 0, "source": 0, "target": 5}}));
    assert_eq!(v.rejected, illegal(Illegal::NoSuchRiver { source: 0, target: 5 }));
    let v = next(&mut g, json!({"splurge": {"punter": 1, "route": [1, 2]}}));
    assert_eq!(v.rejected, illegal(Illegal::SplurgesOff));
    let v = next(&mut g, json!({"option": {"punter": 0, "source": 0, "target": 1}}));
    assert_eq!(v.rejected, illegal(Illegal::OptionsOff));
    // Malformed: the wrong shape is a pass with the field named.
    let v = next(&mut g, json!({"claim": {"punter": 1, "source": 1}}));
    assert!(
        v.rejected.as_deref().is_some_and(|r| r.starts_with("malformed answer: claim.target")),
        "{v:?}"
    );
    // Illegal answers are reported to the others as the passes they were.
    let (p, req) = request(&mut g);
    assert_eq!((p, &req.moves[1]), (0, &ProtocolMove::pass(1)));
    // As the official server: a punter that sends garbage or crashes is a zombie, never asked
    // again; its turns are passes.
    let v = g.fail("wrote something that is not a message", false, true, "").unwrap();
    assert!(v.rejected.unwrap().contains("a zombie from now on"));
    for _ in 0..2 {
        let (p, _) = request(&mut g);
        assert_eq!(p, 1, "only punter 1 is asked");
        answer(&mut g, json!({"pass": {"punter": 1}}));
    }
    assert_eq!(g.end().unwrap().0.game().turn(), 10);
    assert!(
        g.answer(Ok(r#"{"pass": {"punter": 1}}"#), "").is_err(),
        "an answer nobody asked for is refused"
    );
}

#[test]
fn a_wrong_punter_field_is_the_movers_move() {
    let params = sample_params(2, Settings::default());
    let mut g = outside(params.clone());
    // A confused ready is accepted.
    ask(&mut g);
    let v = answer(&mut g, json!({"ready": 1}));
    assert!(v.note.unwrap().contains("names another punter"));
    ask(&mut g);
    answer(&mut g, json!({"ready": 1}));
    // Punter 0 says it is punter 7, then punter 1 says it is punter 0.
    request(&mut g);
    let v = answer(&mut g, json!({"claim": {"punter": 7, "source": 0, "target": 1}}));
    assert!(v.rejected.is_none() && v.note.unwrap().contains("names punter 7"));
    request(&mut g);
    answer(&mut g, json!({"claim": {"punter": 0, "source": 1, "target": 2}}));
    let game = g.end().unwrap().0.game();
    assert_eq!(game.owner(params.map.river_by_ids(0, 1).unwrap()), Some(0));
    assert_eq!(game.owner(params.map.river_by_ids(1, 2).unwrap()), Some(1));
    // The others are told the mover's id.
    let (_, req) = request(&mut g);
    assert_eq!(
        req.moves,
        vec![
            ProtocolMove::new(0, Move::Claim { source: 0, target: 1 }),
            ProtocolMove::new(1, Move::Claim { source: 1, target: 2 })
        ]
    );
}

#[test]
fn splurges_options_futures_and_state_through_the_referee() {
    let params = sample_params(2, all_on());
    let mut g = outside(params.clone());
    // Futures at setup: mine 1 → site 3 for punter 0 (d = 2); state is kept per punter.
    ask(&mut g);
    answer(&mut g, json!({"ready": 0, "futures": [{"source": 1, "target": 3}], "state": "zero"}));
    ask(&mut g);
    answer(&mut g, json!({"ready": 1, "state": {"one": 1}}));
    let script: Vec<Value> = vec![
        json!({"pass": {"punter": 0}, "state": "zero-1"}),
        json!({"claim": {"punter": 1, "source": 1, "target": 2}}),
        json!({"pass": {"punter": 0}}),
        json!({"claim": {"punter": 1, "source": 5, "target": 7}}),
        // 0 has 3 credit: 0–1 free, 1–2 by option (punter 1's), 2–3 free.
        json!({"splurge": {"punter": 0, "route": [0, 1, 2, 3]}}),
        json!({"pass": {"punter": 1}}),
        // An option on punter 1's river.
        json!({"option": {"punter": 0, "source": 5, "target": 7}}),
        // Too long a splurge: a pass, nothing taken.
        json!({"splurge": {"punter": 1, "route": [5, 4, 3, 2]}}),
    ];
    let mut played = Vec::new();
    for (i, m) in script.iter().enumerate() {
        let (p, req) = request(&mut g);
        match i {
            0 => assert_eq!(req.state, Some(json!("zero").into())),
            1 => assert_eq!(req.state, Some(json!({"one": 1}).into())),
            2 => assert_eq!(req.state, Some(json!("zero-1").into())),
            _ => {}
        }
        assert_eq!(p, i % 2);
        let v = answer(&mut g, m.clone());
        if i == 7 {
            assert_eq!(
                v.rejected,
                Some(format!(
                    "illegal move: {}",
                    Illegal::NotEnoughCredit { needed: 3, credit: 2 }
                )),
                "{v:?}"
            );
            played.push(Move::Pass);
        } else {
            assert_eq!(v.rejected, None, "answer {i}: {v:?}");
            played.push(Answer::from_json(m).unwrap().mv.mv);
        }
    }
    let (_, req) = request(&mut g);
    assert_eq!(req.state, None, "an answer without state clears it");
    assert_eq!(req.moves[0], ProtocolMove::new(0, Move::Option { source: 5, target: 7 }));
    let (end, rails) = g.end().unwrap();
    assert_eq!(end.game().options_left(0), 0, "two mines: two options, both used");
    assert_eq!(end.game().futures(0).len(), 1);
    // The rails moves replay on the engine to the same position, and group back into the turns.
    let mut with_futures = params.clone();
    with_futures.futures = vec![vec![(1, 3)], Vec::new()];
    let replayed = rails::game::replay::<Punter>(&with_futures, rails).unwrap();
    assert_eq!(replayed.game().scores(), end.game().scores());
    assert_eq!(group_turns(&params.map, rails).unwrap(), played);
    assert_eq!(from_punter_moves(&params.map, &rails[rails.len() - 1..]), Some(Move::Pass));
    // Punter 0 holds 0–1–2–3 and 5–7: mine 1 reaches 0, 2 and 3 (each at distance 1), mine 5
    // reaches 7 (1), and the future 1 → 3 (d = 1) is kept: +1.
    assert_eq!(end.game().scores()[0], 3 + 1 + 1);
    let mut direct = PunterGame::new(Arc::clone(&params.map), 2, all_on(), &[vec![(1, 3)]]);
    for mv in &played {
        direct.play(mv);
    }
    assert_eq!(direct.scores(), end.game().scores());
}

#[test]
fn timeouts_make_zombies_after_ten() {
    assert_eq!(TimeoutNotice { seconds: 1.0 }.to_json(), json!({"timeout": 1.0}));
    assert_eq!(encode(&TimeoutNotice { seconds: 1.0 }), "15:{\"timeout\":1.0}");
    let params = sample_params(2, Settings::default());
    let mut g = outside(params);
    ready_all(&mut g, 2);
    for _ in 0..5 {
        assert_eq!(request(&mut g).0, 0);
        g.fail("no answer within 1 s", true, false, "").unwrap();
        assert_eq!(request(&mut g).0, 1);
        answer(&mut g, json!({"pass": {"punter": 1}}));
    }
    let series = g.series().unwrap();
    assert_eq!(series.timeouts()[0], 5);
    assert!(!series.is_zombie(0));
    // 12 turns in all: the game ends before a tenth timeout.
    while let Next::Ask(r) = g.next(u32::MAX).unwrap() {
        if r.phase == Phase::Stop {
            answer(&mut g, Value::Null);
        } else {
            g.fail("no answer within 1 s", true, false, "").unwrap();
        }
    }
    assert_eq!(g.series().unwrap().timeouts(), &[6, 1]);
    assert!(scores(&g).iter().all(|&s| s == 0));
    // Ten timeouts make a zombie: on lambda (60 turns), punter 0 is asked ten times.
    let mut g = outside(PunterParams::bundled("lambda.json", 2, Settings::default()).unwrap());
    ready_all(&mut g, 2);
    let mut asked = 0;
    loop {
        match g.next(u32::MAX).unwrap() {
            Next::Ask(r) if r.phase == Phase::Move && r.seat == 0 => {
                asked += 1;
                g.fail("no answer within 1 s", true, false, "").unwrap();
            }
            Next::Ask(r) if r.phase == Phase::Move => {
                answer(&mut g, json!({"pass": {"punter": 1}}));
            }
            Next::Ask(_) => {
                answer(&mut g, Value::Null);
            }
            Next::Running => {}
            Next::Over | Next::Person { .. } => break,
        }
    }
    assert_eq!(asked, 10);
    assert!(g.series().unwrap().is_zombie(0));
}

#[test]
fn a_state_goes_back_exactly_as_the_bot_wrote_it() {
    let mut g = outside(sample_params(2, Settings::default()));
    // Whitespace, a trailing zero, escapes and a big number are kept as written: the referee
    // keeps the state as text and never reads it into a tree.
    let state = r#"{ "a" : [1, 2.50, "\u00e9\n"], "big": 123456789012345678901234567890 }"#;
    let r = ask(&mut g);
    assert_eq!(r.phase, Phase::Setup);
    g.answer(Ok(&format!(r#"{{"ready": 0, "state": {state}}}"#)), "").unwrap();
    ask(&mut g);
    // A later "state" replaces an earlier one, as in any JSON object read by the server.
    g.answer(Ok(r#"{"ready": 1, "state": "first", "state": {"n": 1}}"#), "").unwrap();
    let r0 = ask(&mut g);
    assert_eq!(r0.seat, 0);
    assert!(r0.message.ends_with(&format!(r#","state":{state}}}"#)), "{}", r0.message);
    assert_eq!(MoveRequest::parse(&r0.message).unwrap().state.unwrap().text(), state);
    g.answer(Ok(r#"{"pass": {"punter": 0}, "state": null}"#), "").unwrap();
    let r1 = ask(&mut g);
    assert!(r1.message.ends_with(r#","state":{"n": 1}}"#), "{}", r1.message);
    // Not an object, not JSON: the same passes with the reason as before.
    let v = g.answer(Ok("[1, 2]"), "").unwrap();
    assert_eq!(
        v.rejected.as_deref(),
        Some("malformed answer: the message: expected a JSON object, got a list")
    );
    let r0 = ask(&mut g);
    assert!(!r0.message.contains("state"), "a null state is no state: {}", r0.message);
    let v = g.answer(Ok("{\"pass\": "), "").unwrap();
    assert!(v.rejected.unwrap().starts_with("malformed answer: "));
}

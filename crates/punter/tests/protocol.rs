//! The official Lambda Punter protocol: `n:json` framing, the messages, conversions to the
//! rails' moves, and the referee playing bots that speak the protocol.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::protocol::{
    encode, frame, from_punter_moves, group_turns, map_json, to_punter_moves, Answer, Decoder, Me,
    Message, MoveRequest, ProtocolError, ProtocolMove, PunterMessage, Ready, Score, ServerMessage,
    Setup, Stop, TimeoutNotice, You, MAX_MESSAGE_BYTES,
};
use punter::{Illegal, Move, Punter, PunterGame, PunterMap, PunterMove, PunterParams, Settings};
use rails::game::Game;
use serde_json::{json, Value};
use std::sync::Arc;

fn sample_params(punters: usize, settings: Settings) -> PunterParams {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/punter/sample.json"
    ))
    .expect("sample map");
    PunterParams::new("sample.json", &text, punters, settings, Vec::new()).expect("valid map")
}

fn all_on() -> Settings {
    Settings { futures: true, splurges: true, options: true }
}

fn stream() -> (Vec<Value>, Vec<u8>) {
    let msgs = vec![
        json!({"me": "Alice"}),
        json!({"you": "Alice"}),
        json!({"move": {"moves": [{"pass": {"punter": 0}}, {"claim": {"punter": 1, "source": 0, "target": 1}}]}, "state": {"x": "é ü 🦀"}}),
        json!({"splurge": {"punter": 0, "route": [1, 2, 3]}, "state": [1, 2]}),
        json!({"timeout": 1.5}),
    ];
    let mut bytes = Vec::new();
    for m in &msgs {
        bytes.extend(frame(&m.to_string()).into_bytes());
    }
    (msgs, bytes)
}

fn drain(d: &mut Decoder) -> Vec<Value> {
    let mut out = Vec::new();
    while let Some(v) = d.next_value().expect("valid stream") {
        out.push(v);
    }
    out
}

#[test]
fn framing_round_trips_whole_and_byte_by_byte() {
    let (msgs, bytes) = stream();
    let mut d = Decoder::new();
    d.push(&bytes);
    assert_eq!(drain(&mut d), msgs);
    d.finish().unwrap();

    let mut d = Decoder::new();
    let mut got = Vec::new();
    for b in &bytes {
        d.push(std::slice::from_ref(b));
        got.extend(drain(&mut d));
    }
    assert_eq!(got, msgs);
    assert_eq!(d.position(), bytes.len() as u64);
    d.finish().unwrap();
}

#[test]
fn chunked_decoding_split_at_every_byte() {
    let (msgs, bytes) = stream();
    for cut in 0..=bytes.len() {
        let mut d = Decoder::new();
        d.push(&bytes[..cut]);
        let mut got = drain(&mut d);
        d.push(&bytes[cut..]);
        got.extend(drain(&mut d));
        assert_eq!(got, msgs, "split at {cut}");
        d.finish().unwrap();
    }
    // Three pieces.
    for a in (0..bytes.len()).step_by(7) {
        for b in (a..bytes.len()).step_by(5) {
            let mut d = Decoder::new();
            let mut got = Vec::new();
            for piece in [&bytes[..a], &bytes[a..b], &bytes[b..]] {
                d.push(piece);
                got.extend(drain(&mut d));
            }
            assert_eq!(got, msgs);
        }
    }
}

#[test]
fn length_is_bytes_and_whitespace_between_messages_is_skipped() {
    let text = json!({"you": "Zoë 🦀"}).to_string();
    let framed = encode(&You { name: "Zoë 🦀".into() });
    assert_eq!(framed, format!("{}:{}", text.len(), text));
    assert!(text.len() > text.chars().count());
    let mut d = Decoder::new();
    d.push(format!("{framed}\n\r\n {framed}\n").as_bytes());
    assert_eq!(d.next_message::<You>().unwrap().unwrap().name, "Zoë 🦀");
    assert_eq!(
        d.next_message::<ServerMessage>().unwrap(),
        Some(ServerMessage::You(You { name: "Zoë 🦀".into() }))
    );
    assert_eq!(d.next_value().unwrap(), None);
    d.finish().unwrap();
}

#[test]
fn bad_frames_are_errors_with_their_place() {
    let case = |input: &str| -> ProtocolError {
        let mut d = Decoder::new();
        d.push(input.as_bytes());
        loop {
            match d.next_value() {
                Ok(Some(_)) => continue,
                Ok(None) => panic!("no error for {input:?}"),
                Err(e) => return e,
            }
        }
    };
    // A good message, then a bad prefix at byte 13.
    let e = case("10:{\"me\":\"a\"}12x:{}");
    assert!(
        matches!(&e, ProtocolError::BadLength { at: 13, message } if message.contains("'x'") && message.contains("byte 15")),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("byte 13: bad length prefix"), "{e}");
    assert!(matches!(case(":{}"), ProtocolError::BadLength { at: 0, .. }));
    assert!(matches!(case("-1:{}"), ProtocolError::BadLength { at: 0, .. }));
    assert!(matches!(case("{\"me\":1}"), ProtocolError::BadLength { at: 0, .. }));
    let e = case("1234567890:");
    assert!(
        matches!(&e, ProtocolError::BadLength { message, .. } if message.contains("9 digits")),
        "{e:?}"
    );
    // Over the limit: refused as soon as the prefix is read.
    let e = case(&format!("{}:", MAX_MESSAGE_BYTES + 1));
    assert_eq!(
        e,
        ProtocolError::TooLarge {
            at: 0,
            length: MAX_MESSAGE_BYTES as u64 + 1,
            limit: MAX_MESSAGE_BYTES
        }
    );
    let mut small = Decoder::with_limit(9);
    small.push(b"10:{\"me\":\"a\"}");
    assert!(matches!(
        small.next_value(),
        Err(ProtocolError::TooLarge { length: 10, limit: 9, .. })
    ));
    // A broken stream stays broken.
    assert!(small.next_value().is_err() && small.is_broken() && small.finish().is_err());

    // Invalid JSON: line and column inside the message, and where the message starts; the
    // stream goes on.
    let bad = "{\n  \"me\": nope}";
    let mut d = Decoder::new();
    d.push(format!("2:{{}}{}{}", frame(bad), frame("{\"me\":\"b\"}")).as_bytes());
    assert_eq!(d.next_value().unwrap(), Some(json!({})));
    let e = d.next_value().unwrap_err();
    assert!(matches!(&e, ProtocolError::Json { at: Some(4), line: 2, column: 10, .. }), "{e:?}");
    assert!(e.to_string().starts_with("message at byte 4, line 2, column 10: invalid JSON"), "{e}");
    assert_eq!(d.next_value().unwrap(), Some(json!({"me": "b"})));

    // A message shorter than announced: the JSON is cut (an error), or the stream ends early.
    let mut d = Decoder::new();
    d.push(b"5:{\"me\":\"a\"}");
    assert!(matches!(d.next_value(), Err(ProtocolError::Json { at: Some(0), .. })));
    let mut d = Decoder::new();
    d.push(b"  20:{\"me\"");
    assert_eq!(d.next_value().unwrap(), None);
    assert!(matches!(d.finish(), Err(ProtocolError::Truncated { at: 2, .. })));
}

#[test]
fn the_decoder_never_panics() {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let alphabet = b"0123456789:{}[]\",:abc \n\xff\x00-";
    for _ in 0..3000 {
        let mut d = Decoder::with_limit(64);
        let len = (x % 40) as usize;
        let mut bytes = Vec::new();
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push(alphabet[(x % alphabet.len() as u64) as usize]);
        }
        d.push(&bytes);
        for _ in 0..5 {
            if let Ok(Some(v)) = d.next_value() {
                let _ = ServerMessage::from_json(&v);
                let _ = PunterMessage::from_json(&v);
            }
        }
        let _ = d.finish();
        x = x.wrapping_add(1);
    }
}

#[test]
fn wrong_shapes_name_the_field() {
    let field = |r: Result<ServerMessage, ProtocolError>| match r {
        Err(ProtocolError::Shape { field, .. }) => field,
        other => panic!("expected a shape error, got {other:?}"),
    };
    let pfield = |r: Result<PunterMessage, ProtocolError>| match r {
        Err(ProtocolError::Shape { field, .. }) => field,
        other => panic!("expected a shape error, got {other:?}"),
    };
    let v = json!({"move": {"moves": [{"pass": {"punter": 0}}, {"claim": {"punter": 1, "source": "a", "target": 2}}]}});
    assert_eq!(field(ServerMessage::from_json(&v)), "move.moves[1].claim.source");
    let v = json!({"move": {"moves": [{"pass": {"punter": 0}}, {"grab": {}}]}});
    assert_eq!(field(ServerMessage::from_json(&v)), "move.moves[1]");
    assert_eq!(field(ServerMessage::from_json(&json!({"move": {}}))), "move.moves");
    assert_eq!(field(ServerMessage::from_json(&json!({"punter": 0, "punters": 2}))), "map");
    let v = json!({"punter": 0, "punters": 2, "map": {"sites": [], "rivers": {}, "mines": []}});
    assert_eq!(field(ServerMessage::from_json(&v)), "map.rivers");
    let v = json!({"punter": 0, "punters": 2, "map": {"sites": [], "rivers": [], "mines": []}, "settings": {"options": 1}});
    assert_eq!(field(ServerMessage::from_json(&v)), "settings.options");
    let v = json!({"stop": {"moves": [], "scores": [{"punter": 0, "score": 1.5}]}});
    assert_eq!(field(ServerMessage::from_json(&v)), "stop.scores[0].score");
    assert_eq!(field(ServerMessage::from_json(&json!([1]))), "");
    assert_eq!(field(ServerMessage::from_json(&json!({"hello": 1}))), "");

    assert_eq!(
        pfield(PunterMessage::from_json(&json!({"splurge": {"punter": 0, "route": [1, -2]}}))),
        "splurge.route[1]"
    );
    assert_eq!(
        pfield(PunterMessage::from_json(&json!({"claim": {"punter": 0, "source": 1}}))),
        "claim.target"
    );
    assert_eq!(pfield(PunterMessage::from_json(&json!({"pass": {}}))), "pass.punter");
    // The first move key in the server's order (claim, pass, splurge, option) is the move.
    assert_eq!(
        pfield(PunterMessage::from_json(&json!({"pass": {"punter": 0}, "claim": {}}))),
        "claim.punter"
    );
    assert_eq!(
        pfield(PunterMessage::from_json(&json!({"ready": 0, "futures": [{"source": 1}]}))),
        "futures[0].target"
    );
    let e =
        PunterMessage::from_json(&json!({"option": {"punter": 0, "source": 1, "target": null}}))
            .unwrap_err();
    assert_eq!(e.to_string(), "option.target: expected a whole number ≥ 0, got null");
    let e = Answer::parse("{\"pass\":").unwrap_err();
    assert!(matches!(e, ProtocolError::Json { at: None, line: 1, .. }));
}

#[test]
fn answers_are_read_as_the_official_server_read_them() {
    let claim = Move::Claim { source: 1, target: 3 };
    let read = |v: Value| Answer::from_json(&v).map(|a| a.mv.mv);
    // A bot with optional fields: the other move keys are null (482 option moves of a
    // 2nd-placed team of round 2 were sent so, and played).
    let v = json!({"claim": {"punter": 0, "source": 1, "target": 3}, "pass": null, "splurge": null, "option": null, "state": null});
    assert_eq!(read(v), Ok(claim.clone()));
    let v = json!({"claim": null, "pass": null, "splurge": null, "option": {"punter": 0, "source": 1, "target": 3}});
    assert_eq!(read(v), Ok(Move::Option { source: 1, target: 3 }));
    // Several moves: the first in the order claim, pass, splurge, option.
    let v = json!({"option": {"punter": 0, "source": 5, "target": 7}, "pass": {"punter": 0}, "claim": {"punter": 0, "source": 1, "target": 3}});
    assert_eq!(read(v), Ok(claim));
    let v = json!({"splurge": {"punter": 0, "route": [1, 3]}, "pass": {"punter": 0}});
    assert_eq!(read(v), Ok(Move::Pass));
    // Nothing but nulls is not a move.
    assert!(read(json!({"claim": null, "pass": null})).is_err());
}

#[test]
fn messages_round_trip_through_json_and_serde() {
    let msgs: Vec<ServerMessage> = vec![
        ServerMessage::You(You { name: "x".into() }),
        ServerMessage::Setup(Setup {
            punter: 1,
            punters: 3,
            map: json!({"sites": [{"id": 1}], "rivers": [], "mines": [1]}),
            settings: None,
        }),
        ServerMessage::Setup(Setup {
            punter: 0,
            punters: 2,
            map: json!({"sites": [], "rivers": [], "mines": []}),
            settings: Some(Settings { futures: true, splurges: false, options: true }),
        }),
        ServerMessage::Move(MoveRequest {
            moves: vec![
                ProtocolMove::new(0, Move::Claim { source: 1, target: 2 }),
                ProtocolMove::pass(1),
                ProtocolMove::new(2, Move::Splurge { route: vec![3, 4, 5] }),
                ProtocolMove::new(3, Move::Option { source: 5, target: 6 }),
            ],
            state: Some(json!({"anything": [1, "two"]}).into()),
        }),
        ServerMessage::Stop(Stop {
            moves: vec![ProtocolMove::pass(0)],
            scores: vec![Score { punter: 0, score: -27 }],
            state: None,
        }),
        ServerMessage::Timeout(TimeoutNotice { seconds: 1.0 }),
    ];
    for m in &msgs {
        assert_eq!(&ServerMessage::from_json(&m.to_json()).unwrap(), m);
        let text = serde_json::to_string(m).unwrap();
        assert_eq!(&serde_json::from_str::<ServerMessage>(&text).unwrap(), m);
    }
    let answers: Vec<PunterMessage> = vec![
        PunterMessage::Me(Me { name: "bot".into() }),
        PunterMessage::Ready(Ready { punter: 1, futures: None, state: None }),
        PunterMessage::Ready(Ready {
            punter: 1,
            futures: Some(vec![(1, 3)]),
            state: Some(json!("s").into()),
        }),
        PunterMessage::Answer(Answer {
            mv: ProtocolMove::new(0, Move::Splurge { route: vec![1, 2] }),
            state: Some(json!(7).into()),
        }),
        PunterMessage::Answer(Answer { mv: ProtocolMove::pass(4), state: None }),
    ];
    for m in &answers {
        assert_eq!(&PunterMessage::from_json(&m.to_json()).unwrap(), m);
        assert_eq!(
            &serde_json::from_value::<PunterMessage>(serde_json::to_value(m).unwrap()).unwrap(),
            m
        );
    }
    // The spec's examples, read as written.
    let a =
        Answer::parse(r#"{"claim":{"punter":0,"source":0,"target":1},"state":{"s":1}}"#).unwrap();
    assert_eq!(a.mv, ProtocolMove::new(0, Move::Claim { source: 0, target: 1 }));
    assert_eq!(a.state, Some(json!({"s": 1}).into()));
    let s = Setup::parse(
        r#"{"punter":0,"punters":2,"map":{"sites":[{"id":4}],"rivers":[],"mines":[4]}}"#,
    )
    .unwrap();
    assert_eq!((s.settings, s.settings()), (None, Settings::default()));
    let s = Setup::parse(r#"{"punter":0,"punters":2,"map":{"sites":[],"rivers":[],"mines":[]},"settings":{"splurges":true}}"#).unwrap();
    assert_eq!(s.settings(), Settings { futures: false, splurges: true, options: false });
    assert!(serde_json::from_str::<ServerMessage>(r#"{"move":{"moves":[{"pass":{}}]}}"#)
        .unwrap_err()
        .to_string()
        .contains("move.moves[0].pass.punter"));
}

#[test]
fn non_contiguous_ids_survive_the_official_shape() {
    // Non-contiguous ids survive.
    let text = r#"{"sites":[{"id":10,"x":1,"y":2},{"id":3},{"id":77}],"rivers":[{"source":77,"target":10},{"source":10,"target":3},{"source":3,"target":10}],"mines":[77]}"#;
    let map = PunterMap::parse(text).unwrap();
    let again = PunterMap::from_json(&map_json(&map)).unwrap();
    assert_eq!(again, map);
}

#[test]
fn moves_convert_to_and_from_the_rails() {
    let params = sample_params(2, all_on());
    let map = &params.map;
    let cases = [
        Move::Pass,
        Move::Claim { source: 0, target: 1 },
        Move::Claim { source: 1, target: 0 },
        Move::Option { source: 5, target: 3 },
        Move::Splurge { route: vec![0, 1, 2, 3] },
        Move::Splurge { route: vec![1, 7, 5, 3, 1] },
    ];
    for mv in &cases {
        let steps = to_punter_moves(map, mv).unwrap();
        let back = from_punter_moves(map, &steps).unwrap();
        // Rivers come back in the map's direction: same river either way.
        match (mv, &back) {
            (Move::Claim { source: a, target: b }, Move::Claim { source: c, target: d })
            | (Move::Option { source: a, target: b }, Move::Option { source: c, target: d }) => {
                assert_eq!(map.river_by_ids(*a, *b), map.river_by_ids(*c, *d));
            }
            _ => assert_eq!(&back, mv),
        }
        assert_eq!(to_punter_moves(map, &back).unwrap(), steps);
    }
    let steps = to_punter_moves(map, &Move::Splurge { route: vec![0, 1, 2] }).unwrap();
    let s = |id: u64| map.site(id).unwrap();
    assert_eq!(
        steps,
        vec![
            PunterMove::SplurgeTo(s(0)),
            PunterMove::SplurgeTo(s(1)),
            PunterMove::SplurgeTo(s(2)),
            PunterMove::SplurgeEnd
        ]
    );
    assert_eq!(
        to_punter_moves(map, &Move::Claim { source: 0, target: 2 }),
        Err(Illegal::NoSuchRiver { source: 0, target: 2 })
    );
    assert_eq!(
        to_punter_moves(map, &Move::Claim { source: 0, target: 99 }),
        Err(Illegal::NoSuchRiver { source: 0, target: 99 })
    );
    assert_eq!(
        to_punter_moves(map, &Move::Splurge { route: vec![0] }),
        Err(Illegal::RouteTooShort)
    );
    assert_eq!(
        to_punter_moves(map, &Move::Splurge { route: vec![0, 1, 4] }),
        Err(Illegal::NoSuchRiver { source: 1, target: 4 })
    );
    assert_eq!(from_punter_moves(map, &[PunterMove::Claim(999)]), None);
    assert_eq!(from_punter_moves(map, &[PunterMove::SplurgeTo(0), PunterMove::SplurgeEnd]), None);
    assert_eq!(from_punter_moves(map, &[PunterMove::Pass, PunterMove::Pass]), None);

    // A whole game's rails moves group into one protocol move per turn, and a game played with
    // the grouped moves on the engine ends the same.
    let mut game = Punter::new(&params).unwrap();
    let mut rails = Vec::new();
    let mut turns = Vec::new();
    let script = [
        Move::Pass,                                // 0: credit 1
        Move::Claim { source: 3, target: 5 },      // 1
        Move::Pass,                                // 0: credit 2
        Move::Claim { source: 1, target: 3 },      // 1
        Move::Splurge { route: vec![0, 1, 2, 3] }, // 0: credit 3, three free rivers
        Move::Pass,                                // 1
        Move::Option { source: 3, target: 5 },     // 0: punter 1's river
    ];
    for mv in &script {
        let legal = game.game().check_move(mv).is_ok();
        let mv = if legal { mv.clone() } else { Move::Pass };
        for step in to_punter_moves(map, &mv).unwrap() {
            game.play(&step).unwrap();
            rails.push(step);
        }
        turns.push(mv);
    }
    assert!(turns.iter().filter(|m| !matches!(m, Move::Pass)).count() >= 4, "{turns:?}");
    assert_eq!(group_turns(map, &rails).unwrap(), turns);
    let mut direct = PunterGame::new(Arc::clone(map), 2, params.settings, &[]);
    for mv in &turns {
        assert_eq!(direct.play(mv), punter::Played::Done);
    }
    assert_eq!(direct.scores(), game.game().scores());
    // A pass abandons a splurge being made.
    let mid = [PunterMove::SplurgeTo(s(0)), PunterMove::Pass, PunterMove::Claim(0)];
    assert_eq!(
        group_turns(map, &mid).unwrap(),
        vec![Move::Pass, from_punter_moves(map, &[PunterMove::Claim(0)]).unwrap()]
    );
    assert_eq!(group_turns(map, &[PunterMove::SplurgeTo(s(0)), PunterMove::Claim(0)]), None);
}

#[test]
fn a_map_over_the_limits_is_refused_before_it_is_parsed() {
    use punter::map::{MAX_RIVERS, MAX_SITES};
    use punter::PunterMap;
    // A million sites: counted up to the limit, never built.
    let sites: Vec<String> = (0..1_000_000).map(|i| format!("{{\"id\":{i}}}")).collect();
    let text = format!("{{\"sites\":[{}],\"rivers\":[],\"mines\":[0]}}", sites.join(","));
    let e = PunterMap::parse(&text).unwrap_err();
    assert_eq!(e.to_string(), format!("sites: more sites than the limit of {MAX_SITES}"));
    let rivers: Vec<String> =
        (0..=MAX_RIVERS).map(|i| format!("{{\"source\":0,\"target\":{}}}", i % 2 + 1)).collect();
    let text = format!(
        "{{\"sites\":[{{\"id\":0}},{{\"id\":1}},{{\"id\":2}}],\"rivers\":[{}],\"mines\":[0]}}",
        rivers.join(",")
    );
    assert_eq!(
        PunterMap::parse(&text).unwrap_err().to_string(),
        format!("rivers: more rivers than the limit of {MAX_RIVERS}")
    );
    // At the limit it is read, and the usual checks follow.
    let sites: Vec<String> = (0..MAX_SITES).map(|i| format!("{{\"id\":{i}}}")).collect();
    let text = format!(
        "{{\"sites\":[{}],\"rivers\":[{{\"source\":0,\"target\":1}}],\"mines\":[0]}}",
        sites.join(",")
    );
    assert_eq!(PunterMap::parse(&text).unwrap().sites.len(), MAX_SITES);
    // Not a map at all: the parse says what is wrong, as before.
    assert_eq!(
        PunterMap::parse("{\"sites\": 3}").unwrap_err().to_string(),
        "sites: expected a list"
    );
}

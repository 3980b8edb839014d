//! Share links, through Pig's: round trips, compactness, and every kind of broken link.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use pig::arena::play_match;
use pig::decider::PolicyDecider;
use pig::links::{decode_match, encode_match};
use pig::{Entrant, HostProgram, MatchSpec, Pig, PigMove, PigParams, Policy, StrategySource};
use rails::link::{decode_game, encode_game, open, seal, GameRecord, LinkError};
use PigMove::{Hold as H, Roll as R, ThrowAgain as T};

fn record(moves: Vec<PigMove>, view: usize) -> GameRecord<Pig> {
    GameRecord {
        params: PigParams::default(),
        seed: 12345,
        players: vec!["you".into(), "optimal".into()],
        moves,
        view,
    }
}

fn long_game() -> Vec<PigMove> {
    let mut moves = Vec::new();
    for i in 0..20u8 {
        moves.extend([R(2 + i % 2), T, R(2), H, R(1)]);
    }
    moves
}

#[test]
fn round_trip_keeps_everything() {
    let rec = record(long_game(), 37);
    let link = encode_game(&rec).unwrap();
    assert!(link.starts_with("pig/1/"), "{link}");
    let d = decode_game::<Pig>(&format!("http://127.0.0.1:8000/#{link}")).unwrap();
    assert_eq!(d.problem, None);
    assert_eq!(d.record, rec);
    assert_eq!(d.game.totals(), [90, 0]);
}

#[test]
fn links_are_compact() {
    // 100 moves: dice take 3 bits, decisions 1 bit.
    let link = encode_game(&record(long_game(), 0)).unwrap();
    assert!(link.len() < 90, "{} chars: {link}", link.len());
}

#[test]
fn view_is_clamped_to_the_moves() {
    let d = decode_game::<Pig>(&encode_game(&record(vec![R(3), H], 99)).unwrap()).unwrap();
    assert_eq!(d.record.view, 2);
}

#[test]
fn illegal_moves_cannot_be_encoded() {
    let err = encode_game(&record(vec![R(3), R(4)], 0)).unwrap_err();
    assert_eq!(err.0, 1);
}

#[test]
fn a_cut_link_is_valid_up_to_a_move() {
    // Build a body by hand so that its end is cut in the middle of the moves.
    let link = encode_game(&record(long_game(), 0)).unwrap();
    let env = open(&link).unwrap();
    let cut = &env.body[..env.body.len() - 8];
    let d = decode_game::<Pig>(&seal("pig", 1, cut)).unwrap();
    let problem = d.problem.expect("a problem");
    assert!(problem.starts_with("link valid up to move "), "{problem}");
    assert!(problem.contains("of 100"), "{problem}");
    assert!(d.record.moves.len() < 100 && d.record.moves.len() > 50);
}

#[test]
fn a_tampered_link_says_so() {
    let link = encode_game(&record(long_game(), 0)).unwrap();
    let mut chars: Vec<char> = link.chars().collect();
    let i = chars.len() - 10;
    chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
    let tampered: String = chars.into_iter().collect();
    match decode_game::<Pig>(&tampered) {
        Ok(d) => {
            assert!(d.problem.expect("a problem").contains("checksum"), "tampering is reported")
        }
        Err(e) => assert!(
            matches!(e, LinkError::Checksum | LinkError::Inflate | LinkError::Truncated),
            "{e}"
        ),
    }
}

#[test]
fn malformed_links_are_errors_not_panics() {
    let cases = [
        ("", LinkError::Shape),
        ("#hello", LinkError::Shape),
        ("pig/x/AAAA", LinkError::Shape),
        ("pig/1/!!!!", LinkError::Base64),
        ("pig/9/AAAA", LinkError::Version { kind: "pig".into(), version: 9, supported: 1 }),
        ("chess/1/AAAA", LinkError::UnknownKind { kind: "chess".into(), known: Vec::new() }),
        ("pig/1/", LinkError::Truncated),
        ("pig/1/AA", LinkError::Truncated),
    ];
    for (link, want) in cases {
        assert_eq!(decode_game::<Pig>(link).unwrap_err(), want, "{link:?}");
    }
    // Random garbage of every length never panics.
    let alphabet: Vec<char> =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".chars().collect();
    for n in 0..200usize {
        let body: String = (0..n).map(|i| alphabet[(i * 7 + n * 13) % 64]).collect();
        let _ = decode_game::<Pig>(&format!("pig/1/{body}"));
        let _ = decode_match(&format!("pig-match/1/{body}"));
    }
}

#[test]
fn match_links_round_trip_with_source() {
    let spec = MatchSpec {
        entrants: [
            Entrant {
                label: "mine.scm".into(),
                source: StrategySource::Scheme("(define (player a b c d e) #f)".into()),
            },
            Entrant::builtin("hold20"),
        ],
        games: 1000,
        seed: u64::MAX,
        target: 100,
    };
    let link = encode_match(&spec);
    assert!(link.starts_with("pig-match/1/"));
    assert_eq!(decode_match(&link).unwrap(), spec);
}

#[test]
fn a_program_in_a_match_link_is_named_but_plays_only_where_its_file_is() {
    let program = StrategySource::Program(HostProgram::new("wasm:bots/mine.wasm", || {
        Box::new(PolicyDecider { policy: Policy::HoldAt(20), target: 100 })
    }));
    let spec =
        MatchSpec::checker(Entrant { label: "wasm:bots/mine.wasm".into(), source: program }, 3);
    let decoded = decode_match(&encode_match(&spec)).unwrap();
    assert_eq!(decoded, spec, "named the same");
    assert_eq!(decoded.entrants[0].source.parts(), ("program", "wasm:bots/mine.wasm"));
    assert!(play_match(&spec).is_ok(), "the host's decider plays");
    let refused = play_match(&decoded).err();
    assert_eq!(refused.as_deref(), Some("wasm:bots/mine.wasm is a program: it plays only where its file is (a wasm: or exe: seat naming it)"));
}

#[test]
fn a_label_too_long_for_a_link_keeps_its_end() {
    let label = format!("wasm:/home/someone/{}mine-ü.wasm", "deep/".repeat(20));
    let spec = MatchSpec::checker(
        Entrant {
            label: label.clone(),
            source: StrategySource::Program(HostProgram::named(&label)),
        },
        3,
    );
    let decoded = decode_match(&encode_match(&spec)).unwrap();
    let short = &decoded.entrants[0].label;
    assert!(
        short.len() <= 64 && short.starts_with('…') && short.ends_with("deep/mine-ü.wasm"),
        "{short}"
    );
    assert_eq!(decoded.entrants[0].source, spec.entrants[0].source, "the program's name is whole");
}

#[test]
fn long_sources_are_compressed() {
    let code = "(define (player a b c d e) (if (< (+ c d) 20) #t #f))\n".repeat(40);
    let spec = MatchSpec::checker(
        Entrant { label: "x".into(), source: StrategySource::Scheme(code.clone()) },
        1,
    );
    assert!(encode_match(&spec).len() < code.len() / 4);
}

#[test]
fn a_link_cut_at_any_character_opens_as_far_as_it_goes() {
    let link = encode_game(&record(long_game(), 0)).unwrap();
    for cut in 8..link.len() {
        match decode_game::<Pig>(&link[..cut]) {
            Ok(d) => assert!(d.problem.is_some(), "cut at {cut} must be reported"),
            Err(e) => assert!(
                matches!(e, LinkError::Truncated | LinkError::Checksum | LinkError::Inflate),
                "cut at {cut}: {e}"
            ),
        }
    }
    // Compressed match links too.
    let code = "(define (player a b c d e) (if (< (+ c d) 20) #t #f))\n".repeat(40);
    let spec =
        MatchSpec::checker(Entrant { label: "x".into(), source: StrategySource::Scheme(code) }, 1);
    let link = encode_match(&spec);
    for cut in 12..link.len() {
        assert!(decode_match(&link[..cut]).is_err(), "a cut match link must not run altered code");
    }
}

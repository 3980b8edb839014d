//! The shared rails on a test game with 17 seats and hidden hands (`testkit::nim`): views,
//! chance odds, the replay tape, links of 20,000-move games, the match runner and standings.

use games::open_link;
use rails::arena::{
    wilson_interval, Answer, DecideError, Decider, GameLog, MoveLabels, Series, SeriesError,
    SeriesSpec, Standings, Start, Step,
};
use rails::game::{ranks_of, replay, Game};
use rails::link::{decode_game, encode_game, GameRecord, LinkError};
use rails::rng::{below, draw, stream};
use rails::tape::Tape;
use testkit::nim;
use testkit::nim::{Nim, NimMove, NimParams};

fn params(seats: u8, pile: u32) -> NimParams {
    NimParams { seats, pile, hand: 3 }
}

/// A random game: chance by its odds, players uniformly.
fn random_game(p: &NimParams, seed: u64) -> (Nim, Vec<NimMove>) {
    let mut rng = stream(seed, 1);
    let mut game = Nim::new(p).unwrap();
    let mut moves = Vec::new();
    while game.outcome().is_none() {
        let chance = game.chance_outcomes();
        let mv = if chance.is_empty() {
            let legal = game.legal_moves();
            legal[below(&mut rng, legal.len() as u64) as usize]
        } else {
            draw(&mut rng, &chance).unwrap()
        };
        game.play(&mv).unwrap();
        moves.push(mv);
    }
    (game, moves)
}

#[test]
fn nim_passes_the_generic_checks() {
    let pool: Vec<NimMove> =
        (0..=4).flat_map(|v| [NimMove::Draw(v), NimMove::Take(v)]).chain([NimMove::Pass]).collect();
    testkit::random_playouts::<Nim>(&params(17, 60), &pool, 20, 5000);
    testkit::random_playouts::<Nim>(&params(2, 9), &pool, 20, 5000);
}

#[test]
fn every_seat_sees_its_own_hand_and_only_the_size_of_the_others() {
    let p = params(17, 200);
    let (_, moves) = random_game(&p, 3);
    let mut checked = 0;
    let mut game = Nim::new(&p).unwrap();
    for mv in &moves {
        // Two positions that differ only in the card just dealt to one hidden hand.
        if let NimMove::Draw(_) = mv {
            let (mut a, mut b) = (game.clone(), game.clone());
            a.play(&NimMove::Draw(1)).unwrap();
            b.play(&NimMove::Draw(3)).unwrap();
            let differ: Vec<u8> = (0..17u8).filter(|&s| a.view(s) != b.view(s)).collect();
            assert_eq!(differ.len(), 1, "only the receiving seat sees the card");
            let seat = differ[0];
            assert_ne!(a.view(seat).hand, b.view(seat).hand);
            let json = serde_json::to_value(a.view((seat + 1) % 17)).unwrap();
            assert_eq!(json["hand"].as_array().unwrap().len(), 3, "a view holds one hand");
            checked += 1;
        }
        game.play(mv).unwrap();
    }
    assert!(checked > 50);
}

#[test]
fn chance_follows_the_odds_the_game_gives() {
    let mut counts = [0u32; 3];
    let mut rng = stream(9, 9);
    let game = Nim::new(&params(3, 50)).unwrap();
    for _ in 0..60_000 {
        if let Some(NimMove::Draw(v)) = draw(&mut rng, &game.chance_outcomes()) {
            counts[usize::from(v - 1)] += 1;
        }
    }
    let share: Vec<f64> = counts.iter().map(|&c| f64::from(c) / 60_000.0).collect();
    assert!((share[0] - 0.5).abs() < 0.01 && (share[1] - 1.0 / 3.0).abs() < 0.01, "{share:?}");
}

#[test]
fn a_20000_move_game_round_trips_through_a_link() {
    let p = params(17, 18_000);
    let (end, moves) = random_game(&p, 7);
    assert!(moves.len() >= 20_000, "{} moves", moves.len());
    let record = GameRecord::<Nim> {
        params: p,
        seed: 7,
        players: (0..17).map(|i| format!("bot {i}")).collect(),
        view: 12_345,
        moves,
    };
    let link = encode_game(&record).unwrap();
    let back = decode_game::<Nim>(&link).unwrap();
    assert_eq!(back.problem, None);
    assert_eq!(back.record, record);
    assert_eq!(back.game, end);
}

#[test]
fn a_seek_anywhere_equals_replaying_from_the_start() {
    let p = params(17, 3000);
    let (_, moves) = random_game(&p, 11);
    let record = GameRecord::<Nim> {
        params: p.clone(),
        seed: 11,
        players: vec![],
        view: 0,
        moves: moves.clone(),
    };
    let mut tape = Tape::new(record).unwrap();
    let mut rng = stream(5, 5);
    let mut points: Vec<usize> =
        (0..200).map(|_| below(&mut rng, moves.len() as u64 + 1) as usize).collect();
    points.extend([0, moves.len(), 63, 64, 65, moves.len() - 1]);
    for t in points {
        let want: Nim = replay(&p, &moves[..t]).unwrap();
        assert_eq!(tape.seek(t), &want, "seek {t}");
    }
    // Labels carry seat and turn.
    let label = tape.label(17 * 3).unwrap();
    assert!(label.starts_with("turn ") && label.contains(" · P1 · "), "{label}");
    assert!(tape.label(0).unwrap().contains("draw"), "chance moves are labelled");
    // Labels leave the position viewed where it was.
    tape.seek(100);
    tape.labels(500, 540);
    assert_eq!(tape.position().0, 100);
}

/// Takes the largest card that fits.
struct Greedy;
impl Decider<Nim> for Greedy {
    fn decide(&mut self, v: &testkit::nim::NimView) -> Result<NimMove, DecideError> {
        Ok((1..=3u8)
            .rev()
            .find(|&c| v.hand[usize::from(c - 1)] > 0 && u32::from(c) <= v.pile)
            .map_or(NimMove::Pass, NimMove::Take))
    }
}
/// Takes the smallest card that fits.
struct Timid;
impl Decider<Nim> for Timid {
    fn decide(&mut self, v: &testkit::nim::NimView) -> Result<NimMove, DecideError> {
        Ok((1..=3u8)
            .find(|&c| v.hand[usize::from(c - 1)] > 0 && u32::from(c) <= v.pile)
            .map_or(NimMove::Pass, NimMove::Take))
    }
}
/// Always answers a move that is never legal.
struct Broken;
impl Decider<Nim> for Broken {
    fn decide(&mut self, _: &testkit::nim::NimView) -> Result<NimMove, DecideError> {
        Ok(NimMove::Take(9))
    }
}

#[test]
fn the_runner_plays_17_seats_with_rotation_fallbacks_and_standings() {
    let spec = SeriesSpec::new(params(17, 150), 34, 42);
    let deciders: Vec<Option<Box<dyn Decider<Nim>>>> = (0..17)
        .map(|i| -> Option<Box<dyn Decider<Nim>>> {
            match i % 3 {
                0 => Some(Box::new(Greedy)),
                1 => Some(Box::new(Timid)),
                _ => Some(Box::new(Broken)),
            }
        })
        .collect();
    let mut runner = Series::new(spec.clone(), deciders).unwrap();
    assert_eq!(runner.advance(u32::MAX), Step::Finished);
    let logs = runner.logs();
    assert_eq!(logs.len(), 34);
    // Every entrant sits in every seat once every 17 games.
    for seat in 0..17u8 {
        let mut who: Vec<usize> = logs[..17].iter().map(|l| l.seating[usize::from(seat)]).collect();
        who.sort_unstable();
        assert_eq!(who, (0..17).collect::<Vec<_>>());
    }
    // Broken seats failed and got the fallback; nobody else failed.
    assert!(!runner.failures().is_empty());
    assert!(runner
        .failures()
        .iter()
        .all(|f| f.entrant % 3 == 2 && f.message.contains("not a legal move")));
    for l in logs {
        let replayed: Nim = replay(&spec.params, &l.moves).unwrap();
        assert_eq!(replayed, l.end);
    }
    let standings = Standings::of_logs(17, logs);
    assert_eq!(standings.tallies.iter().map(|t| t.wins + t.draws).sum::<u32>(), 34);
    let elo = standings.elo();
    assert_eq!(elo.len(), 17);
    assert!((elo.iter().sum::<f64>() / 17.0 - 1500.0).abs() < 1e-6);
    // Same seed, same match.
    let again: Vec<Option<Box<dyn Decider<Nim>>>> =
        (0..17).map(|_| -> Option<Box<dyn Decider<Nim>>> { Some(Box::new(Greedy)) }).collect();
    let mut a = Series::new(spec.clone(), again).unwrap();
    let again2: Vec<Option<Box<dyn Decider<Nim>>>> =
        (0..17).map(|_| -> Option<Box<dyn Decider<Nim>>> { Some(Box::new(Greedy)) }).collect();
    let mut b = Series::new(spec, again2).unwrap();
    a.advance(u32::MAX);
    b.advance(u32::MAX);
    assert_eq!(a.logs(), b.logs());
}

#[test]
fn outside_deciders_time_out_into_zombies() {
    let spec = SeriesSpec { zombie_after: Some(3), ..SeriesSpec::new(params(3, 40), 4, 1) };
    let deciders: Vec<Option<Box<dyn Decider<Nim>>>> =
        vec![Some(Box::new(Greedy)), None, Some(Box::new(Timid))];
    let mut r = Series::new(spec, deciders).unwrap();
    let mut asked = 0;
    loop {
        match r.advance(1000) {
            Step::Finished => break,
            Step::Running => {}
            Step::Ask(q) => {
                assert_eq!(q.entrant, 1);
                assert_eq!(q.view.seat, q.seat, "the outside decider gets its own seat's view");
                asked += 1;
                r.answer(Answer::TimedOut("no answer within 1 s".into()), "");
            }
        }
    }
    assert_eq!(asked, 3, "after 3 timeouts the entrant is a zombie and is not asked again");
    assert!(r.is_zombie(1));
    assert_eq!(r.timeouts(), &[0, 3, 0]);
    assert_eq!(r.logs().len(), 4);
}

#[test]
fn elo_orders_entrants_by_their_results() {
    let mut s = Standings::new(3);
    for _ in 0..30 {
        s.add(&[0, 1, 2], &[1.0, 0.5, 0.0]);
    }
    for _ in 0..10 {
        s.add(&[1, 2, 0], &[1.0, 0.0, 0.0]);
    }
    let elo = s.elo();
    assert!(elo[0] > elo[1] && elo[1] > elo[2], "{elo:?}");
    assert_eq!(s.tallies[0].wins, 30);
    assert_eq!(s.tallies[1].wins, 10);
}

#[test]
fn the_registry_opens_every_kind_and_names_what_is_wrong() {
    let cases: [(&str, &str); 6] = [
        ("#unknown/9/x", "no link kind \"unknown\""),
        ("#%", "%-escape"),
        ("#pig/1/%E0%A4%A", "%-escape"),
        ("#pig/7/AAAA", "version 7"),
        ("http://x/#pig/1/!!", "base64url"),
        ("#hello", "not a Lambda Arcade link"),
    ];
    for (link, want) in cases {
        let e = open_link(link).unwrap_err();
        assert!(e.to_string().contains(want), "{link}: {e}");
    }
    assert_eq!(
        open_link("#unknown/9/x").unwrap_err(),
        LinkError::UnknownKind { kind: "unknown".into(), known: games::EVERY_LINK_KIND.to_vec() }
    );
    // The list every one-game engine module names is the full registry's.
    let registry: Vec<&str> = games::link_kinds().map(|k| k.kind).collect();
    assert_eq!(registry, games::EVERY_LINK_KIND);
    // A match asking for more games than the arena plays is refused with the limit.
    let mut w = rails::link::BitWriter::new();
    w.varint(100_000);
    let link = rails::link::seal("pig-match", 1, &w.into_bytes());
    let e = open_link(&link).unwrap_err();
    assert_eq!(e.code(), "too-large");
    assert!(e.to_string().contains("game count 100000 is larger than the limit of 10000"), "{e}");
}

#[test]
fn a_tape_grows_and_is_cut_where_it_is_viewed_and_seeks_exactly_with_undo() {
    use lifter::{Command, Lifter, LifterParams};
    let params = LifterParams::official("beard1").unwrap();
    let mut tape = Tape::<Lifter>::start(params.clone(), 0, vec![]).unwrap();
    let mut rng = stream(8, 8);
    for round in 0..400 {
        match below(&mut rng, 10) {
            0 => {
                let t = below(&mut rng, tape.len() as u64 + 1) as usize;
                tape.truncate(t);
                assert_eq!(tape.len(), t);
            }
            1..=3 => {
                let t = below(&mut rng, tape.len() as u64 + 1) as usize;
                let want: Lifter = replay(&params, &tape.moves()[..t]).unwrap();
                assert_eq!(tape.seek(t), &want, "round {round}: seek {t}");
            }
            _ => {
                let c = Command::MOVES[below(&mut rng, 6) as usize];
                if tape.push(c).is_err() {
                    tape.truncate(tape.len().saturating_sub(5));
                }
            }
        }
    }
    let end: Lifter = replay(&params, tape.moves()).unwrap();
    assert_eq!(tape.seek(usize::MAX), &end);
}

#[path = "common/rails_reference.rs"]
mod rails_reference;

#[test]
fn the_seeded_long_game_gives_the_same_link_every_time() {
    // tests/wasm.rs checks that Chromium makes the same link (the native value is handed over).
    assert_eq!(rails_reference::check(), rails_reference::check());
}

#[test]
fn the_engine_says_which_beards_grew() {
    use lifter::{Cell, Command, Lifter, LifterParams};
    let text = "#########\n#R      #\n#   W   #\n#       #\n#      \\L\n#########\n\nGrowth 2\n";
    let params = LifterParams { name: "beards".into(), text: text.into() };
    let mut game = <Lifter as Game>::new(&params).unwrap();
    assert!(game.has_beards());
    let mut rng = stream(4, 4);
    let mut grew = 0;
    for _ in 0..300 {
        if game.outcome().is_some() {
            break;
        }
        let before = game.cells().to_vec();
        // Mostly waiting, so the robot lives while the beards grow.
        let c = if below(&mut rng, 4) == 0 {
            Command::MOVES[below(&mut rng, 4) as usize]
        } else {
            Command::Wait
        };
        game.step(c).unwrap();
        let mut want: Vec<u32> = (0..before.len())
            .filter(|&i| before[i] != Cell::Beard && game.cells()[i] == Cell::Beard)
            .map(|i| i as u32)
            .collect();
        let mut got = game.grown();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want);
        grew += got.len();
    }
    assert!(grew > 0);
}

#[test]
fn every_decision_is_kept_with_its_answer_output_time_and_refusal() {
    let p = params(2, 9);
    let mut s = Series::<Nim>::new(SeriesSpec::new(p.clone(), 1, 3), vec![None, None]).unwrap();
    let mut asked = 0;
    while let Step::Ask(q) = s.advance(1000) {
        asked += 1;
        match asked {
            1 => s.answer_timed(Answer::Failed("threw".into()), "first\n", 12.5),
            2 => s.answer_timed(Answer::Move(NimMove::Take(99)), "second\n", 3.0),
            _ => {
                let mv = s.current().legal_moves()[0];
                s.answer_timed(Answer::Move(mv), &format!("q{}", q.seat), 1.0);
            }
        }
    }
    let log = &s.logs()[0];
    assert_eq!(log.decisions.len(), asked);
    let (a, b, c) = (&log.decisions[0], &log.decisions[1], &log.decisions[2]);
    let labels = MoveLabels::<Nim>::of(&log.params, &log.moves).unwrap();
    assert_eq!(
        (a.refused(), a.printed(), a.ms, labels.answer(a).as_str(), a.made),
        (Some("threw"), "first\n", 12.5, "", 0)
    );
    // A refused answer keeps no words of its own: its reason names the move.
    assert!(
        b.refused().unwrap().contains("not a legal move") && b.refused().unwrap().contains("99"),
        "{b:?}"
    );
    assert_eq!((labels.answer(b).as_str(), b.printed(), b.made), ("", "second\n", 0));
    assert_eq!((c.refused(), c.made), (None, 1));
    assert!(c.move_index > b.move_index && b.move_index > a.move_index);
    // Each accepted decision's answer is the label of the move at its index.
    let mut g = Nim::new(&p).unwrap();
    for (i, mv) in log.moves.iter().enumerate() {
        if let Some(d) =
            log.decisions.iter().find(|d| d.move_index as usize == i && d.refused().is_none())
        {
            assert_eq!(labels.answer(d), g.move_label(mv));
        }
        g.play(mv).unwrap();
    }
}

#[test]
fn a_series_that_keeps_no_decisions_plays_the_same_games() {
    struct First;
    impl Decider<Nim> for First {
        fn decide(&mut self, v: &<Nim as Game>::View) -> Result<NimMove, DecideError> {
            Err(format!("refused at {v:?}").into())
        }
    }
    let deciders =
        || -> rails::arena::Deciders<Nim> { vec![Some(Box::new(First)), Some(Box::new(First))] };
    let kept = Series::new(SeriesSpec::new(params(2, 5), 3, 3), deciders()).unwrap().run().unwrap();
    let spec = SeriesSpec { keep_decisions: false, ..SeriesSpec::new(params(2, 5), 3, 3) };
    let bare = Series::new(spec, deciders()).unwrap().run().unwrap();
    assert!(kept.logs().iter().all(|l| !l.decisions.is_empty()));
    assert!(bare.logs().iter().all(|l| l.decisions.is_empty()));
    assert_eq!(
        kept.logs().iter().map(|l| &l.moves).collect::<Vec<_>>(),
        bare.logs().iter().map(|l| &l.moves).collect::<Vec<_>>()
    );
    assert_eq!(kept.failures(), bare.failures(), "failures are kept either way");
}

#[test]
fn a_clock_times_engine_deciders() {
    struct First;
    impl Decider<Nim> for First {
        fn decide(&mut self, _v: &<Nim as Game>::View) -> Result<NimMove, DecideError> {
            Ok(NimMove::Pass)
        }
    }
    let ticks = std::rc::Rc::new(std::cell::Cell::new(0.0));
    let t = ticks.clone();
    let mut s = Series::new(
        SeriesSpec::new(params(2, 5), 1, 3),
        vec![Some(Box::new(First)), Some(Box::new(First))],
    )
    .unwrap();
    s.set_clock(Box::new(move || {
        t.set(t.get() + 2.0);
        t.get()
    }));
    s.advance(u32::MAX);
    assert!(s.logs()[0].decisions.iter().all(|d| d.ms == 2.0), "{:?}", s.logs()[0].decisions);
}

#[test]
fn standings_tally_by_the_games_ranks_and_make_one_row_per_entrant() {
    let spec = SeriesSpec::new(params(3, 40), 12, 5);
    let deciders: Vec<Option<Box<dyn Decider<Nim>>>> =
        vec![Some(Box::new(Greedy)), Some(Box::new(Timid)), Some(Box::new(Greedy))];
    let runner = Series::new(spec, deciders).unwrap().run().unwrap();
    let standings = runner.standings();
    // Every game's winners (the engine's, from its ranks) are the wins and draws tallied.
    let mut wins = [0u32; 3];
    let mut draws = [0u32; 3];
    for l in runner.logs() {
        let winners = l.end.winners();
        assert_eq!(ranks_of(&l.returns), l.end.ranks());
        for &seat in &winners {
            let who = l.seating[usize::from(seat)];
            if winners.len() == 1 {
                wins[who] += 1
            } else {
                draws[who] += 1
            }
        }
    }
    assert_eq!(standings.tallies.iter().map(|t| t.wins).collect::<Vec<_>>(), wins);
    assert_eq!(standings.tallies.iter().map(|t| t.draws).collect::<Vec<_>>(), draws);
    let names = ["a".to_string(), "b".to_string()];
    let rows = standings.rows(&names);
    let elo = standings.elo();
    for (i, (row, t)) in rows.iter().zip(&standings.tallies).enumerate() {
        assert_eq!(
            (row.entrant, row.games, row.wins, row.draws, row.losses),
            (i, t.games, t.wins, t.draws, t.losses)
        );
        assert_eq!(row.mean_return, t.score / f64::from(t.games));
        assert_eq!(row.win_rate, f64::from(t.wins) / f64::from(t.games));
        assert_eq!(row.ci95, wilson_interval(t.wins, t.games));
        assert_eq!(row.elo, elo[i]);
    }
    assert_eq!(
        [rows[0].name.as_str(), rows[1].name.as_str(), rows[2].name.as_str()],
        ["a", "b", "3"],
        "an entrant without a name gets its number"
    );
    let ranked = standings.ranked(&names);
    assert!(ranked.windows(2).all(|w| w[0].elo >= w[1].elo));
    assert_eq!(serde_json::to_value(&ranked[0]).unwrap()["ci95"].as_array().unwrap().len(), 2);

    // A game played elsewhere comes back as the series logged it, replayed from its moves.
    for l in runner.logs() {
        // Its decisions stay with the host that played it.
        let here = GameLog { decisions: Vec::new(), ..l.clone() };
        assert_eq!(
            GameLog::replayed(
                l.game,
                l.params.clone(),
                l.seating.clone(),
                l.moves.clone(),
                l.output.clone()
            )
            .unwrap(),
            here
        );
    }
    let l = &runner.logs()[0];
    let short = GameLog::<Nim>::replayed(
        l.game,
        l.params.clone(),
        l.seating.clone(),
        l.moves[..l.moves.len() - 1].to_vec(),
        String::new(),
    );
    assert!(short.unwrap_err().starts_with("the game is not over after its"));
    let mut wrong = l.moves.clone();
    wrong.insert(0, NimMove::Take(1));
    let e =
        GameLog::<Nim>::replayed(l.game, l.params.clone(), l.seating.clone(), wrong, String::new())
            .unwrap_err();
    assert!(e.starts_with("move 1: "), "{e}");

    // A shared first rank is a draw for each seat holding it; the seat ranked last loses.
    let mut s = Standings::new(3);
    s.add(&[0, 1, 2], &[2.0, 2.0, 1.0]);
    assert_eq!(
        s.tallies.iter().map(|t| (t.wins, t.draws, t.losses)).collect::<Vec<_>>(),
        [(0, 1, 0), (0, 1, 0), (0, 0, 1)]
    );
    assert_eq!(s.pairs[0], [0.0, 0.5, 1.0]);
}

/// Every game shares its users' bots as links of its own kind, `<id>-bot`, through the one
/// codec (`link::bot`): a JavaScript bot round-trips in every game, and the registry refuses a
/// bot link altered or of a language the game does not take, with a typed error.
#[test]
fn every_game_has_a_bot_link() {
    use rails::link::{encode_bot, BotLink};
    for g in games::GAMES {
        let kind = format!("{}-bot", g.id);
        assert!(g.links.iter().any(|k| k.kind == kind), "{} has no {kind} link kind", g.id);
        let bot = BotLink {
            name: "My bot (2)".into(),
            language: "js".into(),
            code: "function f() { return 1; }\n".into(),
        };
        let link = encode_bot(&kind, &bot, &["js"]).expect("encodes");
        let opened = open_link(&format!("http://x/#{link}")).expect("opens");
        assert_eq!((opened.kind.as_str(), opened.game), (kind.as_str(), g.id));
        assert_eq!(
            opened.data,
            serde_json::json!({ "name": "My bot (2)", "language": "js", "code": "function f() { return 1; }\n" })
        );
        let python = BotLink { language: "python".into(), ..bot };
        let e = open_link(&encode_bot(&kind, &python, &["python"]).expect("encodes"))
            .expect_err("no python bots");
        assert_eq!(e.code(), "malformed", "{e}");
        let cut = &link[..link.len() - 3];
        assert!(open_link(cut).is_err(), "a cut bot link is refused whole");
    }
}

/// Every game's debug-drawing kinds (`marks`) are drawn by the page's host and documented.
#[test]
fn every_games_kinds_are_drawn_by_the_page_and_documented() {
    let root = env!("CARGO_MANIFEST_DIR");
    let host =
        std::fs::read_to_string(format!("{root}/www/user-host.js")).expect("www/user-host.js");
    let docs = std::fs::read_to_string(format!("{root}/docs/JAVASCRIPT-API.md"))
        .expect("docs/JAVASCRIPT-API.md");
    for game in games::GAMES {
        assert!(!game.marks.is_empty(), "{} draws nothing", game.id);
        let names: Vec<_> = game.marks.iter().map(|k| k.name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{}: a kind twice", game.id);
        for kind in game.marks {
            assert!(kind.dims >= 1 && !kind.form.is_empty(), "{}: {kind:?}", game.id);
            assert!(
                docs.contains(&format!("`draw.{}(", kind.name)),
                "docs/JAVASCRIPT-API.md does not show draw.{}",
                kind.name
            );
        }
        let listed = format!(
            "marks: [{}]",
            names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
        );
        let entry = host.find(&format!("{}: {{", game.id)).map(|at| &host[at..]).unwrap_or("");
        let entry = &entry[..entry.find("},").unwrap_or(entry.len())];
        assert!(entry.contains(&listed), "www/user-host.js: {}'s draw has not {listed}", game.id);
    }
}

/// A series says why it cannot start or be played to its end as a value (`SeriesError`), each
/// shown as the message it always was.
#[test]
fn a_series_refuses_with_a_typed_error_and_the_same_message() {
    let deciders =
        || -> rails::arena::Deciders<Nim> { vec![Some(Box::new(Greedy)), Some(Box::new(Timid))] };
    let spec = SeriesSpec::new(params(2, 5), 1, 3);
    let none = Series::new(spec.clone(), Vec::new()).err();
    assert_eq!(none, Some(SeriesError::NoEntrants));
    assert_eq!(none.map(|e| e.to_string()).as_deref(), Some("a series needs at least one entrant"));
    let bad = Series::new(SeriesSpec::new(params(0, 5), 1, 3), deciders()).err();
    assert_eq!(bad, Some(SeriesError::Params("bad parameters".into())));
    // Move 1 of a Nim game is the dealer's: a take is refused, at its number.
    let start = Start { params: params(2, 5), moves: vec![NimMove::Take(1)] };
    let refused = Series::from_position(spec.clone(), deciders(), start).err();
    assert!(matches!(&refused, Some(SeriesError::Start { move_number: 1, .. })), "{refused:?}");
    assert!(refused.is_some_and(|e| e.to_string().starts_with("move 1: ")));
    let outside = vec![Some(Box::new(Greedy) as Box<dyn Decider<Nim>>), None];
    let asked = Series::new(spec, outside).unwrap().run().err();
    assert_eq!(asked, Some(SeriesError::Outside { entrant: 1 }));
    assert_eq!(
        asked.map(|e| e.to_string()).as_deref(),
        Some("entrant 1 is answered from outside the engine")
    );
}

/// A decider's failure is a value too: the series reports its message, whatever its kind.
#[test]
fn a_deciders_failure_is_reported_with_its_message() {
    struct Refuses;
    impl Decider<Nim> for Refuses {
        fn decide(&mut self, _: &testkit::nim::NimView) -> Result<NimMove, DecideError> {
            Err(DecideError::NotAMove("answered 9, expected a card in hand".into()))
        }
    }
    let deciders: rails::arena::Deciders<Nim> =
        vec![Some(Box::new(Refuses)), Some(Box::new(Greedy))];
    let series = Series::new(SeriesSpec::new(params(2, 5), 1, 3), deciders).unwrap().run().unwrap();
    let failure = series.failures().first().expect("the refusing seat failed");
    assert_eq!(failure.message, "answered 9, expected a card in hand");
    assert_eq!(DecideError::from("it threw"), DecideError::Failed("it threw".into()));
}

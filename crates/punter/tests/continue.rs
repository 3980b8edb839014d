//! A Punter game going on from a recorded position through the protocol referee
//! (`ProtocolGame::from_position`, the page's Continue from here and Play): an outside punter
//! taking over is set up and told of its seat's earlier turns first (answers not played, its
//! state kept), so a bot that keeps its whole game in its offline state goes on exactly as if
//! the game had never stopped; people are asked through `Next::Person`; and every message an
//! outside punter was sent is kept with its reply, for the inspector and re-runs.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::protocol::{
    client_answer, client_ready, Message, MoveRequest, Next, Phase, ProtocolGame, Setup,
};
use punter::{PunterMove, PunterParams, Settings};
use rails::arena::{Answer as SeriesAnswer, Start};
use rails::game::Game;

const SEED: u64 = 11;

/// Plays `g` to its end, the outside seats answered by the built-in greedy bot on the punter's
/// side of the protocol (its game lives in its offline state); people answer the first legal
/// move. → the game's moves and parameters.
fn play_out(mut g: ProtocolGame) -> (Vec<PunterMove>, PunterParams, ProtocolGame) {
    loop {
        match g.next(u32::MAX).unwrap() {
            Next::Ask(r) => {
                let reply = match r.phase {
                    Phase::Setup => {
                        client_ready("greedy", SEED, &Setup::parse(&r.message).unwrap())
                            .unwrap()
                            .to_text()
                    }
                    Phase::Move => {
                        client_answer(&MoveRequest::parse(&r.message).unwrap()).unwrap().to_text()
                    }
                    Phase::Stop => "null".into(),
                };
                g.answer(Ok(&reply), "").unwrap();
            }
            Next::Person { .. } => {
                let series = g.series_mut().unwrap();
                let mv = series.current().move_at(0).unwrap();
                series.answer(SeriesAnswer::Move(mv), "");
            }
            Next::Running => {}
            Next::Over => break,
        }
    }
    let (_, moves) = g.end().unwrap();
    (moves.to_vec(), g.params().clone(), g)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn an_outside_punter_taking_over_goes_on_as_if_the_game_never_stopped() {
    for settings in [Settings::default(), Settings { futures: true, splurges: true, options: true }]
    {
        let params = PunterParams::bundled("sample.json", 3, settings).unwrap();
        let entrants = names(&["js", "random", "greedy"]);
        let (whole, played_params, _) =
            play_out(ProtocolGame::new(params, &entrants, SEED, 0).unwrap());
        assert!(whole.len() > 6);
        for cut in [0, 1, 4, whole.len() / 2, whole.len() - 1] {
            let start = Start { params: played_params.clone(), moves: whole[..cut].to_vec() };
            let (again, again_params, g) =
                play_out(ProtocolGame::from_position(start, &entrants, SEED, 0).unwrap());
            assert_eq!(again, whole, "{settings:?}, cut at move {cut}");
            assert_eq!(again_params.futures, played_params.futures, "the position's futures stay");
            // Told of each of its seat's turns before the cut, then asked for the rest.
            let witnessed = g.exchanges().all().iter().filter(|e| e.witness).count();
            let its_turns =
                punter::protocol::turn_starts(&whole[..cut], 3).iter().filter(|t| t.1 == 0).count();
            assert_eq!(witnessed, its_turns, "cut at {cut}");
        }
    }
}

#[test]
fn every_message_an_outside_punter_was_sent_is_kept_with_its_reply() {
    let params = PunterParams::bundled("sample.json", 2, Settings::default()).unwrap();
    let (moves, _, g) =
        play_out(ProtocolGame::new(params, &names(&["greedy", "js"]), SEED, 0).unwrap());
    let list = g.exchanges().all();
    assert!(!g.exchanges().cut());
    assert_eq!(
        (list[0].phase, list[0].seat, list[0].message.as_deref()),
        (Phase::Setup, 1, None),
        "the setup message is written again, not kept"
    );
    assert!(list[0].reply.as_deref().unwrap().contains("\"ready\""));
    let asks: Vec<_> = list.iter().filter(|e| e.phase == Phase::Move).collect();
    assert_eq!(
        asks.len(),
        punter::protocol::turn_starts(&moves, 2).iter().filter(|t| t.1 == 1).count()
    );
    for e in &asks {
        assert!(!e.witness);
        let request = MoveRequest::parse(e.message.as_deref().unwrap()).unwrap();
        assert!(request.state.is_some(), "the bot's state is in the message as it received it");
        assert!(e.reply.as_deref().unwrap().contains("\"state\""));
    }
    // Each request is written at the position before that seat's move.
    assert!(asks.windows(2).all(|w| w[0].move_index < w[1].move_index));
}

#[test]
fn a_person_is_asked_through_the_series_and_bots_play_around_them() {
    let params = PunterParams::bundled("sample.json", 2, Settings::default()).unwrap();
    let entrants = names(&["greedy", "random"]);
    let (whole, played, _) = play_out(ProtocolGame::new(params, &entrants, SEED, 0).unwrap());
    let start = Start { params: played, moves: whole[..3].to_vec() };
    let mut g = ProtocolGame::from_position(start, &names(&["human", "random"]), SEED, 0).unwrap();
    let mut asked = Vec::new();
    loop {
        match g.next(1).unwrap() {
            Next::Person { seat, entrant } => {
                asked.push((seat, entrant));
                let series = g.series_mut().unwrap();
                let mv = series.current().move_at(0).unwrap();
                series.answer(SeriesAnswer::Move(mv), "");
            }
            Next::Ask(r) => panic!("no outside punter here: {r:?}"),
            Next::Running => {}
            Next::Over => break,
        }
    }
    assert!(!asked.is_empty() && asked.iter().all(|&a| a == (0, 0)));
    assert!(g.answer(Ok("{}"), "").is_err(), "a person's move is not a protocol answer");
}

//! What the tests of every game share, written once for the rails: the checks every `Game`
//! must pass (`random_playouts`, `resumes_as_if_never_stopped`) and Nim, a test game of the
//! rails' own. Engines' tests use it as a dev-dependency; it names no game.

use rails::game::{replay, Actor, Game};
use rails::link::{decode_game, encode_game, GameRecord, LinkParams};
use rails::rng::{below, stream};

pub mod nim;

/// Plays `games` random games. At every position: the legal moves are exactly the members of
/// `pool` that `play` accepts; a rejected move leaves the state untouched; the game ends exactly
/// when no move is legal. Each finished game replays to the same state and survives a share
/// link round trip.
pub fn random_playouts<G: Game>(params: &G::Params, pool: &[G::Move], games: u64, max_moves: usize)
where
    G::Params: LinkParams + PartialEq,
{
    for g in 0..games {
        let mut rng = stream(0xC0FFEE, g);
        let mut game = G::new(params).expect("valid params");
        let mut moves = Vec::new();
        while moves.len() < max_moves {
            let legal = game.legal_moves();
            assert_eq!(
                legal.is_empty(),
                game.outcome().is_some(),
                "game {g}: legal moves vs outcome"
            );
            // Every legal move has its own code below move_count, and the code gives it back;
            // every other code gives a legal move or nothing.
            let count = game.move_count();
            assert!(count >= legal.len(), "game {g}: move_count");
            let mut codes = std::collections::BTreeSet::new();
            for mv in &legal {
                let code = game
                    .move_index(mv)
                    .unwrap_or_else(|| panic!("game {g}: no code for legal {mv:?}"));
                assert!(code < count && codes.insert(code), "game {g}: code {code} of {mv:?}");
                assert_eq!(game.move_at(code).as_ref(), Some(mv), "game {g}: move_at({code})");
                assert!(!game.move_label(mv).is_empty());
            }
            for code in 0..count.min(4096) {
                if let Some(mv) = game.move_at(code) {
                    assert!(
                        legal.contains(&mv),
                        "game {g}: code {code} gives {mv:?}, which is not legal"
                    );
                }
            }
            assert_eq!(game.move_at(count), None);
            let chance = game.chance_outcomes();
            assert_eq!(
                !chance.is_empty(),
                game.to_move() == Actor::Chance,
                "game {g}: chance outcomes"
            );
            assert!(chance.iter().all(|(m, w)| legal.contains(m) && *w > 0.0));
            let drawn = game.draw_chance(&mut stream(g, moves.len() as u64));
            assert_eq!(drawn.is_some(), !chance.is_empty(), "game {g}: draw_chance");
            assert!(
                drawn.as_ref().is_none_or(|m| chance.iter().any(|(c, _)| c == m)),
                "game {g}: drawn {drawn:?}"
            );
            for seat in 0..game.seats() {
                serde_json::to_string(&game.view(seat as u8)).expect("a view serializes");
            }
            assert_eq!(
                game.returns().len(),
                if game.outcome().is_some() { game.seats() } else { 0 }
            );
            assert_eq!(
                legal.is_empty(),
                game.to_move() == Actor::Nobody,
                "game {g}: legal moves vs to_move"
            );
            for candidate in pool {
                let mut copy = game.clone();
                let accepted = copy.play(candidate).is_ok();
                assert_eq!(
                    accepted,
                    legal.contains(candidate),
                    "game {g}: {candidate:?} at {game:?}"
                );
                if !accepted {
                    assert_eq!(
                        copy, game,
                        "game {g}: rejected move {candidate:?} changed the state"
                    );
                }
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal[below(&mut rng, legal.len() as u64) as usize].clone();
            game.play(&mv).expect("legal move");
            moves.push(mv);
        }
        let replayed: G = replay(params, &moves).expect("replay");
        assert_eq!(replayed, game, "game {g}: replay differs");
        let record = GameRecord::<G> {
            params: params.clone(),
            seed: g,
            players: vec!["a".into(), "b".into()],
            moves: moves.clone(),
            view: moves.len() / 2,
        };
        let link = encode_game(&record).expect("encodable");
        let back = decode_game::<G>(&link).expect("decodable");
        assert_eq!(back.problem, None);
        assert_eq!(back.record, record);
        assert_eq!(back.game, game);
    }
}

/// A game of a series stopped after `cut` moves and started again from its own moves, with
/// fresh deciders for the same seats and the same seed, goes on exactly as if it had never
/// stopped (`arena::Series::from_position`), and its decisions are those of the rest of the
/// game. `deciders()` makes the entrants afresh (engine deciders only).
pub fn resumes_as_if_never_stopped<G: rails::arena::MatchRules>(
    spec: rails::arena::SeriesSpec<G>,
    deciders: &dyn Fn() -> rails::arena::Deciders<G>,
    cuts: &[usize],
) {
    use rails::arena::{Series, SeriesSpec, Start};
    let spec = SeriesSpec { games: 1, ..spec };
    let whole = Series::new(spec.clone(), deciders()).unwrap().run().unwrap();
    let log = &whole.logs()[0];
    assert!(!log.decisions.is_empty(), "the game asked its deciders");
    for &cut in cuts {
        let cut = cut.min(log.moves.len());
        let start = Start { params: log.params.clone(), moves: log.moves[..cut].to_vec() };
        let again = Series::from_position(spec.clone(), deciders(), start).unwrap().run().unwrap();
        let resumed = &again.logs()[0];
        assert_eq!(resumed.moves, log.moves, "cut at {cut}: the same moves");
        assert_eq!(resumed.returns, log.returns, "cut at {cut}: the same result");
        assert_eq!(resumed.end, log.end, "cut at {cut}");
        // The same moves, so the same moves made per decision are the same answers.
        let said =
            |d: &rails::arena::Decision| (d.move_index, d.seat, d.made, d.unplayed().to_string());
        let later: Vec<_> =
            log.decisions.iter().filter(|d| d.move_index as usize >= cut).map(said).collect();
        let asked: Vec<_> = resumed.decisions.iter().map(said).collect();
        assert_eq!(asked, later, "cut at {cut}: the same questions and answers after the cut");
    }
}

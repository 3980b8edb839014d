//! Each punter's latest turn (what Play highlights), checked along official games: the turn is
//! the seat's last complete one, and its rivers are the ones it took.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::recent::{latest_turns, TurnKind};
use punter::{GameLog, Punter, PunterMap, PunterMove, PunterParams};
use rails::link::GameRecord;
use rails::tape::Tape;
use std::sync::Arc;

#[test]
fn each_punters_latest_turn_is_its_last_complete_one_with_the_rivers_it_took() {
    let mut splurges = 0;
    let mut files: Vec<_> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/punter"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
    files.sort();
    for path in files {
        let log = GameLog::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = Arc::new(
            PunterMap::parse(
                &std::fs::read_to_string(format!(
                    "{}/../../maps/punter/{}",
                    env!("CARGO_MANIFEST_DIR"),
                    log.map
                ))
                .unwrap(),
            )
            .unwrap(),
        );
        if m.rivers.len() > 1000 {
            continue;
        }
        let moves = log.game_moves(m.clone());
        let params = PunterParams::bundled(&log.map, log.teams.len(), log.settings)
            .map(|p| PunterParams { futures: log.futures.clone(), ..p })
            .unwrap();
        let record = GameRecord::<Punter> {
            params,
            seed: 0,
            players: log.teams.clone(),
            moves: moves.clone(),
            view: 0,
        };
        let mut tape = Tape::new(record).unwrap();
        let seats: Vec<(Option<u8>, PunterMove)> =
            (0..moves.len()).map(|i| (tape.info(i).unwrap().seat, moves[i].clone())).collect();
        let seat_of = |i: usize| seats[i].0;
        let terminal = |mv: &PunterMove| !matches!(mv, PunterMove::SplurgeTo(_));
        for at in (0..=moves.len()).step_by(29) {
            let turns = latest_turns(&m, log.teams.len(), &moves[..at], seat_of);
            let g = tape.seek(at).game().clone();
            for (p, turn) in turns.iter().enumerate() {
                let last =
                    seats[..at].iter().rposition(|(s, mv)| *s == Some(p as u8) && terminal(mv));
                let Some(turn) = turn else {
                    // Left out only when it has not moved, or moved before the last `punters` turns.
                    let recent = seats[..at].iter().filter(|(_, mv)| terminal(mv)).count();
                    assert!(
                        last.is_none()
                            || seats[last.unwrap() + 1..at]
                                .iter()
                                .filter(|(_, mv)| terminal(mv))
                                .count()
                                >= log.teams.len().min(recent),
                        "{}",
                        path.display()
                    );
                    continue;
                };
                assert_eq!(Some(turn.at), last, "{} at {at}: punter {p}", path.display());
                splurges += usize::from(turn.kind == TurnKind::Splurge);
                assert_eq!(
                    turn.rivers.is_empty(),
                    turn.kind == TurnKind::Pass,
                    "{} at {at}",
                    path.display()
                );
                for &r in &turn.rivers {
                    assert!(
                        g.owner(r) == Some(p) || g.option_holder(r) == Some(p),
                        "{} at {at}: river {r} of punter {p}",
                        path.display()
                    );
                }
            }
        }
    }
    assert!(splurges > 0, "splurges were seen");
}

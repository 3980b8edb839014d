//! Trimming a route: drop one command, or two in a row, wherever the route then scores more
//! (a shave or a step that turned out not to matter, a detour of one cell and back). Macro
//! moves are planned one at a time, so their seams leave such commands behind.

use super::exec::Meter;
use crate::{Command, Lifter};

/// Routes up to this many commands are trimmed (each pass replays the route once per command).
const TRIM_MAX: usize = 400;

/// The route and its score after dropping commands from `route` (played from `root`) while that
/// scores more than `score`; `None` when nothing does. Every command replayed is metered.
pub(super) fn trim(
    root: &Lifter,
    route: &str,
    score: i64,
    meter: &mut Meter,
) -> Option<(String, i64)> {
    let mut best: Vec<Command> =
        Command::parse_route(route).into_iter().filter(|&c| c != Command::Abort).collect();
    if best.len() > TRIM_MAX {
        return None;
    }
    let mut best_score = score;
    let mut improved = false;
    // Passes until one finds nothing: each drop may make another worth it.
    loop {
        let mut found = None;
        let mut before = root.clone();
        'cuts: for at in 0..best.len() {
            for len in 1..=2 {
                if at + len > best.len() {
                    continue;
                }
                let mut game = before.clone();
                let Some(s) = play(&mut game, &best[at + len..], meter) else {
                    continue;
                };
                if s > best_score {
                    found = Some((at, len, s));
                    break 'cuts;
                }
            }
            meter.count_step();
            if before.step(best[at]).is_err() || before.outcome().is_some() {
                break;
            }
        }
        let Some((at, len, s)) = found else { break };
        best.drain(at..at + len);
        best_score = s;
        improved = true;
    }
    if !improved {
        return None;
    }
    let mut game = root.clone();
    let mut text: String = best.iter().map(|c| c.to_char()).collect();
    play(&mut game, &best, meter)?;
    if game.outcome().is_none() {
        text.push('A');
    }
    Some((text, best_score))
}

/// Plays `cmds` on `game` (stopping where the game ends): the score, as if aborting at the end
/// when the game goes on; `None` when a command cannot be played.
fn play(game: &mut Lifter, cmds: &[Command], meter: &mut Meter) -> Option<i64> {
    for &cmd in cmds {
        if game.outcome().is_some() {
            break;
        }
        meter.count_step();
        game.step(cmd).ok()?;
    }
    Some(game.score_as_abort())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{maps, Mine};

    fn contest1() -> Mine {
        Mine::parse(maps::official("contest1").expect("map")).expect("parses")
    }

    fn meter() -> Meter {
        Meter { steps: 0, extra: 0, per_step: 0 }
    }

    #[test]
    fn drops_waits_that_cost_points() {
        // contest1's best known route (212) with three waits put in.
        let mine = contest1();
        let padded = "DLRWDDUUWWLLLDDL";
        let score = Lifter::play_route(&mine, &Command::parse_route(padded)).score();
        assert_eq!(score, 209);
        let mut m = meter();
        let (route, trimmed) = trim(&Lifter::new(&mine), padded, score, &mut m).expect("trims");
        assert_eq!((route.as_str(), trimmed), ("DLRDDUULLLDDL", 212));
        assert!(m.steps > 0, "the replays are metered");
    }

    #[test]
    fn leaves_a_tight_route_alone() {
        let mine = contest1();
        assert_eq!(trim(&Lifter::new(&mine), "DLRDDUULLLDDL", 212, &mut meter()), None);
    }
}

//! How good a mine reached by the search looks: its score, less penalties for what it spoiled
//! (lambdas or the lift no longer reachable, trampolines that land in a trap, beards, above all
//! beards near the lift), and a key telling mines apart.

use super::plan::{Grid, Kind};
use super::probe::{grid_hash, loose_key, mix};
use super::run::{Params, Search};
use crate::{Cell, Lifter};

/// Evaluation cost of one beard cell.
const BEARD_PENALTY: i64 = 3;
/// Evaluation cost of one beard cell near a lift.
const LIFT_BEARD_PENALTY: i64 = 25;

/// A child's evaluation (higher is better) and the key that tells mines apart.
pub(super) fn judge(p: Params, game: &Lifter, ctx: &mut Search) -> (i64, u64) {
    let (eval, key) = evaluate(p, game, ctx);
    if p.noise > 0 {
        // Subtracted, so that the score still bounds the evaluation.
        return (eval - (mix(p.seed, key) % p.noise as u64) as i64, key);
    }
    (eval, key)
}

fn evaluate(p: Params, game: &Lifter, ctx: &mut Search) -> (i64, u64) {
    let c = i64::from(game.collected());
    let m = i64::from(game.moves());
    let mut eval = 25 * c - m;
    let robot = ctx.grid.robot(game);
    if !p.thorough {
        let key = mix(mix(u64::from(robot), u64::from(game.collected())), u64::from(game.moves()));
        return (eval, key);
    }
    let survey = ctx.planner.survey(ctx.grid, game, &[], usize::MAX, None);
    ctx.meter.extra += (ctx.grid.w * ctx.grid.h / 64) as u64;
    let (horocks, beards, guards) = count_growing(ctx.grid, game);
    let lambdas = i64::from(game.total_lambdas() - game.collected()) - horocks;
    // Beards spread and wall lambdas and the lift in.
    eval -= BEARD_PENALTY * beards + LIFT_BEARD_PENALTY * guards;
    // Where the robot dug matters only where rocks can move into it or beards grow into it.
    let key = if ctx.grid.beards {
        mix(grid_hash(game.cells()), mix(u64::from(robot), u64::from(game.razors())))
    } else {
        loose_key(ctx.grid, game)
    };
    if p.fine {
        let near = survey.goals.iter().find(|g| matches!(g.kind, Kind::Lambda | Kind::Lift));
        eval -= near.map_or(50, |g| i64::from(g.dist));
    }
    let unreached = lambdas - i64::from(survey.lambdas_reached);
    eval -= 25 * unreached;
    if !survey.lift_reached {
        eval -= 25 * c;
    }
    // A trampoline whose landing has no way on to the lift (e.g. a rock over it and rocks
    // beside it) is a trap until something is dug next to it.
    let total = i64::from(game.total_lambdas());
    for &j in &ctx.grid.landings {
        if matches!(game.cells()[j as usize], Cell::Target(_))
            && !ctx.planner.survey_from(ctx.grid, game, j, &[], usize::MAX, None).lift_reached
        {
            eval -= 10 * total;
        }
    }
    (eval, key)
}

/// Higher-order rocks, beards, and beards close to a lift on the map.
fn count_growing(grid: &Grid, game: &Lifter) -> (i64, i64, i64) {
    let (mut horocks, mut beards, mut guards) = (0, 0, 0);
    if grid.horocks || grid.beards {
        for (i, &c) in game.cells().iter().enumerate() {
            match c {
                Cell::HoRock => horocks += 1,
                Cell::Beard => {
                    beards += 1;
                    if grid.lifts.iter().any(|&l| grid.apart(l, i as u32) <= 3) {
                        guards += 1;
                    }
                }
                _ => {}
            }
        }
    }
    (horocks, beards, guards)
}

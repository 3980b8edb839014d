//! Pits under the lift's rocks: starting points for offshoots (`offshoot.rs`) on mines where
//! rocks stand next to the lift. Rocks packed around the lift fall onto the way to it as the
//! robot clears that way, unless there is room below them. A search ranked by score never digs
//! that room first: its payoff comes at the end of the game. So each such rock gets a prefix of
//! its own: a shortest walk to the cell two below it that digs as little as it can, then one
//! step up, under the rock. Leaving that cell later lets the rock fall two deep, out of the way.
//!
//! On flood4 the solver from the start aborts with 994 (the lift walled in by its rocks); from
//! the pit under either of the two rocks nearest the lift it wins with 1558–1560 within 5 million
//! units of its own (docs/performance/lifter.md, "pits under the lift's rocks").

use super::plan::{Grid, DIRS};
use crate::{Cell, Lifter};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Rocks at most this far from a lift (Chebyshev distance) get a pit. On flood4 the pits under
/// the rocks 1 and 2 from the lift lead to a win; those 3 and 4 away do not.
const NEAR_LIFT: usize = 2;
/// At most this many pits are tried, the rocks nearest a lift first.
const PITS: usize = 2;
/// What a step costs in `least_digging`, beside 1 for each cell of earth dug: more than any walk
/// can dig (mines with offshoots have at most `schedule::THOROUGH_CELLS` cells), so length
/// comes first and digging only breaks ties.
const STEP: u64 = 1 << 20;

/// The prefixes (commands from the start of `game`) that dig a pit under a rock near the lift,
/// the rocks nearest a lift first, each ending under its rock.
pub(super) fn pit_prefixes(game: &Lifter) -> Vec<String> {
    let grid = Grid::new(game);
    let cells = game.cells();
    let diggable = |c: u32| matches!(cells[c as usize], Cell::Earth | Cell::Empty);
    // (distance to the nearest lift, the pit's floor)
    let mut pits: Vec<(usize, u32)> = Vec::new();
    for r in 0..cells.len() as u32 {
        if cells[r as usize] != Cell::Rock {
            continue;
        }
        let Some(near) = grid.lifts.iter().map(|&l| grid.apart(l, r)).min() else { continue };
        if near > NEAR_LIFT {
            continue;
        }
        let Some(under) = grid.step(r, 3).filter(|&b| diggable(b)) else { continue };
        let Some(floor) = grid.step(under, 3).filter(|&p| diggable(p)) else { continue };
        pits.push((near, floor));
    }
    let robot = grid.robot(game);
    let mut out: Vec<(usize, usize, String)> = pits
        .into_iter()
        .filter_map(|(near, floor)| {
            let mut prefix = least_digging(&grid, cells, robot, floor)?;
            let len = prefix.len();
            prefix.push('U');
            Some((near, len, prefix))
        })
        .collect();
    out.sort();
    out.into_iter().take(PITS).map(|(_, _, p)| p).collect()
}

/// The commands of a shortest walk from `from` to `to` (plain steps: no pushes, jumps or
/// beards) that digs the fewest cells of earth among the shortest. Digging is for good: the
/// fewer cells it opens, the fewer rocks it lets down on the way. On flood4 the path down the
/// empty column and along the empty run of the pit's row leads to a win; the planner's staircase
/// through the earth, and the path down the left side, of the same length, do not.
fn least_digging(grid: &Grid, cells: &[Cell], from: u32, to: u32) -> Option<String> {
    let n = cells.len();
    let mut best = vec![u64::MAX; n];
    let mut prev = vec![(u32::MAX, 0u8); n];
    let mut heap = BinaryHeap::new();
    best[from as usize] = 0;
    heap.push(Reverse((0u64, from)));
    while let Some(Reverse((cost, u))) = heap.pop() {
        if cost > best[u as usize] {
            continue;
        }
        if u == to {
            break;
        }
        let under_rock = grid.step(u, 2).is_some_and(|a| cells[a as usize].is_rock());
        for d in 0..4 {
            let Some(v) = grid.step(u, d) else { continue };
            if d == 3 && under_rock {
                continue; // the rock would fall on the robot
            }
            let dig = match cells[v as usize] {
                Cell::Empty | Cell::Lambda | Cell::Razor => 0,
                Cell::Earth => 1,
                _ => continue,
            };
            let c = cost + STEP + dig;
            if c < best[v as usize] {
                best[v as usize] = c;
                prev[v as usize] = (u, d as u8);
                heap.push(Reverse((c, v)));
            }
        }
    }
    if best[to as usize] == u64::MAX {
        return None;
    }
    let mut route = Vec::new();
    let mut c = to;
    while c != from {
        let (p, d) = prev[c as usize];
        route.push(DIRS[usize::from(d)].to_char());
        c = p;
    }
    route.reverse();
    Some(route.into_iter().collect())
}

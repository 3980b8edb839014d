//! Look-ahead for a beam level: each of the level's best children is played on to the end by a
//! greedy run (a beam one wide), and the children are ranked by the best score their run
//! reached instead of by how they look now. An order of collection that spoils the mine for
//! good (a lambda left in a chamber that becomes a trap once its rocks settle, a rock let down
//! late into the only passage) looks fine for a while; its greedy continuation shows it.

use super::node::Node;
use super::run::{Params, Search};
use crate::Lifter;

/// The search that plays a candidate on (the beam, one wide), one step at a time.
pub(super) trait Continuation {
    /// A run from `game`, reached by `route`.
    fn start(params: Params, game: Lifter, route: Vec<u8>) -> Self;
    fn step(&mut self, ctx: &mut Search);
    fn finished(&self) -> bool;
}

/// Greedy continuations of a level's candidates, run one after another in small steps.
pub(super) struct Rollouts<C> {
    nodes: Vec<Node>,
    /// Best score reached from each candidate so far.
    values: Vec<i64>,
    at: usize,
    current: Option<Box<C>>,
    params: Params,
}

impl<C: Continuation> Rollouts<C> {
    /// Rollouts of `nodes` (the level's candidates, best first) under the run's `params`.
    pub fn new(nodes: Vec<Node>, params: Params) -> Rollouts<C> {
        let values = nodes.iter().map(|n| n.game.score_as_abort()).collect();
        Rollouts {
            nodes,
            values,
            at: 0,
            current: None,
            params: Params { width: 1, pilot: 0, noise: 0, ..params },
        }
    }

    /// Advances the current rollout by one step; false once every candidate has been played
    /// out.
    pub fn advance(&mut self, ctx: &mut Search) -> bool {
        let Some(node) = self.nodes.get(self.at) else {
            return false;
        };
        let params = self.params;
        let beam = self.current.get_or_insert_with(|| {
            Box::new(C::start(params, node.game.clone(), node.route.clone()))
        });
        let best = &mut self.values[self.at];
        let outer = &mut *ctx.offer;
        let mut offer = |route: &[u8], game: &Lifter| {
            // A finished game's own score; otherwise the score of aborting there.
            *best = (*best).max(game.score_as_abort());
            outer(route, game);
        };
        let mut sub = Search {
            grid: ctx.grid,
            planner: &mut *ctx.planner,
            meter: &mut *ctx.meter,
            offer: &mut offer,
            clones: &mut *ctx.clones,
            memo: &mut *ctx.memo,
        };
        beam.step(&mut sub);
        if beam.finished() {
            self.current = None;
            self.at += 1;
        }
        true
    }

    /// The candidates ranked by what their rollouts reached (then by their evaluation), the
    /// best `width` of them.
    pub fn ranked(self, width: usize) -> Vec<Node> {
        let mut nodes: Vec<(i64, Node)> = self.values.into_iter().zip(self.nodes).collect();
        nodes.sort_by(|(va, a), (vb, b)| {
            vb.cmp(va).then(b.eval.cmp(&a.eval)).then(a.seq.cmp(&b.seq))
        });
        nodes.truncate(width);
        nodes.into_iter().map(|(_, n)| n).collect()
    }
}

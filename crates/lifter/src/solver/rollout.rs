//! Look-ahead for a beam level: each of the level's best children is played on to the end by a
//! greedy run (a beam one wide), and the children are ranked by the best score their run
//! reached instead of by how they look now. An order of collection that spoils the mine for
//! good (a lambda left in a chamber that becomes a trap once its rocks settle, a rock let down
//! late into the only passage) looks fine for a while; its greedy continuation shows it.

use super::node::Node;
use super::run::Params;
use crate::Lifter;

/// The bookkeeping of a level's greedy continuations, played one after another in small steps
/// by the beam (`Beam::roll_some`): the candidates, the best score each run reached so far, and
/// which candidate is being played on.
pub(super) struct Rollouts {
    nodes: Vec<Node>,
    /// Best score reached from each candidate so far.
    values: Vec<i64>,
    at: usize,
    /// The parameters of every continuation: the run's, one wide, without rollouts or noise.
    pub params: Params,
}

impl Rollouts {
    /// Rollouts of `nodes` (the level's candidates, best first) under the run's `params`.
    pub fn new(nodes: Vec<Node>, params: Params) -> Rollouts {
        let values = nodes.iter().map(|n| n.game.score_as_abort()).collect();
        Rollouts { nodes, values, at: 0, params: Params { width: 1, pilot: 0, noise: 0, ..params } }
    }

    /// The candidate being played on (or next), none once every one has been.
    pub fn candidate(&self) -> Option<&Node> {
        self.nodes.get(self.at)
    }

    /// The current candidate's continuation reached `game`: a finished game's own score,
    /// otherwise the score of aborting there.
    pub fn reached(&mut self, game: &Lifter) {
        if let Some(best) = self.values.get_mut(self.at) {
            *best = (*best).max(game.score_as_abort());
        }
    }

    /// The current candidate's continuation has finished.
    pub fn done(&mut self) {
        self.at += 1;
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

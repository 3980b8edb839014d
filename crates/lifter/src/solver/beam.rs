//! Beam search over macro moves ("go to that lambda", "let that higher-order rock fall", "go
//! to the lift") or, for small mines, over single commands; resumable one node expansion (or
//! one slice of a pending single-command probe) at a time. Children are ranked by score less
//! penalties for what they spoiled: lambdas or the lift no longer reachable, trampolines that
//! land in a trap, beards (above all near the lift).

use super::exec::{follow, Done};
use super::judge::judge;
use super::node::Node;
use super::plan::{Kind, Survey};
use super::probe::{grid_hash, mix, KeySet, Probe};
use super::rollout::Rollouts;
use super::run::{Params, Search};
use crate::{Command, Lifter, Outcome};

const MEMO_CAP: usize = 1 << 16;
/// Mines a pending probe looks at per call of `advance`.
const PROBE_CHUNK: usize = 64;
const FINE: [Command; 6] = Command::MOVES;

pub(super) struct Beam {
    pub params: Params,
    /// The level being expanded, in reverse order (the next node is last).
    level: Vec<Node>,
    next: Vec<Node>,
    seq: u64,
    /// Single-command searches started by nodes of this level, still running.
    probes: Vec<Probe>,
    /// Children of the level being built must evaluate above this to be kept.
    cutoff: i64,
    /// Greedy continuations of the level's candidates (runs with `pilot`), under way, and the
    /// one being played (a beam one wide).
    rollouts: Option<Rollouts>,
    rollout: Option<Box<Beam>>,
    /// Some level had more children than the width (a wider beam could do better).
    pub truncated: bool,
    pub finished: bool,
}

impl Beam {
    pub fn new(params: Params, root: &Lifter) -> Beam {
        Beam::from_node(params, root.clone(), Vec::new())
    }

    /// A run from `game`, reached by `route`.
    pub fn from_node(params: Params, mut game: Lifter, route: Vec<u8>) -> Beam {
        game.clear_history();
        let node = Node { game, route, eval: 0, key: 0, seq: 0 };
        Beam {
            params,
            level: vec![node],
            next: Vec::new(),
            probes: Vec::new(),
            rollouts: None,
            rollout: None,
            seq: 1,
            cutoff: i64::MIN,
            truncated: false,
            finished: false,
        }
    }

    /// Expands one node (or closes a level). Sets `finished` when no node is left.
    pub fn advance(&mut self, ctx: &mut Search) {
        if self.finished || self.probe_some(ctx) {
            return;
        }
        if self.rollouts.is_some() {
            if !self.roll_some(ctx) {
                if let Some(done) = self.rollouts.take() {
                    self.next = done.ranked(self.params.width);
                }
                self.next_level();
            }
            return;
        }
        let Some(node) = self.level.pop() else {
            self.select(self.kept());
            if self.params.pilot > 0 && !self.next.is_empty() {
                self.rollouts = Some(Rollouts::new(std::mem::take(&mut self.next), self.params));
            } else {
                self.next_level();
            }
            return;
        };
        self.expand(node, ctx);
        if self.next.len() >= 2 * self.kept().max(4) {
            self.select(self.kept());
        }
    }

    /// Advances the current rollout by one step; false once every candidate has been played
    /// out.
    fn roll_some(&mut self, ctx: &mut Search) -> bool {
        let Some(rollouts) = self.rollouts.as_mut() else {
            return false;
        };
        let Some(node) = rollouts.candidate() else {
            return false;
        };
        let run = self.rollout.get_or_insert_with(|| {
            Box::new(Beam::from_node(rollouts.params, node.game.clone(), node.route.clone()))
        });
        let outer = &mut *ctx.offer;
        let mut offer = |route: &[u8], game: &Lifter| {
            rollouts.reached(game);
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
        run.advance(&mut sub);
        if run.finished {
            self.rollout = None;
            rollouts.done();
        }
        true
    }

    /// Children kept from a level: the width, or the candidates rolled out.
    fn kept(&self) -> usize {
        self.params.width.max(self.params.pilot)
    }

    fn next_level(&mut self) {
        self.level = std::mem::take(&mut self.next);
        self.level.reverse();
        self.cutoff = i64::MIN;
        if self.level.is_empty() {
            self.finished = true;
        }
    }

    fn expand(&mut self, node: Node, ctx: &mut Search) {
        let p = self.params;
        ctx.meter.price(ctx.grid, &node.game);
        if p.fine {
            return self.expand_fine(node, ctx);
        }
        let max_goals = if p.thorough { usize::MAX } else { (p.lambdas + p.triggers + 4) * 2 };
        let survey = ctx.planner.survey(ctx.grid, &node.game, &[], max_goals, None);
        let goals = pick(&survey, p);
        let paths: Vec<_> = goals.iter().map(|g| (*g, ctx.planner.path(g.cell))).collect();
        let mut grown = 0;
        for (goal, path) in paths {
            let Some(path) = path else { continue };
            let mut game = node.game.clone();
            *ctx.clones += 1;
            let mut route = node.route.clone();
            let done = follow(ctx.grid, ctx.planner, ctx.meter, &mut game, &mut route, goal, path);
            game.clear_history();
            match done {
                Done::Won => (ctx.offer)(&route, &game),
                Done::Failed => {}
                Done::Reached => {
                    grown += 1;
                    self.adopt(game, route, ctx);
                }
            }
        }
        let aimless = !goals.iter().any(|g| matches!(g.kind, Kind::Lambda | Kind::Lift));
        if (grown == 0 || aimless) && p.probe > 0 {
            // Near the end the lift's bonus is at stake: look much further.
            let left = node.game.total_lambdas() - node.game.collected();
            let budget = if left <= 2 { p.probe * 8 } else { p.probe };
            self.unstick(&node.game, &node.route, budget, ctx);
        }
    }

    /// Single commands as children (for small mines).
    fn expand_fine(&mut self, node: Node, ctx: &mut Search) {
        for cmd in FINE {
            if cmd == Command::Shave && node.game.razors() == 0 {
                continue;
            }
            let mut game = node.game.clone();
            *ctx.clones += 1;
            ctx.meter.count_step();
            if game.step(cmd).is_err() {
                continue;
            }
            game.clear_history();
            if game.outcome() == Some(Outcome::Lose) {
                continue;
            }
            let mut route = node.route.clone();
            route.push(cmd.to_char() as u8);
            self.adopt(game, route, ctx);
        }
    }

    /// Starts the single-command search from a mine, or replays what it found there before.
    fn unstick(&mut self, start: &Lifter, start_route: &[u8], budget: usize, ctx: &mut Search) {
        let robot = ctx.grid.robot(start);
        let key = mix(
            grid_hash(start.cells()),
            mix(u64::from(robot), u64::from(start.razors()) + ((budget as u64) << 32)),
        );
        ctx.meter.extra += (ctx.grid.w * ctx.grid.h / 64) as u64;
        match ctx.memo.get(&key) {
            Some(tails) => {
                let tails = tails.clone();
                self.follow_tails(start, start_route, &tails, ctx);
            }
            None => {
                self.probes.push(Probe::new(ctx.grid, ctx.planner, start, start_route, key, budget))
            }
        }
    }

    /// Works on the oldest pending probe; true when there was one.
    fn probe_some(&mut self, ctx: &mut Search) -> bool {
        let Some(probe) = self.probes.first_mut() else {
            return false;
        };
        let over =
            probe.run(ctx.grid, ctx.planner, ctx.meter, ctx.clones, PROBE_CHUNK, &mut *ctx.offer);
        if over {
            let probe = self.probes.remove(0);
            if ctx.memo.len() < MEMO_CAP {
                ctx.memo.insert(probe.key, probe.hits.clone());
            }
            self.follow_tails(probe.start(), &probe.route, &probe.hits, ctx);
        }
        true
    }

    /// Plays each command tail from `start` and adopts the mines reached.
    fn follow_tails(
        &mut self,
        start: &Lifter,
        start_route: &[u8],
        tails: &[Vec<u8>],
        ctx: &mut Search,
    ) {
        for tail in tails {
            let mut game = start.clone();
            *ctx.clones += 1;
            let mut route = start_route.to_vec();
            for &b in tail {
                let Some(cmd) = Command::from_char(b as char) else {
                    continue;
                };
                ctx.meter.count_step();
                if game.step(cmd).is_err() {
                    break;
                }
                route.push(b);
            }
            game.clear_history();
            match game.outcome() {
                None => self.adopt(game, route, ctx),
                Some(Outcome::Win) => (ctx.offer)(&route, &game),
                Some(_) => {}
            }
        }
    }

    fn adopt(&mut self, game: Lifter, route: Vec<u8>, ctx: &mut Search) {
        (ctx.offer)(&route, &game);
        if game.outcome().is_some() {
            return;
        }
        // Every term of the evaluation past the score only subtracts: a child whose score
        // cannot beat the children kept so far needs no closer look.
        let score = 25 * i64::from(game.collected()) - i64::from(game.moves());
        if score <= self.cutoff {
            self.truncated = true;
            return;
        }
        let (eval, key) = judge(self.params, &game, ctx);
        self.seq += 1;
        self.next.push(Node { game, route, eval, key, seq: self.seq });
    }

    /// Keeps the best `width` children, one per distinct mine.
    fn select(&mut self, width: usize) {
        self.next.sort_by(|a, b| b.eval.cmp(&a.eval).then(a.seq.cmp(&b.seq)));
        let mut keys = KeySet::default();
        let mut kept = Vec::with_capacity(width);
        for n in std::mem::take(&mut self.next) {
            if keys.contains(&n.key) {
                continue;
            }
            if kept.len() >= width {
                self.truncated = true;
                break;
            }
            keys.insert(n.key);
            kept.push(n);
        }
        if kept.len() >= width {
            self.cutoff = kept.last().map_or(i64::MIN, |n: &Node| n.eval);
        }
        self.next = kept;
    }
}

fn pick(s: &Survey, p: Params) -> Vec<super::plan::Goal> {
    let mut out = Vec::new();
    let (mut lambdas, mut triggers, mut razors, mut shaves) = (0, 0, 0, 0);
    for g in &s.goals {
        let take = match g.kind {
            Kind::Lift => true,
            Kind::Lambda => {
                lambdas += 1;
                lambdas <= p.lambdas
            }
            Kind::Drop | Kind::Push | Kind::Unblock => {
                triggers += 1;
                triggers <= p.triggers
            }
            Kind::Razor => {
                razors += 1;
                razors <= 1
            }
            Kind::Shave => {
                shaves += 1;
                shaves <= 1
            }
        };
        if take && !out.iter().any(|o: &super::plan::Goal| o.cell == g.cell) {
            out.push(*g);
        }
    }
    out
}

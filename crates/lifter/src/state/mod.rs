//! The mine in play: robot movement, the map update (rocks, higher-order rocks, beards, the
//! lift), water, endings and score, with undo.
//!
//! The update works on bit planes over the rows near a change (`update.rs`);
//! `set_full_scan(true)` switches to the plain scalar scan of the whole grid
//! (`reference.rs`), which the tests use to prove both give the same game.

mod change;
mod history;
mod reference;
mod update;

use super::cell::Cell;
use super::command::{Command, Death, LifterError, Outcome};
use super::map::{Metadata, Mine};
use super::planes::Planes;
use super::rows::RowSet;
use history::History;

/// Where the robot is and the counters of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Status {
    robot: u32,
    collected: u32,
    razors: u32,
    moves: u32,
    commands: u32,
    underwater: u32,
    outcome: Option<Outcome>,
    death: Option<Death>,
    /// The last command was a move the robot could not make (into a wall, an unpushable rock,
    /// a closed lift): it counted as a Wait.
    blocked: bool,
}

#[derive(Debug)]
pub struct Lifter {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    meta: Metadata,
    now: Status,
    total_lambdas: u32,
    /// Where the lifts are: the first apart (a mine usually has one, and then a copy of the
    /// position allocates nothing for them).
    lift: Option<u32>,
    more_lifts: Vec<u32>,
    trampolines: Vec<(u8, u32)>,
    targets: [Option<u32>; 9],
    /// The mine again as bit planes, for the update.
    planes: Planes,
    /// Rows changed since the last update: only rocks in them or just above them can move.
    dirty: RowSet,
    /// Rows that may hold a beard with an empty neighbour (a superset).
    beard_rows: RowSet,
    has_beards: bool,
    scratch: update::Scratch,
    /// What the steps changed, for undo.
    log: History,
    full_scan: bool,
}

impl Lifter {
    pub fn new(mine: &Mine) -> Lifter {
        let mut robot = 0;
        let mut total_lambdas = 0;
        let (mut lift, mut more_lifts) = (None, Vec::new());
        let mut trampolines = Vec::new();
        let mut targets = [None; 9];
        let mut has_beards = false;
        for (i, &c) in mine.cells.iter().enumerate() {
            let i = i as u32;
            match c {
                Cell::Robot => robot = i,
                Cell::Lambda | Cell::HoRock => total_lambdas += 1,
                Cell::ClosedLift if lift.is_none() => lift = Some(i),
                Cell::ClosedLift => more_lifts.push(i),
                Cell::Trampoline(t) => trampolines.push((t, i)),
                Cell::Target(t) => targets[usize::from(t)] = Some(i),
                Cell::Beard => has_beards = true,
                _ => {}
            }
        }
        let planes = Planes::new(mine.width, mine.height, &mine.cells);
        Lifter {
            width: mine.width,
            height: mine.height,
            cells: mine.cells.clone(),
            meta: mine.meta.clone(),
            now: Status {
                robot,
                collected: 0,
                razors: mine.meta.razors,
                moves: 0,
                commands: 0,
                underwater: 0,
                outcome: None,
                death: None,
                blocked: false,
            },
            total_lambdas,
            lift,
            more_lifts,
            trampolines,
            targets,
            // The first update looks only at rows whose rocks move as things are.
            dirty: update::moving_rows(&planes),
            planes,
            beard_rows: if has_beards {
                RowSet::all(mine.height)
            } else {
                RowSet::new(mine.height)
            },
            has_beards,
            scratch: update::Scratch::default(),
            log: History::default(),
            full_scan: false,
        }
    }

    /// Plays a route from the start; commands after the end of the game are ignored (as are
    /// those past the width × height limit, which ends the game).
    pub fn play_route(mine: &Mine, route: &[Command]) -> Lifter {
        let mut game = Lifter::new(mine);
        for &cmd in route {
            if game.step(cmd).is_err() {
                break;
            }
        }
        game
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    pub fn meta(&self) -> &Metadata {
        &self.meta
    }
    /// Robot position, 1-based (x, y) with y = 1 the bottom row.
    pub fn robot(&self) -> (usize, usize) {
        let r = self.now.robot as usize;
        (r % self.width + 1, r / self.width + 1)
    }
    pub fn collected(&self) -> u32 {
        self.now.collected
    }
    pub fn total_lambdas(&self) -> u32 {
        self.total_lambdas
    }
    pub fn razors(&self) -> u32 {
        self.now.razors
    }
    pub fn moves(&self) -> u32 {
        self.now.moves
    }
    /// The last command was a move the robot could not make: it counted as a Wait (the rules:
    /// "moves that are not possible act as Wait").
    pub fn blocked(&self) -> bool {
        self.now.blocked
    }
    /// Commands executed, counting Abort (the route limit is width × height of them).
    pub fn commands(&self) -> u32 {
        self.now.commands
    }
    pub fn command_limit(&self) -> u32 {
        (self.width * self.height).min(u32::MAX as usize) as u32
    }
    pub fn underwater(&self) -> u32 {
        self.now.underwater
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.now.outcome
    }
    pub fn death(&self) -> Option<Death> {
        self.now.death
    }
    /// The rock moves (from, to) of the last step, for animation (none when the undo history
    /// was cleared).
    pub fn falls(&self) -> Vec<(u32, u32)> {
        self.log.last().map_or_else(Vec::new, |f| f.update.falls(self.width, self.planes.wpr))
    }

    /// Cells where beards grew in the last step, for animation (none when the undo history was
    /// cleared).
    pub fn grown(&self) -> Vec<u32> {
        self.log.last().map_or_else(Vec::new, |f| f.update.grown(self.width, self.planes.wpr))
    }

    /// Does the mine have beards (now or at the start)?
    pub fn has_beards(&self) -> bool {
        self.has_beards
    }

    /// How many rocks moved in the last step (the length of `falls`, without building it).
    pub fn fall_count(&self) -> usize {
        self.log.last().map_or(0, |f| f.update.fall_count(self.planes.wpr))
    }
    pub fn lift_open(&self) -> bool {
        self.now.collected == self.total_lambdas
    }

    /// Water level during the next step (rows at or below it are underwater; 0 = none).
    pub fn water_level(&self) -> u32 {
        self.level_at(self.now.moves + 1)
    }

    fn level_at(&self, step: u32) -> u32 {
        let rise = step.saturating_sub(1).checked_div(self.meta.flooding).unwrap_or(0);
        self.meta.water.saturating_add(rise)
    }

    /// Whether row `y` (1 = the bottom) is underwater during step `step`: y ≤ `level_at(step)`,
    /// by a multiplication (the step loop's only division was this one).
    fn submerged(&self, y: u64, step: u32) -> bool {
        let water = u64::from(self.meta.water);
        if y <= water {
            return true;
        }
        let flooding = u64::from(self.meta.flooding);
        flooding != 0 && (y - water) * flooding <= u64::from(step.saturating_sub(1))
    }

    /// Steps until the next beard growth (1 = the next update grows).
    pub fn growth_in(&self) -> u32 {
        let g = self.meta.growth.max(1);
        g - (self.now.moves % g)
    }

    pub fn score(&self) -> i64 {
        let l = i64::from(self.now.collected);
        let base = 25 * l - i64::from(self.now.moves);
        match self.now.outcome {
            Some(Outcome::Win) => base + 50 * l,
            Some(Outcome::Abort) => base + 25 * l,
            _ => base,
        }
    }

    /// Score if the game stopped now by Abort (the `--end-abort` convention).
    pub fn score_as_abort(&self) -> i64 {
        match self.now.outcome {
            None | Some(Outcome::Unfinished) => {
                50 * i64::from(self.now.collected) - i64::from(self.now.moves)
            }
            _ => self.score(),
        }
    }

    /// The mine in map text (rows top to bottom, `\n`-separated, no metadata).
    pub fn map_text(&self) -> String {
        Mine::grid_text(self.width, self.height, &self.cells)
    }

    #[doc(hidden)]
    pub fn set_history_limit(&mut self, cells: usize) {
        self.log.limit = cells;
    }

    #[doc(hidden)]
    pub fn set_full_scan(&mut self, on: bool) {
        self.full_scan = on;
    }

    fn xy(&self, i: u32) -> (isize, isize) {
        let i = i as usize;
        let y = self.planes.row_of(i);
        ((i - y * self.width) as isize, y as isize)
    }

    fn index(&self, x: isize, y: isize) -> Option<u32> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| (y as usize * self.width + x as usize) as u32)
    }

    /// Changes a cell, logging the old content.
    #[inline]
    fn set(&mut self, i: u32, cell: Cell) {
        let old = self.cells[i as usize];
        if old == cell {
            return;
        }
        self.log.cell(i, old);
        self.cells[i as usize] = cell;
        self.note(i as usize, old, cell);
    }

    /// Keeps the planes and the rows to look at true after cell `i` changed.
    #[inline]
    fn note(&mut self, i: usize, old: Cell, new: Cell) {
        self.planes.change(i, old, new);
        let y = self.planes.row_of(i);
        self.dirty.insert(y);
        if self.has_beards {
            match new {
                Cell::Beard => self.beard_rows.insert(y),
                Cell::Empty => self.beard_rows.insert_around(y),
                _ => {}
            }
        }
    }

    /// Plays one command. Moves that are not possible act as Wait.
    pub fn step(&mut self, cmd: Command) -> Result<(), LifterError> {
        if self.now.outcome.is_some() {
            return Err(LifterError::GameOver);
        }
        let before = self.now;
        self.log.begin();
        self.now.commands += 1;
        self.now.blocked = false;
        if cmd == Command::Abort {
            self.now.outcome = Some(Outcome::Abort);
            self.log.commit(before);
            return Ok(());
        }
        self.now.moves += 1;
        let won = self.move_robot(cmd);
        let moving = matches!(cmd, Command::Left | Command::Right | Command::Up | Command::Down);
        self.now.blocked = moving && !won && self.now.robot == before.robot;
        let crushed = self.update();
        if won {
            self.now.outcome = Some(Outcome::Win);
        } else if crushed {
            self.now.outcome = Some(Outcome::Lose);
            self.now.death = Some(Death::Crushed);
        } else {
            let y = self.planes.row_of(self.now.robot as usize) + 1;
            if self.submerged(y as u64, self.now.moves) {
                self.now.underwater += 1;
            } else {
                self.now.underwater = 0;
            }
            if self.now.underwater > self.meta.waterproof {
                self.now.outcome = Some(Outcome::Lose);
                self.now.death = Some(Death::Drowned);
            }
        }
        if self.now.outcome.is_none() && self.now.commands >= self.command_limit() {
            self.now.outcome = Some(Outcome::Unfinished);
        }
        self.log.commit(before);
        Ok(())
    }

    /// Robot movement; true when the robot entered an open lift.
    fn move_robot(&mut self, cmd: Command) -> bool {
        let (dx, dy) = match cmd {
            Command::Left => (-1, 0),
            Command::Right => (1, 0),
            Command::Up => (0, 1),
            Command::Down => (0, -1),
            Command::Shave => {
                if self.now.razors > 0 {
                    self.now.razors -= 1;
                    let (x, y) = self.xy(self.now.robot);
                    for (nx, ny) in neighbours8(x, y) {
                        if let Some(n) =
                            self.index(nx, ny).filter(|&n| self.cells[n as usize] == Cell::Beard)
                        {
                            self.set(n, Cell::Empty);
                        }
                    }
                }
                return false;
            }
            Command::Wait | Command::Abort => return false,
        };
        let (x, y) = self.xy(self.now.robot);
        let Some(to) = self.index(x + dx, y + dy) else { return false };
        let from = self.now.robot;
        let mut won = false;
        let mut dest = to;
        match self.cells[to as usize] {
            Cell::Empty | Cell::Earth => {}
            Cell::Lambda => self.now.collected += 1,
            Cell::Razor => self.now.razors += 1,
            Cell::OpenLift => won = true,
            Cell::Trampoline(t) => {
                let Some(target) = self.meta.trampoline_targets[usize::from(t)] else {
                    return false;
                };
                let Some(target_at) = self.targets[usize::from(target)] else { return false };
                let jumping: Vec<u32> = self
                    .trampolines
                    .iter()
                    .filter(|&&(t2, _)| {
                        self.meta.trampoline_targets[usize::from(t2)] == Some(target)
                    })
                    .map(|&(_, i)| i)
                    .collect();
                for i in jumping {
                    if self.cells[i as usize] != Cell::Robot {
                        self.set(i, Cell::Empty);
                    }
                }
                dest = target_at;
            }
            c if c.is_rock() && dy == 0 => {
                let Some(beyond) =
                    self.index(x + 2 * dx, y).filter(|&b| self.cells[b as usize] == Cell::Empty)
                else {
                    return false;
                };
                self.set(beyond, c);
            }
            _ => return false,
        }
        self.set(from, Cell::Empty);
        self.set(dest, Cell::Robot);
        self.now.robot = dest;
        won
    }

    /// The map update; true when a falling rock landed on the cell above the robot.
    fn update(&mut self) -> bool {
        let grow = self.has_beards && self.now.moves.is_multiple_of(self.meta.growth.max(1));
        self.log.begin_update();
        let crushed =
            if self.full_scan { self.reference_update(grow) } else { self.planes_update(grow) };
        if self.lift_open() {
            if let Some(l) = self.lift {
                self.open_lift(l);
            }
            for k in 0..self.more_lifts.len() {
                self.open_lift(self.more_lifts[k]);
            }
        }
        crushed
    }

    fn open_lift(&mut self, l: u32) {
        if self.cells[l as usize] == Cell::ClosedLift {
            self.set(l, Cell::OpenLift);
        }
    }

    /// Takes back the last command; false when there is none.
    pub fn undo(&mut self) -> bool {
        let log = std::mem::take(&mut self.log);
        let Some(step) = log.last() else {
            self.log = log;
            return false;
        };
        // The reverse of the step: the lift's cells, the map update, the robot's cells.
        for (i, old) in step.lift.rev() {
            self.restore(i, old);
        }
        let (t, _) = self.split();
        change::walk_change(t, &step.update, false);
        for (i, old) in step.robot.rev() {
            self.restore(i, old);
        }
        self.now = step.before;
        self.log = log;
        self.log.pop();
        // The next update must look again at what the step before this one changed; when
        // older steps were forgotten, at everything.
        match self.log.last() {
            Some(prev) => {
                for (i, _) in prev.robot.chain(prev.lift) {
                    self.dirty.insert(self.planes.row_of(i as usize));
                }
                for r in prev.update.rows(self.planes.wpr) {
                    self.dirty.insert(r);
                }
            }
            None => {
                self.dirty.fill();
                if self.has_beards {
                    self.beard_rows.fill();
                }
            }
        }
        true
    }

    /// Puts back the previous content of cell `i` (undo).
    fn restore(&mut self, i: u32, old: Cell) {
        let now = std::mem::replace(&mut self.cells[i as usize], old);
        self.note(i as usize, now, old);
    }

    /// About how many bytes a copy of the position takes (cells and bit planes).
    pub fn footprint(&self) -> usize {
        self.cells.len() * std::mem::size_of::<Cell>()
            + self.planes.bytes()
            + std::mem::size_of::<Lifter>()
    }

    /// Number of commands that can be undone (recent ones; see `HISTORY_LIMIT`).
    pub fn history_len(&self) -> usize {
        self.log.len()
    }

    /// Forgets the undo history (for searches that never go back further).
    pub fn clear_history(&mut self) {
        self.log.clear();
    }
}

/// Positions are equal when everything a player can observe is: the mine, the robot and the
/// counters (not the search caches or the undo history).
impl PartialEq for Lifter {
    fn eq(&self, o: &Self) -> bool {
        self.width == o.width
            && self.cells == o.cells
            && self.meta == o.meta
            && self.now == o.now
            && self.total_lambdas == o.total_lambdas
    }
}

impl Eq for Lifter {}

/// The eight cells around (x, y).
pub(super) fn neighbours8(x: isize, y: isize) -> impl Iterator<Item = (isize, isize)> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| (nx, ny) != (x, y))
}

/// A copy is the position alone: the undo history stays with the original (copying it would
/// cost up to 32 MB per clone, and a copy starts its own history).
impl Clone for Lifter {
    fn clone(&self) -> Lifter {
        Lifter {
            width: self.width,
            height: self.height,
            cells: self.cells.clone(),
            meta: self.meta.clone(),
            now: self.now,
            total_lambdas: self.total_lambdas,
            lift: self.lift,
            more_lifts: self.more_lifts.clone(),
            trampolines: self.trampolines.clone(),
            targets: self.targets,
            planes: self.planes.clone(),
            dirty: self.dirty.clone(),
            beard_rows: self.beard_rows.clone(),
            has_beards: self.has_beards,
            scratch: update::Scratch::default(),
            log: self.log.fresh(),
            full_scan: self.full_scan,
        }
    }
}

//! The mine in play: robot movement, the map update (rocks, higher-order rocks, beards, the
//! lift), water, endings and score, with undo.
//!
//! The update evaluates only cells that can change: rocks next to a cell that changed since
//! the last update (the rock rules read only the cell itself and its five lower/side
//! neighbours), and, on growth updates, beards that may have an empty neighbour (new beards
//! and beards next to a cell that became empty). `set_full_scan(true)` switches to a scan of
//! the whole grid, used by the tests to prove both give the same game.

use super::cell::Cell;
use super::map::{Metadata, Mine};
use std::collections::VecDeque;
use std::fmt;

/// Undo keeps at most this many changed cells in all (about 32 MB); older steps are forgotten
/// (on a 1000×1000 map where 100,000 rocks fall each step that is still 16 steps).
const HISTORY_LIMIT: usize = 4_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    Left,
    Right,
    Up,
    Down,
    Wait,
    Shave,
    Abort,
}

impl Command {
    pub const ALL: [Command; 7] =
        [Command::Left, Command::Right, Command::Up, Command::Down, Command::Wait, Command::Shave, Command::Abort];
    /// Every command but Abort.
    pub const MOVES: [Command; 6] =
        [Command::Left, Command::Right, Command::Up, Command::Down, Command::Wait, Command::Shave];

    pub fn from_char(c: char) -> Option<Command> {
        Some(match c {
            'L' => Command::Left,
            'R' => Command::Right,
            'U' => Command::Up,
            'D' => Command::Down,
            'W' => Command::Wait,
            'S' => Command::Shave,
            'A' => Command::Abort,
            _ => return None,
        })
    }

    pub fn to_char(self) -> char {
        match self {
            Command::Left => 'L',
            Command::Right => 'R',
            Command::Up => 'U',
            Command::Down => 'D',
            Command::Wait => 'W',
            Command::Shave => 'S',
            Command::Abort => 'A',
        }
    }

    /// The commands of a route, ignoring any other character (as the contest did).
    pub fn parse_route(route: &str) -> Vec<Command> {
        route.chars().filter_map(Command::from_char).collect()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Abort,
    Lose,
    /// The route limit of width × height commands was reached.
    Unfinished,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Abort => "abort",
            Outcome::Lose => "lose",
            Outcome::Unfinished => "unfinished",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Death {
    Crushed,
    Drowned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LifterError {
    GameOver,
}

impl fmt::Display for LifterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game is over")
    }
}

impl std::error::Error for LifterError {}

/// What one step changed, for undo.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Frame {
    robot: u32,
    collected: u32,
    razors: u32,
    moves: u32,
    commands: u32,
    underwater: u32,
    outcome: Option<Outcome>,
    death: Option<Death>,
    falls: Vec<(u32, u32)>,
    /// (cell index, previous content), in the order they were changed.
    changes: Vec<(u32, Cell)>,
}

#[derive(Clone, Debug)]
pub struct Lifter {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    meta: Metadata,
    robot: u32,
    total_lambdas: u32,
    collected: u32,
    razors: u32,
    moves: u32,
    commands: u32,
    underwater: u32,
    outcome: Option<Outcome>,
    death: Option<Death>,
    lifts: Vec<u32>,
    trampolines: Vec<(u8, u32)>,
    targets: [Option<u32>; 9],
    /// Beards that may have an empty neighbour (a superset; may repeat).
    beard_candidates: Vec<u32>,
    /// One bit per cell: rocks (or, on growth updates, beards) the next update must look at.
    /// Marking more than needed is harmless: an unmarked rock is one whose neighbourhood did
    /// not change since it last stayed put.
    marks: Vec<u64>,
    /// Words of `marks` that may be non-zero.
    touched: Vec<u32>,
    /// Rocks that can move in the first update.
    initial_dirty: Vec<u32>,
    has_beards: bool,
    /// Rock moves of the last update (from, to), for animation.
    falls: Vec<(u32, u32)>,
    history: VecDeque<Frame>,
    /// Changed cells recorded in `history`, and the most it may hold.
    history_cells: usize,
    history_limit: usize,
    full_scan: bool,
}

impl Lifter {
    pub fn new(mine: &Mine) -> Lifter {
        let mut robot = 0;
        let mut total_lambdas = 0;
        let mut lifts = Vec::new();
        let mut trampolines = Vec::new();
        let mut targets = [None; 9];
        let mut beard_candidates = Vec::new();
        let words = mine.cells.len().div_ceil(64);
        for (i, &c) in mine.cells.iter().enumerate() {
            let i = i as u32;
            match c {
                Cell::Robot => robot = i,
                Cell::Lambda | Cell::HoRock => total_lambdas += 1,
                Cell::ClosedLift => lifts.push(i),
                Cell::Trampoline(t) => trampolines.push((t, i)),
                Cell::Target(t) => targets[usize::from(t)] = Some(i),
                Cell::Beard => beard_candidates.push(i),
                _ => {}
            }
        }
        let mut game = Lifter {
            width: mine.width,
            height: mine.height,
            cells: mine.cells.clone(),
            meta: mine.meta.clone(),
            robot,
            total_lambdas,
            collected: 0,
            razors: mine.meta.razors,
            moves: 0,
            commands: 0,
            underwater: 0,
            outcome: None,
            death: None,
            lifts,
            trampolines,
            targets,
            has_beards: !beard_candidates.is_empty(),
            beard_candidates,
            marks: vec![0; words],
            touched: Vec::new(),
            initial_dirty: Vec::new(),
            falls: Vec::new(),
            history: VecDeque::new(),
            history_cells: 0,
            history_limit: HISTORY_LIMIT,
            full_scan: false,
        };
        // Only rocks that can move now need a look in the first update; the others wait
        // until a neighbour changes.
        game.initial_dirty =
            (0..game.cells.len() as u32).filter(|&i| game.rock_target(i).is_some()).collect();
        for k in 0..game.initial_dirty.len() {
            game.mark(game.initial_dirty[k]);
        }
        game
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
        let r = self.robot as usize;
        (r % self.width + 1, r / self.width + 1)
    }
    pub fn collected(&self) -> u32 {
        self.collected
    }
    pub fn total_lambdas(&self) -> u32 {
        self.total_lambdas
    }
    pub fn razors(&self) -> u32 {
        self.razors
    }
    pub fn moves(&self) -> u32 {
        self.moves
    }
    /// Commands executed, counting Abort (the route limit is width × height of them).
    pub fn commands(&self) -> u32 {
        self.commands
    }
    pub fn command_limit(&self) -> u32 {
        (self.width * self.height).min(u32::MAX as usize) as u32
    }
    pub fn underwater(&self) -> u32 {
        self.underwater
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn death(&self) -> Option<Death> {
        self.death
    }
    pub fn falls(&self) -> &[(u32, u32)] {
        &self.falls
    }
    pub fn lift_open(&self) -> bool {
        self.collected == self.total_lambdas
    }

    /// Water level during the next step (rows at or below it are underwater; 0 = none).
    pub fn water_level(&self) -> u32 {
        self.level_at(self.moves + 1)
    }

    fn level_at(&self, step: u32) -> u32 {
        let rise = step.saturating_sub(1).checked_div(self.meta.flooding).unwrap_or(0);
        self.meta.water.saturating_add(rise)
    }

    /// Steps until the next beard growth (1 = the next update grows).
    pub fn growth_in(&self) -> u32 {
        let g = self.meta.growth.max(1);
        g - (self.moves % g)
    }

    pub fn score(&self) -> i64 {
        let l = i64::from(self.collected);
        let base = 25 * l - i64::from(self.moves);
        match self.outcome {
            Some(Outcome::Win) => base + 50 * l,
            Some(Outcome::Abort) => base + 25 * l,
            _ => base,
        }
    }

    /// Score if the game stopped now by Abort (the `--end-abort` convention).
    pub fn score_as_abort(&self) -> i64 {
        match self.outcome {
            None | Some(Outcome::Unfinished) => 50 * i64::from(self.collected) - i64::from(self.moves),
            _ => self.score(),
        }
    }

    /// The mine in map text (rows top to bottom, `\n`-separated, no metadata).
    pub fn map_text(&self) -> String {
        Mine::grid_text(self.width, self.height, &self.cells)
    }

    #[doc(hidden)]
    pub fn set_history_limit(&mut self, cells: usize) {
        self.history_limit = cells;
    }

    #[doc(hidden)]
    pub fn set_full_scan(&mut self, on: bool) {
        self.full_scan = on;
    }

    fn at(&self, x: isize, y: isize) -> Cell {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            Cell::Wall
        } else {
            self.cells[y as usize * self.width + x as usize]
        }
    }

    fn xy(&self, i: u32) -> (isize, isize) {
        let i = i as usize;
        ((i % self.width) as isize, (i / self.width) as isize)
    }

    fn index(&self, x: isize, y: isize) -> Option<u32> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| (y as usize * self.width + x as usize) as u32)
    }

    /// Changes a cell, logging the old content and keeping the candidate lists true.
    fn set(&mut self, i: u32, cell: Cell, changes: &mut Vec<(u32, Cell)>) {
        let old = self.cells[i as usize];
        if old == cell {
            return;
        }
        changes.push((i, old));
        self.cells[i as usize] = cell;
        // One pass over the neighbourhood: rocks on, beside or above the cell may move next
        // update; beards around a new empty cell (and a new beard) may grow.
        let emptied = self.has_beards && cell == Cell::Empty;
        if self.has_beards && cell == Cell::Beard {
            self.beard_candidates.push(i);
        }
        let row_start = i - i % self.width as u32;
        for &q in self.around(i, if emptied { -1 } else { 0 }).as_slice() {
            match self.cells[q as usize] {
                c if c.is_rock() && q >= row_start => self.mark(q),
                Cell::Beard if emptied && q != i => self.beard_candidates.push(q),
                _ => {}
            }
        }
    }

    fn mark(&mut self, i: u32) {
        let w = (i / 64) as usize;
        if self.marks[w] == 0 {
            self.touched.push(w as u32);
        }
        self.marks[w] |= 1 << (i % 64);
    }

    /// Marks the rocks whose rules read cell `i`: those on it, beside it and above it.
    fn mark_around(&mut self, i: u32) {
        for &q in self.around(i, 0).as_slice() {
            if self.cells[q as usize].is_rock() {
                self.mark(q);
            }
        }
    }

    /// A new beard, or beards next to a new empty cell, may grow.
    fn note_beards(&mut self, i: u32) {
        match self.cells[i as usize] {
            Cell::Beard => self.beard_candidates.push(i),
            Cell::Empty => {
                for &n in self.around(i, -1).as_slice() {
                    if n != i && self.cells[n as usize] == Cell::Beard {
                        self.beard_candidates.push(n);
                    }
                }
            }
            _ => {}
        }
    }

    /// Cell `i` and its neighbours in the rows from `i`'s row + `from_dy` up to the row
    /// above, clipped to the grid (index arithmetic only: this is the hot path).
    #[inline]
    fn around(&self, i: u32, from_dy: isize) -> Around {
        let w = self.width;
        let i = i as usize;
        let x = i % w;
        let lo = if x > 0 { i - 1 } else { i };
        let hi = if x + 1 < w { i + 1 } else { i };
        let mut out = Around { cells: [0; 9], len: 0 };
        let mut row = |start: usize| {
            for q in start..=start + (hi - lo) {
                out.cells[out.len] = q as u32;
                out.len += 1;
            }
        };
        if from_dy < 0 && i >= w {
            row(lo - w);
        }
        row(lo);
        if i + w < self.cells.len() {
            row(lo + w);
        }
        out
    }

    /// Where the rock at `i` moves in the next update, and what it becomes there.
    fn rock_target(&self, i: u32) -> Option<(u32, Cell)> {
        let cell = self.cells[i as usize];
        if !cell.is_rock() {
            return None;
        }
        let (x, y) = self.xy(i);
        let below = self.at(x, y - 1);
        let free = |dx: isize| self.at(x + dx, y) == Cell::Empty && self.at(x + dx, y - 1) == Cell::Empty;
        let (tx, ty) = if below == Cell::Empty {
            (x, y - 1)
        } else if below.is_rock() && free(1) {
            (x + 1, y - 1)
        } else if below.is_rock() && free(-1) {
            (x - 1, y - 1)
        } else if below == Cell::Lambda && free(1) {
            (x + 1, y - 1)
        } else {
            return None;
        };
        let t = self.index(tx, ty)?;
        let lands = cell == Cell::HoRock && self.at(tx, ty - 1) != Cell::Empty;
        Some((t, if lands { Cell::Lambda } else { cell }))
    }

    /// Plays one command. Moves that are not possible act as Wait.
    pub fn step(&mut self, cmd: Command) -> Result<(), LifterError> {
        if self.outcome.is_some() {
            return Err(LifterError::GameOver);
        }
        let mut frame = Frame {
            robot: self.robot,
            collected: self.collected,
            razors: self.razors,
            moves: self.moves,
            commands: self.commands,
            underwater: self.underwater,
            outcome: self.outcome,
            death: self.death,
            falls: std::mem::take(&mut self.falls),
            changes: Vec::new(),
        };
        self.commands += 1;
        if cmd == Command::Abort {
            self.outcome = Some(Outcome::Abort);
            self.remember(frame);
            return Ok(());
        }
        self.moves += 1;
        let won = self.move_robot(cmd, &mut frame.changes);
        let crushed = self.update(&mut frame.changes);
        if won {
            self.outcome = Some(Outcome::Win);
        } else if crushed {
            self.outcome = Some(Outcome::Lose);
            self.death = Some(Death::Crushed);
        } else {
            let y = self.robot as usize / self.width + 1;
            if (y as u64) <= u64::from(self.level_at(self.moves)) {
                self.underwater += 1;
            } else {
                self.underwater = 0;
            }
            if self.underwater > self.meta.waterproof {
                self.outcome = Some(Outcome::Lose);
                self.death = Some(Death::Drowned);
            }
        }
        if self.outcome.is_none() && self.commands >= self.command_limit() {
            self.outcome = Some(Outcome::Unfinished);
        }
        self.remember(frame);
        Ok(())
    }

    fn remember(&mut self, frame: Frame) {
        self.history_cells += frame.changes.len();
        self.history.push_back(frame);
        while self.history_cells > self.history_limit && self.history.len() > 1 {
            if let Some(old) = self.history.pop_front() {
                self.history_cells -= old.changes.len();
            }
        }
    }

    /// Robot movement; true when the robot entered an open lift.
    fn move_robot(&mut self, cmd: Command, changes: &mut Vec<(u32, Cell)>) -> bool {
        let (dx, dy) = match cmd {
            Command::Left => (-1, 0),
            Command::Right => (1, 0),
            Command::Up => (0, 1),
            Command::Down => (0, -1),
            Command::Shave => {
                if self.razors > 0 {
                    self.razors -= 1;
                    let (x, y) = self.xy(self.robot);
                    for (nx, ny) in neighbours8(x, y) {
                        if let Some(n) = self.index(nx, ny).filter(|&n| self.cells[n as usize] == Cell::Beard) {
                            self.set(n, Cell::Empty, changes);
                        }
                    }
                }
                return false;
            }
            Command::Wait | Command::Abort => return false,
        };
        let (x, y) = self.xy(self.robot);
        let Some(to) = self.index(x + dx, y + dy) else { return false };
        let from = self.robot;
        let mut won = false;
        let mut dest = to;
        match self.cells[to as usize] {
            Cell::Empty | Cell::Earth => {}
            Cell::Lambda => self.collected += 1,
            Cell::Razor => self.razors += 1,
            Cell::OpenLift => won = true,
            Cell::Trampoline(t) => {
                let Some(target) = self.meta.trampoline_targets[usize::from(t)] else { return false };
                let Some(target_at) = self.targets[usize::from(target)] else { return false };
                let jumping: Vec<u32> = self
                    .trampolines
                    .iter()
                    .filter(|&&(t2, _)| self.meta.trampoline_targets[usize::from(t2)] == Some(target))
                    .map(|&(_, i)| i)
                    .collect();
                for i in jumping {
                    if self.cells[i as usize] != Cell::Robot {
                        self.set(i, Cell::Empty, changes);
                    }
                }
                dest = target_at;
            }
            c if c.is_rock() && dy == 0 => {
                let Some(beyond) = self.index(x + 2 * dx, y).filter(|&b| self.cells[b as usize] == Cell::Empty) else {
                    return false;
                };
                self.set(beyond, c, changes);
            }
            _ => return false,
        }
        self.set(from, Cell::Empty, changes);
        self.set(dest, Cell::Robot, changes);
        self.robot = dest;
        won
    }

    /// The map update; true when a falling rock landed on the cell above the robot.
    fn update(&mut self, changes: &mut Vec<(u32, Cell)>) -> bool {
        if self.full_scan {
            for i in 0..self.cells.len() as u32 {
                if self.cells[i as usize].is_rock() {
                    self.mark(i);
                }
            }
        }
        let grow = !self.beard_candidates.is_empty() && self.moves.is_multiple_of(self.meta.growth.max(1));
        if grow {
            let mut beards = std::mem::take(&mut self.beard_candidates);
            if self.full_scan {
                beards = (0..self.cells.len() as u32).filter(|&i| self.cells[i as usize] == Cell::Beard).collect();
            }
            // Beards without an empty neighbour cannot grow; they come back as candidates
            // when a neighbour becomes empty.
            for b in beards {
                let (x, y) = self.xy(b);
                if self.cells[b as usize] == Cell::Beard && neighbours8(x, y).any(|(nx, ny)| self.at(nx, ny) == Cell::Empty) {
                    self.mark(b);
                }
            }
        }
        let mut words = std::mem::take(&mut self.touched);
        words.sort_unstable();
        words.dedup();
        let mut order = Vec::new();
        for &w in &words {
            let mut bits = std::mem::take(&mut self.marks[w as usize]);
            while bits != 0 {
                order.push(w * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        // Every read below is from the old state; writes are applied afterwards in scan
        // order, so a later write to the same cell wins.
        let mut writes: Vec<(u32, Cell, bool)> = Vec::new();
        let mut falls = Vec::new();
        for &i in &order {
            let cell = self.cells[i as usize];
            let (x, y) = self.xy(i);
            if cell == Cell::Beard {
                if !grow {
                    continue;
                }
                for (nx, ny) in neighbours8(x, y) {
                    if let Some(n) = self.index(nx, ny).filter(|&n| self.cells[n as usize] == Cell::Empty) {
                        writes.push((n, Cell::Beard, false));
                    }
                }
                continue;
            }
            let Some((t, landed)) = self.rock_target(i) else { continue };
            writes.push((i, Cell::Empty, false));
            writes.push((t, landed, true));
            falls.push((i, t));
        }
        let (rx, ry) = self.xy(self.robot);
        let above = self.index(rx, ry + 1);
        let mut crushed = false;
        for &(i, c, fell) in &writes {
            self.set(i, c, changes);
            if Some(i) == above {
                // The last write to the cell above the robot decides.
                crushed = fell;
            }
        }
        if self.lift_open() {
            for k in 0..self.lifts.len() {
                let l = self.lifts[k];
                if self.cells[l as usize] == Cell::ClosedLift {
                    self.set(l, Cell::OpenLift, changes);
                }
            }
        }
        self.falls = falls;
        crushed
    }

    /// Takes back the last command; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(frame) = self.history.pop_back() else { return false };
        self.history_cells -= frame.changes.len();
        for &(i, old) in frame.changes.iter().rev() {
            self.cells[i as usize] = old;
        }
        for &(i, _) in &frame.changes {
            self.note_beards(i);
        }
        // The next update must look at what the step before this one changed (a superset:
        // its robot move is included).
        let again: Vec<u32> = match self.history.back() {
            Some(prev) => prev.changes.iter().map(|c| c.0).collect(),
            None if frame.commands == 0 => self.initial_dirty.clone(),
            // Older steps were forgotten: look at every rock and beard once.
            None => {
                let all = 0..self.cells.len() as u32;
                self.beard_candidates.extend(all.clone().filter(|&i| self.cells[i as usize] == Cell::Beard));
                all.filter(|&i| self.cells[i as usize].is_rock()).collect()
            }
        };
        for i in again.into_iter().chain(frame.changes.iter().map(|c| c.0)) {
            self.mark_around(i);
        }
        self.robot = frame.robot;
        self.collected = frame.collected;
        self.razors = frame.razors;
        self.moves = frame.moves;
        self.commands = frame.commands;
        self.underwater = frame.underwater;
        self.outcome = frame.outcome;
        self.death = frame.death;
        self.falls = frame.falls;
        true
    }

    /// Number of commands that can be undone (recent ones; see `HISTORY_LIMIT`).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Forgets the undo history (for searches that never go back further).
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.history_cells = 0;
    }
}

/// Positions are equal when everything a player can observe is: the mine, the robot and the
/// counters (not the search caches or the undo history).
impl PartialEq for Lifter {
    fn eq(&self, o: &Self) -> bool {
        self.width == o.width
            && self.cells == o.cells
            && self.meta == o.meta
            && self.robot == o.robot
            && (self.collected, self.razors, self.moves, self.commands, self.underwater)
                == (o.collected, o.razors, o.moves, o.commands, o.underwater)
            && self.total_lambdas == o.total_lambdas
            && self.outcome == o.outcome
            && self.death == o.death
    }
}

impl Eq for Lifter {}

/// Up to nine cell indices.
struct Around {
    cells: [u32; 9],
    len: usize,
}

impl Around {
    fn as_slice(&self) -> &[u32] {
        &self.cells[..self.len]
    }
}

fn neighbours8(x: isize, y: isize) -> impl Iterator<Item = (isize, isize)> {
    (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy))).filter(move |&(nx, ny)| (nx, ny) != (x, y))
}

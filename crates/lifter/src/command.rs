//! The commands of a route and how a game ends.

use std::fmt;

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
    pub const ALL: [Command; 7] = [
        Command::Left,
        Command::Right,
        Command::Up,
        Command::Down,
        Command::Wait,
        Command::Shave,
        Command::Abort,
    ];
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

    /// The command a strategy answered: one route letter, either case, blanks around it allowed
    /// (`" l\n"` is Left); anything else is refused with the answer quoted.
    pub fn from_answer(answer: &str) -> Result<Command, String> {
        let mut chars = answer.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Command::from_char(c.to_ascii_uppercase()),
            _ => None,
        }
        .ok_or_else(|| {
            format!("{:?} is not a command (one of L R U D W S A)", rails::inputs::excerpt(answer))
        })
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

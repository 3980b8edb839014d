//! Errors with a kind and the 1-based line:column of the offending token or expression.

use std::fmt;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The source could not be read or a special form is malformed.
    Syntax,
    /// Evaluation failed: unbound variable, wrong type, wrong arity, `(error ...)`, ...
    Runtime,
    /// The step budget ran out (probably an infinite loop).
    StepBudget,
    /// Non-tail recursion went deeper than the frame limit.
    Depth,
}

/// An error with its place in the source (`0:0` when there is no place, e.g. a call from Rust).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemeError {
    pub kind: ErrorKind,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

/// A source position (line, column), both 1-based; `(0, 0)` means "unknown".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub const NONE: Pos = Pos { line: 0, col: 0 };

    pub fn new(line: u32, col: u32) -> Pos {
        Pos { line, col }
    }

    pub fn is_known(self) -> bool {
        self.line != 0
    }
}

impl SchemeError {
    pub fn new(kind: ErrorKind, pos: Pos, message: impl Into<String>) -> SchemeError {
        SchemeError { kind, line: pos.line, col: pos.col, message: rails::inputs::bounded(message) }
    }

    pub fn syntax(pos: Pos, message: impl Into<String>) -> SchemeError {
        SchemeError::new(ErrorKind::Syntax, pos, message)
    }

    /// A runtime error without a place yet (the machine fills it in).
    pub fn runtime(message: impl Into<String>) -> SchemeError {
        SchemeError::new(ErrorKind::Runtime, Pos::NONE, message)
    }

    pub fn pos(&self) -> Pos {
        Pos::new(self.line, self.col)
    }

    /// Sets the place if it is still unknown.
    pub fn or_at(mut self, pos: Pos) -> SchemeError {
        if !self.pos().is_known() {
            self.line = pos.line;
            self.col = pos.col;
        }
        self
    }
}

impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pos().is_known() {
            write!(f, "{}:{}: {}", self.line, self.col, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for SchemeError {}

pub type Result<T, E = SchemeError> = std::result::Result<T, E>;

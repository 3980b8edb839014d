//! Printing values in Scheme syntax, without recursion and with a length limit (so circular
//! or huge structures print a bounded prefix followed by `...`).

use super::error::SchemeError;
use super::value::Value;
use std::fmt;

/// Default limit (in bytes) for `Display` of a value.
pub const DEFAULT_LIMIT: usize = 1 << 20;

enum Task {
    Val(Value),
    /// What follows a list element: more elements, a dotted tail, or `)`.
    Rest(Value),
    Text(&'static str),
}

/// Appends the printed form of `v` to `out`, stopping after about `limit` bytes of output.
/// `write` quotes strings and characters; `display` does not.
pub fn print(v: &Value, write: bool, out: &mut String, limit: usize) {
    let start = out.len();
    let mut work = vec![Task::Val(v.clone())];
    while let Some(task) = work.pop() {
        if out.len() - start > limit {
            out.push_str("...");
            return;
        }
        match task {
            Task::Text(s) => out.push_str(s),
            Task::Val(Value::Pair(p)) => {
                out.push('(');
                work.push(Task::Rest(p.cdr()));
                work.push(Task::Val(p.car()));
            }
            Task::Val(atom) => print_atom(&atom, write, out),
            Task::Rest(Value::Nil) => out.push(')'),
            Task::Rest(Value::Pair(p)) => {
                out.push(' ');
                work.push(Task::Rest(p.cdr()));
                work.push(Task::Val(p.car()));
            }
            Task::Rest(tail) => {
                out.push_str(" . ");
                work.push(Task::Text(")"));
                work.push(Task::Val(tail));
            }
        }
    }
}

pub fn format_real(x: f64, out: &mut String) {
    if x.is_nan() {
        out.push_str("+nan.0");
    } else if x.is_infinite() {
        out.push_str(if x > 0.0 { "+inf.0" } else { "-inf.0" });
    } else {
        // Debug keeps a ".0" on integral values and switches to exponents for extreme ones.
        out.push_str(&format!("{x:?}"));
    }
}

fn print_atom(v: &Value, write: bool, out: &mut String) {
    match v {
        Value::Nil => out.push_str("()"),
        Value::Bool(true) => out.push_str("#t"),
        Value::Bool(false) => out.push_str("#f"),
        Value::Int(n) => out.push_str(&n.to_string()),
        Value::Real(x) => format_real(*x, out),
        Value::Char(c) if write => {
            out.push_str("#\\");
            match c {
                ' ' => out.push_str("space"),
                '\n' => out.push_str("newline"),
                '\t' => out.push_str("tab"),
                '\r' => out.push_str("return"),
                '\0' => out.push_str("null"),
                c => out.push(*c),
            }
        }
        Value::Char(c) => out.push(*c),
        Value::Str(s) if write => {
            out.push('"');
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        Value::Str(s) => out.push_str(s),
        Value::Sym(s) => out.push_str(s),
        Value::Closure(c) => {
            out.push_str("#<procedure");
            if let Some(name) = c.name() {
                out.push(' ');
                out.push_str(name);
            }
            out.push('>');
        }
        Value::Prim(def) => {
            out.push_str("#<procedure ");
            out.push_str(def.name);
            out.push('>');
        }
        Value::Void => out.push_str("#<void>"),
        Value::Undefined => out.push_str("#<undefined>"),
        Value::Box(_) => out.push_str("#<box>"),
        Value::Pair(_) => out.push_str("(...)"),
    }
}

/// Short printed form of a value for error messages.
pub fn short(v: &Value) -> String {
    let mut s = String::new();
    print(v, true, &mut s, 60);
    s
}

/// "who: expected …, got …" for a builtin given the wrong kind of value.
pub fn type_error(who: &str, expected: &str, got: &Value) -> SchemeError {
    SchemeError::runtime(format!("{who}: expected {expected}, got {}", short(got)))
}

impl Value {
    /// The `display` form (strings and characters unquoted).
    pub fn to_display_string(&self) -> String {
        let mut s = String::new();
        print(self, false, &mut s, DEFAULT_LIMIT);
        s
    }
    /// The `write` form (same as `Display`).
    pub fn to_write_string(&self) -> String {
        let mut s = String::new();
        print(self, true, &mut s, DEFAULT_LIMIT);
        s
    }
}

impl fmt::Display for Value {
    /// The `write` form: `(1 2 . 3)`, `#t`, `"str"`, `sym`, `2.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_write_string())
    }
}

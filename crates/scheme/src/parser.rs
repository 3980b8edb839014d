//! Tokens to syntax trees ([`Sexp`]) that remember where each datum starts.

use super::error::{Pos, Result, SchemeError};
use super::lexer::{tokenize, Tok, Token};
use super::value::Value;
use std::rc::Rc;

/// Maximum nesting of parentheses (and quote prefixes); deeper input is a syntax error.
/// The parser itself does not recurse, but the compiler does (about 1 KB of native stack per
/// level in the worst case), and wasm has only about 1 MB of stack.
pub const MAX_NESTING: usize = 500;

#[derive(Debug, Clone)]
pub enum SexpKind {
    /// Number, string, boolean, character.
    Lit(Value),
    Sym(Rc<str>),
    /// A list, proper (tail `None`) or dotted.
    List(Vec<Sexp>, Option<Box<Sexp>>),
}

#[derive(Debug, Clone)]
pub struct Sexp {
    pub kind: SexpKind,
    pub pos: Pos,
}

impl Sexp {
    pub fn sym(&self) -> Option<&Rc<str>> {
        match &self.kind {
            SexpKind::Sym(s) => Some(s),
            _ => None,
        }
    }

    /// The items of a proper list.
    pub fn list(&self) -> Option<&[Sexp]> {
        match &self.kind {
            SexpKind::List(items, None) => Some(items),
            _ => None,
        }
    }

    /// The datum as a (fresh) value, for `quote`.
    pub fn to_value(&self) -> Value {
        match &self.kind {
            SexpKind::Lit(v) => v.clone(),
            SexpKind::Sym(s) => Value::Sym(s.clone()),
            SexpKind::List(items, tail) => {
                let tail = tail.as_ref().map_or(Value::Nil, |t| t.to_value());
                Value::list_with_tail(items.iter().map(Sexp::to_value).collect(), tail)
            }
        }
    }
}

/// An unfinished datum on the parser's explicit stack.
enum Open {
    List {
        items: Vec<Sexp>,
        tail: Option<Sexp>,
        dot: Option<Pos>,
        open: char,
        pos: Pos,
    },
    /// `'`, `` ` ``, `,` or `,@` waiting for its datum.
    Prefix {
        name: &'static str,
        pos: Pos,
    },
    /// `#;` waiting for the datum to drop.
    Skip {
        pos: Pos,
    },
}

fn closing(open: char) -> char {
    if open == '[' {
        ']'
    } else {
        ')'
    }
}

fn expected_datum(open: &Open) -> Option<SchemeError> {
    match open {
        Open::Prefix { name, pos } => {
            Some(SchemeError::syntax(*pos, format!("expected a datum after {name} prefix")))
        }
        Open::Skip { pos } => Some(SchemeError::syntax(*pos, "'#;' is not followed by a datum")),
        Open::List { .. } => None,
    }
}

/// Hands a finished datum to whatever is waiting for it.
fn complete(stack: &mut Vec<Open>, out: &mut Vec<Sexp>, mut d: Sexp) -> Result<()> {
    loop {
        match stack.last_mut() {
            None => {
                out.push(d);
                return Ok(());
            }
            Some(Open::Prefix { name, pos }) => {
                let head = Sexp { kind: SexpKind::Sym(Rc::from(*name)), pos: *pos };
                d = Sexp { kind: SexpKind::List(vec![head, d], None), pos: *pos };
                stack.pop();
            }
            Some(Open::Skip { .. }) => {
                stack.pop();
                return Ok(());
            }
            Some(Open::List { items, tail, dot, .. }) => {
                if dot.is_none() {
                    items.push(d);
                } else if tail.is_none() {
                    *tail = Some(d);
                } else {
                    return Err(SchemeError::syntax(
                        d.pos,
                        "expected ')' after the datum following '.'",
                    ));
                }
                return Ok(());
            }
        }
    }
}

/// Parses a whole source text into its top-level data (without recursion).
pub fn parse(src: &str) -> Result<Vec<Sexp>> {
    let mut out = Vec::new();
    let mut stack: Vec<Open> = Vec::new();
    for Token { tok, pos } in tokenize(src)? {
        if stack.len() >= MAX_NESTING
            && matches!(
                tok,
                Tok::Open(_)
                    | Tok::Quote
                    | Tok::Quasiquote
                    | Tok::Unquote
                    | Tok::UnquoteSplicing
                    | Tok::DatumComment
            )
        {
            return Err(SchemeError::syntax(
                pos,
                format!("nesting deeper than {MAX_NESTING} levels"),
            ));
        }
        match tok {
            Tok::Open(open) => {
                stack.push(Open::List { items: Vec::new(), tail: None, dot: None, open, pos })
            }
            Tok::Quote => stack.push(Open::Prefix { name: "quote", pos }),
            Tok::Quasiquote => stack.push(Open::Prefix { name: "quasiquote", pos }),
            Tok::Unquote => stack.push(Open::Prefix { name: "unquote", pos }),
            Tok::UnquoteSplicing => stack.push(Open::Prefix { name: "unquote-splicing", pos }),
            Tok::DatumComment => stack.push(Open::Skip { pos }),
            Tok::Lit(v) => complete(&mut stack, &mut out, Sexp { kind: SexpKind::Lit(v), pos })?,
            Tok::Sym(s) => complete(&mut stack, &mut out, Sexp { kind: SexpKind::Sym(s), pos })?,
            Tok::Dot => match stack.last_mut() {
                Some(Open::List { items, dot: dot @ None, .. }) if !items.is_empty() => {
                    *dot = Some(pos)
                }
                Some(other @ (Open::Prefix { .. } | Open::Skip { .. })) => {
                    return Err(expected_datum(other)
                        .unwrap_or_else(|| SchemeError::syntax(pos, "unexpected '.'")))
                }
                _ => return Err(SchemeError::syntax(pos, "unexpected '.'")),
            },
            Tok::Close(c) => match stack.pop() {
                None => return Err(SchemeError::syntax(pos, format!("unexpected '{c}'"))),
                Some(Open::List { items, tail, dot, open, pos: opened }) => {
                    if c != closing(open) {
                        return Err(SchemeError::syntax(
                            pos,
                            format!(
                                "'{c}' does not match '{open}' at {}:{}",
                                opened.line, opened.col
                            ),
                        ));
                    }
                    let tail = match (dot, tail) {
                        (Some(dot), None) => {
                            return Err(SchemeError::syntax(dot, "unexpected '.'"))
                        }
                        (_, tail) => tail.map(Box::new),
                    };
                    complete(
                        &mut stack,
                        &mut out,
                        Sexp { kind: SexpKind::List(items, tail), pos: opened },
                    )?;
                }
                Some(other) => {
                    return Err(expected_datum(&other)
                        .unwrap_or_else(|| SchemeError::syntax(pos, "unexpected ')'")))
                }
            },
        }
    }
    match stack.last() {
        None => Ok(out),
        Some(Open::List { open, pos, .. }) => {
            Err(SchemeError::syntax(*pos, format!("unclosed '{open}' opened here")))
        }
        Some(other) => Err(expected_datum(other)
            .unwrap_or_else(|| SchemeError::syntax(Pos::NONE, "unexpected end"))),
    }
}

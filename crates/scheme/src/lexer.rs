//! Source text to tokens, each with its 1-based line:column.

use super::error::{Pos, Result, SchemeError};
use super::value::Value;
use std::rc::Rc;

#[derive(Debug, Clone)]
pub enum Tok {
    /// `(` or `[`
    Open(char),
    /// `)` or `]`
    Close(char),
    Quote,
    Quasiquote,
    Unquote,
    UnquoteSplicing,
    Dot,
    /// `#;`: skip the next datum.
    DatumComment,
    /// A self-evaluating literal: number, string, boolean, character.
    Lit(Value),
    Sym(Rc<str>),
}

#[derive(Debug, Clone)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: u32,
    col: u32,
}

fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '"' | ';')
}

impl Lexer<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn pos(&self) -> Pos {
        Pos::new(self.line, self.col)
    }

    /// Characters up to the next delimiter.
    fn word(&mut self, first: char) -> String {
        let mut s = String::new();
        s.push(first);
        while let Some(c) = self.peek() {
            if is_delimiter(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn block_comment(&mut self, start: Pos) -> Result<()> {
        let mut depth = 1u32;
        loop {
            match self.bump() {
                None => return Err(SchemeError::syntax(start, "unterminated block comment '#|'")),
                Some('|') if self.peek() == Some('#') => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some('#') if self.peek() == Some('|') => {
                    self.bump();
                    depth += 1;
                }
                Some(_) => {}
            }
        }
    }

    fn string(&mut self, start: Pos) -> Result<Tok> {
        let mut s = String::new();
        loop {
            let at = self.pos();
            match self.bump() {
                None => return Err(SchemeError::syntax(start, "unterminated string")),
                Some('"') => return Ok(Tok::Lit(Value::Str(Rc::from(s.as_str())))),
                Some('\\') => match self.bump() {
                    Some('n') => s.push('\n'),
                    Some('t') => s.push('\t'),
                    Some('r') => s.push('\r'),
                    Some('a') => s.push('\u{7}'),
                    Some('0') => s.push('\0'),
                    Some('\\') => s.push('\\'),
                    Some('"') => s.push('"'),
                    Some('x') => {
                        let mut hex = String::new();
                        loop {
                            match self.bump() {
                                Some(';') => break,
                                Some(c) if c.is_ascii_hexdigit() && hex.len() < 8 => hex.push(c),
                                _ => {
                                    return Err(SchemeError::syntax(
                                        at,
                                        "bad \\x escape in string (expected \\xHH;)",
                                    ))
                                }
                            }
                        }
                        let c = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                        match c {
                            Some(c) => s.push(c),
                            None => {
                                return Err(SchemeError::syntax(at, "bad \\x escape in string"))
                            }
                        }
                    }
                    Some('\n') => {
                        // Line continuation: skip leading whitespace of the next line.
                        while matches!(self.peek(), Some(' ' | '\t')) {
                            self.bump();
                        }
                    }
                    Some(c) => {
                        return Err(SchemeError::syntax(
                            at,
                            format!("unknown escape '\\{c}' in string"),
                        ))
                    }
                    None => return Err(SchemeError::syntax(start, "unterminated string")),
                },
                Some(c) => s.push(c),
            }
        }
    }

    fn hash(&mut self, start: Pos) -> Result<Option<Tok>> {
        match self.peek() {
            Some('|') => {
                self.bump();
                self.block_comment(start)?;
                Ok(None)
            }
            Some(';') => {
                self.bump();
                Ok(Some(Tok::DatumComment))
            }
            Some('\\') => {
                self.bump();
                let first = self
                    .bump()
                    .ok_or_else(|| SchemeError::syntax(start, "bad character literal"))?;
                let name = if first.is_alphabetic() { self.word(first) } else { first.to_string() };
                let c = match name.as_str() {
                    "space" => ' ',
                    "newline" | "linefeed" => '\n',
                    "tab" => '\t',
                    "return" => '\r',
                    "null" | "nul" => '\0',
                    _ => {
                        let mut it = name.chars();
                        match (it.next(), it.next()) {
                            (Some(c), None) => c,
                            _ => {
                                return Err(SchemeError::syntax(
                                    start,
                                    format!("unknown character name '#\\{name}'"),
                                ))
                            }
                        }
                    }
                };
                Ok(Some(Tok::Lit(Value::Char(c))))
            }
            Some('(') => Err(SchemeError::syntax(start, "vectors '#(...)' are not supported")),
            _ => {
                let w = self.word('#');
                match w.as_str() {
                    "#t" | "#true" => Ok(Some(Tok::Lit(Value::Bool(true)))),
                    "#f" | "#false" => Ok(Some(Tok::Lit(Value::Bool(false)))),
                    _ => Err(SchemeError::syntax(start, format!("bad syntax '{w}'"))),
                }
            }
        }
    }
}

/// Parses a number token; `Ok(None)` if the word is not number-like (then it is a symbol).
pub fn parse_number(w: &str) -> std::result::Result<Option<Value>, String> {
    match w {
        "+inf.0" => return Ok(Some(Value::Real(f64::INFINITY))),
        "-inf.0" => return Ok(Some(Value::Real(f64::NEG_INFINITY))),
        "+nan.0" | "-nan.0" => return Ok(Some(Value::Real(f64::NAN))),
        _ => {}
    }
    let body = w.strip_prefix(['+', '-']).unwrap_or(w);
    let numeric_start = body.starts_with(|c: char| c.is_ascii_digit())
        || (body.starts_with('.') && body[1..].starts_with(|c: char| c.is_ascii_digit()));
    if !numeric_start {
        return Ok(None);
    }
    if body.bytes().all(|b| b.is_ascii_digit()) {
        return w
            .parse::<i64>()
            .map(|n| Some(Value::Int(n)))
            .map_err(|_| format!("integer literal out of range: {w}"));
    }
    // Decimal: digits [. digits] [e [+-] digits]
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let mantissa_ok = mantissa.bytes().filter(|&b| b == b'.').count() <= 1
        && mantissa.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && mantissa.bytes().any(|b| b.is_ascii_digit());
    let exponent_ok = match exponent {
        None => true,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        }
    };
    if !(mantissa_ok && exponent_ok) {
        return Err(format!("bad number: {w}"));
    }
    w.parse::<f64>().map(|x| Some(Value::Real(x))).map_err(|_| format!("bad number: {w}"))
}

/// Splits the whole source into tokens.
pub fn tokenize(src: &str) -> Result<Vec<Token>> {
    let mut lx = Lexer { chars: src.chars().peekable(), line: 1, col: 1 };
    let mut out = Vec::new();
    loop {
        let pos = lx.pos();
        let Some(c) = lx.bump() else { return Ok(out) };
        let tok = match c {
            c if c.is_whitespace() => continue,
            ';' => {
                while let Some(c) = lx.peek() {
                    if c == '\n' {
                        break;
                    }
                    lx.bump();
                }
                continue;
            }
            '(' | '[' => Tok::Open(c),
            ')' | ']' => Tok::Close(c),
            '\'' => Tok::Quote,
            '`' => Tok::Quasiquote,
            ',' => {
                if lx.peek() == Some('@') {
                    lx.bump();
                    Tok::UnquoteSplicing
                } else {
                    Tok::Unquote
                }
            }
            '"' => lx.string(pos)?,
            '#' => match lx.hash(pos)? {
                Some(t) => t,
                None => continue,
            },
            '|' => return Err(SchemeError::syntax(pos, "'|' symbols are not supported")),
            c => {
                let w = lx.word(c);
                if w == "." {
                    Tok::Dot
                } else {
                    match parse_number(&w) {
                        Ok(Some(v)) => Tok::Lit(v),
                        Ok(None) => Tok::Sym(Rc::from(w.as_str())),
                        Err(msg) => return Err(SchemeError::syntax(pos, msg)),
                    }
                }
            }
        };
        out.push(Token { tok, pos });
    }
}

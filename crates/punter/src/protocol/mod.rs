//! The official Lambda Punter protocol (task 1.3 §4 with the futures, splurges and options
//! extensions), so that a bot written for the contest can play here. Pure: no I/O, no clock.
//!
//! * Messages: [`Me`] / [`You`] (handshake), [`Setup`] → [`Ready`], [`MoveRequest`] →
//!   [`Answer`] (one [`ProtocolMove`] plus an optional `"state"`), [`Stop`], and the online
//!   [`TimeoutNotice`]. [`ServerMessage`] and [`PunterMessage`] tell the messages of each side
//!   apart by their keys. Every type has `from_json` / `to_json` ([`Message`]) and serde
//!   `Serialize` / `Deserialize` through them. Reading is lenient where the server was
//!   (unknown keys are ignored, `settings` may be absent or partial, a river's ends in either
//!   order) and exact elsewhere: a wrong shape is a [`ProtocolError::Shape`] naming the field
//!   (`move.moves[1].claim.source`).
//! * Framing `n:json` ([`encode`], [`Decoder`]): `n` is the JSON's length in bytes, in decimal
//!   digits (at most 9, as the task says). The decoder takes chunks of any size and yields
//!   whole messages; ASCII whitespace between messages is skipped (some bots end a message
//!   with a newline). A message longer than [`MAX_MESSAGE_BYTES`] (16 MiB: the largest official
//!   map is 0.7 MB, so this leaves room for a bot's state) is refused as soon as its prefix is
//!   read, before its body is buffered.
//! * Conversions between protocol moves ([`Move`], by site ids) and the rails' [`PunterMove`]s
//!   (rivers and sites by dense index; a splurge is `SplurgeTo` per site, then `SplurgeEnd`).
//! * [`ProtocolSeat`]: the messages one punter outside the engine receives during a game of
//!   [`Punter`] and the reading of its answers, as the official server did it (see the type's
//!   notes); [`ProtocolGame`]: the one referee of a game with such seats (setup, the series'
//!   turns, stop) that the page, the CLI's `exe:` programs and `serve` all drive;
//!   [`client_ready`] / [`client_answer`]: a built-in bot on the punter's side.

use super::game::{Punter, PunterMove, PunterParams};
use super::map::{MapError, PunterMap};
use super::state::{Illegal, Move, Settings, ZOMBIE_AFTER};
use rails::game::Game;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{json, Map, Value};
use std::fmt;

mod client;
mod convert;
mod exchanges;
mod framing;
mod messages;
mod outside;
mod seat;

pub use client::{client_answer, client_ready};
pub use convert::*;
pub use exchanges::{turn_starts, Exchange, Exchanges, MAX_EXCHANGE_BYTES};
pub use framing::*;
pub use messages::*;
pub use outside::{Next, Phase, ProtocolGame, Remark, Request, Verdict, MOVE_MS, SETUP_MS};
pub use seat::*;

/// Largest message (the JSON after `n:`) the decoder accepts: 16 MiB.
pub const MAX_MESSAGE_BYTES: usize = 16 << 20;
/// Most digits in a length prefix (task 1.3 §4.1: "no more than 9-digits").
pub const MAX_LENGTH_DIGITS: usize = 9;

// ---------------------------------------------------------------------------------------------
// Errors

/// What is wrong with a message, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProtocolError {
    /// The `n:` prefix of the message starting at byte `at` of the stream is not digits and a
    /// colon.
    BadLength { at: u64, message: String },
    /// The message starting at byte `at` announces `length` bytes, more than `limit`.
    TooLarge { at: u64, length: u64, limit: usize },
    /// The stream ended inside the message starting at byte `at`.
    Truncated { at: u64, message: String },
    /// The JSON is not valid: `line` and `column` within the JSON text; `at` is the byte of the
    /// stream where its message starts, when it came through a [`Decoder`].
    Json { at: Option<u64>, line: usize, column: usize, message: String },
    /// Valid JSON of the wrong shape: `field` is the path of the culprit ("" for the whole
    /// message).
    Shape { field: String, message: String },
    /// A message that does not fit the game's phase (a `ready` once the game has begun, an
    /// answer after the end).
    OutOfTurn { message: String },
}

impl ProtocolError {
    /// Where the problem is, in words ("byte 17", "line 1, column 9", "move.moves[0]").
    pub fn place(&self) -> String {
        match self {
            ProtocolError::BadLength { at, .. }
            | ProtocolError::TooLarge { at, .. }
            | ProtocolError::Truncated { at, .. } => {
                format!("byte {at}")
            }
            ProtocolError::Json { at: Some(at), line, column, .. } => {
                format!("message at byte {at}, line {line}, column {column}")
            }
            ProtocolError::Json { at: None, line, column, .. } => format!("{line}:{column}"),
            ProtocolError::Shape { field, .. } if field.is_empty() => "the message".into(),
            ProtocolError::Shape { field, .. } => field.clone(),
            ProtocolError::OutOfTurn { .. } => "the game".into(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = self.place();
        match self {
            ProtocolError::BadLength { message, .. } => {
                write!(f, "{place}: bad length prefix: {message}")
            }
            ProtocolError::TooLarge { length, limit, .. } => {
                write!(f, "{place}: a message of {length} bytes is more than the limit of {limit}")
            }
            ProtocolError::Truncated { message, .. } => {
                write!(f, "{place}: the stream ends inside a message: {message}")
            }
            ProtocolError::Json { message, .. } => write!(f, "{place}: invalid JSON: {message}"),
            ProtocolError::Shape { message, .. } => write!(f, "{place}: {message}"),
            ProtocolError::OutOfTurn { message } => f.write_str(message),
        }
    }
}

impl std::error::Error for ProtocolError {}

fn shape(field: &str, message: impl Into<String>) -> ProtocolError {
    ProtocolError::Shape { field: field.to_string(), message: message.into() }
}

fn json_error(e: &serde_json::Error, at: Option<u64>) -> ProtocolError {
    ProtocolError::Json { at, line: e.line(), column: e.column(), message: super::json_message(e) }
}

// ---------------------------------------------------------------------------------------------
// Reading JSON with paths

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, ProtocolError> {
    v.as_object().ok_or_else(|| shape(path, format!("expected a JSON object, got {}", kind(v))))
}

fn field<'a>(
    obj: &'a Map<String, Value>,
    key: &str,
    path: &str,
) -> Result<&'a Value, ProtocolError> {
    obj.get(key).ok_or_else(|| shape(&join(path, key), "missing"))
}

fn nat(v: &Value, path: &str) -> Result<u64, ProtocolError> {
    v.as_u64().ok_or_else(|| match v.is_number() {
        true => shape(path, super::whole_number_problem(v, "a whole number ≥ 0")),
        false => shape(path, format!("expected a whole number ≥ 0, got {}", brief(v))),
    })
}

fn list<'a>(v: &'a Value, path: &str) -> Result<&'a Vec<Value>, ProtocolError> {
    v.as_array().ok_or_else(|| shape(path, format!("expected a list, got {}", kind(v))))
}

fn text(v: &Value, path: &str) -> Result<String, ProtocolError> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| shape(path, format!("expected a string, got {}", kind(v))))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A short rendering of a value for error messages.
fn brief(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 {
        format!("{}…", s.chars().take(40).collect::<String>())
    } else {
        s
    }
}

/// A punter's offline `"state"`: any JSON, kept as its text. The referee only hands it back
/// with the next request, so it never builds a tree of it (a bot's state can be megabytes, and
/// it crosses the referee twice a move).
#[derive(Debug, Clone)]
pub struct OfflineState(Box<RawValue>);

impl OfflineState {
    /// The state's JSON text, as the punter wrote it.
    pub fn text(&self) -> &str {
        self.0.get()
    }

    /// The state of a value (`None` for `null`, which is "no state").
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<Option<OfflineState>, serde_json::Error> {
        let raw = serde_json::value::to_raw_value(value)?;
        Ok((raw.get() != "null").then_some(OfflineState(raw)))
    }

    fn to_value(&self) -> Value {
        serde_json::from_str(self.text()).unwrap_or(Value::Null)
    }
}

impl From<Value> for OfflineState {
    fn from(v: Value) -> OfflineState {
        // A Value always serialises.
        OfflineState(
            serde_json::value::to_raw_value(&v).unwrap_or_else(|_| RawValue::NULL.to_owned()),
        )
    }
}

/// Two states are equal when they are the same JSON (whitespace aside).
impl PartialEq for OfflineState {
    fn eq(&self, other: &OfflineState) -> bool {
        self.text() == other.text() || self.to_value() == other.to_value()
    }
}

/// The optional `"state"` of a message: absent and `null` are both "no state".
fn state_of(obj: &Map<String, Value>) -> Option<OfflineState> {
    obj.get("state").filter(|v| !v.is_null()).cloned().map(OfflineState::from)
}

fn with_state(mut v: Value, state: &Option<OfflineState>) -> Value {
    if let (Some(s), Some(obj)) = (state, v.as_object_mut()) {
        obj.insert("state".into(), s.to_value());
    }
    v
}

/// A message's text: `body` (an object) with the state's text spliced in as it is.
fn text_with_state(body: &Value, state: &Option<OfflineState>) -> String {
    let mut text = body.to_string();
    if let Some(s) = state {
        if text.ends_with('}') {
            text.pop();
            text.push_str(if text.len() > 1 { ",\"state\":" } else { "\"state\":" });
            text.push_str(s.text());
            text.push('}');
        }
    }
    text
}

/// A message's fields with the state kept as text (the other fields are small): `None` when
/// the text is not a JSON object (the tree reader then names what is wrong).
fn fields_keeping_state(text: &str) -> Option<(Value, Option<OfflineState>)> {
    let fields: std::collections::BTreeMap<String, &RawValue> = serde_json::from_str(text).ok()?;
    let mut obj = Map::new();
    let mut state = None;
    for (key, raw) in fields {
        if key == "state" {
            state = (raw.get() != "null").then(|| OfflineState(raw.to_owned()));
        } else {
            obj.insert(key, serde_json::from_str(raw.get()).ok()?);
        }
    }
    Some((Value::Object(obj), state))
}

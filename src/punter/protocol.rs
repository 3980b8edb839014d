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
//! * [`Referee`]: the messages a bot receives during a game of [`Punter`] and the application
//!   of its answers, as the official server did it (see the type's notes).

use super::game::{Punter, PunterMove, PunterParams};
use super::map::{MapError, PunterMap};
use super::state::{Illegal, Move, Settings, ZOMBIE_AFTER};
use crate::game::Game;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Map, Value};
use std::fmt;

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
            ProtocolError::BadLength { at, .. } | ProtocolError::TooLarge { at, .. } | ProtocolError::Truncated { at, .. } => {
                format!("byte {at}")
            }
            ProtocolError::Json { at: Some(at), line, column, .. } => format!("message at byte {at}, line {line}, column {column}"),
            ProtocolError::Json { at: None, line, column, .. } => format!("line {line}, column {column}"),
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
            ProtocolError::BadLength { message, .. } => write!(f, "{place}: bad length prefix: {message}"),
            ProtocolError::TooLarge { length, limit, .. } => {
                write!(f, "{place}: a message of {length} bytes is more than the limit of {limit}")
            }
            ProtocolError::Truncated { message, .. } => write!(f, "{place}: the stream ends inside a message: {message}"),
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
    ProtocolError::Json { at, line: e.line(), column: e.column(), message: e.to_string() }
}

// ---------------------------------------------------------------------------------------------
// Reading JSON with paths

fn join(path: &str, key: &str) -> String {
    if path.is_empty() { key.to_string() } else { format!("{path}.{key}") }
}

fn object<'a>(v: &'a Value, path: &str) -> Result<&'a Map<String, Value>, ProtocolError> {
    v.as_object().ok_or_else(|| shape(path, format!("expected a JSON object, got {}", kind(v))))
}

fn field<'a>(obj: &'a Map<String, Value>, key: &str, path: &str) -> Result<&'a Value, ProtocolError> {
    obj.get(key).ok_or_else(|| shape(&join(path, key), "missing"))
}

fn nat(v: &Value, path: &str) -> Result<u64, ProtocolError> {
    v.as_u64().ok_or_else(|| shape(path, format!("expected a whole number ≥ 0, got {}", brief(v))))
}

fn list<'a>(v: &'a Value, path: &str) -> Result<&'a Vec<Value>, ProtocolError> {
    v.as_array().ok_or_else(|| shape(path, format!("expected a list, got {}", kind(v))))
}

fn text(v: &Value, path: &str) -> Result<String, ProtocolError> {
    v.as_str().map(str::to_string).ok_or_else(|| shape(path, format!("expected a string, got {}", kind(v))))
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
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s }
}

/// The optional `"state"` of a message: absent and `null` are both "no state".
fn state_of(obj: &Map<String, Value>) -> Option<Value> {
    obj.get("state").filter(|v| !v.is_null()).cloned()
}

fn with_state(mut v: Value, state: &Option<Value>) -> Value {
    if let (Some(s), Some(obj)) = (state, v.as_object_mut()) {
        obj.insert("state".into(), s.clone());
    }
    v
}

// ---------------------------------------------------------------------------------------------
// Messages

/// A protocol message: read from and written as JSON.
pub trait Message: Sized {
    fn from_json(v: &Value) -> Result<Self, ProtocolError>;
    fn to_json(&self) -> Value;

    /// Reads the JSON text of a message (without the `n:` prefix).
    fn parse(text: &str) -> Result<Self, ProtocolError> {
        let v: Value = serde_json::from_str(text).map_err(|e| json_error(&e, None))?;
        Self::from_json(&v)
    }
}

macro_rules! serde_through_json {
    ($($t:ty),* $(,)?) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.to_json().serialize(s)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let v = Value::deserialize(d)?;
                <$t as Message>::from_json(&v).map_err(serde::de::Error::custom)
            }
        }
    )*};
}

/// Handshake, punter → server: `{"me": name}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Me {
    pub name: String,
}

/// Handshake, server → punter: `{"you": name}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct You {
    pub name: String,
}

/// Setup, server → punter: `{"punter": p, "punters": n, "map": map, "settings": {…}}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    pub punter: u64,
    pub punters: u64,
    /// The map in the official shape (read it with [`PunterMap::from_json`]).
    pub map: Value,
    /// `None` when the message has no `"settings"` (every extension off).
    pub settings: Option<Settings>,
}

/// Setup answer, punter → server: `{"ready": p, "futures": [{"source", "target"}], "state": …}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Ready {
    pub punter: u64,
    /// Futures bids as (source, target) site ids; `None` when the field is absent.
    pub futures: Option<Vec<(u64, u64)>>,
    pub state: Option<Value>,
}

/// One move as the protocol writes it: `{"claim": {"punter", "source", "target"}}`,
/// `{"pass": {"punter"}}`, `{"splurge": {"punter", "route"}}`, `{"option": {"punter", "source",
/// "target"}}`. `punter` is what was written, which a confused bot can get wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolMove {
    pub punter: u64,
    pub mv: Move,
}

/// Gameplay, server → punter: `{"move": {"moves": [one per punter]}, "state": …}`.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRequest {
    pub moves: Vec<ProtocolMove>,
    pub state: Option<Value>,
}

/// Gameplay, punter → server: a move with an optional `"state"` beside its key.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub mv: ProtocolMove,
    pub state: Option<Value>,
}

/// One punter's final score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub punter: u64,
    /// Can be negative with futures.
    pub score: i64,
}

/// Scoring, server → punter: `{"stop": {"moves": […], "scores": [{"punter", "score"}]}, "state": …}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Stop {
    pub moves: Vec<ProtocolMove>,
    pub scores: Vec<Score>,
    pub state: Option<Value>,
}

/// Online mode, server → punter: `{"timeout": t}`, the phase's time limit in seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeoutNotice {
    pub seconds: f64,
}

/// Any message the server sends.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerMessage {
    You(You),
    Setup(Setup),
    Move(MoveRequest),
    Stop(Stop),
    Timeout(TimeoutNotice),
}

/// Any message a punter sends.
#[derive(Debug, Clone, PartialEq)]
pub enum PunterMessage {
    Me(Me),
    Ready(Ready),
    Answer(Answer),
}

impl Message for Me {
    fn from_json(v: &Value) -> Result<Me, ProtocolError> {
        let obj = object(v, "")?;
        Ok(Me { name: text(field(obj, "me", "")?, "me")? })
    }
    fn to_json(&self) -> Value {
        json!({ "me": self.name })
    }
}

impl Message for You {
    fn from_json(v: &Value) -> Result<You, ProtocolError> {
        let obj = object(v, "")?;
        Ok(You { name: text(field(obj, "you", "")?, "you")? })
    }
    fn to_json(&self) -> Value {
        json!({ "you": self.name })
    }
}

fn settings_from(v: &Value, path: &str) -> Result<Settings, ProtocolError> {
    let obj = object(v, path)?;
    let flag = |key: &str| -> Result<bool, ProtocolError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(shape(&join(path, key), format!("expected true or false, got {}", brief(other)))),
        }
    };
    Ok(Settings { futures: flag("futures")?, splurges: flag("splurges")?, options: flag("options")? })
}

fn settings_json(s: Settings) -> Value {
    json!({ "futures": s.futures, "splurges": s.splurges, "options": s.options })
}

impl Setup {
    /// The settings, all off when the message has none.
    pub fn settings(&self) -> Settings {
        self.settings.unwrap_or_default()
    }

    /// The map, read by the engine.
    pub fn read_map(&self) -> Result<PunterMap, MapError> {
        PunterMap::from_json(&self.map)
    }
}

impl Message for Setup {
    fn from_json(v: &Value) -> Result<Setup, ProtocolError> {
        let obj = object(v, "")?;
        let map = field(obj, "map", "")?;
        let m = object(map, "map")?;
        for key in ["sites", "rivers", "mines"] {
            list(field(m, key, "map")?, &join("map", key))?;
        }
        let settings = match obj.get("settings") {
            None | Some(Value::Null) => None,
            Some(s) => Some(settings_from(s, "settings")?),
        };
        Ok(Setup {
            punter: nat(field(obj, "punter", "")?, "punter")?,
            punters: nat(field(obj, "punters", "")?, "punters")?,
            map: map.clone(),
            settings,
        })
    }
    fn to_json(&self) -> Value {
        let mut v = json!({ "punter": self.punter, "punters": self.punters, "map": self.map });
        if let (Some(s), Some(obj)) = (self.settings, v.as_object_mut()) {
            obj.insert("settings".into(), settings_json(s));
        }
        v
    }
}

impl Message for Ready {
    fn from_json(v: &Value) -> Result<Ready, ProtocolError> {
        let obj = object(v, "")?;
        let punter = nat(field(obj, "ready", "")?, "ready")?;
        let futures = match obj.get("futures") {
            None | Some(Value::Null) => None,
            Some(f) => {
                let bids = list(f, "futures")?;
                let mut out = Vec::with_capacity(bids.len());
                for (i, b) in bids.iter().enumerate() {
                    let path = format!("futures[{i}]");
                    let o = object(b, &path)?;
                    out.push((
                        nat(field(o, "source", &path)?, &join(&path, "source"))?,
                        nat(field(o, "target", &path)?, &join(&path, "target"))?,
                    ));
                }
                Some(out)
            }
        };
        Ok(Ready { punter, futures, state: state_of(obj) })
    }
    fn to_json(&self) -> Value {
        let mut v = json!({ "ready": self.punter });
        if let (Some(f), Some(obj)) = (&self.futures, v.as_object_mut()) {
            let bids: Vec<Value> = f.iter().map(|&(s, t)| json!({ "source": s, "target": t })).collect();
            obj.insert("futures".into(), Value::Array(bids));
        }
        with_state(v, &self.state)
    }
}

const MOVE_KEYS: [&str; 4] = ["claim", "pass", "splurge", "option"];

impl ProtocolMove {
    pub fn new(punter: usize, mv: Move) -> ProtocolMove {
        ProtocolMove { punter: punter as u64, mv }
    }

    pub fn pass(punter: usize) -> ProtocolMove {
        ProtocolMove::new(punter, Move::Pass)
    }

    /// Reads the move of an object that has exactly one of the move keys (others are ignored).
    fn from_object(obj: &Map<String, Value>, path: &str) -> Result<ProtocolMove, ProtocolError> {
        let present: Vec<&str> = MOVE_KEYS.iter().copied().filter(|k| obj.contains_key(*k)).collect();
        let key = match present.as_slice() {
            [key] => *key,
            [] => return Err(shape(path, "expected a move: one of \"claim\", \"pass\", \"splurge\", \"option\"")),
            more => return Err(shape(path, format!("more than one move in one message: {}", more.join(", ")))),
        };
        let bpath = join(path, key);
        let body = object(field(obj, key, path)?, &bpath)?;
        let punter = nat(field(body, "punter", &bpath)?, &join(&bpath, "punter"))?;
        let end = |k: &str| -> Result<u64, ProtocolError> { nat(field(body, k, &bpath)?, &join(&bpath, k)) };
        let mv = match key {
            "claim" => Move::Claim { source: end("source")?, target: end("target")? },
            "option" => Move::Option { source: end("source")?, target: end("target")? },
            "splurge" => {
                let rpath = join(&bpath, "route");
                let route = list(field(body, "route", &bpath)?, &rpath)?;
                let route = route.iter().enumerate().map(|(i, s)| nat(s, &format!("{rpath}[{i}]"))).collect::<Result<_, _>>()?;
                Move::Splurge { route }
            }
            _ => Move::Pass,
        };
        Ok(ProtocolMove { punter, mv })
    }
}

impl Message for ProtocolMove {
    fn from_json(v: &Value) -> Result<ProtocolMove, ProtocolError> {
        ProtocolMove::from_object(object(v, "")?, "")
    }
    fn to_json(&self) -> Value {
        let p = self.punter;
        match &self.mv {
            Move::Claim { source, target } => json!({ "claim": { "punter": p, "source": source, "target": target } }),
            Move::Option { source, target } => json!({ "option": { "punter": p, "source": source, "target": target } }),
            Move::Pass => json!({ "pass": { "punter": p } }),
            Move::Splurge { route } => json!({ "splurge": { "punter": p, "route": route } }),
        }
    }
}

fn moves_from(v: &Value, path: &str) -> Result<Vec<ProtocolMove>, ProtocolError> {
    list(v, path)?
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let p = format!("{path}[{i}]");
            ProtocolMove::from_object(object(m, &p)?, &p)
        })
        .collect()
}

fn moves_json(moves: &[ProtocolMove]) -> Value {
    Value::Array(moves.iter().map(Message::to_json).collect())
}

impl Message for MoveRequest {
    fn from_json(v: &Value) -> Result<MoveRequest, ProtocolError> {
        let obj = object(v, "")?;
        let body = object(field(obj, "move", "")?, "move")?;
        Ok(MoveRequest { moves: moves_from(field(body, "moves", "move")?, "move.moves")?, state: state_of(obj) })
    }
    fn to_json(&self) -> Value {
        with_state(json!({ "move": { "moves": moves_json(&self.moves) } }), &self.state)
    }
}

impl Message for Answer {
    fn from_json(v: &Value) -> Result<Answer, ProtocolError> {
        let obj = object(v, "")?;
        Ok(Answer { mv: ProtocolMove::from_object(obj, "")?, state: state_of(obj) })
    }
    fn to_json(&self) -> Value {
        with_state(self.mv.to_json(), &self.state)
    }
}

impl Message for Stop {
    fn from_json(v: &Value) -> Result<Stop, ProtocolError> {
        let obj = object(v, "")?;
        let body = object(field(obj, "stop", "")?, "stop")?;
        let moves = moves_from(field(body, "moves", "stop")?, "stop.moves")?;
        let mut scores = Vec::new();
        for (i, s) in list(field(body, "scores", "stop")?, "stop.scores")?.iter().enumerate() {
            let path = format!("stop.scores[{i}]");
            let o = object(s, &path)?;
            let punter = nat(field(o, "punter", &path)?, &join(&path, "punter"))?;
            let sv = field(o, "score", &path)?;
            let score = sv.as_i64().ok_or_else(|| shape(&join(&path, "score"), format!("expected a whole number, got {}", brief(sv))))?;
            scores.push(Score { punter, score });
        }
        Ok(Stop { moves, scores, state: state_of(obj) })
    }
    fn to_json(&self) -> Value {
        let scores: Vec<Value> = self.scores.iter().map(|s| json!({ "punter": s.punter, "score": s.score })).collect();
        with_state(json!({ "stop": { "moves": moves_json(&self.moves), "scores": scores } }), &self.state)
    }
}

impl Message for TimeoutNotice {
    fn from_json(v: &Value) -> Result<TimeoutNotice, ProtocolError> {
        let obj = object(v, "")?;
        let t = field(obj, "timeout", "")?;
        let seconds = t.as_f64().ok_or_else(|| shape("timeout", format!("expected a number of seconds, got {}", brief(t))))?;
        Ok(TimeoutNotice { seconds })
    }
    fn to_json(&self) -> Value {
        json!({ "timeout": self.seconds })
    }
}

impl Message for ServerMessage {
    fn from_json(v: &Value) -> Result<ServerMessage, ProtocolError> {
        let obj = object(v, "")?;
        Ok(if obj.contains_key("you") {
            ServerMessage::You(You::from_json(v)?)
        } else if obj.contains_key("move") {
            ServerMessage::Move(MoveRequest::from_json(v)?)
        } else if obj.contains_key("stop") {
            ServerMessage::Stop(Stop::from_json(v)?)
        } else if obj.contains_key("timeout") {
            ServerMessage::Timeout(TimeoutNotice::from_json(v)?)
        } else if obj.contains_key("map") || obj.contains_key("punters") {
            ServerMessage::Setup(Setup::from_json(v)?)
        } else {
            return Err(shape("", "not a server message: expected \"you\", a setup (\"punter\", \"punters\", \"map\"), \"move\", \"stop\" or \"timeout\""));
        })
    }
    fn to_json(&self) -> Value {
        match self {
            ServerMessage::You(m) => m.to_json(),
            ServerMessage::Setup(m) => m.to_json(),
            ServerMessage::Move(m) => m.to_json(),
            ServerMessage::Stop(m) => m.to_json(),
            ServerMessage::Timeout(m) => m.to_json(),
        }
    }
}

impl Message for PunterMessage {
    fn from_json(v: &Value) -> Result<PunterMessage, ProtocolError> {
        let obj = object(v, "")?;
        Ok(if obj.contains_key("me") {
            PunterMessage::Me(Me::from_json(v)?)
        } else if obj.contains_key("ready") {
            PunterMessage::Ready(Ready::from_json(v)?)
        } else if MOVE_KEYS.iter().any(|k| obj.contains_key(*k)) {
            PunterMessage::Answer(Answer::from_json(v)?)
        } else {
            return Err(shape("", "not a punter message: expected \"me\", \"ready\" or a move (\"claim\", \"pass\", \"splurge\", \"option\")"));
        })
    }
    fn to_json(&self) -> Value {
        match self {
            PunterMessage::Me(m) => m.to_json(),
            PunterMessage::Ready(m) => m.to_json(),
            PunterMessage::Answer(m) => m.to_json(),
        }
    }
}

serde_through_json!(Me, You, Setup, Ready, ProtocolMove, MoveRequest, Answer, Stop, TimeoutNotice, ServerMessage, PunterMessage);

// ---------------------------------------------------------------------------------------------
// Framing

/// A message framed for the wire: `n:json`, `n` the JSON's length in bytes.
pub fn encode<M: Message>(msg: &M) -> String {
    frame(&msg.to_json().to_string())
}

/// Frames JSON text: `n:json`.
pub fn frame(json_text: &str) -> String {
    format!("{}:{}", json_text.len(), json_text)
}

/// An incremental `n:json` reader: [`push`](Decoder::push) bytes as they come, take whole
/// messages with [`next_value`](Decoder::next_value) or [`next_message`](Decoder::next_message).
/// A bad prefix or an oversized length breaks the stream (every later call gives the same
/// error); invalid JSON in a complete message only costs that message.
#[derive(Debug, Clone)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Where the unread part of `buf` starts.
    start: usize,
    /// Stream offset of `buf[start]`.
    at: u64,
    limit: usize,
    broken: Option<ProtocolError>,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder::new()
    }
}

fn show_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' { format!("'{}'", b as char) } else { format!("byte 0x{b:02x}") }
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::with_limit(MAX_MESSAGE_BYTES)
    }

    /// A decoder refusing messages longer than `limit` bytes.
    pub fn with_limit(limit: usize) -> Decoder {
        Decoder { buf: Vec::new(), start: 0, at: 0, limit, broken: None }
    }

    pub fn push(&mut self, chunk: &[u8]) {
        if self.broken.is_some() {
            return;
        }
        if self.start > 0 && (self.start >= 1 << 16 || self.start * 2 >= self.buf.len()) {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        self.buf.extend_from_slice(chunk);
    }

    /// Bytes received and not yet part of a returned message.
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Stream offset of the next unread byte.
    pub fn position(&self) -> u64 {
        self.at
    }

    pub fn is_broken(&self) -> bool {
        self.broken.is_some()
    }

    fn fail(&mut self, e: ProtocolError) -> ProtocolError {
        self.broken = Some(e.clone());
        e
    }

    fn advance(&mut self, n: usize) {
        self.start += n;
        self.at += n as u64;
    }

    /// The next whole message as JSON, `Ok(None)` if it has not fully arrived yet.
    pub fn next_value(&mut self) -> Result<Option<Value>, ProtocolError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        // Whitespace between messages.
        let skip = self.buf[self.start..].iter().take_while(|b| b.is_ascii_whitespace()).count();
        self.advance(skip);
        let rest = &self.buf[self.start..];
        let at = self.at;
        let mut length: u64 = 0;
        let mut digits = 0usize;
        let mut colon = None;
        for (i, &b) in rest.iter().enumerate() {
            match b {
                b'0'..=b'9' => {
                    digits += 1;
                    if digits > MAX_LENGTH_DIGITS {
                        let e = ProtocolError::BadLength { at, message: format!("more than {MAX_LENGTH_DIGITS} digits") };
                        return Err(self.fail(e));
                    }
                    length = length * 10 + u64::from(b - b'0');
                }
                b':' if digits > 0 => {
                    colon = Some(i);
                    break;
                }
                b':' => {
                    let e = ProtocolError::BadLength { at, message: "no digits before ':'".into() };
                    return Err(self.fail(e));
                }
                other => {
                    let expected = if digits == 0 { "a digit" } else { "a digit or ':'" };
                    let e = ProtocolError::BadLength { at, message: format!("expected {expected}, found {} at byte {}", show_byte(other), at + i as u64) };
                    return Err(self.fail(e));
                }
            }
        }
        let Some(colon) = colon else { return Ok(None) };
        if length > self.limit as u64 {
            let e = ProtocolError::TooLarge { at, length, limit: self.limit };
            return Err(self.fail(e));
        }
        let body_start = colon + 1;
        let len = length as usize;
        if rest.len() - body_start < len {
            return Ok(None);
        }
        let parsed = serde_json::from_slice::<Value>(&rest[body_start..body_start + len]);
        self.advance(body_start + len);
        parsed.map(Some).map_err(|e| json_error(&e, Some(at)))
    }

    /// The next whole message, read as `M`.
    pub fn next_message<M: Message>(&mut self) -> Result<Option<M>, ProtocolError> {
        match self.next_value()? {
            None => Ok(None),
            Some(v) => M::from_json(&v).map(Some),
        }
    }

    /// At the end of the stream: an error if a message was cut off.
    pub fn finish(&self) -> Result<(), ProtocolError> {
        if let Some(e) = &self.broken {
            return Err(e.clone());
        }
        let rest = &self.buf[self.start..];
        if rest.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        Err(ProtocolError::Truncated { at: self.at, message: format!("{} byte(s) of an unfinished message", rest.len()) })
    }
}

// ---------------------------------------------------------------------------------------------
// Conversions between protocol moves and the rails

/// The rails moves of one protocol move: `[Pass]`, `[Claim(r)]`, `[Option(r)]` or
/// `[SplurgeTo(s0), …, SplurgeTo(sk), SplurgeEnd]`. Fails when a river is not on the map (or a
/// route has fewer than two sites); whether the move is legal now is the game's business.
pub fn to_punter_moves(map: &PunterMap, mv: &Move) -> Result<Vec<PunterMove>, Illegal> {
    let river = |source: u64, target: u64| map.river_by_ids(source, target).ok_or(Illegal::NoSuchRiver { source, target });
    Ok(match mv {
        Move::Pass => vec![PunterMove::Pass],
        Move::Claim { source, target } => vec![PunterMove::Claim(river(*source, *target)?)],
        Move::Option { source, target } => vec![PunterMove::Option(river(*source, *target)?)],
        Move::Splurge { route } => {
            if route.len() < 2 {
                return Err(Illegal::RouteTooShort);
            }
            for pair in route.windows(2) {
                river(pair[0], pair[1])?;
            }
            let mut steps = Vec::with_capacity(route.len() + 1);
            for &s in route {
                // Every site is an end of a river checked above.
                let site = map.site(s).ok_or(Illegal::NoSuchRiver { source: s, target: s })?;
                steps.push(PunterMove::SplurgeTo(site));
            }
            steps.push(PunterMove::SplurgeEnd);
            steps
        }
    })
}

fn river_ids(map: &PunterMap, r: u32) -> Option<(u64, u64)> {
    let &(a, b) = map.rivers.get(r as usize)?;
    Some((map.sites.get(a as usize)?.id, map.sites.get(b as usize)?.id))
}

fn site_id(map: &PunterMap, s: u32) -> Option<u64> {
    map.sites.get(s as usize).map(|x| x.id)
}

/// The protocol move of one turn's rails moves (the inverse of [`to_punter_moves`]); `None`
/// when `steps` is not exactly one turn or names a river or site the map does not have.
pub fn from_punter_moves(map: &PunterMap, steps: &[PunterMove]) -> Option<Move> {
    match steps {
        [PunterMove::Pass] => Some(Move::Pass),
        [PunterMove::Claim(r)] => river_ids(map, *r).map(|(source, target)| Move::Claim { source, target }),
        [PunterMove::Option(r)] => river_ids(map, *r).map(|(source, target)| Move::Option { source, target }),
        [sites @ .., PunterMove::SplurgeEnd] if sites.len() >= 2 => {
            let route = sites
                .iter()
                .map(|m| match m {
                    PunterMove::SplurgeTo(s) => site_id(map, *s),
                    _ => None,
                })
                .collect::<Option<Vec<u64>>>()?;
            Some(Move::Splurge { route })
        }
        _ => None,
    }
}

/// A game's rails moves as one protocol move per turn. A pass during a splurge abandons it (as
/// on the rails); a splurge still being made at the end is left out. `None` if a move names a
/// river or site the map does not have, or a claim or option comes in the middle of a splurge.
pub fn group_turns(map: &PunterMap, moves: &[PunterMove]) -> Option<Vec<Move>> {
    let mut out = Vec::new();
    let mut route: Vec<u64> = Vec::new();
    for mv in moves {
        match mv {
            PunterMove::SplurgeTo(s) => route.push(site_id(map, *s)?),
            PunterMove::SplurgeEnd => {
                if route.len() < 2 {
                    return None;
                }
                out.push(Move::Splurge { route: std::mem::take(&mut route) });
            }
            PunterMove::Pass => {
                route.clear();
                out.push(Move::Pass);
            }
            other if route.is_empty() => out.push(from_punter_moves(map, std::slice::from_ref(other))?),
            _ => return None,
        }
    }
    Some(out)
}

/// The map in the official JSON shape: sites with `id`, `x`, `y`; distinct rivers with `source`
/// and `target` ids; mines as ids. [`PunterMap::from_json`] reads it back to the same map.
pub fn map_json(map: &PunterMap) -> Value {
    let id = |s: u32| map.sites.get(s as usize).map_or(0, |x| x.id);
    let sites: Vec<Value> = map.sites.iter().map(|s| json!({ "id": s.id, "x": s.x, "y": s.y })).collect();
    let rivers: Vec<Value> = map.rivers.iter().map(|&(a, b)| json!({ "source": id(a), "target": id(b) })).collect();
    let mines: Vec<u64> = map.mines.iter().map(|&m| id(m)).collect();
    json!({ "sites": sites, "rivers": rivers, "mines": mines })
}

// ---------------------------------------------------------------------------------------------
// Referee

/// Why an answer was played as a pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rejected {
    /// A well-formed move the rules do not allow now.
    Illegal(Illegal),
    /// Not a move: invalid JSON or the wrong shape.
    Malformed(ProtocolError),
}

impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejected::Illegal(why) => write!(f, "illegal move: {why}"),
            Rejected::Malformed(e) => write!(f, "malformed answer: {e}"),
        }
    }
}

/// What one answer did.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The punter whose turn it was (the mover, whatever the answer's "punter" says).
    pub punter: usize,
    /// The move as the bot wrote it, if it could be read.
    pub sent: Option<ProtocolMove>,
    /// The move as played: the sent one, or a pass.
    pub played: Move,
    /// Why the answer was played as a pass.
    pub rejected: Option<Rejected>,
    /// The rails moves played for this turn (for a tape or a link).
    pub steps: Vec<PunterMove>,
}

impl Answered {
    /// Whether the answer's "punter" field named someone other than the mover.
    pub fn confused(&self) -> bool {
        self.sent.as_ref().is_some_and(|m| m.punter != self.punter as u64)
    }
}

/// The server's side of a game of [`Punter`] for bots that speak the protocol, without I/O:
/// it writes the messages each bot receives and applies their answers.
///
/// As the official server did:
/// * the mover is whoever's turn it is; an answer's "punter" field is not checked (the task:
///   "the server will record when a punter is confused about their identity, but otherwise
///   ignore this confusion"). [`Answered::confused`] records it; the messages other bots get
///   name the mover.
/// * an illegal move of any kind is a pass (a splurge is never partly applied); so is a
///   malformed answer, with the parse error as the reason (the server made a punter with a
///   garbage reply a zombie at once: [`Referee::set_garbage_makes_zombie`]).
/// * the move request holds, for each punter in id order, its most recent move as played (a
///   pass for one that has not moved yet); moves that were turned into passes are reported as
///   passes.
/// * the stop message (task 1.3) converts into passes the punter's own last move and every move
///   already reported to it; only the moves made since its last answered request stay.
/// * offline state: the `state` of a punter's `ready` and of each answer comes back in its next
///   message (an answer without one clears it; a malformed answer keeps the previous one).
/// * timeouts: [`Referee::time_out`] passes for the mover and counts it; after
///   [`ZOMBIE_AFTER`] in all the punter is a zombie that passes every turn. Moves missed by
///   timing out are not accumulated into longer move lists (the offline server did that); the
///   request always has one move per punter.
#[derive(Debug, Clone)]
pub struct Referee {
    params: PunterParams,
    game: Punter,
    /// Per punter: its most recent move as played, and the turn it was played in.
    last: Vec<Option<(usize, Move)>>,
    /// Per punter: the last turn on which it answered.
    heard: Vec<Option<usize>>,
    states: Vec<Option<Value>>,
    timeouts: Vec<u32>,
    zombie: Vec<bool>,
    garbage_makes_zombie: bool,
}

impl Referee {
    /// A referee for a new game (futures from `params`, replaced by those of `ready` answers).
    pub fn new(params: PunterParams) -> Result<Referee, Illegal> {
        let game = Punter::new(&params)?;
        let n = game.game().punters();
        Ok(Referee {
            params,
            game,
            last: vec![None; n],
            heard: vec![None; n],
            states: vec![None; n],
            timeouts: vec![0; n],
            zombie: vec![false; n],
            garbage_makes_zombie: false,
        })
    }

    /// Makes a malformed answer turn its punter into a zombie, as the official server did.
    pub fn set_garbage_makes_zombie(&mut self, on: bool) {
        self.garbage_makes_zombie = on;
    }

    pub fn game(&self) -> &Punter {
        &self.game
    }
    pub fn params(&self) -> &PunterParams {
        &self.params
    }
    pub fn punters(&self) -> usize {
        self.game.game().punters()
    }
    pub fn is_over(&self) -> bool {
        self.game.game().is_over()
    }
    /// The punter whose turn it is, `None` once the game is over.
    pub fn mover(&self) -> Option<usize> {
        (!self.is_over()).then(|| self.game.game().mover())
    }
    pub fn is_zombie(&self, p: usize) -> bool {
        self.zombie.get(p).copied().unwrap_or(false)
    }
    pub fn timeouts(&self, p: usize) -> u32 {
        self.timeouts.get(p).copied().unwrap_or(0)
    }
    /// The state the punter last gave (offline mode).
    pub fn state(&self, p: usize) -> Option<&Value> {
        self.states.get(p).and_then(Option::as_ref)
    }

    /// The handshake answer to `{"me": name}`.
    pub fn handshake(me: &Value) -> Result<You, ProtocolError> {
        Me::from_json(me).map(|m| You { name: m.name })
    }

    /// The setup message for punter `p`: its id, the number of punters, the map in the official
    /// shape and the settings.
    pub fn setup_for(&self, p: usize) -> Setup {
        Setup {
            punter: p as u64,
            punters: self.punters() as u64,
            map: map_json(self.game.game().map()),
            settings: Some(self.params.settings),
        }
    }

    /// Takes punter `p`'s answer to the setup: its state, and its futures when futures are on
    /// (the game is set up again with them; the engine drops bids the server ignored). Only
    /// before the first move. A "ready" naming another punter is accepted, like a confused
    /// "punter" field.
    pub fn take_ready(&mut self, p: usize, reply: &Value) -> Result<Ready, ProtocolError> {
        if self.game.game().turn() > 0 {
            return Err(ProtocolError::OutOfTurn { message: "a \"ready\" after the game has begun".into() });
        }
        if p >= self.punters() {
            return Err(ProtocolError::OutOfTurn { message: format!("there is no punter {p}") });
        }
        let ready = Ready::from_json(reply)?;
        self.states[p] = ready.state.clone();
        if self.params.settings.futures {
            if let Some(bids) = &ready.futures {
                if self.params.futures.len() < self.punters() {
                    self.params.futures.resize(self.punters(), Vec::new());
                }
                self.params.futures[p] = bids.clone();
                self.game = Punter::new(&self.params).map_err(|e| ProtocolError::OutOfTurn { message: e.to_string() })?;
            }
        }
        Ok(ready)
    }

    /// The most recent move of every punter, in id order (a pass for one that has not moved).
    fn last_moves(&self, keep: impl Fn(usize, usize) -> bool) -> Vec<ProtocolMove> {
        (0..self.punters())
            .map(|q| match &self.last[q] {
                Some((turn, mv)) if keep(q, *turn) => ProtocolMove::new(q, mv.clone()),
                _ => ProtocolMove::pass(q),
            })
            .collect()
    }

    /// The move request for punter `p` (normally the mover), with its state.
    pub fn move_for(&self, p: usize) -> MoveRequest {
        MoveRequest { moves: self.last_moves(|_, _| true), state: self.states.get(p).cloned().flatten() }
    }

    /// The stop message for punter `p`: the moves it has not been told of, the final scores (or
    /// the scores so far, if asked before the end) and its state.
    pub fn stop_for(&self, p: usize) -> Stop {
        let heard = self.heard.get(p).copied().flatten();
        let moves = self.last_moves(|q, turn| q != p && heard.is_none_or(|h| turn > h));
        let scores = self.game.game().scores().iter().enumerate().map(|(q, &score)| Score { punter: q as u64, score }).collect();
        Stop { moves, scores, state: self.states.get(p).cloned().flatten() }
    }

    /// Applies the mover's answer, given as JSON text (without the `n:` prefix).
    pub fn answer_text(&mut self, reply: &str) -> Result<Answered, ProtocolError> {
        match serde_json::from_str::<Value>(reply) {
            Ok(v) => self.answer(&v),
            Err(e) => self.answer_parsed(Err(json_error(&e, None))),
        }
    }

    /// Applies the mover's answer. Errors only when the game is over; an illegal or malformed
    /// answer is played as a pass (see [`Answered::rejected`]).
    pub fn answer(&mut self, reply: &Value) -> Result<Answered, ProtocolError> {
        self.answer_parsed(Answer::from_json(reply))
    }

    fn answer_parsed(&mut self, parsed: Result<Answer, ProtocolError>) -> Result<Answered, ProtocolError> {
        let Some(p) = self.mover() else {
            return Err(ProtocolError::OutOfTurn { message: "an answer after the game is over".into() });
        };
        let turn = self.game.game().turn();
        self.heard[p] = Some(turn);
        let (sent, outcome) = match parsed {
            Ok(answer) => {
                self.states[p] = answer.state;
                let outcome = self.apply(p, &answer.mv.mv);
                (Some(answer.mv), outcome)
            }
            Err(e) => {
                if self.garbage_makes_zombie {
                    self.zombie[p] = true;
                }
                let (played, _, steps) = self.apply(p, &Move::Pass);
                (None, (played, Some(Rejected::Malformed(e)), steps))
            }
        };
        let (played, rejected, steps) = outcome;
        self.last[p] = Some((turn, played.clone()));
        Ok(Answered { punter: p, sent, played, rejected, steps })
    }

    /// Plays `mv` for the mover `p`, or a pass with the reason.
    fn apply(&mut self, p: usize, mv: &Move) -> (Move, Option<Rejected>, Vec<PunterMove>) {
        let checked = if self.zombie[p] && *mv != Move::Pass {
            Err(Illegal::Zombie)
        } else {
            self.game.game().check_move(mv).and_then(|()| to_punter_moves(self.game.game().map(), mv))
        };
        let steps = match checked {
            Ok(steps) => steps,
            Err(why) => return (Move::Pass, Some(Rejected::Illegal(why)), self.pass()),
        };
        for (i, step) in steps.iter().enumerate() {
            if let Err(why) = self.game.play(step) {
                // The whole move was checked, so a step cannot fail; if one did, the turn is a
                // pass (which abandons a splurge being made).
                let mut played = steps[..i].to_vec();
                played.extend(self.pass());
                return (Move::Pass, Some(Rejected::Illegal(why)), played);
            }
        }
        (mv.clone(), None, steps)
    }

    fn pass(&mut self) -> Vec<PunterMove> {
        match self.game.play(&PunterMove::Pass) {
            Ok(()) => vec![PunterMove::Pass],
            Err(_) => Vec::new(),
        }
    }

    /// The mover did not answer in time (or is a zombie): a pass. A timeout counts towards
    /// becoming a zombie; a zombie's turn does not count. Returns the punter, `None` once the
    /// game is over.
    pub fn time_out(&mut self) -> Option<usize> {
        let p = self.mover()?;
        let turn = self.game.game().turn();
        self.pass();
        self.last[p] = Some((turn, Move::Pass));
        if !self.zombie[p] {
            self.timeouts[p] += 1;
            if self.timeouts[p] >= ZOMBIE_AFTER {
                self.zombie[p] = true;
            }
        }
        Some(p)
    }

    /// The online notice of a timeout.
    pub fn timeout_notice(seconds: f64) -> TimeoutNotice {
        TimeoutNotice { seconds }
    }

    /// Final scores by punter (the scores so far before the end).
    pub fn scores(&self) -> Vec<i64> {
        self.game.game().scores()
    }
}

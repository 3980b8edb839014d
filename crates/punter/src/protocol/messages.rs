//! The protocol messages of each side, read from and written as JSON.

use super::*;

// ---------------------------------------------------------------------------------------------
// Messages

/// A protocol message: read from and written as JSON.
pub trait Message: Sized {
    fn from_json(v: &Value) -> Result<Self, ProtocolError>;
    fn to_json(&self) -> Value;

    /// Reads the JSON text of a message (without the `n:` prefix).
    fn parse(text: &str) -> Result<Self, ProtocolError> {
        parse_tree(text)
    }

    /// The message's JSON text (without the `n:` prefix).
    fn to_text(&self) -> String {
        self.to_json().to_string()
    }
}

/// Reads a message's text through a tree of all of it.
fn parse_tree<M: Message>(text: &str) -> Result<M, ProtocolError> {
    let v: Value = serde_json::from_str(text).map_err(|e| json_error(&e, None))?;
    M::from_json(&v)
}

/// Reads a message's text with its state kept as text: `with_state` puts it into the message.
fn parse_keeping_state<M: Message>(
    text: &str,
    with_state: impl FnOnce(&mut M, Option<OfflineState>),
) -> Result<M, ProtocolError> {
    let Some((fields, state)) = fields_keeping_state(text) else { return parse_tree(text) };
    let mut m = M::from_json(&fields)?;
    with_state(&mut m, state);
    Ok(m)
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
    pub state: Option<OfflineState>,
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
    pub state: Option<OfflineState>,
}

/// Gameplay, punter → server: a move with an optional `"state"` beside its key.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub mv: ProtocolMove,
    pub state: Option<OfflineState>,
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
    pub state: Option<OfflineState>,
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
            Some(other) => Err(shape(
                &join(path, key),
                format!("expected true or false, got {}", brief(other)),
            )),
        }
    };
    Ok(Settings {
        futures: flag("futures")?,
        splurges: flag("splurges")?,
        options: flag("options")?,
    })
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
    /// The state is kept as text ([`OfflineState`]), never as a tree.
    fn parse(text: &str) -> Result<Ready, ProtocolError> {
        parse_keeping_state(text, |m: &mut Ready, state| m.state = state)
    }
    fn to_json(&self) -> Value {
        with_state(self.body_json(), &self.state)
    }
    fn to_text(&self) -> String {
        text_with_state(&self.body_json(), &self.state)
    }
}

impl Ready {
    pub(super) fn body_json(&self) -> Value {
        let mut v = json!({ "ready": self.punter });
        if let (Some(f), Some(obj)) = (&self.futures, v.as_object_mut()) {
            let bids: Vec<Value> =
                f.iter().map(|&(s, t)| json!({ "source": s, "target": t })).collect();
            obj.insert("futures".into(), Value::Array(bids));
        }
        v
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

    /// Reads the move of an object as the official server did: the first of the move keys, in
    /// the order claim, pass, splurge, option, whose value is not `null` is the move; the other
    /// keys are ignored (a bot written with optional fields answers
    /// `{"claim":{…},"option":null,…}`, and the server played the claim).
    fn from_object(obj: &Map<String, Value>, path: &str) -> Result<ProtocolMove, ProtocolError> {
        let Some(key) =
            MOVE_KEYS.iter().copied().find(|k| obj.get(*k).is_some_and(|v| !v.is_null()))
        else {
            return Err(shape(
                path,
                "expected a move: one of \"claim\", \"pass\", \"splurge\", \"option\"",
            ));
        };
        let bpath = join(path, key);
        let body = object(field(obj, key, path)?, &bpath)?;
        let punter = nat(field(body, "punter", &bpath)?, &join(&bpath, "punter"))?;
        let end = |k: &str| -> Result<u64, ProtocolError> {
            nat(field(body, k, &bpath)?, &join(&bpath, k))
        };
        let mv = match key {
            "claim" => Move::Claim { source: end("source")?, target: end("target")? },
            "option" => Move::Option { source: end("source")?, target: end("target")? },
            "splurge" => {
                let rpath = join(&bpath, "route");
                let route = list(field(body, "route", &bpath)?, &rpath)?;
                let route = route
                    .iter()
                    .enumerate()
                    .map(|(i, s)| nat(s, &format!("{rpath}[{i}]")))
                    .collect::<Result<_, _>>()?;
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
            Move::Claim { source, target } => {
                json!({ "claim": { "punter": p, "source": source, "target": target } })
            }
            Move::Option { source, target } => {
                json!({ "option": { "punter": p, "source": source, "target": target } })
            }
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
        Ok(MoveRequest {
            moves: moves_from(field(body, "moves", "move")?, "move.moves")?,
            state: state_of(obj),
        })
    }
    /// The state is kept as text ([`OfflineState`]), never as a tree.
    fn parse(text: &str) -> Result<MoveRequest, ProtocolError> {
        parse_keeping_state(text, |m: &mut MoveRequest, state| m.state = state)
    }
    fn to_json(&self) -> Value {
        with_state(self.body_json(), &self.state)
    }
    fn to_text(&self) -> String {
        text_with_state(&self.body_json(), &self.state)
    }
}

impl MoveRequest {
    pub(super) fn body_json(&self) -> Value {
        json!({ "move": { "moves": moves_json(&self.moves) } })
    }
}

impl Message for Answer {
    fn from_json(v: &Value) -> Result<Answer, ProtocolError> {
        let obj = object(v, "")?;
        Ok(Answer { mv: ProtocolMove::from_object(obj, "")?, state: state_of(obj) })
    }
    /// The state is kept as text ([`OfflineState`]), never as a tree.
    fn parse(text: &str) -> Result<Answer, ProtocolError> {
        parse_keeping_state(text, |m: &mut Answer, state| m.state = state)
    }
    fn to_json(&self) -> Value {
        with_state(self.body_json(), &self.state)
    }
    fn to_text(&self) -> String {
        text_with_state(&self.body_json(), &self.state)
    }
}

impl Answer {
    pub(super) fn body_json(&self) -> Value {
        self.mv.to_json()
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
            let score = sv.as_i64().ok_or_else(|| {
                shape(&join(&path, "score"), format!("expected a whole number, got {}", brief(sv)))
            })?;
            scores.push(Score { punter, score });
        }
        Ok(Stop { moves, scores, state: state_of(obj) })
    }
    /// The state is kept as text ([`OfflineState`]), never as a tree.
    fn parse(text: &str) -> Result<Stop, ProtocolError> {
        parse_keeping_state(text, |m: &mut Stop, state| m.state = state)
    }
    fn to_json(&self) -> Value {
        with_state(self.body_json(), &self.state)
    }
    fn to_text(&self) -> String {
        text_with_state(&self.body_json(), &self.state)
    }
}

impl Stop {
    pub(super) fn body_json(&self) -> Value {
        let scores: Vec<Value> =
            self.scores.iter().map(|s| json!({ "punter": s.punter, "score": s.score })).collect();
        json!({ "stop": { "moves": moves_json(&self.moves), "scores": scores } })
    }
}

impl Message for TimeoutNotice {
    fn from_json(v: &Value) -> Result<TimeoutNotice, ProtocolError> {
        let obj = object(v, "")?;
        let t = field(obj, "timeout", "")?;
        let seconds = t.as_f64().ok_or_else(|| {
            shape("timeout", format!("expected a number of seconds, got {}", brief(t)))
        })?;
        Ok(TimeoutNotice { seconds })
    }
    fn to_json(&self) -> Value {
        json!({ "timeout": self.seconds })
    }
}

impl Message for ServerMessage {
    fn parse(text: &str) -> Result<ServerMessage, ProtocolError> {
        parse_keeping_state(text, |m, state| match m {
            ServerMessage::Move(r) => r.state = state,
            ServerMessage::Stop(s) => s.state = state,
            _ => {}
        })
    }
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
    fn to_text(&self) -> String {
        match self {
            ServerMessage::Move(m) => m.to_text(),
            ServerMessage::Stop(m) => m.to_text(),
            m => m.to_json().to_string(),
        }
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
    fn parse(text: &str) -> Result<PunterMessage, ProtocolError> {
        parse_keeping_state(text, |m, state| match m {
            PunterMessage::Ready(r) => r.state = state,
            PunterMessage::Answer(a) => a.state = state,
            PunterMessage::Me(_) => {}
        })
    }
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
    fn to_text(&self) -> String {
        match self {
            PunterMessage::Ready(m) => m.to_text(),
            PunterMessage::Answer(m) => m.to_text(),
            PunterMessage::Me(m) => m.to_json().to_string(),
        }
    }
    fn to_json(&self) -> Value {
        match self {
            PunterMessage::Me(m) => m.to_json(),
            PunterMessage::Ready(m) => m.to_json(),
            PunterMessage::Answer(m) => m.to_json(),
        }
    }
}

serde_through_json!(
    Me,
    You,
    Setup,
    Ready,
    ProtocolMove,
    MoveRequest,
    Answer,
    Stop,
    TimeoutNotice,
    ServerMessage,
    PunterMessage
);

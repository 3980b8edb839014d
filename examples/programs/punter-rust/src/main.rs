//! A Lambda Punter (ICFP 2017) for the official offline protocol: each run is one request.
//! It says `{"me": NAME}`, hears `{"you": NAME}`, then gets a setup, a move or a stop request
//! and answers it, every message framed as `n:json` (n = the JSON's length in bytes). What it
//! must remember between requests travels in the answer's `state`, which comes back with the
//! next request.
//!
//! The strategy (game.rs) is greedy: claim the free river that adds most to the score now.

mod game;
mod json;

use game::Game;
use json::Json;
use std::io::{BufRead, Write};

const NAME: &str = "greedy-rust";

fn main() {
    if let Err(e) = run() {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    // The name first, flushed: the referee answers only once it has read it.
    send(&mut out, &format!("{{\"me\":\"{NAME}\"}}"))?;
    let you = json::parse(&receive(&mut input)?)?;
    if you.get("you").is_null() {
        return Err("expected {\"you\": name} after the handshake".into());
    }
    let request = json::parse(&receive(&mut input)?)?;
    if !request.get("map").is_null() {
        let game = Game::from_setup(&request)?;
        eprintln!("setup: punter {} of {}, {} sites, {} rivers, {} mines", game.punter, game.punters, game.sites.len(), game.rivers.len(), game.mines.len());
        let mut answer = vec![("ready".to_string(), Json::Num(game.punter as f64))];
        // Futures, splurges and options are not used, but futures must be answered when on.
        if request.get("settings").get("futures").as_bool() == Some(true) {
            answer.push(("futures".to_string(), Json::Arr(Vec::new())));
        }
        answer.push(("state".to_string(), game.to_state()));
        send(&mut out, &text(&Json::Obj(answer)))?;
    } else if !request.get("move").is_null() {
        let mut game = Game::from_state(request.get("state"))?;
        game.play(request.get("move").get("moves"));
        let mv = match game.choose() {
            Some((river, gain)) => {
                let (a, b) = game.rivers[river];
                eprintln!("claim {}-{}: +{gain}", game.sites[a], game.sites[b]);
                let claim = [("punter", game.punter), ("source", game.sites[a]), ("target", game.sites[b])];
                ("claim", Json::Obj(claim.iter().map(|&(k, v)| (k.to_string(), Json::Num(v as f64))).collect()))
            }
            None => ("pass", Json::Obj(vec![("punter".to_string(), Json::Num(game.punter as f64))])),
        };
        let answer = Json::Obj(vec![(mv.0.to_string(), mv.1), ("state".to_string(), game.to_state())]);
        send(&mut out, &text(&answer))?;
    } else if !request.get("stop").is_null() {
        for score in request.get("stop").get("scores").items() {
            eprintln!("punter {:?} scored {:?}", score.get("punter").as_i64(), score.get("score").as_i64());
        }
    } else {
        return Err("the request is neither a setup, a move nor a stop".into());
    }
    Ok(())
}

fn text(value: &Json) -> String {
    let mut s = String::new();
    value.write(&mut s);
    s
}

/// Writes `n:json` and flushes.
fn send(out: &mut impl Write, message: &str) -> Result<(), String> {
    write!(out, "{}:{message}", message.len()).and_then(|_| out.flush()).map_err(|e| format!("cannot write: {e}"))
}

/// Reads one `n:json` message (blanks before the length are skipped).
fn receive(input: &mut impl BufRead) -> Result<String, String> {
    let mut length = Vec::new();
    input.read_until(b':', &mut length).map_err(|e| format!("cannot read: {e}"))?;
    let digits = std::str::from_utf8(&length).unwrap_or("").trim_end_matches(':').trim();
    let n: usize = digits.parse().map_err(|_| format!("expected a message length, got {:?}", digits.chars().take(40).collect::<String>()))?;
    let mut body = vec![0; n];
    input.read_exact(&mut body).map_err(|e| format!("the message of {n} bytes ended early: {e}"))?;
    String::from_utf8(body).map_err(|_| "the message is not UTF-8".to_string())
}

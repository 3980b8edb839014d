//! `arcade bench punter-referee [MAP…]`: the referee's own cost per protocol message, as the
//! CLI pays it for `exe:` and online seats. Two outside punters (our `greedy` bot through the
//! protocol client, which carries the whole game in its offline `state`) play a game with every
//! extension on; their answers are recorded, then the same game is refereed again from the
//! recording, timing only the referee: writing each request's text and reading each answer's
//! text (the bots' own thinking is not counted), as the CLI does it: each answer checked to be
//! JSON, then handed to the referee as text. Median of 3 runs on one core.

use crate::timing::median_ms;
use crate::Failure;
use punter::protocol::{
    client_answer, client_ready, Message, MoveRequest, Next, Phase, ProtocolGame, Setup,
};
use punter::{maps, PunterParams, Settings};
use serde_json::json;

const DEFAULT_MAPS: &[&str] = &["lambda", "boston", "edinburgh-sparse"];
const SEED: u64 = 7;

/// The game with the bots answering: the answer texts in order.
fn record(params: &PunterParams) -> Result<Vec<String>, Failure> {
    let entrants = ["exe:a".to_string(), "exe:b".to_string()];
    let mut g = ProtocolGame::new(params.clone(), &entrants, SEED, 0).map_err(Failure::input)?;
    let mut answers = Vec::new();
    loop {
        let request = match g.next(u32::MAX).map_err(Failure::input)? {
            Next::Over | Next::Person { .. } => return Ok(answers),
            Next::Running => continue,
            Next::Ask(r) => r,
        };
        let text = &request.message;
        let answer = match request.phase {
            Phase::Setup => client_ready(
                "greedy",
                SEED,
                &Setup::parse(text).map_err(|e| Failure::input(e.to_string()))?,
            )
            .map(|r| r.to_text()),
            Phase::Move => {
                client_answer(&MoveRequest::parse(text).map_err(|e| Failure::input(e.to_string()))?)
                    .map(|a| a.to_text())
            }
            Phase::Stop => Ok("null".into()),
        }
        .map_err(Failure::input)?;
        g.answer(Ok(&answer), "").map_err(Failure::input)?;
        answers.push(answer);
    }
}

/// The same game refereed from the recorded answers: (messages, request bytes, answer bytes).
fn referee(params: &PunterParams, answers: &[String]) -> Result<(usize, usize, usize), Failure> {
    let entrants = ["exe:a".to_string(), "exe:b".to_string()];
    let mut g = ProtocolGame::new(params.clone(), &entrants, SEED, 0).map_err(Failure::input)?;
    let (mut out, mut inb) = (0, 0);
    for answer in answers {
        let request = loop {
            match g.next(u32::MAX).map_err(Failure::input)? {
                Next::Ask(r) => break r,
                Next::Running => continue,
                Next::Over | Next::Person { .. } => {
                    return Err(Failure::input("the game ended before the recording"))
                }
            }
        };
        out += request.message.len();
        inb += answer.len();
        // As the CLI reads an answer: checked to be JSON (`Decoder::next_text`), then refereed.
        serde_json::from_str::<serde::de::IgnoredAny>(answer)
            .map_err(|e| Failure::input(e.to_string()))?;
        g.answer(Ok(answer), "").map_err(Failure::input)?;
    }
    Ok((answers.len(), out, inb))
}

/// The Punter benches' games: two punters with every extension on each bundled map named (or
/// on `defaults`), with the map's name.
pub fn two_punter_games(
    names: &[String],
    defaults: &[&str],
) -> Result<Vec<(String, PunterParams)>, Failure> {
    let names: Vec<&str> = if names.is_empty() {
        defaults.to_vec()
    } else {
        names.iter().map(String::as_str).collect()
    };
    let settings = Settings { futures: true, splurges: true, options: true };
    names
        .into_iter()
        .map(|name| {
            let file = format!("{name}.json");
            let text = maps::bundled(&file)
                .ok_or_else(|| Failure::input(format!("{name}: not a bundled map")))?;
            let params = PunterParams::new(&file, text, 2, settings, Vec::new())
                .map_err(|e| Failure::in_file(name, e))?;
            Ok((name.to_string(), params))
        })
        .collect()
}

pub fn run(names: &[String]) -> Result<(), Failure> {
    for (name, params) in two_punter_games(names, DEFAULT_MAPS)? {
        let answers = record(&params)?;
        let (messages, out, inb) = referee(&params, &answers)?;
        let ms = median_ms(3, || drop(referee(&params, &answers)));
        println!(
            "{}",
            json!({
                "map": name, "messages": messages, "request_mb": out as f64 / 1e6, "answer_mb": inb as f64 / 1e6,
                "referee_ms": ms, "us_per_message": ms * 1e3 / messages.max(1) as f64,
            })
        );
    }
    Ok(())
}

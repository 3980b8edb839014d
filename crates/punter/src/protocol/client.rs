//! A built-in bot on the punter's side of the official protocol, so that any contest referee
//! (`lamduct`, a team's own server, `arcade punter serve`) can seat it. Offline mode keeps
//! nothing between requests, so everything the bot needs travels in the `"state"`: its name
//! and seed, the setup (id, punters, settings, the map in the official shape), its futures and
//! every turn of the game so far. Each request rebuilds the game from that and asks the bot
//! for the move of its view. Online mode threads the same state in memory.

use super::*;
use crate::bots;
use rails::arena::Decider;

#[derive(Serialize, Deserialize)]
struct ClientState {
    bot: String,
    seed: u64,
    punter: usize,
    punters: usize,
    settings: Settings,
    map: Value,
    futures: Vec<(u64, u64)>,
    /// Every turn so far, in order (turn t was punter t mod n's).
    turns: Vec<Value>,
}

/// The ready message of bot `name` (a built-in bot) for `setup`, with the state it needs.
pub fn client_ready(name: &str, seed: u64, setup: &Setup) -> Result<Ready, String> {
    let settings = setup.settings.unwrap_or_default();
    let (punter, punters) = (setup.punter as usize, setup.punters as usize);
    let mut params = params_of(&setup.map, punters, settings, Vec::new())?;
    let mut bot = built_in(name, seed)?;
    bot.prepare(&mut params, punter as u8, seed);
    let futures = params.futures.get(punter).cloned().unwrap_or_default();
    let state = ClientState {
        bot: name.into(),
        seed,
        punter,
        punters,
        settings,
        map: setup.map.clone(),
        futures: futures.clone(),
        turns: Vec::new(),
    };
    let state = OfflineState::of(&state).map_err(|e| e.to_string())?;
    Ok(Ready { punter: setup.punter, futures: settings.futures.then_some(futures), state })
}

/// The bot's answer to a move request whose state it wrote.
pub fn client_answer(request: &MoveRequest) -> Result<Answer, String> {
    let state = request
        .state
        .as_ref()
        .ok_or("the move request carries no state (this bot keeps its game in the state)")?;
    let mut state: ClientState = serde_json::from_str(state.text())
        .map_err(|e| format!("the state is not this bot's: {e}"))?;
    let (p, n) = (state.punter, state.punters.max(1));
    let by_punter = |q: usize| {
        request
            .moves
            .iter()
            .find(|m| m.punter as usize == q)
            .map_or_else(|| ProtocolMove::pass(q).to_json(), Message::to_json)
    };
    // The turns since its own last one, in turn order (before its first: punters 0..p).
    if state.turns.is_empty() {
        state.turns.extend((0..p).map(by_punter));
    } else {
        // Its own last move as the server played it.
        if let Some(own) = state.turns.last_mut() {
            *own = by_punter(p);
        }
        state.turns.extend((1..n).map(|k| by_punter((p + k) % n)));
    }
    let mut futures = vec![Vec::new(); n];
    futures[p] = state.futures.clone();
    let params = params_of(&state.map, n, state.settings, futures)?;
    let mut game = Punter::new(&params).map_err(|e| e.to_string())?;
    for turn in &state.turns {
        let mv = ProtocolMove::from_json(turn).map(|m| m.mv).unwrap_or(Move::Pass);
        play_turn(&mut game, &mv);
    }
    let turn = state.turns.len() as u64;
    let mut bot = built_in(&state.bot, state.seed ^ turn.wrapping_mul(0x9E37_79B9_7F4A_7C15))?;
    let mut steps = Vec::new();
    let mut trial = game.clone();
    // A splurge is decided step by step; the bot's turn ends when the mover changes.
    while trial.game().mover() == p
        && !trial.game().is_over()
        && steps.len() <= params.map.rivers.len() + 1
    {
        let view = trial.view(p as u8);
        let step = bot.decide(&view).unwrap_or(PunterMove::Pass);
        if trial.play(&step).is_err() {
            break;
        }
        steps.push(step);
        if matches!(
            steps.last(),
            Some(
                PunterMove::Pass
                    | PunterMove::Claim(_)
                    | PunterMove::Option(_)
                    | PunterMove::SplurgeEnd
            )
        ) {
            break;
        }
    }
    let mv = from_punter_moves(&params.map, &steps).unwrap_or(Move::Pass);
    state.turns.push(ProtocolMove::new(p, mv.clone()).to_json());
    let state = OfflineState::of(&state).map_err(|e| e.to_string())?;
    Ok(Answer { mv: ProtocolMove::new(p, mv), state })
}

/// Plays a turn as the server did: the whole move, or a pass if any of it is illegal.
fn play_turn(game: &mut Punter, mv: &Move) {
    let steps = game.game().check_move(mv).and_then(|()| to_punter_moves(game.game().map(), mv));
    let mut trial = game.clone();
    if let Ok(steps) = steps {
        if steps.iter().all(|s| trial.play(s).is_ok()) {
            *game = trial;
            return;
        }
    }
    let _ = game.play(&PunterMove::Pass);
}

fn built_in(name: &str, seed: u64) -> Result<Box<dyn Decider<Punter>>, String> {
    bots::bot(name, seed).map_err(|e| e.to_string())
}

fn params_of(
    map: &Value,
    punters: usize,
    settings: Settings,
    futures: Vec<Vec<(u64, u64)>>,
) -> Result<PunterParams, String> {
    PunterParams::new("setup.json", &map.to_string(), punters, settings, futures)
        .map_err(|e| format!("the setup's map: {e}"))
}

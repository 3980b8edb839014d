//! `arcade punter serve MAP --punters N [--port P] [--bots a,b] [--futures] [--splurges]
//! [--options] [--seed S] [--log FILE] [--json]`: the contest's online game server, locally.
//! It accepts the punters that connect over TCP (online mode: one connection each, the
//! handshake first; the lobby, `punter_lobby.rs`, shakes hands with several at once), seats
//! them in the order their handshakes complete, fills the remaining seats with the bots given
//! by name or `exe:`, and referees one game on the same engine state machine as every other
//! host. Every write and every read has a deadline: a request and its answer share the
//! request's limit. A punter too slow to answer gets the `{"timeout": t}` notice and a pass;
//! one that does not take its request in time, or whose connection breaks, is a zombie.

use crate::punter_frames::{write_by, Missing};
use crate::punter_lobby::{seat, Online};
use crate::punter_offline::Reply;
use crate::punter_play::{params, report, OneGame};
use crate::punter_seats::{play_game_with, Played};
use crate::Failure;
use punter::protocol::{Message, Phase, Request, TimeoutNotice};
use punter::PunterParams;
use std::net::{Shutdown, TcpListener};
use std::time::{Duration, Instant};

/// How long a punter has to take the `{"timeout": t}` notice.
const NOTICE: Duration = Duration::from_secs(1);

/// Asks an online punter: the request written and its answer read by the limit (for the stop,
/// only the request). A punter that does not take the whole request in time, or whose
/// connection breaks, is gone (a zombie); one that does not answer in time gets the timeout
/// notice and a pass.
fn ask(online: &mut Online, request: &Request, limit: Duration) -> Reply {
    let deadline = Instant::now() + limit;
    if let Some(why) = &online.broken {
        return gone(why.clone());
    }
    if let Err(e) = write_by(&mut online.out, &request.message, deadline) {
        let why = match e.kind() {
            std::io::ErrorKind::TimedOut => {
                format!("did not take the request within {} s", limit.as_secs_f64())
            }
            _ => format!("its connection broke: {e}"),
        };
        return drop_connection(online, why);
    }
    if request.phase == Phase::Stop {
        return Reply::Answer("null".into());
    }
    match online.frames.read_by(deadline) {
        Ok(v) => Reply::Answer(v),
        Err(Missing::Late) => {
            if let Err(e) = write_by(
                &mut online.out,
                &TimeoutNotice { seconds: limit.as_secs_f64() }.to_text(),
                Instant::now() + NOTICE,
            ) {
                drop_connection(online, format!("did not take the timeout notice ({e})"));
            }
            Reply::Fault {
                message: format!("no answer within {} s", limit.as_secs_f64()),
                timeout: true,
                gone: false,
            }
        }
        Err(Missing::Broken(why)) => drop_connection(online, why),
    }
}

fn gone(message: String) -> Reply {
    Reply::Fault { message, timeout: false, gone: true }
}

/// The connection is of no more use: closed, and the punter gone.
fn drop_connection(online: &mut Online, why: String) -> Reply {
    let _ = online.out.shutdown(Shutdown::Both);
    online.broken = Some(why.clone());
    gone(why)
}

#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// The map: a bundled one by name (lambda, circle, boston …) or a map file
    #[arg(value_name = "MAP")]
    map: String,
    /// Punters in the game, online ones and --bots together
    #[arg(long, value_name = "N")]
    punters: usize,
    /// The port on 127.0.0.1 (0: any free one; the address is printed on stderr)
    #[arg(long, value_name = "P", default_value_t = 9000)]
    port: u16,
    /// Seats after the online punters: built-in bots or programs (exe:COMMAND, wasm:FILE ARGS…)
    #[arg(long, value_name = "BOT,…")]
    bots: Option<String>,
    #[command(flatten)]
    game: OneGame,
}

/// `arcade punter serve MAP --punters N …`
pub fn main(args: &ServeArgs) -> Result<(), Failure> {
    let bots: Vec<String> =
        args.bots.as_deref().map_or_else(Vec::new, |b| b.split(',').map(str::to_string).collect());
    if args.punters < 2 || bots.len() > args.punters {
        return Err(Failure::usage(
            "--punters must be at least 2 and at least the number of --bots",
        ));
    }
    let params = params(&args.map, args.punters, args.game.extensions.settings())?;
    let served = serve(params, args.port, args.punters - bots.len(), &bots, args.game.seed.value)?;
    report(&args.game, &served.names, served.played)
}

struct Served {
    names: Vec<String>,
    played: Played,
}

/// Listens on `port` (0: any free port; the address is printed on stderr), seats `online`
/// punters as they connect, then `bots`, and plays one game.
fn serve(
    params: PunterParams,
    port: u16,
    online: usize,
    bots: &[String],
    seed: u64,
) -> Result<Served, Failure> {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| Failure::input(format!("port {port}: {e}")))?;
    let address = listener.local_addr().map_err(|e| Failure::input(e.to_string()))?;
    eprintln!(
        "listening on {address}: waiting for {online} punter{}",
        if online == 1 { "" } else { "s" }
    );
    let mut seated = seat(&listener, online)?;
    let entrants: Vec<String> =
        (0..online).map(|_| "online".to_string()).chain(bots.iter().cloned()).collect();
    let mut names: Vec<String> = seated.iter().map(|o| o.name.clone()).collect();
    names.extend(bots.iter().cloned());
    let mut other = |request: &Request, limit: Duration| -> Result<Reply, Failure> {
        let online = seated.get_mut(request.entrant).ok_or_else(|| {
            Failure::input(format!("entrant {} is not connected", request.entrant))
        })?;
        Ok(ask(online, request, limit))
    };
    let played = play_game_with(params, &entrants, seed, 0, 1.0, &mut other)?;
    Ok(Served { names, played })
}

//! `arcade punter serve MAP --punters N [--port P] [--bots a,b] [--futures] [--splurges]
//! [--options] [--seed S] [--log FILE] [--json]`: the contest's online game server, locally.
//! It accepts the punters that connect over TCP (online mode: one connection each, the
//! handshake first), seats them in the order they came, fills the remaining seats with the
//! bots given by name or `exe:`, and referees one game on the same engine state machine as
//! every other host. A punter too slow gets the `{"timeout": t}` notice and a pass; one whose
//! connection breaks is a zombie.

use crate::punter_frames::{write, Frames, Missing};
use crate::punter_play::{params, report, OneGame};
use crate::punter_offline::Reply;
use crate::punter_seats::{play_game_with, Played};
use crate::Failure;
use lambda_arcade::punter::protocol::{Me, Message, Phase, Request, TimeoutNotice, You};
use lambda_arcade::punter::PunterParams;
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

/// How long a punter that connected has to say its name.
const HANDSHAKE: Duration = Duration::from_secs(10);

struct Online {
    name: String,
    frames: Frames<TcpStream>,
    out: TcpStream,
}

/// Accepts `count` punters, each with its handshake; tells on stderr who came.
fn accept(listener: &TcpListener, count: usize) -> Result<Vec<Online>, Failure> {
    let mut seated = Vec::with_capacity(count);
    while seated.len() < count {
        let (stream, peer) = listener.accept().map_err(|e| Failure::input(format!("accepting a punter: {e}")))?;
        let _ = stream.set_nodelay(true);
        let Ok(out) = stream.try_clone() else { continue };
        let mut frames = Frames::new(stream);
        let hello = frames.read_by(Instant::now() + HANDSHAKE);
        let name = match hello.as_deref().ok().map(Me::parse) {
            Some(Ok(me)) => me.name,
            _ => {
                eprintln!("{peer}: no handshake ({}); connection closed", hello.err().map_or("not {\"me\": name}".into(), |e| e.to_string()));
                continue;
            }
        };
        let mut online = Online { name, frames, out };
        if write(&mut online.out, &You { name: online.name.clone() }.to_text()).is_err() {
            continue;
        }
        eprintln!("punter {} is {} ({peer})", seated.len(), online.name);
        seated.push(online);
    }
    Ok(seated)
}

/// Asks an online punter: the request, then its answer by the limit (nothing for the stop).
fn ask(online: &mut Online, request: &Request, limit: Duration) -> Reply {
    let deadline = Instant::now() + limit;
    if let Err(e) = write(&mut online.out, &request.message) {
        return Reply::Fault { message: format!("its connection broke: {e}"), timeout: false, gone: true };
    }
    if request.phase == Phase::Stop {
        return Reply::Answer("null".into());
    }
    match online.frames.read_by(deadline) {
        Ok(v) => Reply::Answer(v),
        Err(Missing::Late) => {
            let _ = write(&mut online.out, &TimeoutNotice { seconds: limit.as_secs_f64() }.to_text());
            Reply::Fault { message: format!("no answer within {} s", limit.as_secs_f64()), timeout: true, gone: false }
        }
        Err(Missing::Broken(why)) => Reply::Fault { message: why, timeout: false, gone: true },
    }
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
    /// Seats after the online punters: built-in bots or exe:COMMAND programs
    #[arg(long, value_name = "BOT,…")]
    bots: Option<String>,
    #[command(flatten)]
    game: OneGame,
}

/// `arcade punter serve MAP --punters N …`
pub fn main(args: &ServeArgs) -> Result<(), Failure> {
    let bots: Vec<String> = args.bots.as_deref().map_or_else(Vec::new, |b| b.split(',').map(str::to_string).collect());
    if args.punters < 2 || bots.len() > args.punters {
        return Err(Failure::usage("--punters must be at least 2 and at least the number of --bots"));
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
fn serve(params: PunterParams, port: u16, online: usize, bots: &[String], seed: u64) -> Result<Served, Failure> {
    let listener = TcpListener::bind(("127.0.0.1", port)).map_err(|e| Failure::input(format!("port {port}: {e}")))?;
    let address = listener.local_addr().map_err(|e| Failure::input(e.to_string()))?;
    eprintln!("listening on {address}: waiting for {online} punter{}", if online == 1 { "" } else { "s" });
    let mut seated = accept(&listener, online)?;
    let entrants: Vec<String> = (0..online).map(|_| "online".to_string()).chain(bots.iter().cloned()).collect();
    let mut names: Vec<String> = seated.iter().map(|o| o.name.clone()).collect();
    names.extend(bots.iter().cloned());
    let mut other = |request: &Request, limit: Duration| -> Result<Reply, Failure> {
        let online = seated.get_mut(request.entrant).ok_or_else(|| Failure::input(format!("entrant {} is not connected", request.entrant)))?;
        Ok(ask(online, request, limit))
    };
    let played = play_game_with(params, &entrants, seed, 0, 1.0, &mut other)?;
    Ok(Served { names, played })
}

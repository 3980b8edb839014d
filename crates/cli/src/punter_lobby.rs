//! The lobby of `arcade punter serve`: connections shake hands at once, each on a thread of its
//! own with its own deadline — `{"me": name}` read within [`HANDSHAKE`], the `{"you": name}`
//! echo written within it too — so an idle stranger never delays anyone else. At most
//! [`HANDSHAKES_AT_ONCE`] connections are being shaken hands with; later ones wait to be
//! accepted until one of those is seated or turned away. Punters are seated in the order their
//! handshakes complete; a connection that fails its handshake is closed, freeing its place.

use crate::punter_frames::{write_by, Frames};
use crate::Failure;
use punter::protocol::{Me, Message, You};
use rails::inputs::excerpt;
use std::io::ErrorKind;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a punter that connected has to say its name and take the echo.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// The most connections being shaken hands with at once (each may hold a message of up to
/// 16 MiB: the protocol's bound).
pub const HANDSHAKES_AT_ONCE: usize = 8;

/// A punter seated at the table.
pub struct Online {
    /// Its name as the arcade quotes it (`inputs::excerpt`: at most 200 characters and how many
    /// more); the punter was echoed its whole name.
    pub name: String,
    pub peer: SocketAddr,
    pub frames: Frames<TcpStream>,
    pub out: TcpStream,
    /// Why its connection is of no more use (a write cut off, a broken stream), once it is not.
    pub broken: Option<String>,
}

/// Seats `count` punters as their handshakes complete; tells on stderr who came and who was
/// turned away.
pub fn seat(listener: &TcpListener, count: usize) -> Result<Vec<Online>, Failure> {
    listener.set_nonblocking(true).map_err(|e| Failure::input(format!("the lobby: {e}")))?;
    let (tx, done) = mpsc::channel();
    let shaking = Arc::new(AtomicUsize::new(0));
    let mut seated = Vec::with_capacity(count);
    while seated.len() < count {
        let mut accepted = false;
        if shaking.load(Ordering::SeqCst) < HANDSHAKES_AT_ONCE {
            match listener.accept() {
                Ok((stream, peer)) => {
                    shaking.fetch_add(1, Ordering::SeqCst);
                    let (tx, slot) = (tx.clone(), Place(Arc::clone(&shaking)));
                    std::thread::spawn(move || shake_hands(stream, peer, slot, &tx));
                    accepted = true;
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                // A connection that failed before it was accepted, or no descriptor left: the
                // lobby stays open.
                Err(e) => eprintln!("accepting a punter: {e}"),
            }
        }
        let wait = if accepted { Duration::ZERO } else { Duration::from_millis(10) };
        match done.recv_timeout(wait) {
            Ok((_, Ok(online))) => {
                eprintln!("punter {} is {} ({})", seated.len(), online.name, online.peer);
                seated.push(online);
            }
            Ok((peer, Err(why))) => eprintln!("{peer}: {why}; connection closed"),
            Err(_) => {}
        }
    }
    Ok(seated)
}

/// A place among the connections being shaken hands with, freed when dropped.
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

type Handshake = (SocketAddr, Result<Online, String>);

fn shake_hands(stream: TcpStream, peer: SocketAddr, place: Place, done: &Sender<Handshake>) {
    let result = handshake(stream, peer);
    drop(place);
    let _ = done.send((peer, result));
}

fn handshake(stream: TcpStream, peer: SocketAddr) -> Result<Online, String> {
    let deadline = Instant::now() + HANDSHAKE;
    stream.set_nonblocking(false).map_err(|e| e.to_string())?;
    let _ = stream.set_nodelay(true);
    let mut out = stream.try_clone().map_err(|e| e.to_string())?;
    let mut frames = Frames::new(stream);
    let hello = frames
        .read_by(deadline)
        .map_err(|e| format!("no handshake ({})", excerpt(&e.to_string())))?;
    let Me { name } =
        Me::parse(&hello).map_err(|e| format!("no handshake ({})", excerpt(&e.to_string())))?;
    let quoted = excerpt(&name).into_owned();
    write_by(&mut out, &You { name }.to_text(), deadline)
        .map_err(|e| format!("{quoted} did not take the handshake's echo ({e})"))?;
    Ok(Online { name: quoted, peer, frames, out, broken: None })
}

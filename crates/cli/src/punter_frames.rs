//! `n:json` messages over a byte stream (stdin/stdout, a TCP connection), for the bot and the
//! game server of the CLI; the framing itself is the engine's (`protocol::Decoder`: a length
//! of more than 9 digits or 16 MiB is refused before anything is allocated for it). On TCP,
//! every read and every write has a deadline.

use punter::protocol::{frame, Decoder};
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::Instant;

pub struct Frames<R> {
    inner: R,
    decoder: Decoder,
}

/// Why no message came.
#[derive(Debug)]
pub enum Missing {
    /// The deadline passed (only with [`Frames::read_by`]).
    Late,
    /// The stream ended or broke, or sent something that is not a message.
    Broken(String),
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Missing::Late => f.write_str("no message in time"),
            Missing::Broken(why) => f.write_str(why),
        }
    }
}

impl<R: Read> Frames<R> {
    pub fn new(inner: R) -> Frames<R> {
        Frames { inner, decoder: Decoder::new() }
    }

    /// The next message's JSON text, waiting as long as it takes.
    pub fn read(&mut self) -> Result<String, Missing> {
        loop {
            if let Some(v) = self.decoded()? {
                return Ok(v);
            }
            self.fill()?;
        }
    }

    fn decoded(&mut self) -> Result<Option<String>, Missing> {
        self.decoder.next_text().map_err(|e| Missing::Broken(format!("not a message: {e}")))
    }

    fn fill(&mut self) -> Result<(), Missing> {
        let mut buf = [0u8; 64 << 10];
        match self.inner.read(&mut buf) {
            Ok(0) => Err(Missing::Broken(if self.decoder.buffered() > 0 {
                "the stream ended inside a message".into()
            } else {
                "the stream ended".into()
            })),
            Ok(n) => {
                self.decoder.push(&buf[..n]);
                Ok(())
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                Err(Missing::Late)
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => Ok(()),
            Err(e) => Err(Missing::Broken(e.to_string())),
        }
    }
}

impl Frames<TcpStream> {
    /// The next message's JSON text by `deadline`.
    pub fn read_by(&mut self, deadline: Instant) -> Result<String, Missing> {
        loop {
            if let Some(v) = self.decoded()? {
                return Ok(v);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Missing::Late);
            }
            self.inner.set_read_timeout(Some(left)).map_err(|e| Missing::Broken(e.to_string()))?;
            self.fill()?;
        }
    }
}

/// Writes one message (its JSON text) by `deadline`. A write cut off by the deadline leaves
/// half a message on the wire: the connection is of no more use.
pub fn write_by(stream: &mut TcpStream, message: &str, deadline: Instant) -> std::io::Result<()> {
    let framed = frame(message);
    let mut rest = framed.as_bytes();
    while !rest.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(rest) {
            Ok(0) => return Err(ErrorKind::WriteZero.into()),
            Ok(n) => rest = &rest[n..],
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if e.kind() == ErrorKind::WouldBlock => return Err(ErrorKind::TimedOut.into()),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Writes one message (its JSON text) and flushes.
pub fn write(w: &mut impl Write, message: &str) -> std::io::Result<()> {
    w.write_all(frame(message).as_bytes())?;
    w.flush()
}

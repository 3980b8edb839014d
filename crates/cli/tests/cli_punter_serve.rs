//! `arcade punter serve` against strangers on loopback: a punter that never reads a setup of
//! megabytes, idle connections in the lobby, a claimed length of 10^15, a 15 MiB name. The
//! honest punters (played here: they pass) always get their game.

#[path = "common/cli.rs"]
mod cli;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A running `serve`, killed when dropped (a failing test leaves no server behind).
struct Server {
    child: Child,
    stdout: Receiver<String>,
    stderr: Receiver<String>,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `serve` on a free port, its stdout and its stderr lines read by threads.
fn serve(args: &[&str]) -> Server {
    let mut child = cli::command()
        .args(["punter", "serve"])
        .args(args)
        .args(["--port", "0", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, stdout) = mpsc::channel();
    let mut out = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        let _ = tx.send(text);
    });
    let (tx, stderr) = mpsc::channel();
    let lines = BufReader::new(child.stderr.take().unwrap()).lines();
    std::thread::spawn(move || {
        for line in lines.map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let first =
        stderr.recv_timeout(Duration::from_secs(60)).expect("the server says where it listens");
    let port = first
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    Server { child, stdout, stderr, port }
}

impl Server {
    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        stream.set_write_timeout(Some(Duration::from_secs(60))).unwrap();
        stream
    }

    /// Waits for the stderr line that starts with `start`, for at most `within`.
    fn said(&self, start: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.stderr.recv_timeout(left) {
                Ok(line) if line.starts_with(start) => return line,
                Ok(_) => {}
                Err(_) => panic!("the server did not say \"{start}…\" within {within:?}"),
            }
        }
    }

    /// Its JSON result and the rest of its stderr, once it has finished (within `within`).
    fn finish(mut self, within: Duration) -> (Value, Vec<String>) {
        let deadline = Instant::now() + within;
        while self.child.try_wait().unwrap().is_none() {
            if Instant::now() > deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("the server did not finish its game within {within:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        assert!(self.child.wait().unwrap().success(), "the server failed");
        let out = self.stdout.recv_timeout(Duration::from_secs(30)).unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let rest = self.stderr.try_iter().collect();
        (serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}")), rest)
    }
}

fn send(stream: &mut TcpStream, text: &str) {
    stream.write_all(format!("{}:{text}", text.len()).as_bytes()).unwrap();
}

/// The next message's text, or why none came.
fn receive(stream: &mut TcpStream) -> Result<String, String> {
    let mut length = String::new();
    let mut byte = [0u8; 1];
    loop {
        stream.read_exact(&mut byte).map_err(|e| format!("reading a length: {e}"))?;
        match byte[0] {
            b':' => break,
            b if b.is_ascii_digit() && length.len() < 9 => length.push(b as char),
            b => return Err(format!("byte {b} in a length")),
        }
    }
    let mut body = vec![0u8; length.parse().map_err(|e| format!("{e}"))?];
    stream.read_exact(&mut body).map_err(|e| format!("reading a message: {e}"))?;
    String::from_utf8(body).map_err(|e| e.to_string())
}

/// An honest punter that passes every turn, from its handshake to the stop: what went wrong,
/// if anything.
fn honest(mut stream: TcpStream, name: String) -> JoinHandle<Result<(), String>> {
    std::thread::spawn(move || {
        send(&mut stream, &serde_json::json!({ "me": name }).to_string());
        let you: Value = serde_json::from_str(&receive(&mut stream)?).map_err(|e| e.to_string())?;
        if you["you"] != name.as_str() {
            return Err(format!(
                "the echo is not my name: {}",
                &you.to_string()[..80.min(you.to_string().len())]
            ));
        }
        let mut me = 0;
        loop {
            let message: Value =
                serde_json::from_str(&receive(&mut stream)?).map_err(|e| e.to_string())?;
            if message.get("stop").is_some() {
                return Ok(());
            } else if message.get("map").is_some() {
                me = message["punter"].as_u64().ok_or("no punter in the setup")?;
                send(&mut stream, &serde_json::json!({ "ready": me }).to_string());
            } else if message.get("move").is_some() {
                send(&mut stream, &serde_json::json!({ "pass": { "punter": me } }).to_string());
            }
        }
    })
}

fn problems(served: &Value) -> Vec<String> {
    served["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| format!("seat {}: {}", p["seat"], p["message"].as_str().unwrap()))
        .collect()
}

/// A map whose setup message is about 5.6 MB: 199,990 sites with 20-digit ids, 12 rivers.
fn map_of_megabytes() -> std::path::PathBuf {
    let id = |i: u64| 10_000_000_000_000_000_000 + i;
    let sites: Vec<String> = (0..199_990).map(|i| format!("{{\"id\":{}}}", id(i))).collect();
    let rivers: Vec<String> =
        (0..12).map(|i| format!("{{\"source\":{},\"target\":{}}}", id(i), id(i + 1))).collect();
    let text = format!(
        "{{\"sites\":[{}],\"rivers\":[{}],\"mines\":[{},{}]}}",
        sites.join(","),
        rivers.join(","),
        id(0),
        id(6)
    );
    let path = std::env::temp_dir().join(format!("arcade-big-map-{}.json", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_punter_that_never_reads_its_setup_is_a_zombie_and_the_game_goes_on() {
    let map = map_of_megabytes();
    let server = serve(&[map.to_str().unwrap(), "--punters", "3"]);
    let mut silent = server.connect();
    send(&mut silent, r#"{"me":"silent"}"#);
    server.said("punter 0 is silent", Duration::from_secs(30));
    let players: Vec<_> =
        (1..=2).map(|i| honest(server.connect(), format!("honest {i}"))).collect();
    let (served, _) = server.finish(Duration::from_secs(120));
    for p in players {
        assert_eq!(p.join().unwrap(), Ok(()), "an honest punter played to the stop");
    }
    let said = problems(&served);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("seat 0:") && said[0].contains("zombie"), "{said:?}");
    assert_eq!(served["moves"], 12, "{served}");
    drop(silent);
    std::fs::remove_file(map).ok();
}

#[test]
fn idle_connections_do_not_hold_the_lobby() {
    let server = serve(&["sample", "--punters", "2"]);
    let idle: Vec<TcpStream> = (0..6).map(|_| server.connect()).collect();
    // A stranger claiming a message of 10^15 bytes is turned away at once.
    let mut claim = server.connect();
    claim.write_all(b"1000000000000000:").unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 16];
    let answer = claim.read(&mut buf);
    assert!(matches!(answer, Ok(0) | Err(_)), "the connection was closed: {answer:?}");
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "turned away at once, not after {:?}",
        started.elapsed()
    );
    let started = Instant::now();
    let players: Vec<_> =
        (1..=2).map(|i| honest(server.connect(), format!("honest {i}"))).collect();
    let (served, _) = server.finish(Duration::from_secs(120));
    for p in players {
        assert_eq!(p.join().unwrap(), Ok(()), "an honest punter played to the stop");
    }
    assert_eq!(problems(&served), Vec::<String>::new());
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "the game took {:?} behind six idle connections",
        started.elapsed()
    );
    drop(idle);
}

#[test]
fn a_name_of_15_mib_is_quoted_briefly() {
    let server = serve(&["sample", "--punters", "2", "--bots", "random"]);
    let name = "n".repeat(15 << 20);
    let player = honest(server.connect(), name);
    let (served, stderr) = server.finish(Duration::from_secs(120));
    assert_eq!(player.join().unwrap(), Ok(()), "the punter played to the stop");
    assert_eq!(served["moves"], 12, "{served}");
    let longest = stderr.iter().map(String::len).max().unwrap_or(0);
    assert!(longest < 500, "a line of {longest} bytes on stderr");
    assert!(
        stderr.iter().any(|l| l.starts_with("punter 0 is nnn") && l.contains("more characters")),
        "{stderr:?}"
    );
    assert!(served.to_string().len() < 10_000, "the result quotes the name briefly");
}

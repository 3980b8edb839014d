//! Our bots as contest programs (`arcade punter bot`, offline and online) and the local game
//! server (`arcade punter serve`): a bot through the protocol plays exactly the moves it plays
//! inside the engine.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json};

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStderr, Stdio};

const ARCADE: &str = env!("CARGO_BIN_EXE_arcade");
const ALL: [&str; 3] = ["--futures", "--splurges", "--options"];

fn play(map: &str, bots: &str) -> Value {
    let mut args = vec!["punter", "play", map, "--bots", bots, "--json"];
    args.extend(ALL);
    json(&arcade(&args))
}

#[test]
fn a_bot_in_offline_mode_plays_as_it_does_in_the_engine() {
    for map in ["sample", "lambda"] {
        let through =
            play(map, &format!("exe:{ARCADE} punter bot greedy,exe:{ARCADE} punter bot strong"));
        let inside = play(map, "greedy,strong");
        assert_eq!(through["problems"], serde_json::json!([]), "{map}");
        assert_eq!(through["scores"], inside["scores"], "{map}");
    }
}

/// `serve` on a free port: the child, its stderr lines, and the port.
fn serve(args: &[&str]) -> (Child, std::io::Lines<BufReader<ChildStderr>>, u16) {
    let mut child = cli::command()
        .args(["punter", "serve"])
        .args(args)
        .args(["--port", "0", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let port = first
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {first:?}"));
    (child, lines, port)
}

fn finish(mut child: Child) -> Value {
    let mut out = String::new();
    child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert!(child.wait().unwrap().success());
    serde_json::from_str(&out).unwrap()
}

#[test]
fn online_bots_through_the_game_server_play_as_in_the_engine_and_its_log_replays() {
    let log = std::env::temp_dir().join(format!("arcade-serve-{}.json", std::process::id()));
    let mut args =
        vec!["lambda", "--punters", "3", "--bots", "greedy", "--log", log.to_str().unwrap()];
    args.extend(ALL);
    let (child, mut lines, port) = serve(&args);
    let address = format!("127.0.0.1:{port}");
    // Seats go in the order the handshakes complete: wait until the first is seated.
    let first = cli::command()
        .args(["punter", "bot", "greedy", "--online", &address])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    assert!(lines.next().unwrap().unwrap().starts_with("punter 0 is arcade greedy"));
    let second = cli::command()
        .args(["punter", "bot", "strong", "--online", &address])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let served = finish(child);
    for mut bot in [first, second] {
        assert!(bot.wait().unwrap().success(), "the bot ends with the game");
    }
    assert_eq!(served["problems"], serde_json::json!([]));
    assert_eq!(served["scores"], play("lambda", "greedy,strong,greedy")["scores"]);
    let replayed: Value =
        serde_json::from_slice(&arcade(&["punter", "replay", log.to_str().unwrap()]).stdout)
            .unwrap();
    assert_eq!(replayed["match"], true, "{replayed}");
}

#[test]
fn a_punter_whose_connection_breaks_is_a_zombie_and_the_game_goes_on() {
    let (child, _lines, port) = serve(&["sample", "--punters", "2", "--bots", "greedy"]);
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.write_all(b"14:{\"me\":\"quits\"}").unwrap();
    let mut buf = [0u8; 64];
    let n = stream.read(&mut buf).unwrap();
    assert!(
        buf[..n].starts_with(b"15:{\"you\":\"quits\"}"),
        "the handshake's echo (then the setup)"
    );
    drop(stream);
    let served = finish(child);
    let said: Vec<&str> = served["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["message"].as_str().unwrap())
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("zombie"), "{said:?}");
    assert_eq!(served["moves"], 12);
}

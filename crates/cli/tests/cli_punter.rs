//! `arcade punter replay`: one JSON line per official log, exit 1 when a score differs, 2 on a
//! bad command line.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

use std::process::Output;

fn lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

const A: &str = "tests/fixtures/punter/full1--options--lambda-aa2.json";
const B: &str = "tests/fixtures/punter/full2--futures--nara-d01.json";

#[test]
fn replay_prints_scores_and_the_recorded_ones() {
    let out = arcade(&["punter", "replay", A, B]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["log"], A);
    assert_eq!(v[0]["map"], "lambda.json");
    assert_eq!(v[1]["scores"].as_array().unwrap().len(), 16);
    for l in &v {
        assert_eq!(l["scores"], l["recorded"]);
        assert_eq!(l["match"], true);
    }
}

#[test]
fn a_differing_score_or_a_broken_log_exits_1_with_its_place() {
    let dir = std::env::temp_dir().join(format!("arcade-punter-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(format!("{}/{A}", cli::ROOT)).unwrap();
    let changed = dir.join("changed.json");
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    for item in json["game"].as_array_mut().unwrap() {
        if let Some(scores) = item.get_mut("scores").and_then(|s| s.as_array_mut()) {
            if scores[0].get("score").is_some() {
                scores[0]["score"] = serde_json::json!(scores[0]["score"].as_i64().unwrap() + 1);
            }
        }
    }
    std::fs::write(&changed, json.to_string()).unwrap();
    let broken = dir.join("broken.json");
    std::fs::write(&broken, &text[..text.len() / 2]).unwrap();
    let out = arcade(&["punter", "replay", A, changed.to_str().unwrap(), broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let v = lines(&out);
    assert_eq!(v.len(), 3, "every log gets its line");
    assert_eq!(v[0]["match"], true);
    assert_eq!(v[1]["match"], false);
    assert_ne!(v[1]["scores"], v[1]["recorded"]);
    assert!(v[2]["error"].as_str().unwrap().starts_with("39:8: EOF while parsing"), "{}", v[2]);
    // Maps come from --maps when given.
    let out = arcade(&["punter", "replay", A, "--maps", dir.to_str().unwrap()]);
    assert!(out.status.success(), "bundled maps are the fallback");
}

#[test]
fn bad_command_lines_exit_2() {
    assert_eq!(arcade(&["punter", "replay"]).status.code(), Some(2));
    assert_eq!(arcade(&["punter", "replay", A, "--nope"]).status.code(), Some(2));
    assert_eq!(arcade(&["punter", "what"]).status.code(), Some(2));
}

#[test]
fn play_prints_scores_a_link_that_opens_and_a_log_that_replays() {
    let dir = std::env::temp_dir().join(format!("arcade-punter-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.json");
    let out = arcade(&[
        "punter",
        "play",
        "lambda",
        "--bots",
        "greedy,random,random",
        "--splurges",
        "--options",
        "--seed",
        "5",
        "--json",
        "--log",
        log.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &lines(&out)[0];
    let scores = v["scores"].as_array().unwrap().clone();
    assert_eq!(scores.len(), 3);
    assert!(v["moves"].as_u64().unwrap() >= 60, "one turn per river at least");
    let opened = lines(&arcade(&["open", v["link"].as_str().unwrap()]))[0].clone();
    assert_eq!(opened["scores"], serde_json::Value::Array(scores.clone()));
    assert_eq!(opened["over"], true);
    // The exported log replays to the same scores, and its link opens at them.
    let replay = lines(&arcade(&["punter", "replay", log.to_str().unwrap()]))[0].clone();
    assert_eq!(replay["match"], true);
    assert_eq!(replay["scores"], serde_json::Value::Array(scores.clone()));
    let link =
        String::from_utf8(arcade(&["punter", "link", log.to_str().unwrap()]).stdout).unwrap();
    assert_eq!(
        lines(&arcade(&["open", link.trim()]))[0]["scores"],
        serde_json::Value::Array(scores)
    );
    // Same seed, same game.
    let again = lines(&arcade(&[
        "punter",
        "play",
        "lambda",
        "--bots",
        "greedy,random,random",
        "--splurges",
        "--options",
        "--seed",
        "5",
        "--json",
    ]))[0]
        .clone();
    assert_eq!(again["link"], v["link"]);
}

#[test]
fn the_arena_alternates_seats_and_greedy_beats_random() {
    let out = arcade(&[
        "punter", "arena", "greedy", "random", "--map", "circle", "--games", "10", "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = &lines(&out)[0];
    let wins: Vec<u64> =
        v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    assert_eq!(wins.iter().sum::<u64>() + v["draws"].as_u64().unwrap(), 10);
    assert!(wins[0] >= 8, "{v}");
    assert_eq!(arcade(&["punter", "arena", "greedy", "nobody"]).status.code(), Some(2));
    assert_eq!(
        arcade(&["punter", "play", "no-such-map", "--bots", "greedy,random"]).status.code(),
        Some(2)
    );
}

/// With Futures, a bot's bids go with the bot whichever seat it has: swapping the two names
/// mirrors the arena exactly.
#[test]
fn futures_follow_the_bot_when_seats_alternate() {
    let run = |a: &str, b: &str| {
        let out = arcade(&[
            "punter",
            "arena",
            a,
            b,
            "--map",
            "lambda",
            "--games",
            "2",
            "--futures",
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let (ab, ba) = (run("strong", "greedy"), run("greedy", "strong"));
    assert_eq!(ab["wins"][0], ba["wins"][1], "{ab} {ba}");
    assert_eq!(ab["mean_scores"][0], ba["mean_scores"][1], "{ab} {ba}");
    assert_eq!(ab["mean_scores"][1], ba["mean_scores"][0], "{ab} {ba}");
}

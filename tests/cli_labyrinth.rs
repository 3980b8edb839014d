//! `arcade labyrinth …`: new games as save files, checks with their places, AI play and links.

use std::process::{Command, Output};

fn arcade(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arcade")).args(args).env_remove("ARCADE_URL").output().expect("runs")
}

#[test]
fn new_saves_check_canonically_and_play_to_a_winner_with_a_link() {
    let dir = std::env::temp_dir().join(format!("arcade-labyrinth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = arcade(&["labyrinth", "new", "--players", "yellow:ai,red:human", "--seed", "5"]);
    assert!(out.status.success());
    let path = dir.join("game.sav");
    std::fs::write(&path, &out.stdout).unwrap();
    let checked = arcade(&["labyrinth", "check", path.to_str().unwrap()]);
    assert!(checked.status.success());
    assert_eq!(checked.stdout, out.stdout, "a new save is already canonical");
    // A typo is named with its place.
    let bad = dir.join("bad.sav");
    std::fs::write(&bad, String::from_utf8(out.stdout.clone()).unwrap().replacen("north", "nrth", 1)).unwrap();
    let e = arcade(&["labyrinth", "check", bad.to_str().unwrap()]);
    assert_eq!(e.status.code(), Some(1));
    let msg = String::from_utf8(e.stderr).unwrap();
    assert!(msg.contains(&format!("{}:", bad.display())) && msg.contains("expected a direction"), "{msg}");
    // Play every seat with the AI.
    let play = arcade(&["labyrinth", "play", "--seed", "3", "--players", "yellow:ai,red:ai,blue:ai", "--json"]);
    assert!(play.status.success());
    let v: serde_json::Value = serde_json::from_slice(&play.stdout).unwrap();
    assert!(v["winner"].is_string() && v["turns"].as_u64().unwrap() > 0);
    let opened: serde_json::Value = serde_json::from_slice(&arcade(&["open", v["link"].as_str().unwrap()]).stdout).unwrap();
    assert_eq!(opened["winner"], v["winner"]);
    assert_eq!(opened["turns"], v["turns"]);
    assert!(arcade(&["labyrinth", "play", path.to_str().unwrap()]).status.success());
    assert_eq!(arcade(&["labyrinth", "new", "--players", "pink:ai"]).status.code(), Some(2));
}

#[test]
fn a_save_becomes_a_link_that_resumes_it() {
    let dir = std::env::temp_dir().join(format!("arcade-labyrinth-link-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.sav");
    std::fs::write(&path, arcade(&["labyrinth", "new", "--players", "blue:human,green:ai", "--seed", "8"]).stdout).unwrap();
    let link = String::from_utf8(arcade(&["labyrinth", "link", path.to_str().unwrap()]).stdout).unwrap();
    assert!(link.contains("#labyrinth/1/"), "{link}");
    let v: serde_json::Value = serde_json::from_slice(&arcade(&["open", link.trim()]).stdout).unwrap();
    assert_eq!(v["players"][0]["color"], "blue");
    assert_eq!(v["players"][1]["control"], "ai");
    // Playing a loaded save gives a link too.
    let play: serde_json::Value = serde_json::from_slice(&arcade(&["labyrinth", "play", path.to_str().unwrap(), "--json"]).stdout).unwrap();
    assert!(play["link"].as_str().unwrap().contains("#labyrinth/1/"));
}

#[test]
fn the_arena_plays_two_and_four_seats_and_strong_beats_greedy() {
    for seats in ["2", "4"] {
        let out = arcade(&["labyrinth", "arena", "strong", "greedy", "--games", "20", "--seats", seats, "--json"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let wins: Vec<u64> = v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
        assert_eq!(wins[0] + wins[1] + v["draws"].as_u64().unwrap(), 20);
        assert!(wins[0] > wins[1], "{seats} seats: {v}");
    }
    assert_eq!(arcade(&["labyrinth", "arena", "strong", "greedy", "--seats", "3"]).status.code(), Some(2));
}

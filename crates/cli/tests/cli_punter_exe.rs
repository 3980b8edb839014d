//! `exe:` seats: contestants' programs in the official offline mode, as `arcade punter play`
//! and `arena` run them — a good one (written for the tests in Python) with the quirks the
//! official server accepted, and hostile ones: a sleeper, a crasher, garbage, a flood, a fork,
//! 50 children left behind, a program that lingers after closing its output.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json, problems};

#[path = "common/leftovers.rs"]
mod leftovers;

use serde_json::Value;
use std::time::Instant;

const PUNTER: &str = "exe:python3 tests/fixtures/punters/offline.py";

fn hostile(what: &str) -> String {
    format!("exe:sh tests/fixtures/punters/hostile.sh {what}")
}

#[test]
fn an_offline_program_plays_a_whole_game_and_its_log_replays_to_its_scores() {
    let dir = std::env::temp_dir().join(format!("arcade-exe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.json");
    let bots = format!("{PUNTER},greedy");
    let v = json(&arcade(&[
        "punter",
        "play",
        "sample",
        "--bots",
        &bots,
        "--json",
        "--log",
        log.to_str().unwrap(),
    ]));
    assert_eq!(problems(&v), Vec::<String>::new());
    assert_eq!(v["moves"], 12);
    let scores = v["scores"].as_array().unwrap();
    assert!(scores[0].as_i64().unwrap() > 0, "the program claimed rivers: {scores:?}");
    let replayed = arcade(&["punter", "replay", log.to_str().unwrap()]);
    let line: Value = serde_json::from_slice(&replayed.stdout).unwrap();
    assert_eq!(line["match"], true, "{line}");
    assert_eq!(&line["scores"], &v["scores"]);
    let opened = json(&arcade(&["open", v["link"].as_str().unwrap()]));
    assert_eq!(opened["kind"], "punter", "{opened}");
    assert_eq!(opened["scores"], v["scores"], "the link replays to the same scores");
}

#[test]
fn moves_sent_as_the_official_server_accepted_them_are_played() {
    // {"claim": {...}, "option": null, ...} and a move naming another punter: both played.
    let bots = format!("{PUNTER} nulls wrong-id futures,greedy");
    let quirky =
        json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--futures", "--json"]));
    let bots = format!("{PUNTER} futures,greedy");
    let plain =
        json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--futures", "--json"]));
    assert_eq!(quirky["scores"], plain["scores"], "the same moves were played");
    let said = problems(&quirky);
    assert_eq!(said.len(), 6, "{said:?}");
    assert!(
        said.iter().all(|m| m.contains("names punter 1") && m.contains("played for punter 0")),
        "{said:?}"
    );
}

#[test]
fn a_crash_garbage_and_a_flood_are_passes_and_zombies_with_the_reason() {
    for (what, reason) in
        [("crash", "exit code 3"), ("garbage", "not a message"), ("flood", "more than 16 MiB")]
    {
        let bots = format!("{},greedy", hostile(what));
        let v = json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--json"]));
        let said = problems(&v);
        assert_eq!(said.len(), 1, "{what}: asked once, then a zombie: {said:?}");
        assert!(said[0].contains(reason) && said[0].contains("zombie"), "{what}: {said:?}");
        assert_eq!(v["moves"], 12, "{what}: the game was played to its end");
        assert_eq!(v["scores"][0], 0, "{what}");
    }
    let bots = format!("{},greedy", hostile("crash"));
    let said = problems(&json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--json"])));
    assert!(
        said[0].contains("its stderr ended: hostile: giving up on purpose"),
        "stderr shown: {said:?}"
    );
}

#[test]
fn a_crash_quotes_at_most_the_last_few_hundred_characters_of_its_stderr() {
    let bots = format!("{},greedy", hostile("shout"));
    let said = problems(&json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--json"])));
    assert!(
        said[0].contains("exit code 3") && said[0].contains("characters before) …aaa"),
        "{}",
        &said[0][..300.min(said[0].len())]
    );
    assert!(said[0].len() < 600, "a remark of {} bytes", said[0].len());
}

#[test]
fn a_sleeper_times_out_ten_times_then_is_a_zombie() {
    let bots = format!("{},random", hostile("sleep"));
    let v = json(&arcade(&["punter", "play", "lambda", "--bots", &bots, "--json"]));
    let said = problems(&v);
    assert_eq!(said.len(), 10, "ten timeouts, then never asked again: {said:?}");
    assert!(said.iter().all(|m| m == "no answer within 1 s"), "{said:?}");
}

#[test]
fn a_program_that_forks_is_killed_with_its_children() {
    let pids = std::env::temp_dir().join(format!("arcade-fork-{}", std::process::id()));
    let _ = std::fs::remove_file(&pids);
    let bots = format!("{} {},greedy", hostile("fork"), pids.display());
    let v = json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--json"]));
    assert_eq!(problems(&v).len(), 6);
    let forked: Vec<String> =
        std::fs::read_to_string(&pids).unwrap().lines().map(str::to_string).collect();
    assert_eq!(forked.len(), 6, "one sleeper forked per request");
    for pid in forked {
        // Gone, or a zombie waiting to be reaped by init: not running.
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit(')').next().map(|r| r.trim().chars().next().unwrap_or('?')));
        assert!(matches!(state, None | Some('Z' | 'X')), "sleeper {pid} still runs: {state:?}");
    }
}

#[test]
fn an_arena_seats_a_program_in_turn_with_a_bot() {
    let v = json(&arcade(&[
        "punter", "arena", PUNTER, "random", "--map", "sample", "--games", "2", "--json",
    ]));
    assert_eq!(v["links"].as_array().unwrap().len(), 2);
    assert_eq!(problems(&v), Vec::<String>::new());
    let wins = v["wins"].as_array().unwrap();
    assert_eq!(
        wins[0].as_u64().unwrap() + wins[1].as_u64().unwrap() + v["draws"].as_u64().unwrap(),
        2
    );
}

#[test]
fn every_child_a_program_leaves_behind_is_killed_even_in_sessions_of_their_own() {
    let sleeper = leftovers::sleeper("punter");
    let bots = format!("{} {},random", hostile("spawn"), sleeper.display());
    let v = json(&arcade(&["punter", "play", "sample", "--bots", &bots, "--json"]));
    assert_eq!(v["moves"], 12, "the game was played to its end");
    let left = leftovers::survivors(&sleeper);
    assert!(
        left.is_empty(),
        "{} of the program's 50 children still ran after the game: {left:?}",
        left.len()
    );
}

#[test]
fn a_program_that_closes_its_output_is_not_waited_for() {
    // The same program twice, passing every turn: politely exiting after each answer, and
    // closing its output after each answer and at the stop, then sleeping on. The referee
    // takes the end of its output as the end of its answer: no stop waits out its second.
    let games = "6";
    let timed = |what: &str| {
        let started = Instant::now();
        let v = json(&arcade(&[
            "punter",
            "arena",
            &hostile(what),
            "random",
            "--map",
            "sample",
            "--games",
            games,
            "--json",
        ]));
        assert_eq!(v["links"].as_array().unwrap().len(), 6, "{what}: {v}");
        started.elapsed().as_secs_f64()
    };
    let polite = timed("polite");
    let lingering = timed("linger");
    assert!(lingering < polite + 3.0, "6 stops took {lingering:.1} s against {polite:.1} s: the referee waited for a program whose output was closed");
}

//! `lifter judge wasm:FILE ARGS…`: a WebAssembly program judged natively (docs/PROGRAMS.md).
//! No SIGINT, as in the page: at the limit the program is stopped and the route it printed so
//! far is judged.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

use serde_json::Value;
use std::time::Instant;

fn judged(command: &str, seconds: &str) -> Value {
    let out =
        arcade(&["lifter", "judge", command, "--maps", "contest1", "--seconds", seconds, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON line")
}

fn score_of(route: &str) -> Value {
    let out = arcade(&["lifter", "run", "contest1", route]);
    serde_json::from_slice::<Value>(&out.stdout).expect("JSON")["score"].clone()
}

#[test]
fn a_route_printed_by_a_program_is_judged() {
    let v = judged("wasm:tests/fixtures/programs/say.wasm LDRDDUULLLDDL", "10");
    assert_eq!(v["route"], "LDRDDUULLLDDL");
    assert_eq!(v["score"], score_of("LDRDDUULLLDDL"));
    assert_eq!(v["note"], "", "{v}");
}

#[test]
fn at_the_limit_the_program_is_stopped_and_its_route_so_far_is_judged() {
    let began = Instant::now();
    let v = judged("wasm:tests/fixtures/programs/say.wasm LDRDD forever", "1");
    assert!(began.elapsed().as_secs() < 8, "no 10 s grace after the limit: {:?}", began.elapsed());
    assert_eq!(v["route"], "LDRDD");
    assert_eq!(v["score"], score_of("LDRDD"));
    assert!(
        v["note"]
            .as_str()
            .unwrap_or_default()
            .starts_with("stopped at 1 s (a wasm: program gets no SIGINT)"),
        "{v}"
    );
}

#[test]
fn a_program_that_crashes_or_is_refused_scores_what_it_printed_and_says_why() {
    let trap = judged("wasm:tests/fixtures/programs/hostile/trap.wasm", "5");
    assert_eq!(trap["route"], "");
    assert!(trap["note"].as_str().unwrap_or_default().contains("ended with exit code 134; its stderr ended: about to trap / the program crashed: unreachable executed"), "{trap}");
    let refused = judged("wasm:tests/fixtures/programs/hostile/unknown-import.wasm", "5");
    assert!(
        refused["note"].as_str().unwrap_or_default().contains("imports \"env\".\"open_socket\""),
        "{refused}"
    );
    let silent = judged("wasm:tests/fixtures/programs/hostile/loop.wasm", "1");
    assert_eq!(silent["route"], "");
    assert!(silent["note"].as_str().unwrap_or_default().starts_with("stopped at 1 s"), "{silent}");
}

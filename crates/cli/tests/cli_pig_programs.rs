//! Pig strategies that are programs (`wasm:FILE ARGS…`, `exe:COMMAND`; docs/PROGRAMS.md): the
//! JSON protocol ({"view","state"} → {"move","state"}, a fresh process a decision, the state
//! kept for the match), and every hostile module as a seat: the match goes on (the decision
//! counted as hold) and the message names the reason.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json};

const HOLD20: &str = "wasm:tests/fixtures/pig/hold20.wasm";

/// What entrant 0 printed at each of its decisions, game after game (`--decisions`).
fn printed_by_first(v: &serde_json::Value) -> Vec<String> {
    v["decisions"]
        .as_array()
        .expect("games")
        .iter()
        .flat_map(|g| g.as_array().expect("decisions").iter())
        .filter(|d| d["entrant"] == 0)
        .map(|d| d["printed"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_program_that_holds_at_20_plays_the_games_the_built_in_hold20_plays() {
    let program = json(&arcade(&[
        "pig",
        "match",
        HOLD20,
        "optimal",
        "--games",
        "2",
        "--seed",
        "5",
        "--json",
        "--decisions",
    ]));
    let builtin = json(&arcade(&[
        "pig", "match", "hold20", "optimal", "--games", "2", "--seed", "5", "--json",
    ]));
    assert_eq!(program["winners"], builtin["winners"]);
    assert_eq!(program["moves"], builtin["moves"]);
    assert_eq!(program["a"], HOLD20, "labelled as typed");
    // Its state counts its decisions over the whole match: what it printed goes 1, 2, 3, …
    let printed = printed_by_first(&program);
    assert!(printed.len() > 10, "{printed:?}");
    let expected: Vec<String> = (1..=printed.len()).map(|n| format!("decision {n}\n")).collect();
    assert_eq!(printed, expected);
}

#[test]
fn a_programs_seed_is_its_first_games_for_the_whole_match() {
    let v = json(&arcade(&[
        "pig",
        "match",
        "wasm:tests/fixtures/programs/answer.wasm false",
        "hold20",
        "--games",
        "3",
        "--seed",
        "11",
        "--json",
        "--decisions",
    ]));
    let seed = rails::arena::entrant_seed(11, 0, 0) & ((1 << 53) - 1); // as the page has it
    let printed = printed_by_first(&v);
    assert!(printed.len() > 10, "{printed:?}");
    let expected: Vec<String> =
        (0..printed.len()).map(|n| format!("state {n} seed {seed}\n")).collect();
    assert_eq!(printed, expected);
}

#[test]
fn an_exe_program_speaks_the_same_protocol() {
    // The same module behind an exe: seat: the arcade's own WASI host, started as a command.
    let exe = format!("exe:{} __wasi tests/fixtures/pig/hold20.wasm", env!("CARGO_BIN_EXE_arcade"));
    let program =
        json(&arcade(&["pig", "match", &exe, "optimal", "--games", "2", "--seed", "9", "--json"]));
    let builtin = json(&arcade(&[
        "pig", "match", "hold20", "optimal", "--games", "2", "--seed", "9", "--json",
    ]));
    assert_eq!(program["winners"], builtin["winners"]);
    assert_eq!(program["moves"], builtin["moves"]);
}

/// One game of a hostile program against hold20: the series plays it out (hold for each failed
/// decision) and the CLI reports the first failure, naming it.
fn hostile(file: &str) -> String {
    let out = arcade(&[
        "pig",
        "match",
        &format!("wasm:tests/fixtures/programs/hostile/{file}"),
        "hold20",
        "--games",
        "1",
        "--seed",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(1), "{file}: {}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_program_that_never_answers_is_stopped_at_1_s_and_holds() {
    let err = hostile("loop.wasm");
    assert!(err.contains("loop.wasm:no answer within 1000 ms (game 1, move "), "{err}");
    assert!(err.contains("the decision counted as hold"), "{err}");
}

#[test]
fn a_program_growing_its_memory_to_the_cap_traps_or_runs_out_of_time() {
    // Growing 1 GiB takes about half a second: on a loaded machine the decision may time out.
    let err = hostile("grow.wasm");
    assert!(
        err.contains("the program crashed: unreachable executed")
            || err.contains("no answer within 1000 ms"),
        "{err}"
    );
}

#[test]
fn crashes_refusals_and_floods_are_failed_decisions_naming_the_reason() {
    for (file, why) in [
        ("trap.wasm", "ended (exit code 134) without answering; its stderr ended: about to trap / the program crashed: unreachable executed"),
        ("unknown-import.wasm", "imports \"env\".\"open_socket\", which the arcade does not give"),
        ("not-wasm.wasm", "not a WebAssembly module"),
        ("huge-memory.wasm", "asks for at least 1250 MiB of memory; the limit is 1024 MiB"),
        ("flood.wasm", "wrote more than 262144 bytes"),
        ("hello.wasm", "answered hello, which is not {\"move\""),
    ] {
        let err = hostile(file);
        assert!(err.contains(why) && err.contains("the decision counted as hold"), "{file}: {err}");
    }
}

//! Punters that are WebAssembly programs (`wasm:FILE ARGS…`; docs/PROGRAMS.md) in the official
//! offline mode, beside `exe:` (crates/cli/tests/cli_punter_exe.rs): the handshake interleaved with the
//! program's reads of its stdin, a whole game, and every hostile module as a seat — the game
//! goes on (a pass for each failed request, zombies after setup faults or ten timeouts) and the
//! referee's remark names the reason.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json, problems};

use std::time::Instant;

const PASSER: &str = "wasm:tests/fixtures/punter/pass.wasm";

#[test]
fn a_wasm_punter_says_its_name_hears_its_request_and_passes_a_whole_game() {
    let v = json(&arcade(&[
        "punter",
        "play",
        "sample",
        "--bots",
        &format!("{PASSER},greedy"),
        "--json",
        "--seed",
        "3",
    ]));
    assert_eq!(problems(&v), Vec::<String>::new());
    assert_eq!(v["moves"], 12);
    let answers: Vec<&str> = v["decisions"]
        .as_array()
        .expect("decisions")
        .iter()
        .filter(|d| d["entrant"] == 0)
        .filter_map(|d| d["answer"].as_str())
        .collect();
    assert!(!answers.is_empty() && answers.iter().all(|a| a.contains("pass")), "{answers:?}");
}

#[test]
fn hostile_programs_fail_their_requests_naming_the_reason_and_the_game_goes_on() {
    for (file, why) in [
        ("trap.wasm", "ended (exit code 134) without answering before its handshake; its stderr ended: about to trap / the program crashed: unreachable executed"),
        ("grow.wasm", "the program crashed: unreachable executed"),
        ("unknown-import.wasm", "imports \"env\".\"open_socket\", which the arcade does not give (only wasi_snapshot_preview1)"),
        ("not-wasm.wasm", "not a WebAssembly module"),
        ("huge-memory.wasm", "asks for at least 1250 MiB of memory; the limit is 1024 MiB"),
        ("hello.wasm", "wrote something that is not a message"),
        ("flood.wasm", "wrote something that is not a message"),
    ] {
        let seat = format!("wasm:tests/fixtures/programs/hostile/{file}");
        let v = json(&arcade(&["punter", "play", "sample", "--bots", &format!("{seat},greedy"), "--json"]));
        let said = problems(&v);
        assert!(!said.is_empty() && said[0].contains(why), "{file}: {said:?}");
        assert_eq!(v["moves"], 12, "{file}: the game was played to its end");
    }
}

#[test]
fn a_program_that_never_answers_is_stopped_at_the_setup_limit_and_the_game_goes_on() {
    let began = Instant::now();
    let v = json(&arcade(&[
        "punter",
        "play",
        "sample",
        "--bots",
        "wasm:tests/fixtures/programs/hostile/loop.wasm,greedy",
        "--json",
    ]));
    let said = problems(&v);
    assert!(
        !said.is_empty() && said[0].contains("no handshake within 10 s of its start"),
        "{said:?}"
    );
    assert_eq!(v["moves"], 12);
    assert!(began.elapsed().as_secs() < 60, "{:?}", began.elapsed());
}

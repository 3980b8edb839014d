//! Labyrinth strategies that are programs (`wasm:FILE ARGS…`; docs/PROGRAMS.md) in `labyrinth
//! arena`: asked once a turn with the view a JavaScript `turn(view)` gets, their answer read as
//! one, their state kept for the game; a failed turn is played by the greedy AI, listed under
//! `problems` with its reason.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json, problems};

#[test]
fn a_programs_answers_are_read_as_turns_its_state_kept_for_the_game_its_seed_the_games() {
    // A fixed answer: an insertion that does not exist, refused by the rules every turn.
    let seat = r#"wasm:tests/fixtures/programs/answer.wasm {"rotation":"north","insertion":99,"row":0,"column":0}"#;
    let v = json(&arcade(&[
        "labyrinth",
        "arena",
        seat,
        "greedy",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
        "--decisions",
    ]));
    let said = problems(&v);
    assert!(
        !said.is_empty() && said.iter().all(|m| m.contains("there is no insertion point 99")),
        "{said:?}"
    );
    assert_eq!(v["a"], seat, "labelled as typed");
    for game in 0..2u32 {
        // The program printed the state it was handed — 0 (null) first, then one more each turn,
        // afresh each game — and its ARCADE_SEED, the seed its seat of that game has in the page.
        let printed: Vec<String> = v["decisions"][game as usize]
            .as_array()
            .expect("decisions")
            .iter()
            .filter(|d| d["entrant"] == 0 && !d["printed"].as_str().unwrap_or_default().is_empty())
            .map(|d| d["printed"].as_str().unwrap_or_default().to_string())
            .collect();
        let turns = v["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .filter(|p| p["game"] == game + 1)
            .count();
        let seed = rails::arena::entrant_seed(4, 0, game) & ((1 << 53) - 1); // as the page has it
        let expected: Vec<String> =
            (0..turns).map(|n| format!("state {n} seed {seed}\n")).collect();
        assert_eq!(printed, expected, "game {}", game + 1);
    }
}

#[test]
fn a_crashing_refused_silent_or_flooding_program_is_played_by_the_greedy_ai_with_the_reason() {
    for (file, why) in [
        ("trap.wasm", "the program crashed: unreachable executed"),
        ("unknown-import.wasm", "imports \"env\".\"open_socket\", which the arcade does not give"),
        ("loop.wasm", "no answer within 2000 ms"),
        ("flood.wasm", "wrote more than 262144 bytes"),
    ] {
        let seat = format!("wasm:tests/fixtures/programs/hostile/{file}");
        let v = json(&arcade(&[
            "labyrinth",
            "arena",
            &seat,
            "greedy",
            "--games",
            "1",
            "--seed",
            "4",
            "--json",
        ]));
        let said = problems(&v);
        assert!(!said.is_empty() && said.iter().all(|m| m.contains(why)), "{file}: {said:?}");
        assert_eq!(
            v["results"].as_array().map(Vec::len),
            Some(1),
            "the game was played to its end"
        );
    }
}

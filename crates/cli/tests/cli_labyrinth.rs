//! `arcade labyrinth …`: new games as save files, checks with their places, AI play and links.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

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
    std::fs::write(
        &bad,
        String::from_utf8(out.stdout.clone()).unwrap().replacen("north", "nrth", 1),
    )
    .unwrap();
    let e = arcade(&["labyrinth", "check", bad.to_str().unwrap()]);
    assert_eq!(e.status.code(), Some(1));
    let msg = String::from_utf8(e.stderr).unwrap();
    assert!(
        msg.contains(&format!("{}:", bad.display())) && msg.contains("expected a direction"),
        "{msg}"
    );
    // Play every seat with the AI.
    let play = arcade(&[
        "labyrinth",
        "play",
        "--seed",
        "3",
        "--players",
        "yellow:ai,red:ai,blue:ai",
        "--json",
    ]);
    assert!(play.status.success());
    let v: serde_json::Value = serde_json::from_slice(&play.stdout).unwrap();
    assert!(v["winner"].is_string() && v["turns"].as_u64().unwrap() > 0);
    // Every decision of the game, in order: each AI move, its answer in the engine's words, its time.
    let decisions = v["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    for (i, d) in decisions.iter().enumerate() {
        assert_eq!(d["move"], i + 1, "{d}");
        assert!(
            d["answer"].as_str().unwrap().starts_with("insert at")
                || d["answer"].as_str().unwrap().starts_with("go to")
                || d["answer"] == "stay",
            "{d}"
        );
        assert!(d["ms"].as_f64().unwrap() >= 0.0 && d["refused"].is_null());
    }
    let opened: serde_json::Value =
        serde_json::from_slice(&arcade(&["open", v["link"].as_str().unwrap()]).stdout).unwrap();
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
    std::fs::write(
        &path,
        arcade(&["labyrinth", "new", "--players", "blue:human,green:ai", "--seed", "8"]).stdout,
    )
    .unwrap();
    let link =
        String::from_utf8(arcade(&["labyrinth", "link", path.to_str().unwrap()]).stdout).unwrap();
    assert!(link.contains("#labyrinth/1/"), "{link}");
    let v: serde_json::Value =
        serde_json::from_slice(&arcade(&["open", link.trim()]).stdout).unwrap();
    assert_eq!(v["players"][0]["color"], "blue");
    assert_eq!(v["players"][1]["control"], "ai");
    // Playing a loaded save gives a link too.
    let play: serde_json::Value = serde_json::from_slice(
        &arcade(&["labyrinth", "play", path.to_str().unwrap(), "--json"]).stdout,
    )
    .unwrap();
    assert!(play["link"].as_str().unwrap().contains("#labyrinth/1/"));
}

#[test]
fn the_arena_plays_two_and_four_seats_and_strong_beats_greedy() {
    for seats in ["2", "4"] {
        let out = arcade(&[
            "labyrinth",
            "arena",
            "strong",
            "greedy",
            "--games",
            "20",
            "--seats",
            seats,
            "--json",
        ]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let wins: Vec<u64> =
            v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
        assert_eq!(wins[0] + wins[1] + v["draws"].as_u64().unwrap(), 20);
        assert!(wins[0] > wins[1], "{seats} seats: {v}");
        // The standings (arena::StandingRow, as every arena and tournament shows them) hold the
        // same wins, each entrant's games counted per seat it held.
        let rows = v["standings"].as_array().unwrap();
        let per_game: u64 = seats.parse::<u64>().unwrap() / 2;
        for (i, name) in ["strong", "greedy"].iter().enumerate() {
            assert_eq!(rows[i]["name"], *name);
            assert_eq!(rows[i]["wins"].as_u64().unwrap(), wins[i]);
            assert_eq!(rows[i]["games"].as_u64().unwrap(), 20 * per_game);
        }
    }
    assert_eq!(
        arcade(&["labyrinth", "arena", "strong", "greedy", "--seats", "3"]).status.code(),
        Some(2)
    );
}

fn strategy_file(name: &str, source: &str) -> String {
    let dir = std::env::temp_dir().join(format!("arcade-labyrinth-js-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    path.to_str().unwrap().to_string()
}

fn arena_json(a: &str, b: &str, games: &str) -> serde_json::Value {
    let out = arcade(&["labyrinth", "arena", a, b, "--games", games, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The page's example strategy: push a line with no pawn in it, then stay.
const STAY: &str = "function turn(view) {
  const [, row, column] = view.pawns[view.seat];
  for (let i = 0; i < 12; i++) {
    const line = [2, 4, 6][i % 3];
    const isColumn = Math.floor(i / 3) % 2 === 0;
    if (!view.pawns.some(([, r, c]) => (isColumn ? c === line : r === line))) return { rotation: 'north', insertion: i, row, column };
  }
  return { rotation: 'north', insertion: 0, row, column };
}";

#[test]
fn an_arena_with_decisions_lists_each_games_answers_what_was_printed_and_refusals() {
    let talks = strategy_file(
        "talks.js",
        &STAY.replace(
            "function turn(view) {",
            "function turn(view) {\n  console.log('seat', view.seat, 'turn', view.turn);",
        ),
    );
    let out =
        arcade(&["labyrinth", "arena", &talks, "greedy", "--games", "2", "--json", "--decisions"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games = v["decisions"].as_array().unwrap();
    assert_eq!(games.len(), 2, "a list a game");
    for (g, game) in games.iter().enumerate() {
        let game = game.as_array().unwrap();
        let mine: Vec<_> = game.iter().filter(|d| d["entrant"] == 0).collect();
        // The strategy's shifts carry what it printed during that call, and only that.
        let shifts: Vec<_> = mine
            .iter()
            .filter(|d| d["answer"].as_str().unwrap().starts_with("insert at"))
            .collect();
        assert!(!shifts.is_empty(), "game {g}: {mine:?}");
        for d in &shifts {
            let printed = d["printed"].as_str().unwrap();
            assert!(
                printed.starts_with(&format!("seat {} turn ", d["seat"]))
                    && printed.lines().count() == 1,
                "{d}"
            );
            assert!(
                d["refused"].is_null()
                    && d["timeout"] == false
                    && d["counts"] == true
                    && d["ms"].as_f64().unwrap() > 0.0,
                "{d}"
            );
        }
        // The AI's printed nothing; moves count up from 1.
        assert!(game.iter().filter(|d| d["entrant"] == 1).all(|d| d["printed"] == ""));
        let moves: Vec<u64> = game.iter().map(|d| d["move"].as_u64().unwrap()).collect();
        assert!(moves[0] >= 1 && moves.windows(2).all(|w| w[0] < w[1]), "{moves:?}");
    }
    // A refused answer keeps why; the AI's fallback is not its answer.
    let illegal = strategy_file("illegal-talk.js", "function turn(v) { console.log('trying'); return { rotation: 'north', insertion: 0, row: 9, column: 1 }; }");
    let v = arena_json_with(&[&illegal, "greedy", "--games", "1", "--decisions"]);
    let first =
        v["decisions"][0].as_array().unwrap().iter().find(|d| d["entrant"] == 0).unwrap().clone();
    assert!(
        first["refused"].as_str().unwrap().contains("square (9, 1) cannot be reached"),
        "{first}"
    );
    assert_eq!(
        (first["answer"].as_str(), first["printed"].as_str()),
        (Some(""), Some("trying\n")),
        "{first}"
    );
    // Without --decisions there are none; --decisions needs --json.
    assert!(arena_json(&talks, "greedy", "1").get("decisions").is_none());
    assert_eq!(
        arcade(&["labyrinth", "arena", "greedy", "simple", "--decisions"]).status.code(),
        Some(2)
    );
}

fn arena_json_with(args: &[&str]) -> serde_json::Value {
    let out = arcade(&[&["labyrinth", "arena"], args, &["--json"]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_javascript_file_plays_in_the_arena_and_its_failures_fall_to_the_greedy_ai() {
    let stay = strategy_file("stay.js", STAY);
    let v = arena_json(&stay, "greedy", "4");
    assert_eq!(
        v["wins"][0].as_u64().unwrap()
            + v["wins"][1].as_u64().unwrap()
            + v["draws"].as_u64().unwrap(),
        4
    );
    assert_eq!(v["problems"].as_array().unwrap().len(), 0, "{v}");
    assert_eq!(v["wins"][1], 4, "standing still loses to greedy: {v}");

    // The CLI times a turn by Labyrinth's descriptor, as the page does.
    let too_slow = format!("took more than {} ms", labyrinth::inputs::DECISIONS.decision_ms);
    assert_eq!(games::LABYRINTH.decisions, Some(labyrinth::inputs::DECISIONS));
    for (name, source, expect) in [
        ("throws.js", "function turn(v) { throw new Error('boom'); }", "1:26: threw: boom"),
        ("loops.js", "function turn(v) { for (;;) {} }", too_slow.as_str()),
        ("illegal.js", "function turn(v) { return { rotation: 'north', insertion: 0, row: 9, column: 1 }; }", "square (9, 1) cannot be reached"),
        ("shape.js", "function turn(v) { return 7; }", "the answer has no \"rotation\""),
        // The file sees nothing of node: no process, no require, no Function of the host.
        ("escape.js", "function turn(v) { throw new Error([typeof process, typeof require, typeof fetch, (() => { try { return this.constructor.constructor('return typeof process')(); } catch (e) { return e.message; } })()].join()); }",
         "undefined,undefined,undefined,Code generation from strings disallowed"),
    ] {
        let v = arena_json(&strategy_file(name, source), "greedy", "1");
        let problems = v["problems"].as_array().unwrap();
        assert!(!problems.is_empty(), "{name}: {v}");
        assert!(problems[0]["message"].as_str().unwrap().contains(expect), "{name}: {}", problems[0]);
        assert!(v["wins"][0].as_u64().unwrap() + v["wins"][1].as_u64().unwrap() == 1, "{name}: the game still ends: {v}");
    }

    let broken = arcade(&[
        "labyrinth",
        "arena",
        &strategy_file("broken.js", "function turn(v) {\n  return {"),
        "greedy",
    ]);
    assert_eq!(broken.status.code(), Some(1));
    let msg = String::from_utf8(broken.stderr).unwrap();
    assert!(msg.contains("broken.js:2:") && msg.contains(": Unexpected"), "{msg}");
    let none =
        arcade(&["labyrinth", "arena", &strategy_file("none.js", "function play(v) {}"), "greedy"]);
    assert!(String::from_utf8(none.stderr).unwrap().contains("defines no function turn"));
    assert_eq!(arcade(&["labyrinth", "arena", "clever", "greedy"]).status.code(), Some(2));
}

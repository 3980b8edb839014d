//! `arcade pig …`: the solver's reference numbers, matches, tournaments, links and bad
//! command lines.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json};

fn scm(name: &str, code: &str) -> String {
    let dir = std::env::temp_dir().join(format!("arcade-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, code).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn pig_solve_prints_the_reference_numbers() {
    let v = json(&arcade(&["pig", "solve"]));
    assert!((v["p_first_optimal"].as_f64().unwrap() - 0.530593).abs() < 1e-6);
    assert!((v["optimal_vs_hold20"]["optimal_first"].as_f64().unwrap() - 0.571498).abs() < 1e-6);
    assert!((v["optimal_vs_hold20"]["optimal_second"].as_f64().unwrap() - 0.508342).abs() < 1e-6);
    assert_eq!(v["optimal_at_0_0_holds_at"], 21);
}

#[test]
fn pig_match_json_has_wins_score_and_a_link_that_opens() {
    let v = json(&arcade(&[
        "pig", "match", "optimal", "hold20", "--games", "49", "--seed", "5", "--json",
    ]));
    let wins: Vec<u64> =
        v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    assert_eq!(wins.iter().sum::<u64>(), 49);
    let score = v["score"].as_f64().unwrap();
    assert!((score - (wins[0] as f64 - 24.0) / 25.0).abs() < 1e-12);
    let link = v["link"].as_str().unwrap();
    assert!(link.starts_with("http://127.0.0.1:8000/#pig-match/1/"), "{link}");
    let opened = json(&arcade(&["open", link]));
    assert_eq!(opened["a"], "optimal");
    assert_eq!(opened["seed"], 5);
    // Same seed, same result.
    assert_eq!(
        json(&arcade(&["pig", "match", "optimal", "hold20", "--seed", "5", "--json"]))["wins"],
        v["wins"]
    );
}

#[test]
fn pig_match_text_output_and_scheme_files() {
    let path =
        scm("hold.scm", "(define (player my other accum current state) (< (+ accum current) 20))");
    let out = arcade(&[
        "pig",
        "match",
        &path,
        "dummy",
        "--seed",
        "3",
        "--base",
        "https://example.test/arcade/",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("wins:") && text.contains("losses") && text.contains("challenge score"),
        "{text}"
    );
    assert!(text.contains("link: https://example.test/arcade/#pig-match/1/"), "{text}");
}

#[test]
fn pig_match_decisions_are_listed_game_by_game_with_what_was_printed() {
    let path = scm(
        "says.scm",
        "(define (player my other accum current state) (display accum) (< (+ accum current) 20))",
    );
    let v = json(&arcade(&[
        "pig",
        "match",
        &path,
        "dummy",
        "--games",
        "3",
        "--seed",
        "2",
        "--json",
        "--decisions",
    ]));
    let games = v["decisions"].as_array().unwrap();
    assert_eq!(games.len(), 3, "a list a game");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3, "the other fields are the same");
    for game in games {
        let mine: Vec<_> = game.as_array().unwrap().iter().filter(|d| d["entrant"] == 0).collect();
        assert!(!mine.is_empty());
        for d in &mine {
            let answer = d["answer"].as_str().unwrap();
            // Its answer in the engine's words (a courtesy question after a 1 too, though it is not played).
            assert!(answer == "throw again" || answer.starts_with("hold"), "{d}");
            assert!(
                d["printed"].as_str().unwrap().parse::<u32>().is_ok(),
                "what it displayed then: {d}"
            );
            assert!(d["refused"].is_null() && d["timeout"] == false, "{d}");
        }
        assert!(
            mine.iter().any(|d| d["counts"] == false),
            "asked after a 1 (CodeAbbey's question): {mine:?}"
        );
    }
    assert!(json(&arcade(&["pig", "match", &path, "dummy", "--games", "3", "--json"]))
        .get("decisions")
        .is_none());
    assert_eq!(arcade(&["pig", "match", "optimal", "dummy", "--decisions"]).status.code(), Some(2));
}

#[test]
fn a_failing_strategy_names_its_place_and_exits_non_zero() {
    let cases = [
        ("syntax.scm", "(define (player a b c d s)\n  (if #t #f", ":2:3: unclosed"),
        (
            "runtime.scm",
            "(define (player a b c d s)\n  (if (> c 0) (car c) #t))",
            ":2:15: car: expected a pair",
        ),
        ("loop.scm", "(define (player a b c d s)\n  (let loop () (loop)))", "step budget"),
    ];
    for (name, code, want) in cases {
        let path = scm(name, code);
        let out = arcade(&["pig", "match", &path, "dummy", "--json"]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(&format!("{path}{want}")) || err.contains(want), "{name}: {err}");
        assert!(out.stdout.is_empty(), "no result is printed for a failed match");
    }
}

#[test]
fn game_links_round_trip_through_open() {
    let out = arcade(&["pig", "link", "optimal", "hold20", "--game", "2", "--seed", "9"]);
    assert!(out.status.success());
    let link = String::from_utf8(out.stdout).unwrap();
    let v = json(&arcade(&["open", link.trim()]));
    assert_eq!(v["kind"], "pig");
    assert_eq!(v["players"][0], "optimal", "entrant A moves first in game 2");
    assert!(v["problem"].is_null());
    assert!(v["totals"].as_array().unwrap().iter().any(|t| t.as_u64().unwrap() >= 100));
}

#[test]
fn bad_command_lines_exit_2_and_bad_links_exit_1() {
    assert_eq!(arcade(&[]).status.code(), Some(2));
    assert_eq!(arcade(&["pig", "match", "optimal"]).status.code(), Some(2));
    assert_eq!(arcade(&["pig", "match", "optimal", "nobody"]).status.code(), Some(2));
    assert_eq!(
        arcade(&["pig", "match", "optimal", "dummy", "--games", "x"]).status.code(),
        Some(2)
    );
    let out = arcade(&["open", "http://127.0.0.1:8000/#pig/1/!!!"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("base64url"));
    let out = arcade(&["open", "http://127.0.0.1:8000/#pig/1/%%%"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("%-escape"));
    let out = arcade(&["open", "#unknown/9/x"]);
    assert!(String::from_utf8(out.stderr).unwrap().contains("no link kind \"unknown\""));
}

#[test]
fn pig_tournaments_print_standings_with_elo_and_a_link_that_opens() {
    let v = json(&arcade(&[
        "pig",
        "tournament",
        "optimal",
        "hold20",
        "dummy",
        "--games",
        "40",
        "--seed",
        "2",
        "--json",
    ]));
    let rows = v["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows.iter().map(|r| r["games"].as_u64().unwrap()).sum::<u64>(), 3 * 80);
    assert_eq!(rows.iter().map(|r| r["wins"].as_u64().unwrap()).sum::<u64>(), 120);
    let elos: Vec<f64> = rows.iter().map(|r| r["elo"].as_f64().unwrap()).collect();
    assert!(elos.windows(2).all(|w| w[0] >= w[1]), "best first: {elos:?}");
    let link = v["link"].as_str().unwrap();
    assert!(link.contains("#pig-tournament/1/"), "{link}");
    let opened = json(&arcade(&["open", link]));
    assert_eq!(opened["entrants"], serde_json::json!(["optimal", "hold20", "dummy"]));
    assert_eq!(
        arcade(&["pig", "tournament", "optimal", "hold20"]).status.code(),
        Some(2),
        "two strategies are a match"
    );
}

#[test]
fn pig_check_plays_the_checker_of_the_engine() {
    use pig::arena::CHECKER;
    let v = json(&arcade(&["pig", "check", "hold20", "--seed", "4", "--json"]));
    let wins: Vec<u64> =
        v["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    assert_eq!(wins.iter().sum::<u64>(), u64::from(CHECKER.games), "{v}");
    assert_eq!(v["passed"], wins[0] >= u64::from(CHECKER.wins_needed()), "{v}");
}

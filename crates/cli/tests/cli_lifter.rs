//! `arcade lifter …`: JSON outputs, links, and bad input with its place.

#[path = "common/cli.rs"]
mod cli;

use cli::{arcade, json};

#[test]
fn run_prints_score_outcome_moves_lambdas_and_the_final_map() {
    let v = json(&arcade(&["lifter", "run", "contest1", "DLRDDUULLLDDL"]));
    assert_eq!(v["score"], 212);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["moves"], 13);
    assert_eq!(v["lambdas"], 3);
    assert_eq!(v["map"], "######\n#.   #\n#    #\n#  * #\nR *. #\n######");
}

#[test]
fn an_exhausted_route_is_unfinished_unless_end_abort() {
    let v = json(&arcade(&["lifter", "run", "contest1", "DLR"]));
    assert_eq!((v["outcome"].as_str(), v["score"].as_i64()), (Some("unfinished"), Some(22)));
    let v = json(&arcade(&["lifter", "run", "contest1", "DLR", "--end-abort"]));
    assert_eq!((v["outcome"].as_str(), v["score"].as_i64()), (Some("abort"), Some(47)));
    let v = json(&arcade(&["lifter", "run", "contest1", "DLRA"]));
    assert_eq!(
        (v["outcome"].as_str(), v["score"].as_i64(), v["moves"].as_u64()),
        (Some("abort"), Some(47), Some(3))
    );
}

#[test]
fn map_files_and_unknown_route_characters() {
    let path = std::env::temp_dir().join(format!("arcade-{}.map", std::process::id()));
    std::fs::write(&path, "#####\r\n#R\\L#\r\n#####\r\n").unwrap();
    let v = json(&arcade(&["lifter", "run", path.to_str().unwrap(), "r R x R"]));
    assert_eq!((v["outcome"].as_str(), v["score"].as_i64()), (Some("win"), Some(73)));
}

#[test]
fn links_open_at_their_turn() {
    let out = arcade(&["lifter", "link", "contest1", "DLRDDUULLLDDL", "--view", "5"]);
    assert!(out.status.success());
    let link = String::from_utf8(out.stdout).unwrap();
    assert!(link.starts_with("http://127.0.0.1:8000/#lifter/2/"), "{link}");
    let v = json(&arcade(&["open", link.trim()]));
    assert_eq!(v["map"], "contest1");
    assert_eq!(v["route"], "DLRDDUULLLDDL");
    assert_eq!(v["view"], 5);
    assert_eq!(v["score"], 212);
}

#[test]
fn solve_prints_a_route_that_scores_what_it_says() {
    let v = json(&arcade(&["lifter", "solve", "contest1", "--ms", "500"]));
    let route = v["route"].as_str().unwrap();
    let score = v["score"].as_i64().unwrap();
    assert!(score > 0);
    let replay = json(&arcade(&["lifter", "run", "contest1", route]));
    assert_eq!(replay["score"].as_i64(), Some(score));
}

#[test]
fn bad_input_names_its_place_and_exits_non_zero() {
    let path = std::env::temp_dir().join(format!("arcade-bad-{}.map", std::process::id()));
    std::fs::write(&path, "#####\n#R x#\n#####\n").unwrap();
    let out = arcade(&["lifter", "run", path.to_str().unwrap(), "W"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("2:4: unknown cell 'x'"));
    assert_eq!(arcade(&["lifter", "run", "no-such-map", "W"]).status.code(), Some(1));
    assert_eq!(arcade(&["lifter", "run", "contest1"]).status.code(), Some(2));
    assert_eq!(arcade(&["lifter", "solve", "contest1", "--ms", "soon"]).status.code(), Some(2));
}

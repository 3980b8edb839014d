//! `arcade lifter judge`: programs judged under the 2012 contest's rules — the route scored by
//! the engine, unrecognised characters ignored, the route cut at n × m, SIGINT at the limit,
//! SIGKILL (score 0) 10 s later, and the program's children killed with it.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

#[path = "common/leftovers.rs"]
mod leftovers;

use serde_json::Value;

const ARCADE: &str = env!("CARGO_BIN_EXE_arcade");

/// The `--json` lines of `judge COMMAND --maps MAPS --seconds S`.
fn judge(command: &str, maps: &str, seconds: &str) -> Vec<Value> {
    let out = arcade(&["lifter", "judge", command, "--maps", maps, "--seconds", seconds, "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn score_of(map: &str, route: &str) -> i64 {
    let out = arcade(&["lifter", "run", map, route]);
    serde_json::from_slice::<Value>(&out.stdout).unwrap()["score"].as_i64().unwrap()
}

#[test]
fn a_route_is_scored_by_the_engine_with_unknown_characters_ignored() {
    let lines = judge("cat >/dev/null; printf 'LDRD xyz\\nDLRU'", "contest1", "5");
    assert_eq!(lines.len(), 1);
    let r = &lines[0];
    assert_eq!(r["map"], "contest1");
    assert_eq!(r["best"], 212);
    assert_eq!(r["route_length"], 8);
    assert_eq!(r["route"], "LDRDDLRU", "the commands played");
    assert_eq!(r["score"], score_of("contest1", "LDRDDLRU"));
    assert_eq!(r["note"], "3 characters ignored");
    let opened: Value =
        serde_json::from_slice(&arcade(&["open", r["link"].as_str().unwrap()]).stdout).unwrap();
    assert_eq!(opened["score"], r["score"], "the link replays the route: {opened}");
}

#[test]
fn a_route_longer_than_the_map_is_cut_at_n_times_m() {
    let lines = judge("cat >/dev/null; yes W | head -c 5000", "contest1", "5");
    assert!(
        lines[0]["note"].as_str().unwrap().starts_with("route cut to n × m = "),
        "{}",
        lines[0]
    );
}

#[test]
fn the_built_in_solver_answers_sigint_with_its_best_route() {
    let solver = format!("{ARCADE} lifter solve");
    let lines = judge(&solver, "contest1,flood1", "1");
    assert_eq!(lines.len(), 2);
    for r in &lines {
        assert!(r["score"].as_i64().unwrap() > 0, "{r}");
        assert!(r["seconds"].as_f64().unwrap() < 8.0, "printed when interrupted, not killed: {r}");
    }
}

#[test]
fn a_program_that_ignores_sigint_is_killed_and_scores_0() {
    let lines = judge("trap '' INT; printf DDDD; sleep 60", "contest1", "0.5");
    let r = &lines[0];
    assert_eq!(r["score"], 0, "{r}");
    assert!(r["note"].as_str().unwrap().contains("killed 10 s after SIGINT"), "{r}");
}

#[test]
fn a_program_that_leaves_a_child_behind_is_judged_at_once_and_the_child_killed() {
    let pid_file = std::env::temp_dir().join(format!("arcade-judge-{}", std::process::id()));
    let command =
        format!("cat >/dev/null; sleep 300 & echo $! > {}; printf LDRD", pid_file.display());
    let lines = judge(&command, "contest1", "30");
    assert!(lines[0]["seconds"].as_f64().unwrap() < 20.0, "not held by the child: {}", lines[0]);
    assert_eq!(lines[0]["route_length"], 4, "its route: {}", lines[0]);
    let pid = std::fs::read_to_string(&pid_file).unwrap().trim().to_string();
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| s.rsplit(')').next().map(|r| r.trim().chars().next().unwrap_or('?')));
    assert!(matches!(state, None | Some('Z' | 'X')), "the child {pid} still runs: {state:?}");
}

#[test]
fn three_shards_merge_into_the_whole_judged_run() {
    let program = "cat >/dev/null; printf LDRDDUULLLDDL";
    let maps = "flood1,contest2,beard1,contest1,horock1";
    let strip = |lines: Vec<Value>| -> Vec<Value> {
        lines
            .into_iter()
            .map(|mut l| {
                l.as_object_mut().unwrap().remove("seconds");
                l
            })
            .collect()
    };
    let whole = judge(program, maps, "5");
    let names: Vec<&str> = whole.iter().map(|l| l["map"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["contest1", "contest2", "flood1", "beard1", "horock1"],
        "the official order"
    );
    let dir = std::env::temp_dir().join(format!("arcade-judge-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let out = arcade(&[
            "lifter",
            "judge",
            program,
            "--maps",
            maps,
            "--seconds",
            "5",
            "--json",
            "--shard",
            &shard,
        ]);
        assert!(out.status.success());
        let file = dir.join(format!("shard-{k}.jsonl"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = arcade(&args);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    let merged: Vec<Value> = String::from_utf8_lossy(&merged.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(strip(merged), strip(whole));
}

#[test]
fn best_routes_keeps_each_maps_best_judged_route_scored_by_the_engine() {
    let dir = std::env::temp_dir().join(format!("arcade-best-routes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weak = dir.join("weak.jsonl");
    let strong = dir.join("strong.jsonl");
    // A line with its route, and one (as older runs wrote them) with only the link.
    std::fs::write(
        &weak,
        serde_json::json!({"map": "contest1", "score": 1, "route": "DLRA"}).to_string() + "\n",
    )
    .unwrap();
    let judged = judge("cat >/dev/null; printf DLRDDUULLLDDL", "contest1", "5");
    let mut old = judged[0].clone();
    old.as_object_mut().unwrap().remove("route");
    std::fs::write(&strong, old.to_string() + "\n").unwrap();
    let out = arcade(&["lifter", "best-routes", weak.to_str().unwrap(), strong.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "map\tbest_known\tscore\troute\ncontest1\t212\t212\tDLRDDUULLLDDL\n");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_child_a_program_leaves_behind_is_killed_even_in_sessions_of_their_own() {
    let sleeper = leftovers::sleeper("judge");
    // Two maps judged at once, each program leaving 50 children.
    let command = format!(
        "cat >/dev/null; sh tests/fixtures/programs/spawn50.sh {}; printf LDRD",
        sleeper.display()
    );
    let out = arcade(&[
        "lifter",
        "judge",
        &command,
        "--maps",
        "contest1,contest2",
        "--seconds",
        "30",
        "--jobs",
        "2",
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.iter().all(|l| l["route_length"] == 4), "{lines:?}");
    let left = leftovers::survivors(&sleeper);
    assert!(
        left.is_empty(),
        "{} of the programs' 100 children still ran after the judge: {left:?}",
        left.len()
    );
}

#[test]
fn a_route_printed_and_closed_is_judged_at_once() {
    // One program (sh, with its own script) that prints its route, closes its output and
    // sleeps on: its output has ended, so its route is complete.
    let lines = judge("sh -c 'cat >/dev/null; echo R; exec >&-; sleep 100'", "contest1", "30");
    assert_eq!(lines[0]["route"], "R", "{}", lines[0]);
    assert!(
        lines[0]["seconds"].as_f64().unwrap() < 10.0,
        "judged once its output closed, not at the limit: {}",
        lines[0]
    );
}

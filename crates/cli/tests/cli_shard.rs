//! `--shard K/N` and `arcade merge`: three shards run as separate processes and merged give
//! byte for byte the JSON of the whole run; shards of different runs, a missing or a repeated
//! shard are refused.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arcade-shard-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn stdout(out: Output, what: &str) -> String {
    assert!(out.status.success(), "{what}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Runs shards 1..=n of `args` at once, each a process of its own (one thread each), and
/// writes their outputs to files in `dir`.
fn shards(args: &[&str], n: u32, dir: &Path) -> Vec<String> {
    let children: Vec<_> = (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let child = cli::command()
                .args(args)
                .args(["--json", "--shard", &shard])
                .env_remove("ARCADE_URL")
                .env("ARCADE_THREADS", "1")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("starts");
            (k, child)
        })
        .collect();
    children
        .into_iter()
        .map(|(k, child)| {
            let text = stdout(
                child.wait_with_output().expect("ends"),
                &format!("shard {k}/{n} of {args:?}"),
            );
            let path = dir.join(format!("shard-{k}.json"));
            std::fs::write(&path, text).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

fn merge(files: &[&str]) -> Output {
    arcade(&[&["merge"], files].concat())
}

const RUNS: [&[&str]; 3] = [
    &["pig", "tournament", "optimal", "hold20", "pace", "--games", "10", "--seed", "4"],
    &[
        "punter",
        "arena",
        "greedy",
        "random",
        "--map",
        "circle",
        "--games",
        "7",
        "--seed",
        "3",
        "--futures",
    ],
    &["labyrinth", "arena", "greedy", "simple", "--games", "5", "--seed", "2"],
];

#[test]
fn three_shards_merged_are_the_whole_run() {
    for (i, args) in RUNS.iter().enumerate() {
        let dir = scratch(&format!("run{i}"));
        let whole = stdout(arcade(&[*args, &["--json"]].concat()), "the whole run");
        let files = shards(args, 3, &dir);
        let first: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
        assert_eq!(first["shard"], "1/3", "{args:?}");
        // Any order on the command line.
        let merged = stdout(merge(&[&files[2], &files[0], &files[1]]), "merge");
        assert_eq!(merged, whole, "{args:?}");
        // Gathered into one file, a shard a line (`cat shard-*.json`, GNU parallel's output).
        let gathered = dir.join("gathered.jsonl");
        std::fs::write(
            &gathered,
            files.iter().rev().map(|f| std::fs::read_to_string(f).unwrap()).collect::<String>(),
        )
        .unwrap();
        assert_eq!(
            stdout(merge(&[gathered.to_str().unwrap()]), "merge one file"),
            whole,
            "{args:?}"
        );
        let games = serde_json::from_str::<serde_json::Value>(&whole).unwrap()["results"]
            .as_array()
            .unwrap()
            .len();
        assert!(games >= 5, "{args:?}: {games} games");
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn merge_refuses_other_runs_and_missing_or_repeated_shards() {
    let dir = scratch("refuse");
    let args = RUNS[1];
    let files = shards(args, 3, &dir);
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    let other = dir.join("other-seed.json");
    let mut changed: Vec<&str> = args.to_vec();
    let seed = changed.len() - 2;
    changed[seed] = "4";
    std::fs::write(
        &other,
        stdout(arcade(&[&changed[..], &["--json", "--shard", "3/3"]].concat()), "other run"),
    )
    .unwrap();
    let other = other.to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 4] = [
        (&[f[0], f[1]], "shard 3/3 of this run is missing"),
        (&[f[0], f[1], f[1], f[2]], "are both shard 2/3"),
        (&[f[0], f[1], &other], "a shard of another run than"),
        (&[f[0], f[1], f[2], "/no/such/file.json"], "/no/such/file.json"),
    ];
    for (given, want) in cases {
        let out = merge(given);
        assert_eq!(out.status.code(), Some(1), "{given:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{given:?}: {err}");
    }
    assert!(
        String::from_utf8_lossy(&merge(&[f[0], f[1], &other]).stderr).contains(&other),
        "names the file"
    );
    // A shard's games are its own: a file claiming to be shard 2 with shard 3's games is refused.
    let text = std::fs::read_to_string(&files[2])
        .unwrap()
        .replace("\"shard\":\"3/3\"", "\"shard\":\"2/3\"");
    let forged = dir.join("forged.json");
    std::fs::write(&forged, text).unwrap();
    let out = merge(&[f[0], forged.to_str().unwrap(), f[2]]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("forged.json"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(merge(&[]).status.code(), Some(2), "merge needs files");
    assert_eq!(arcade(&[args, &["--shard", "4/3"]].concat()).status.code(), Some(2));
    assert_eq!(arcade(&[args, &["--shard", "x"]].concat()).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// More shards than units: the empty ones merge too.
#[test]
fn shards_beyond_the_units_are_empty_and_merge() {
    let dir = scratch("empty");
    let args: &[&str] = &["pig", "tournament", "optimal", "hold20", "pace", "--games", "4"];
    let whole = stdout(arcade(&[args, &["--json"]].concat()), "the whole run");
    let files = shards(args, 5, &dir);
    let empty: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert_eq!(
        empty["results"].as_array().map(Vec::len),
        Some(0),
        "3 pairs in 5 shards: shard 1 has none"
    );
    let names: Vec<&str> = files.iter().map(String::as_str).collect();
    assert_eq!(stdout(merge(&names), "merge"), whole);
    std::fs::remove_dir_all(&dir).ok();
}

/// `lifter judge --json` prints a line per map; merged lines follow the official maps' order,
/// other maps after them by name, each map once.
#[test]
fn judge_lines_merge_in_the_official_order() {
    let dir = scratch("judge");
    let line = |map: &str| {
        format!(
            r#"{{"map":"{map}","score":10,"best":20,"seconds":1.25,"route_length":4,"route":"RDLU","link":"http://127.0.0.1:8000/#lifter/2/x","note":""}}"#
        )
    };
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    std::fs::write(&a, format!("{}\n{}\n", line("flood1"), line("my-map"))).unwrap();
    std::fs::write(&b, format!("{}\n{}\n", line("contest2"), line("contest10"))).unwrap();
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let merged = stdout(merge(&[a, b]), "merge");
    let maps: Vec<String> = merged
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["map"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(maps, ["contest2", "contest10", "flood1", "my-map"]);
    assert!(merged.contains(&line("flood1")), "lines are kept as printed");
    let out = merge(&[a, b, a]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\"flood1\""));
    std::fs::remove_dir_all(&dir).ok();
}

/// `arcade merge` under a 1 GiB address-space limit (a file's claims must not allocate).
fn merge_bounded(files: &[&str]) -> Output {
    let script = format!(
        "ulimit -v 1048576; exec \"$0\" merge {}",
        files.iter().map(|f| format!("'{f}'")).collect::<Vec<_>>().join(" ")
    );
    Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_arcade")])
        .current_dir(cli::ROOT)
        .env_remove("ARCADE_URL")
        .output()
        .expect("runs")
}

/// Files are strangers: every count a file claims is bounded before anything is allocated, a
/// seating no run could make is refused, and every refusal is a message naming the file.
#[test]
fn merge_bounds_what_a_file_claims() {
    let dir = scratch("hostile");
    let whole = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&stdout(arcade(&[args, &["--json"]].concat()), "run")).unwrap()
    };
    let arena = whole(RUNS[1]);
    let tournament = whole(RUNS[0]);
    let labyrinth = whole(&[
        "labyrinth",
        "arena",
        "greedy",
        "simple",
        "--games",
        "3",
        "--seed",
        "2",
        "--seats",
        "4",
    ]);
    let forged =
        |name: &str, mut v: serde_json::Value, edit: &dyn Fn(&mut serde_json::Value)| -> String {
            edit(&mut v);
            let path = dir.join(name);
            std::fs::write(&path, v.to_string()).unwrap();
            path.to_string_lossy().into_owned()
        };
    let cases: Vec<(String, &str)> = vec![
        (
            forged("shards.json", arena.clone(), &|v| v["shard"] = "1/4294967295".into()),
            "and 4294967289 more of this run are missing",
        ),
        (
            forged("games.json", arena.clone(), &|v| v["games"] = 1_000_000_000_000_000u64.into()),
            "claims 1000000000000000 games",
        ),
        (
            forged("per-pair.json", tournament.clone(), &|v| {
                v["games_per_pair"] = 4_000_000_000u64.into()
            }),
            "claims 12000000000 games",
        ),
        (
            forged("entrants.json", tournament.clone(), &|v| {
                v["entrants"] = vec!["pace"; 200_000].into()
            }),
            "200000 entrants; a tournament has at most 16",
        ),
        (
            forged("seats.json", labyrinth.clone(), &|v| v["seats"] = 1_000_000_000u64.into()),
            "1000000000 seats",
        ),
        (
            forged("seating.json", arena.clone(), &|v| {
                v["results"][2]["seating"] = serde_json::json!([1, 1])
            }),
            "game 3: seating [1, 1] is impossible in this run (its game 3 seats [0, 1])",
        ),
        (
            forged("swapped.json", arena.clone(), &|v| {
                v["results"][0]["seating"] = serde_json::json!([1, 0])
            }),
            "game 1: seating [1, 0] is impossible",
        ),
        (
            forged("stranger.json", tournament.clone(), &|v| {
                v["results"][0]["seating"] = serde_json::json!([7, 0])
            }),
            "game 1: seating [7, 0] is impossible",
        ),
        (
            forged("long.json", arena.clone(), &|v| {
                v["results"][0]["seating"] = vec![0; 1_000_000].into()
            }),
            "seating [0, 0, 0, 0, 0, 0, 0, 0, … (999992 more)] is impossible",
        ),
        (
            forged("returns.json", labyrinth.clone(), &|v| {
                v["results"][0]["returns"] = serde_json::json!([1.0])
            }),
            "game 1: 1 returns for 4 seats",
        ),
    ];
    for (file, want) in &cases {
        let out = merge_bounded(&[file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file}: {err}");
        assert!(err.contains(want) && err.contains(file.as_str()), "{file}: {err}");
        assert!(err.len() < 1000, "{file}: a message of {} bytes", err.len());
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The judge lines of a long run merge in linear time: each map is looked up once (80,000 lines
/// took 47 s when every line was compared with every other).
#[test]
fn many_judge_lines_merge_at_once() {
    let dir = scratch("many");
    let line = |i: usize| {
        format!(
            r#"{{"map":"m{i:06}","score":10,"best":20,"seconds":1.25,"route_length":4,"route":"RDLU","link":"http://127.0.0.1:8000/#lifter/2/x","note":""}}"#
        )
    };
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    std::fs::write(&a, (0..40_000).map(|i| line(2 * i) + "\n").collect::<String>()).unwrap();
    std::fs::write(&b, (0..40_000).map(|i| line(2 * i + 1) + "\n").collect::<String>()).unwrap();
    let started = std::time::Instant::now();
    let merged = stdout(merge(&[a.to_str().unwrap(), b.to_str().unwrap()]), "merge");
    // Linear, this takes well under a second; quadratic, tens of seconds.
    assert!(started.elapsed().as_secs() < 15, "{:?}", started.elapsed());
    assert_eq!(merged.lines().count(), 80_000);
    assert_eq!(merged.lines().nth(1).map(|l| l.contains("m000001")), Some(true));
    std::fs::remove_dir_all(&dir).ok();
}

/// Times differ from run to run; everything else of a decision is the run's.
fn untimed(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    for game in v["decisions"].as_array_mut().unwrap() {
        for d in game.as_array_mut().unwrap() {
            d["ms"] = 0.into();
        }
    }
    v
}

#[test]
fn decisions_merge_game_by_game_and_only_from_shards_that_all_have_them() {
    let dir = scratch("decisions");
    let run = [
        "punter",
        "arena",
        "greedy",
        "random",
        "--map",
        "circle",
        "--games",
        "5",
        "--seed",
        "3",
        "--decisions",
    ];
    let files = shards(&run, 2, &dir);
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let merged = stdout(merge(&files), "merge");
    let whole = stdout(arcade(&[&run[..], &["--json"]].concat()), "the whole run");
    assert_eq!(untimed(&merged), untimed(&whole));
    let games = untimed(&whole)["decisions"].as_array().unwrap().clone();
    assert_eq!(games.len(), 5, "a list of decisions a game");
    for game in &games {
        let answers: Vec<&str> =
            game.as_array().unwrap().iter().map(|d| d["answer"].as_str().unwrap()).collect();
        assert!(
            !answers.is_empty()
                && answers.iter().all(|a| a.starts_with("claim") || a.starts_with("pass")),
            "{answers:?}"
        );
    }
    // A shard of the run without --decisions is another run.
    let bare = dir.join("bare.json");
    std::fs::write(
        &bare,
        stdout(
            arcade(&[&run[..run.len() - 1], &["--json", "--shard", "2/2"]].concat()),
            "bare shard",
        ),
    )
    .unwrap();
    let out = merge(&[files[0], bare.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("\"decisions\""),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = merge(&[bare.to_str().unwrap(), files[0]]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("\"decisions\" differs"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

//! The `arcade` command line: its JSON outputs and exit codes are a product surface.

#[path = "common/cli.rs"]
mod cli;

use cli::arcade;

#[test]
fn check_reads_any_format_as_the_product_does() {
    let dir = std::env::temp_dir().join(format!("arcade-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.map");
    std::fs::write(&good, "#####\n#R.L#\n#####\n").unwrap();
    let out = arcade(&["check", "lifter-map", good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "a 5×3 map");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"sites":[{"id":0}],"rivers":[{"source":0,"target":3}],"mines":[0]}"#)
        .unwrap();
    let out = arcade(&["check", "punter-map", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.json: rivers[0].target: site 3 is not among the sites"), "{err}");
    let out = arcade(&["check", "chess", good.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown format \"chess\" (known: scheme, pig-marks, lifter-map, lifter-route, lifter-marks, punter-map,"));
    // A file that is not UTF-8 is refused at its first bad byte, in `check` and in the commands.
    let binary = dir.join("binary.map");
    std::fs::write(&binary, b"#####\n#R\xFFL#\n#####\n").unwrap();
    let path = binary.to_str().unwrap();
    for args in [
        &["check", "lifter-map", path][..],
        &["lifter", "run", path, "W"],
        &["labyrinth", "check", path],
        &["punter", "play", path],
    ] {
        let out = arcade(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("binary.map:2:3: this is not UTF-8 text (byte 0xFF)"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The arenas play their independent units on every core: the output must not depend on how
/// many there are.
#[test]
fn arenas_give_the_same_results_on_any_number_of_cores() {
    let runs: [&[&str]; 3] = [
        &["pig", "tournament", "optimal", "hold20", "pace", "hold25", "--games", "30", "--json"],
        &["punter", "arena", "greedy", "random", "--map", "circle", "--games", "12", "--json"],
        &["labyrinth", "arena", "greedy", "simple", "--games", "6", "--json"],
    ];
    for args in runs {
        let on = |threads: &str| {
            let out = cli::command()
                .args(args)
                .env("ARCADE_THREADS", threads)
                .env_remove("ARCADE_URL")
                .output()
                .expect("runs");
            assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout).unwrap()
        };
        let one = on("1");
        assert!(one.contains("\"wins\"") || one.contains("\"standings\""), "{one}");
        assert_eq!(on("3"), one, "{args:?}");
    }
}

/// The game a text names (its id or title, in any case), if any.
fn game_named_in(text: &str) -> Option<&'static str> {
    let text = text.to_lowercase();
    games::GAMES
        .iter()
        .find(|g| text.contains(g.id) || text.contains(&g.title.to_lowercase()))
        .map(|g| g.id)
}

#[test]
fn arcade_limits_is_the_table_of_reliability_md_with_each_games_decision_time_and_rails_naming_no_game(
) {
    let out = arcade(&["limits"]);
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/RELIABILITY.md"))
            .unwrap();
    assert!(doc.contains(&table), "docs/RELIABILITY.md does not hold `arcade limits`:\n{table}");
    let mut timed = 0;
    for g in games::GAMES {
        if let Some(d) = g.decisions {
            let row = d.row(g.title);
            assert!(
                row.limit.starts_with(&format!("{} ms a {}", d.decision_ms, d.decision)),
                "{row:?}"
            );
            assert!(
                table.contains(&format!("| {} | {} | {} |", row.input, row.limit, row.past_it)),
                "{} has no row of its decision time",
                g.id
            );
            timed += 1;
        }
    }
    assert_eq!(timed, 2, "Pig and Labyrinth time outside strategies");
    for l in rails::inputs::RAIL_LIMITS {
        for text in [l.input, l.limit, l.past_it] {
            assert_eq!(game_named_in(text), None, "a rail's row names a game: {text}");
        }
    }
    // The check finds a planted row that names a game.
    assert_eq!(
        game_named_in("JavaScript strategy (page): 500 ms a Labyrinth turn"),
        Some("labyrinth")
    );
}

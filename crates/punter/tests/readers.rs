//! The fast typed readers of official logs and maps give exactly what the careful tree walk
//! gives: on every fixture log and bundled map, and on variants of unusual shape (where the
//! fast reader steps aside and the tree walk decides, with the same errors and places).
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use punter::{maps, GameLog, PunterMap};

/// The fast reader and the tree walk agree on `text`: the same value, or the same error.
fn same<T: PartialEq + std::fmt::Debug, E: std::fmt::Display>(
    fast: Result<T, E>,
    tree: Result<T, E>,
    what: &str,
) {
    assert_eq!(fast.map_err(|e| e.to_string()), tree.map_err(|e| e.to_string()), "{what}");
}

fn same_log(text: &str, what: &str) {
    same(GameLog::parse(text), GameLog::parse_by_tree(text), what);
}

#[test]
fn every_fixture_log_reads_the_same_both_ways() {
    let mut n = 0;
    for entry in
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/punter"))
            .unwrap()
    {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            same_log(&text, &path.display().to_string());
            assert!(GameLog::parse(&text).is_ok(), "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 30, "{n} fixture logs");
}

#[test]
fn unusual_logs_read_the_same_both_ways() {
    let head = r#"{"game":[{"start":{}},{"settings":{"futures":true}},{"map":"sample.json"},{"punter":0,"team":"a"},{"punter":1,"team":"b"},{"punter":0,"futures":[{"source":1,"target":3}]},{"gameplay":"start"},"#;
    let tail = r#"{"gameplay":"stop"},{"pass":{"punter":0}},{"scores":[{"punter":0,"score":3},{"punter":1,"score":-2}]},{"futures":[{"punter":0,"scores":[]}]}]}"#;
    let variants = [
        r#"{"claim":{"punter":0,"source":1,"target":3}},{"pass":{"punter":1}},"#,
        r#"{"claim":{"punter":0,"source":1,"target":3},"x":1},"#,
        r#"{"claim":{"punter":"0","source":1,"target":3}},"#,
        r#"{"claim":{"punter":0,"source":1}},"#,
        r#"{"pass":{"punter":0,"source":"x"}},"#,
        r#"{"splurge":{"punter":0,"route":[1,2,"3"]}},"#,
        r#"{"splurge":{"punter":0}},"#,
        r#"{"dance":{"punter":0}},"#,
        r#"{"timeout":{"punter":0}},{"zombie":{"punter":0}},{"zombie":{"punter":1}},"#,
        r#"{"claim":{"punter":0,"source":1.0,"target":3}},"#,
        r#"{"claim":{"punter":0,"source":1,"target":3}},{"gameplay":"stop","x":1},"#,
    ];
    for v in variants {
        same_log(&format!("{head}{v}{tail}"), v);
    }
    let heads = [
        r#"{"game":[{"settings":{"futures":1}},{"map":"sample.json"},{"punter":0,"team":"a"},"#,
        r#"{"game":[{"map":"sample.json"},{"punter":0,"team":7},"#,
        r#"{"game":[{"map":"sample.json"},{"punter":1,"team":"a"},"#,
        r#"{"game":[{"map":3},{"punter":0,"team":"a"},"#,
        r#"{"game":[{"map":"sample.json"},{"punter":0,"team":"a"},{"punter":0,"futures":[{"source":1}]},"#,
        r#"{"game":[{"map":"sample.json"},{"punter":0,"team":"a"},{"scores":[{"punter":3,"score":1}]},"#,
        r#"{"game":[{"map":"sample.json"},{"punter":0,"team":"a"},{"scores":7},"#,
        r#"{"other":1,"game":[{"map":"sample.json"},{"punter":0,"team":"a"},"#,
        r#"{"game":[{"punter":0,"team":"a"},"#,
    ];
    for h in heads {
        same_log(
            &format!(
                r#"{h}{{"gameplay":"start"}},{{"pass":{{"punter":0}}}},{{"gameplay":"stop"}}]}}"#
            ),
            h,
        );
    }
    same_log(r#"{"game":[{"map":"sample.json"}"#, "cut");
    same_log(r#"{"game":{}}"#, "not a list");
}

fn same_map(text: &str, what: &str) {
    same(PunterMap::parse(text), PunterMap::parse_by_tree(text), what);
}

#[test]
fn every_bundled_map_and_unusual_maps_read_the_same_both_ways() {
    for name in maps::names() {
        same_map(maps::bundled(name).unwrap(), name);
    }
    let variants = [
        r#"{"sites":[{"id":1},{"id":2,"x":"a"}],"rivers":[{"source":1,"target":2}],"mines":[1]}"#,
        r#"{"sites":[{"id":1},{"id":1}],"rivers":[],"mines":[1]}"#,
        r#"{"sites":[{"id":1},{"id":2}],"rivers":[{"source":1,"target":3}],"mines":[1]}"#,
        r#"{"sites":[{"id":1},{"id":2}],"rivers":[{"source":1,"target":1}],"mines":[1]}"#,
        r#"{"sites":[{"id":1},{"id":2}],"rivers":[{"source":1}],"mines":[1]}"#,
        r#"{"sites":[{"id":-1}],"rivers":[],"mines":[]}"#,
        r#"{"sites":[{"id":1,"x":null}],"rivers":[],"mines":[1,1]}"#,
        r#"{"sites":[{"id":100000000000}],"rivers":[],"mines":[100000000000]}"#,
        r#"{"sites":[],"rivers":[]}"#,
        r#"{"sites":[{"id":1}],"rivers":[],"mines":["1"]}"#,
    ];
    for v in variants {
        same_map(v, v);
    }
}

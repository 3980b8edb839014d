//! The crate graph, read from `cargo metadata`: what each crate may use, and the picture of it
//! in ARCHITECTURE.md (a Mermaid chart between `<!-- crate-graph -->` markers), which must be
//! the one drawn here. `UPDATE_ARCHITECTURE=1 cargo test --test crate_graph` redraws it.

use serde_json::Value;
use std::collections::BTreeMap;

/// The engines: one crate per game of the registry, named by its id.
fn engines() -> Vec<&'static str> {
    games::GAMES.iter().map(|g| g.id).collect()
}

const MARK: &str = "<!-- crate-graph -->";

/// A workspace crate and its dependencies among the workspace's crates: (name, optional).
struct Crate {
    name: String,
    uses: Vec<(String, bool)>,
    /// Every dependency, from anywhere (crates.io too), by name.
    all: Vec<String>,
}

fn crates() -> Vec<Crate> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let packages = meta["packages"].as_array().expect("packages");
    let names: Vec<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    // Every package but the root one, which only holds the cross-crate tests.
    let root = meta["workspace_root"].as_str().map(|r| std::path::Path::new(r).join("Cargo.toml"));
    let in_crates =
        |p: &&Value| p["manifest_path"].as_str().map(std::path::Path::new) != root.as_deref();
    packages
        .iter()
        .filter(in_crates)
        .map(|p| {
            let deps = p["dependencies"].as_array().expect("dependencies");
            let normal = deps.iter().filter(|d| d["kind"].is_null());
            Crate {
                name: p["name"].as_str().unwrap_or_default().to_string(),
                uses: normal
                    .clone()
                    .filter_map(|d| {
                        let name = d["name"].as_str()?;
                        names.contains(&name).then(|| (name.to_string(), d["optional"] == true))
                    })
                    .collect(),
                all: normal.filter_map(|d| d["name"].as_str().map(str::to_string)).collect(),
            }
        })
        .collect()
}

fn uses(crates: &[Crate], name: &str) -> Vec<String> {
    let Some(c) = crates.iter().find(|c| c.name == name) else {
        return vec![format!("(no crate {name})")];
    };
    let mut uses: Vec<String> = c.uses.iter().map(|(n, _)| n.clone()).collect();
    uses.sort();
    uses
}

/// Each crate held to what its layer may use; what breaks it, one line each.
fn layer_problems(crates: &[Crate]) -> Vec<String> {
    let mut found = Vec::new();
    let expect = |found: &mut Vec<String>, name: &str, allowed: &[&str]| {
        let used = uses(crates, name);
        if used != allowed {
            found.push(format!("{name} uses {used:?}, and may use {allowed:?}"));
        }
    };
    expect(&mut found, "rails", &[]);
    expect(&mut found, "scheme", &["rails"]);
    expect(&mut found, "testkit", &["rails"]);
    let engines = engines();
    let mut registry = engines.clone();
    registry.push("rails");
    registry.sort();
    expect(&mut found, "games", &registry);
    for engine in &engines {
        // Scheme, the language of strategies, is open to every engine (Pig uses it).
        let mut used = uses(crates, engine);
        used.retain(|u| u != "scheme");
        if used != ["rails"] {
            found.push(format!("{engine} uses {used:?} besides Scheme, and may use [\"rails\"]"));
        }
    }
    // The page's crates: the helpers use the rails and the registry; each module's crate
    // (`wasm-<id>`, or `wasm-<id>-<variant>`) those, the helpers and its own game's engine.
    expect(&mut found, "wasm-common", &["games", "rails"]);
    for engine in &engines {
        if !crates.iter().any(|c| c.name == format!("wasm-{engine}")) {
            found.push(format!("the game {engine} has no page module (crate wasm-{engine})"));
        }
    }
    for c in crates.iter().filter(|c| c.name.starts_with("wasm-") && c.name != "wasm-common") {
        let module = &c.name["wasm-".len()..];
        let own = engines.iter().find(|e| {
            module.strip_prefix(**e).is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
        });
        let mut allowed = vec!["games", "rails", "wasm-common"];
        allowed.extend(own);
        allowed.sort();
        expect(&mut found, &c.name, &allowed);
    }
    // The top: nothing uses the command line or a page module; only page crates use the helpers.
    for c in crates {
        for (u, _) in &c.uses {
            let top = u == "cli" || (u.starts_with("wasm-") && u != "wasm-common");
            if top || (u == "wasm-common" && !c.name.starts_with("wasm-")) {
                found.push(format!("{} uses {u}, which nothing below the page may use", c.name));
            }
        }
    }
    // JavaScript's crates and OS randomness are the page crates' alone.
    for c in crates.iter().filter(|c| !c.name.starts_with("wasm-")) {
        for js in ["wasm-bindgen", "web-sys", "js-sys", "getrandom", "rand"] {
            if c.all.iter().any(|d| d == js) {
                found.push(format!("{} depends on {js}, which only the page's crates may", c.name));
            }
        }
    }
    found
}

#[test]
fn each_crate_uses_only_what_its_layer_may() {
    assert_eq!(layer_problems(&crates()), Vec::<String>::new());
}

#[test]
fn a_planted_arrow_breaks_the_layers() {
    let plant = |name: &str, dep: &str| {
        let mut crates = crates();
        let c = crates.iter_mut().find(|c| c.name == name).expect("crate");
        c.uses.push((dep.to_string(), false));
        c.all.push(dep.to_string());
        layer_problems(&crates)
    };
    let engines = engines();
    let (first, second) = (engines[0], engines[1]);
    assert!(plant("rails", first)[0].starts_with("rails uses"));
    assert!(plant(first, second)[0].starts_with(&format!("{first} uses")));
    assert!(plant("scheme", "games")[0].starts_with("scheme uses"));
    assert_eq!(
        plant("games", "cli").last().map(String::as_str),
        Some("games uses cli, which nothing below the page may use")
    );
    let web = plant(second, "web-sys");
    assert!(web.contains(&format!("{second} depends on web-sys, which only the page's crates may")));
    let mut crates = crates();
    let engine = crates.iter_mut().find(|c| c.name == first).expect("engine");
    engine.all.push("getrandom".into());
    assert_eq!(
        layer_problems(&crates),
        [format!("{first} depends on getrandom, which only the page's crates may")]
    );
    let module = format!("wasm-{first}");
    assert!(plant(&module, second)[0].starts_with(&format!("{module} uses")));
    assert!(plant("cli", &module).last().is_some_and(|p| p.starts_with("cli uses wasm-")));
    assert!(plant("games", "wasm-common").last().is_some_and(|p| p.starts_with("games uses")));
}

/// The chart: one node per crate, an arrow from a crate to each it uses (dotted: behind a
/// feature), crates in the order of their names.
fn chart(crates: &[Crate]) -> String {
    let mut lines = vec!["```mermaid".to_string(), "graph TD".to_string()];
    let mut by_name = BTreeMap::new();
    for c in crates {
        by_name.insert(c.name.clone(), c);
    }
    for (name, c) in &by_name {
        let mut uses = c.uses.clone();
        uses.sort();
        if uses.is_empty() {
            lines.push(format!("  {}", node(name)));
        }
        for (dep, optional) in uses {
            let arrow = if optional { "-.->" } else { "-->" };
            lines.push(format!("  {} {arrow} {}", node(name), node(&dep)));
        }
    }
    lines.push("```".to_string());
    lines.join("\n")
}

/// A Mermaid node id (no `-`) labelled with the crate's name.
fn node(name: &str) -> String {
    format!("{}[{name}]", name.replace('-', "_"))
}

#[test]
fn architecture_md_draws_the_crate_graph_as_it_is() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ARCHITECTURE.md");
    let text = std::fs::read_to_string(path).expect("ARCHITECTURE.md");
    let parts: Vec<&str> = text.split(MARK).collect();
    assert_eq!(parts.len(), 3, "ARCHITECTURE.md holds the chart between two {MARK} lines");
    let drawn = format!("\n{}\n", chart(&crates()));
    if std::env::var("UPDATE_ARCHITECTURE").is_ok() {
        std::fs::write(path, [parts[0], &drawn, parts[2]].join(MARK)).expect("writes");
        return;
    }
    assert_eq!(parts[1], drawn, "the crate graph changed: UPDATE_ARCHITECTURE=1 redraws it");
}

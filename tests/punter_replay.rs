//! Lambda Punter against the official contest: a representative subset of the 5,308 official
//! game logs (every extension combination, small and 10,000-river maps, timeouts, zombies,
//! wrong punter ids, up to 17 punters) must replay to the recorded final scores.
//! `scripts/punter-replay-all.sh` replays all of them.

use punter::{GameLog, Illegal, Move, Played, PunterGame, PunterMap, Settings};
use std::sync::Arc;

fn map(name: &str) -> Arc<PunterMap> {
    let text = std::fs::read_to_string(format!("maps/punter/{name}")).expect("bundled map");
    Arc::new(PunterMap::parse(&text).expect("valid map"))
}

fn fixtures() -> Vec<std::path::PathBuf> {
    // The official logs (the folder also holds test programs, `*.wat` and `*.wasm`).
    let mut files: Vec<_> = std::fs::read_dir("tests/fixtures/punter")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn official_logs_replay_to_the_official_scores() {
    let files = fixtures();
    assert!(files.len() >= 30);
    let mut combos = std::collections::BTreeSet::new();
    let (mut timeouts, mut zombies, mut big) = (0, 0, 0);
    for path in files {
        let log = GameLog::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = map(&log.map);
        big += usize::from(m.rivers.len() >= 10_000);
        combos.insert((log.settings.futures, log.settings.splurges, log.settings.options));
        timeouts +=
            log.entries.iter().filter(|e| matches!(e, punter::Entry::Timeout { .. })).count();
        zombies += log.entries.iter().filter(|e| matches!(e, punter::Entry::Zombie { .. })).count();
        let (game, played) = log.replay(m.clone());
        assert!(game.is_over(), "{}: the game lasts one turn per river", path.display());
        assert_eq!(played.len(), log.entries.len());
        assert_eq!(game.scores(), log.recorded, "{}", path.display());
        // The score taken apart sums to the official score; what each site is worth sums to
        // the rivers' part of it.
        for p in 0..game.punters() {
            let b = game.breakdown(p);
            assert_eq!(b.total, log.recorded[p], "{} punter {p}", path.display());
            assert_eq!(b.futures.len(), game.futures(p).len());
            let rivers: u64 = b.mines.iter().map(|m| m.points).sum();
            assert_eq!(rivers, game.network(p).score());
            let worth: u64 = (0..m.sites.len() as u32)
                .flat_map(|s| game.site_worth(p, s))
                .filter(|w| w.joined)
                .map(|w| u64::from(w.distance).pow(2))
                .sum();
            assert_eq!(worth, rivers, "{} punter {p}", path.display());
        }
    }
    assert_eq!(combos.len(), 8, "every combination of futures, splurges and options");
    assert!(timeouts > 50 && zombies > 20 && big == 2);
}

#[test]
fn maps_are_read_with_their_places_on_error() {
    let m = map("sample.json");
    assert_eq!((m.sites.len(), m.rivers.len(), m.mines.len()), (8, 12, 2));
    let cases = [
        ("{\"sites\":[{\"id\":1}],\"rivers\":[],\"mines\":[1]", "1:43: EOF while parsing"),
        (
            "{\"sites\":[{\"id\":1}],\"rivers\":[{\"source\":1,\"target\":9}],\"mines\":[]}",
            "rivers[0].target: site 9 is not among the sites",
        ),
        (
            "{\"sites\":[{\"id\":1},{\"id\":1}],\"rivers\":[],\"mines\":[]}",
            "sites[1].id: site 1 is listed twice",
        ),
        (
            "{\"sites\":[{\"id\":1}],\"rivers\":[{\"source\":1,\"target\":1}],\"mines\":[]}",
            "rivers[0]: a river from site 1 to itself",
        ),
        ("{\"sites\":[{\"id\":-1}],\"rivers\":[],\"mines\":[]}", "sites[0].id: expected a site id"),
        ("{\"sites\":[],\"rivers\":[]}", "mines: missing"),
    ];
    for (text, want) in cases {
        let e = PunterMap::parse(text).unwrap_err();
        assert!(e.to_string().contains(want), "{text}: {e}");
    }
    // Non-contiguous ids, a duplicate river, an isolated site, a disconnected part.
    let m = PunterMap::parse(
        "{\"sites\":[{\"id\":10},{\"id\":20},{\"id\":30},{\"id\":40},{\"id\":50}],\
          \"rivers\":[{\"source\":10,\"target\":20},{\"source\":20,\"target\":10},{\"source\":40,\"target\":50}],\"mines\":[10,40]}",
    )
    .unwrap();
    assert_eq!(m.rivers.len(), 2);
    assert_eq!(m.dist(0, m.site(20).unwrap()), 1);
    assert_eq!(m.dist(0, m.site(50).unwrap()), u32::MAX);
}

#[test]
fn illegal_moves_are_passes_with_their_reason() {
    let m = map("sample.json");
    let settings = Settings { futures: false, splurges: true, options: true };
    let mut g = PunterGame::new(m, 2, settings, &[]);
    assert_eq!(g.play(&Move::Claim { source: 0, target: 1 }), Played::Done);
    assert_eq!(
        g.play(&Move::Claim { source: 1, target: 0 }),
        Played::Passed(Illegal::Claimed { source: 1, target: 0 })
    );
    assert_eq!(
        g.play(&Move::Claim { source: 0, target: 5 }),
        Played::Passed(Illegal::NoSuchRiver { source: 0, target: 5 })
    );
    // Punter 1 buys the option on punter 0's river 0–1; nobody can buy it again, nor its owner.
    assert_eq!(g.play(&Move::Option { source: 0, target: 1 }), Played::Done);
    assert_eq!(g.option_holder(0), Some(1));
    assert_eq!(g.options_left(1), 1, "sample has two mines: two options each");
    assert_eq!(
        g.play(&Move::Option { source: 0, target: 1 }),
        Played::Passed(Illegal::OwnRiver { source: 0, target: 1 })
    );
    assert_eq!(
        g.play(&Move::Option { source: 1, target: 0 }),
        Played::Passed(Illegal::OptionTaken { source: 1, target: 0 })
    );
    // Splurges: credit accumulates over passes and a claim does not reset it.
    let mut g = PunterGame::new(map("sample.json"), 1, settings, &[]);
    g.play(&Move::Pass);
    g.play(&Move::Claim { source: 0, target: 1 });
    assert_eq!(g.credit(0), 1);
    assert_eq!(
        g.play(&Move::Splurge { route: vec![1, 2, 3, 4] }),
        Played::Passed(Illegal::NotEnoughCredit { needed: 3, credit: 2 })
    );
    assert_eq!(g.credit(0), 2, "an illegal splurge is a pass: the credit stays");
    assert_eq!(g.play(&Move::Splurge { route: vec![1, 2, 3] }), Played::Done);
    assert_eq!(g.credit(0), 1);
    assert_eq!(
        g.play(&Move::Splurge { route: vec![3, 4, 3] }),
        Played::Passed(Illegal::RiverTwiceInRoute { source: 4, target: 3 })
    );
}

#[test]
fn futures_count_the_cube_of_the_distance_and_bad_bids_are_dropped() {
    let m = map("sample.json");
    let mine = m.sites[m.mines[0] as usize].id;
    // The last bid for a mine counts; a mine as target and an unknown site are dropped.
    let bids = vec![(mine, 6), (mine, 4), (mine, m.sites[m.mines[1] as usize].id), (99, 4)];
    let settings = Settings { futures: true, splurges: false, options: false };
    let g = PunterGame::new(m.clone(), 1, settings, &[bids]);
    assert_eq!(g.futures(0).len(), 1);
    let d = i64::from(m.dist(0, m.site(4).unwrap()));
    assert_eq!(g.score(0), -d * d * d, "an unconnected future costs d³");
}

#[test]
fn punter_passes_the_generic_checks_of_the_rails() {
    use punter::{Punter, PunterMove, PunterParams};
    let pool: Vec<PunterMove> = (0..14)
        .flat_map(|i| [PunterMove::Claim(i), PunterMove::Option(i), PunterMove::SplurgeTo(i)])
        .chain([PunterMove::Pass, PunterMove::SplurgeEnd])
        .collect();
    for (punters, futures, splurges, options) in [
        (2, false, false, false),
        (3, true, true, true),
        (2, false, true, false),
        (4, true, false, true),
    ] {
        let mut p =
            PunterParams::bundled("sample.json", punters, Settings { futures, splurges, options })
                .unwrap();
        p.futures = vec![vec![(1, 3), (5, 7)]; punters];
        testkit::random_playouts::<Punter>(&p, &pool, 15, 400);
    }
}

#[test]
fn official_logs_become_games_on_the_rails_with_the_same_scores_and_links() {
    use games::open_link;
    use punter::{Punter, PunterParams};
    use rails::game::Game;
    use rails::link::{decode_game, encode_game, GameRecord};
    for path in fixtures() {
        let log = GameLog::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let m = map(&log.map);
        let moves = log.game_moves(m.clone());
        let params = PunterParams::bundled(&log.map, log.teams.len(), log.settings)
            .map(|p| PunterParams { futures: log.futures.clone(), ..p })
            .unwrap();
        let game: Punter = rails::game::replay(&params, &moves)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(game.outcome(), Some(log.recorded.clone()), "{}", path.display());
        if m.rivers.len() < 1000 {
            let record = GameRecord::<Punter> {
                params,
                seed: 0,
                players: log.teams.clone(),
                moves,
                view: 7,
            };
            let link = encode_game(&record).unwrap();
            assert!(link.len() < 8000, "{} characters", link.len());
            let back = decode_game::<Punter>(&link).unwrap();
            assert_eq!(back.record.moves, record.moves);
            assert_eq!(
                open_link(&link).unwrap().summary["scores"],
                serde_json::json!(log.recorded)
            );
        }
    }
}

#[test]
fn the_gain_of_a_river_is_what_claiming_it_adds() {
    use punter::network::Network;
    use rails::rng::{below, stream};
    let m = map("randomMedium.json");
    let mut rng = stream(3, 3);
    for _ in 0..5 {
        let mut net = Network::new(m.sites.len());
        for _ in 0..60 {
            let r = below(&mut rng, m.rivers.len() as u64) as usize;
            let (a, b) = m.rivers[r];
            let before = net.score();
            let gain = net.gain(&m, a, b);
            net.add(&m, a, b);
            assert_eq!(net.score() - before, gain);
        }
    }
}

#[test]
fn the_bundled_map_hashes_are_those_of_the_map_files() {
    use punter::maps;
    use rails::link::content_hash;
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/maps/punter"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "json"))
        .count();
    assert_eq!(maps::BUNDLED.len(), files, "every map served with the page is bundled");
    for &(name, hash) in maps::BUNDLED {
        let text =
            std::fs::read_to_string(format!("{}/maps/punter/{name}", env!("CARGO_MANIFEST_DIR")))
                .unwrap();
        assert_eq!(content_hash(&text), hash, "{name}");
        assert_eq!(maps::bundled(name), Some(text.as_str()), "{name} is compiled in");
        assert!(
            maps::is_bundled(name, &text) && !maps::is_bundled(name, &format!("{text} ")),
            "{name}"
        );
    }
}

#[test]
fn a_link_naming_a_bundled_map_opens_with_the_map_handed_in() {
    use punter::{Punter, PunterParams, Settings};
    use rails::link::{decode_game_with, encode_game, GameRecord};
    let params = PunterParams::bundled("circle.json", 2, Settings::default()).unwrap();
    let text = params.map_text.to_string();
    let link = encode_game(&GameRecord::<Punter> {
        params,
        seed: 1,
        players: vec![],
        moves: vec![],
        view: 0,
    })
    .unwrap();
    assert!(link.len() < 100, "the map travels by name: {link}");
    // A map handed in is what the link reads (the page's build carries none); a different text
    // under the same name is refused, not taken for the shared map.
    let d = decode_game_with::<Punter>(&link, vec![("circle.json".into(), text.clone())]).unwrap();
    assert_eq!(&*d.record.params.map_text, text.as_str());
    let e = decode_game_with::<Punter>(&link, vec![("circle.json".into(), format!("{text} "))])
        .unwrap_err();
    assert_eq!(e.code(), "missing-asset", "{e}");
}

//! Round trips on generated inputs: print → parse is the identity for Lifter maps, Punter maps
//! and logs, and Labyrinth saves; encode → decode is the identity for match and tournament
//! links (game links of all four games: tests/determinism.rs, 1,000 random games each).

#[path = "common/random_games.rs"]
mod random_games;

use labyrinth::save;
use labyrinth::state::Labyrinth;
use lifter::{maps, Cell, Metadata, Mine};
use pig::links::{decode_match, decode_tournament, encode_match, encode_tournament};
use pig::tournament::TournamentSpec;
use pig::{Entrant, MatchSpec, StrategySource};
use punter::log::export;
use punter::protocol::map_json;
use punter::{GameLog, Played, Punter, PunterMap, PunterParams};
use rails::game::Game;
use rails::link::open;
use rails::rng::{below, stream, Rng};
use rand_core::RngCore;
use random_games::{random_labyrinth_params, random_settings};
use std::sync::Arc;

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[below(rng, items.len() as u64) as usize]
}

/// A walled mine with one robot, random cells inside, trampolines with targets and random
/// metadata.
fn random_mine(rng: &mut Rng) -> Mine {
    let (width, height) = (3 + below(rng, 40) as usize, 3 + below(rng, 25) as usize);
    let inside = [
        Cell::Empty,
        Cell::Earth,
        Cell::Wall,
        Cell::Rock,
        Cell::HoRock,
        Cell::Lambda,
        Cell::Beard,
        Cell::Razor,
        Cell::ClosedLift,
        Cell::OpenLift,
    ];
    let mut cells: Vec<Cell> = (0..width * height)
        .map(|i| {
            let (x, y) = (i % width, i / width);
            if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                Cell::Wall
            } else {
                pick(rng, &inside)
            }
        })
        .collect();
    let mut meta = Metadata::default();
    let mut free: Vec<usize> = (0..cells.len())
        .filter(|&i| {
            cells[i] != Cell::Wall
                || (i % width != 0
                    && i % width != width - 1
                    && i / width != 0
                    && i / width != height - 1)
        })
        .collect();
    let mut place = |rng: &mut Rng, cell: Cell, cells: &mut Vec<Cell>| {
        let i = free.swap_remove(below(rng, free.len() as u64) as usize);
        cells[i] = cell;
    };
    place(rng, Cell::Robot, &mut cells);
    // The smallest mine has one cell inside: room for the robot only.
    let room = (width - 2) * (height - 2);
    for t in 0..(below(rng, 4) as usize).min((room - 1) / 2) as u8 {
        let target = below(rng, 9) as u8;
        place(rng, Cell::Trampoline(t), &mut cells);
        place(rng, Cell::Target(target), &mut cells);
        meta.trampoline_targets[usize::from(t)] = Some(target);
    }
    let number = |rng: &mut Rng, default: u32| {
        if below(rng, 2) == 0 {
            default
        } else {
            rng.next_u32() % 1000
        }
    };
    meta.water = number(rng, meta.water);
    meta.flooding = number(rng, meta.flooding);
    meta.waterproof = number(rng, meta.waterproof);
    meta.growth = number(rng, meta.growth).max(1);
    meta.razors = number(rng, meta.razors);
    Mine { width, height, cells, meta }
}

#[test]
fn lifter_maps_print_and_parse_to_themselves() {
    for (name, text) in maps::OFFICIAL {
        let mine = Mine::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(Mine::parse(&mine.text()).unwrap(), mine, "{name}");
    }
    for k in 0..2000 {
        let mine = random_mine(&mut stream(0x3A9, k));
        let text = mine.text();
        assert_eq!(
            Mine::parse(&text).unwrap_or_else(|e| panic!("{k}: {e}\n{text}")),
            mine,
            "{k}:\n{text}"
        );
    }
}

#[test]
fn punter_maps_print_and_parse_to_themselves() {
    for k in 0..500 {
        let rng = &mut stream(0x9A9, k);
        let n = 2 + below(rng, 60) as usize;
        let mut ids: Vec<u64> = (0..n).map(|_| rng.next_u64() >> below(rng, 64)).collect();
        ids.sort_unstable();
        ids.dedup();
        let coord = |rng: &mut Rng| (rng.next_u64() as i64 as f64) / 1e9;
        let sites: Vec<serde_json::Value> = ids
            .iter()
            .map(|&id| serde_json::json!({"id": id, "x": coord(rng), "y": coord(rng)}))
            .collect();
        let rivers: Vec<serde_json::Value> = (0..below(rng, 3 * ids.len() as u64))
            .filter_map(|_| {
                let (a, b) = (pick(rng, &ids), pick(rng, &ids));
                (a != b).then(|| serde_json::json!({"source": a, "target": b}))
            })
            .collect();
        let mines: Vec<u64> = ids.iter().copied().filter(|_| below(rng, 4) == 0).collect();
        let text =
            serde_json::json!({"sites": sites, "rivers": rivers, "mines": mines}).to_string();
        let map = PunterMap::parse(&text).unwrap_or_else(|e| panic!("{k}: {e}"));
        let printed = map_json(&map).to_string();
        assert_eq!(PunterMap::parse(&printed).unwrap(), map, "{k}");
        assert_eq!(
            map_json(&PunterMap::parse(&printed).unwrap()).to_string(),
            printed,
            "{k}: printing is stable"
        );
    }
}

#[test]
fn punter_logs_print_and_parse_to_the_same_game() {
    for k in 0..200 {
        let rng = &mut stream(0x106, k);
        let (name, punters) = (
            pick(rng, &["sample.json", "lambda.json", "circle.json", "triangle.json"]),
            2 + below(rng, 3) as usize,
        );
        let settings = random_settings(rng);
        let params = PunterParams::bundled(name, punters, settings).expect("bundled map");
        let mut game = Punter::new(&params).unwrap();
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            let legal = game.legal_moves();
            let mv = legal[below(rng, legal.len() as u64) as usize].clone();
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        let teams: Vec<String> = (0..punters).map(|p| format!("team {p}")).collect();
        let text = export(&params, &moves, &teams).expect("legal moves export");
        let log = GameLog::parse(&text).unwrap_or_else(|e| panic!("{k}: {e}"));
        let (replayed, played) = log.replay(Arc::clone(&params.map));
        assert!(
            played.iter().all(|p| *p == Played::Done),
            "{k}: every move of the log is played as written"
        );
        assert_eq!(replayed.scores(), game.game().scores(), "{k}: scores");
        assert_eq!(log.teams, teams, "{k}");
        let again = export(&params, &moves, &log.teams).unwrap();
        assert_eq!(again, text, "{k}: export → parse → export");
    }
}

#[test]
fn labyrinth_saves_print_and_parse_to_themselves() {
    for k in 0..300 {
        let rng = &mut stream(0x1AB, k);
        let params = random_labyrinth_params(rng);
        let rules = params.rules;
        let mut game = Labyrinth::new(&params).unwrap();
        for _ in 0..below(rng, 120) {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_moves();
            game.play(&legal[below(rng, legal.len() as u64) as usize]).unwrap();
        }
        let text = save::print(&game);
        let back = save::parse(&text, rules).unwrap_or_else(|e| panic!("{k}: {e}\n{text}"));
        assert_eq!(save::print(&back), text, "{k}");
        // The grammar gives the extra tile no direction (it is turned when pushed in).
        let mut board = game.board.clone();
        board.extra.dir = back.board.extra.dir;
        assert_eq!(back.board, board, "{k}");
        // A save lists the player to move first.
        let n = game.players.len();
        let rotated: Vec<_> = (0..n).map(|i| game.players[(game.turn + i) % n].clone()).collect();
        assert_eq!(back.players, rotated, "{k}");
    }
}

fn random_entrant(rng: &mut Rng) -> Entrant {
    match below(rng, 3) {
        0 => {
            Entrant::builtin(pick(rng, &["optimal", "pace", "hold20", "hold25", "dummy", "coward"]))
        }
        1 => Entrant {
            label: format!("mine-{}.scm", rng.next_u32()),
            source: StrategySource::Scheme(format!(
                "(define (player a b c d e) (< c {}))",
                rng.next_u32() % 100
            )),
        },
        _ => Entrant {
            label: "ünïcode ✓".into(),
            source: StrategySource::Scheme(
                "; nothing\n(define (player a b c d e) #t)".repeat(1 + below(rng, 30) as usize),
            ),
        },
    }
}

#[test]
fn match_and_tournament_links_decode_to_their_spec() {
    for k in 0..500 {
        let rng = &mut stream(0x11C, k);
        let spec = MatchSpec {
            entrants: [random_entrant(rng), random_entrant(rng)],
            games: 1 + below(rng, 10_000) as u32,
            seed: rng.next_u64(),
            target: 2 + below(rng, 199) as u32,
        };
        assert_eq!(decode_match(&encode_match(&spec)).unwrap(), spec, "{k}");
        let n = 3 + below(rng, 14) as usize;
        let spec = TournamentSpec {
            entrants: (0..n).map(|_| random_entrant(rng)).collect(),
            games: 1 + below(rng, 50) as u32,
            seed: rng.next_u64(),
            target: 2 + below(rng, 199) as u32,
        };
        let env = open(&encode_tournament(&spec)).unwrap();
        assert_eq!(decode_tournament(&env).unwrap(), spec, "{k}");
    }
}

//! 1,000 random games per engine, shared by the native test (tests/determinism.rs) and the
//! wasm test (tests/wasm.rs): random parameters (targets, maps, seat counts, extensions,
//! rules), random legal moves and seeded chance. Each game's fingerprint covers its final state
//! (every seat's view, as JSON), its returns and outcome, and its share link; the constants
//! below are what every build must give, natively and in the browser.
#![allow(dead_code)]

use labyrinth::game::LabyrinthParams;
use labyrinth::state::{Color, Control, Labyrinth, Rules};
use lifter::{maps as lifter_maps, Command, Lifter, LifterParams};
use pig::{Pig, PigParams};
use punter::{Punter, PunterParams, Settings};
use rails::game::{Actor, Game};
use rails::link::{decode_game_with, encode_game, GameRecord, LinkParams};
use rails::rng::{below, stream, Rng};
use rand_core::RngCore;

pub const GAMES: u64 = 1000;

/// Small official Punter maps (bundled with the page), by file name.
const PUNTER_MAPS: [(&str, &str); 5] = [
    ("sample.json", include_str!("../../maps/punter/sample.json")),
    ("lambda.json", include_str!("../../maps/punter/lambda.json")),
    ("circle.json", include_str!("../../maps/punter/circle.json")),
    ("triangle.json", include_str!("../../maps/punter/triangle.json")),
    ("tube.json", include_str!("../../maps/punter/tube.json")),
];

fn fnv(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h = (*h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
}

/// Plays one game from `params` with moves from `choose` (chance drawn from `rng`), at most
/// `max_moves`; checks that its link opens to the same game; returns its fingerprint.
fn play<G: Game>(
    params: G::Params,
    seed: u64,
    rng: &mut Rng,
    max_moves: usize,
    choose: impl Fn(&G, &mut Rng) -> G::Move,
) -> u64
where
    G::Params: LinkParams,
{
    let mut game = G::new(&params).expect("valid random params");
    let mut moves = Vec::new();
    while game.outcome().is_none() && moves.len() < max_moves {
        let mv = match game.to_move() {
            Actor::Chance => game.draw_chance(rng).expect("a chance move"),
            Actor::Nobody => break,
            _ => choose(&game, rng),
        };
        game.play(&mv).expect("a legal move");
        moves.push(mv);
    }
    let record = GameRecord::<G> { params, seed, players: vec![], moves, view: usize::MAX };
    let link = encode_game(&record).expect("a played game encodes");
    // A link names a bundled Punter map; the page's build hands its text in, as the page does.
    let assets = if G::ID == "punter" {
        PUNTER_MAPS.iter().map(|&(n, t)| (n.to_string(), t.to_string())).collect()
    } else {
        Vec::new()
    };
    let decoded = decode_game_with::<G>(&link, assets).expect("its link opens");
    assert!(
        decoded.problem.is_none() && decoded.record.moves == record.moves && decoded.game == game,
        "link round trip"
    );
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seat in 0..game.seats() {
        fnv(
            &mut h,
            serde_json::to_string(&game.view(seat as u8)).expect("views are JSON").as_bytes(),
        );
    }
    for r in game.returns() {
        fnv(&mut h, &r.to_bits().to_le_bytes());
    }
    fnv(&mut h, format!("{:?}", game.outcome()).as_bytes());
    fnv(&mut h, link.as_bytes());
    h
}

/// A uniformly random legal move: random codes until one is legal (Punter's code space has a
/// code for every river, legal or not), else a pick from the list.
fn any_legal<G: Game>(game: &G, rng: &mut Rng) -> G::Move {
    let codes = game.move_count() as u64;
    for _ in 0..32 {
        if let Some(mv) = game.move_at(below(rng, codes) as usize) {
            return mv;
        }
    }
    let mut moves = game.legal_moves();
    let n = moves.len() as u64;
    moves.swap_remove(below(rng, n) as usize)
}

/// Combines the fingerprints of `GAMES` games made by `one(game index, rng)`.
fn combine(salt: u64, one: impl Fn(u64, &mut Rng) -> u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for g in 0..GAMES {
        let mut rng = stream(salt, g);
        fnv(&mut h, &one(g, &mut rng).to_le_bytes());
    }
    h
}

pub fn pig() -> u64 {
    combine(0x5016, |g, rng| {
        let params = PigParams { target: 2 + below(rng, 199) as u32 };
        play::<Pig>(params, g, rng, 100_000, any_legal)
    })
}

pub fn lifter() -> u64 {
    combine(0x11F7, |g, rng| {
        let (name, text) =
            lifter_maps::OFFICIAL[below(rng, lifter_maps::OFFICIAL.len() as u64) as usize];
        let params = LifterParams { name: name.to_string(), text: text.to_string() };
        // Abort is rare (1 in 300), so that games run long enough to flood, grow and fall.
        play::<Lifter>(params, g, rng, 600, |game: &Lifter, rng: &mut Rng| {
            if below(rng, 300) == 0 {
                return Command::Abort;
            }
            let moves: Vec<Command> =
                game.legal_moves().into_iter().filter(|&c| c != Command::Abort).collect();
            moves[below(rng, moves.len() as u64) as usize]
        })
    })
}

pub fn punter() -> u64 {
    combine(0x9047, |g, rng| {
        let (name, text) = PUNTER_MAPS[below(rng, PUNTER_MAPS.len() as u64) as usize];
        let punters = 2 + below(rng, 3) as usize;
        let settings = random_settings(rng);
        let params =
            PunterParams::new(name, text, punters, settings, Vec::new()).expect("official map");
        play::<Punter>(params, g, rng, 2_000, any_legal)
    })
}

/// Random Punter extensions.
pub fn random_settings(rng: &mut Rng) -> Settings {
    let bit = |rng: &mut Rng| below(rng, 2) == 1;
    Settings { futures: bit(rng), splurges: bit(rng), options: bit(rng) }
}

/// A random Labyrinth deal: 1–4 players of random colours, human or AI, either rule set.
pub fn random_labyrinth_params(rng: &mut Rng) -> LabyrinthParams {
    let seats = 1 + below(rng, 4) as usize;
    let mut colors = Color::ALL.to_vec();
    let players = (0..seats)
        .map(|_| {
            let c = colors.remove(below(rng, colors.len() as u64) as usize);
            (c, if below(rng, 2) == 0 { Control::Human } else { Control::Ai })
        })
        .collect();
    let rules = if below(rng, 2) == 0 { Rules::Assignment } else { Rules::Ravensburger };
    LabyrinthParams { players, rules, seed: rng.next_u64(), saved: None }
}

pub fn labyrinth() -> u64 {
    combine(0x1AB7, |g, rng| {
        play::<Labyrinth>(random_labyrinth_params(rng), g, rng, 300, any_legal)
    })
}

//! Lifter's share links: today's name a map by its content hash; those of version 1 still open.

use games::open_link;
use lifter::{Lifter, LifterParams};
use rails::link::{encode_game, seal, BitWriter, GameRecord};

#[test]
fn lifter_links_of_version_1_still_open() {
    // Version 1 wrote an official map by name alone: tag 0, name; then the common record.
    let mut w = BitWriter::new();
    w.bits(0, 8);
    w.string("contest1");
    w.varint(0); // seed
    w.varint(0); // players
    w.varint(2); // moves
    w.varint(1); // view
    w.bits(3, 3); // D (index 3 of L R U D W S A)
    w.bits(0, 3); // L
    let opened = open_link(&seal("lifter", 1, &w.into_bytes())).unwrap();
    assert_eq!(opened.problem, None);
    assert_eq!(opened.data["name"], "contest1");
    assert_eq!(opened.data["route"], "DL");
    assert_eq!(opened.data["official"], true);
    // Today's links name the map with its content hash.
    let link = encode_game(&GameRecord::<Lifter> {
        params: LifterParams::official("contest1").unwrap(),
        seed: 0,
        players: vec![],
        moves: vec![],
        view: 0,
    })
    .unwrap();
    assert!(link.starts_with("lifter/2/"));
    assert_eq!(open_link(&link).unwrap().data["official"], true);
}

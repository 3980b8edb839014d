//! The Labyrinth save format: round trips of dealt and played games, the canonical layout,
//! every refusal at its exact line:column, arbitrary whitespace, a hand-written board, and
//! garbage of every length never panicking.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use labyrinth::board::{Board, INSERTIONS, SIZE};
use labyrinth::save::{parse, print, SaveError};
use labyrinth::state::{Color, Control, Labyrinth, Phase, Rules};
use labyrinth::tile::{Direction, Kind, Tile};
use rails::rng::{below, stream, Rng};

// ---------------------------------------------------------------------------------------------
// Helpers

/// Plays up to `turns` random legal turns (a legal shift, then a move to a reachable square).
fn play(g: &mut Labyrinth, rng: &mut Rng, turns: usize) {
    for _ in 0..turns {
        if g.winner.is_some() {
            return;
        }
        let legal: Vec<u8> =
            (0..INSERTIONS as u8).filter(|&at| g.check_shift(at).is_ok()).collect();
        assert!(!legal.is_empty());
        let at = legal[below(rng, legal.len() as u64) as usize];
        let dir = Direction::ALL[below(rng, 4) as usize];
        g.shift(at, dir).unwrap();
        let reach = g.board.reachable(g.mover().pos);
        let squares: Vec<(u8, u8)> = (0..SIZE * SIZE)
            .filter(|&i| reach[i])
            .map(|i| ((i / SIZE + 1) as u8, (i % SIZE + 1) as u8))
            .collect();
        let to = squares[below(rng, squares.len() as u64) as usize];
        g.go(to).unwrap();
    }
}

/// What loading a save of `g` gives: the player to move first, a fresh turn, the extra tile
/// facing north (the format has no direction for it).
fn as_loaded(g: &Labyrinth) -> Labyrinth {
    let mut h = g.clone();
    h.players.rotate_left(g.turn);
    h.turn = 0;
    h.phase = Phase::Shift;
    h.last_out = None;
    h.winner = None;
    h.turns = 0;
    h.board.extra.dir = Direction::North;
    h
}

fn tokens(s: &str) -> Vec<&str> {
    s.split([' ', '\t', '\r', '\n']).filter(|t| !t.is_empty()).collect()
}

fn refused(text: &str) -> SaveError {
    match parse(text, Rules::Assignment) {
        Ok(g) => panic!("accepted:\n{text}\nas {g:?}"),
        Err(e) => e,
    }
}

/// Asserts the refusal's place and message.
fn refuses(text: &str, line: usize, column: usize, message: &str) {
    let e = refused(text);
    assert_eq!((e.line, e.column, e.message.as_str()), (line, column, message), "for:\n{text}");
    assert_eq!(e.to_string(), format!("{line}:{column}: {message}"));
}

/// Player sets: colours in various orders, human and AI.
fn player_sets() -> Vec<Vec<(Color, Control)>> {
    use Color::*;
    use Control::*;
    vec![
        vec![(Yellow, Ai)],
        vec![(Green, Human)],
        vec![(Red, Human), (Blue, Ai)],
        vec![(Blue, Ai), (Yellow, Ai)],
        vec![(Green, Ai), (Red, Human), (Yellow, Ai)],
        vec![(Yellow, Human), (Red, Ai), (Blue, Human), (Green, Ai)],
        vec![(Green, Ai), (Blue, Ai), (Red, Ai), (Yellow, Ai)],
    ]
}

// A small hand-made save every refusal test starts from. Line 4 is the top row; lines 5–10 are
// rows 2–7, all "line north".
const ROW: &str = "line north line north line north line north line north line north line north";
const L1: &str = "yellow human 1 1 1 2";
const L2: &str = "red ai 7 7 3";
const L3: &str = "corner 4";
const L4: &str =
    "corner east line 1 north tshape 2 south line north tshape 3 south line north corner south";

fn save(l1: &str, l2: &str, l3: &str, l4: &str) -> String {
    format!("{l1}\n{l2}\n{l3}\n{l4}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n")
}

fn base() -> String {
    save(L1, L2, L3, L4)
}

// ---------------------------------------------------------------------------------------------
// Round trips and the canonical layout

#[test]
fn dealt_and_played_games_round_trip() {
    let mut checked = 0;
    for (k, players) in player_sets().iter().enumerate() {
        for rules in [Rules::Assignment, Rules::Ravensburger] {
            for seed in 0..6u64 {
                let mut g = Labyrinth::deal(players, rules, seed * 31 + k as u64).unwrap();
                let mut rng = stream(seed, 77 + k as u64);
                let turns = below(&mut rng, 13) as usize;
                play(&mut g, &mut rng, turns);
                let text = print(&g);
                let loaded = parse(&text, rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(loaded, as_loaded(&g), "{text}");
                assert_eq!(print(&loaded), text, "printing the loaded game gives the same text");
                // The player to move comes first.
                assert!(text.starts_with(g.mover().color.name()));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 2 * 6);
}

#[test]
fn a_fresh_deal_round_trips_exactly() {
    for seed in 0..10 {
        let g = Labyrinth::deal(
            &[(Color::Red, Control::Human), (Color::Yellow, Control::Ai)],
            Rules::Assignment,
            seed,
        )
        .unwrap();
        // A fresh deal is already what a load gives (the extra tile faces north).
        assert_eq!(parse(&print(&g), Rules::Assignment).unwrap(), g);
    }
}

#[test]
fn a_game_saved_mid_turn_loads_at_the_start_of_that_players_turn() {
    let mut g = Labyrinth::deal(
        &[(Color::Yellow, Control::Human), (Color::Blue, Control::Ai)],
        Rules::Ravensburger,
        3,
    )
    .unwrap();
    let mut rng = stream(3, 3);
    play(&mut g, &mut rng, 3);
    let at = (0..INSERTIONS as u8).find(|&a| g.check_shift(a).is_ok()).unwrap();
    g.shift(at, Direction::West).unwrap();
    assert_eq!(g.phase, Phase::Move);
    let loaded = parse(&print(&g), Rules::Ravensburger).unwrap();
    assert_eq!(loaded, as_loaded(&g));
    assert_eq!(loaded.phase, Phase::Shift);
    assert_eq!(loaded.rules, Rules::Ravensburger);
}

#[test]
fn the_layout_is_one_player_a_line_the_extra_tile_then_seven_rows() {
    let g = Labyrinth::deal(&player_sets()[5], Rules::Assignment, 9).unwrap();
    let text = print(&g);
    let lines: Vec<&str> = text.lines().collect();
    assert!(text.ends_with('\n'));
    assert_eq!(lines.len(), 4 + 1 + 7);
    for (line, p) in lines.iter().zip(&g.players) {
        let mut expected =
            format!("{} {} {} {}", p.color.name(), p.control.name(), p.pos.0, p.pos.1);
        for c in &p.cards {
            expected.push_str(&format!(" {c}"));
        }
        assert_eq!(*line, expected);
    }
    let extra = &g.board.extra;
    assert_eq!(
        lines[4],
        match extra.treasure {
            Some(t) => format!("{} {t}", extra.kind.name()),
            None => extra.kind.name().to_string(),
        }
    );
    for (r, line) in lines[5..].iter().enumerate() {
        let words = tokens(line);
        let mut expected = Vec::new();
        for t in &g.board.tiles[r * SIZE..(r + 1) * SIZE] {
            expected.push(t.kind.name().to_string());
            if let Some(x) = t.treasure {
                expected.push(x.to_string());
            }
            expected.push(t.dir.name().to_string());
        }
        assert_eq!(words, expected, "row {}", r + 1);
        assert_eq!(line.trim_end(), *line, "no trailing blanks");
        // Tiles stand in aligned columns of 16 characters.
        for c in 1..SIZE {
            assert_ne!(line.as_bytes()[c * 16], b' ', "row {} column {}: {line}", r + 1, c + 1);
            assert_eq!(line.as_bytes()[c * 16 - 1], b' ');
        }
    }
}

#[test]
fn printing_a_loaded_save_is_canonical() {
    let g = Labyrinth::deal(&player_sets()[4], Rules::Assignment, 5).unwrap();
    let canonical = print(&g);
    // The same tokens laid out differently print back to the canonical text.
    let messy = tokens(&canonical).join(" \t ");
    let again = print(&parse(&messy, Rules::Assignment).unwrap());
    assert_eq!(again, canonical);
    assert_eq!(tokens(&again), tokens(&messy));
    // Printing is stable.
    assert_eq!(print(&parse(&again, Rules::Assignment).unwrap()), again);
    // The hand-made base too: its tokens come back one for one.
    let base = base();
    let printed = print(&parse(&base, Rules::Assignment).unwrap());
    assert_eq!(tokens(&printed), tokens(&base));
    assert_eq!(print(&parse(&printed, Rules::Assignment).unwrap()), printed);
    // Leading zeros are NATURALs too, and print without.
    let zeros = base.replacen("yellow human 1 1 1 2", "yellow human 01 001 0001 02", 1);
    assert_eq!(print(&parse(&zeros, Rules::Assignment).unwrap()), printed);
}

// ---------------------------------------------------------------------------------------------
// Whitespace

#[test]
fn any_run_of_blanks_tabs_and_newlines_separates_tokens() {
    let base = base();
    let expected = parse(&base, Rules::Assignment).unwrap();
    let one_line = tokens(&base).join(" ");
    let tabs = tokens(&base).join("\t");
    let crlf = base.replace('\n', "\r\n");
    let ragged: String = tokens(&base)
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{}{t}", ["\n\n", " \t ", "\r\n\t", "   ", "\t\t\n "][i % 5]))
        .collect::<String>()
        + " \r\n\t\n";
    let one_per_line = tokens(&base).join("\n");
    for text in [one_line, tabs, crlf, ragged, one_per_line, format!("\n\n  \t{base}\n\n")] {
        assert_eq!(parse(&text, Rules::Assignment).as_ref(), Ok(&expected), "{text:?}");
    }
}

#[test]
fn places_count_lines_and_characters_whatever_the_blanks() {
    // CRLF: the same place as with LF; a tab is one column.
    let bad = save(L1, "red ai 7 7 3 x", L3, L4);
    refuses(&bad, 2, 14, CARD_OR_NEXT_FOUND_X);
    refuses(&bad.replace('\n', "\r\n"), 2, 14, CARD_OR_NEXT_FOUND_X);
    refuses(&save(L1, "red\tai\t7\t7\t3\tx", L3, L4), 2, 14, CARD_OR_NEXT_FOUND_X);
    refuses(&save(L1, "\t\tred ai 7 7 3 x", L3, L4), 2, 16, CARD_OR_NEXT_FOUND_X);
    // Everything on one line: columns run on.
    let one_line = tokens(&base()).join(" ").replacen("tshape 2 south", "tshape 2 sth", 1);
    let column = one_line.find("sth").unwrap() + 1;
    refuses(
        &one_line,
        1,
        column,
        r#"expected a direction (north, east, south, west), found "sth""#,
    );
    // Columns count characters, not bytes.
    refuses("é yellow", 1, 1, r#"expected a player colour (yellow, red, blue, green), found "é""#);
    refuses("yellow ééé ai", 1, 8, r#"expected the control of yellow (human, ai), found "ééé""#);
    refuses("yellow human é", 1, 14, r#"expected yellow's row (a number from 1 to 7), found "é""#);
}

const CARD_OR_NEXT_FOUND_X: &str = r#"expected a card (a number from 1 to 24), another player (yellow, red, blue, green) or the extra tile (corner, tshape, line), found "x""#;

// ---------------------------------------------------------------------------------------------
// A hand-written board

#[test]
fn a_hand_written_board_loads_as_written() {
    // Fixed squares of other kinds and turned any way, a treasure on a start square, uneven
    // hands, a player without cards, pawns anywhere, blank lines and tabs.
    let text = "
green   ai     4 4   24 7 1
blue    human  1 7
red     ai     7 1   13

tshape
line 24 west     corner 7 north   tshape south     line east        tshape 9 west    line east        corner west
line north       tshape east      line north       corner 1 south   line north       tshape west      line north
tshape east      line east        corner east      line 13 east     corner south     line east        tshape\twest
line north       corner north     line north       line east        line north       corner west      line north
tshape east      line east        corner north     line east        corner west      line east        tshape west
line north       tshape east      line north       corner north     line north       tshape west      line north
corner north     line east        tshape north     line east        tshape north     line east        line 2 east
";
    let g = parse(text, Rules::Ravensburger).unwrap();
    assert_eq!(g.players.len(), 3);
    assert_eq!(
        (g.players[0].color, g.players[0].control, g.players[0].pos),
        (Color::Green, Control::Ai, (4, 4))
    );
    assert_eq!(g.players[0].cards, vec![24, 7, 1]);
    assert_eq!(
        (g.players[1].color, g.players[1].control, g.players[1].pos),
        (Color::Blue, Control::Human, (1, 7))
    );
    assert!(g.players[1].cards.is_empty());
    assert_eq!(
        (g.players[2].color, g.players[2].pos, g.players[2].cards.clone()),
        (Color::Red, (7, 1), vec![13])
    );
    assert_eq!(g.board.extra, Tile { kind: Kind::TShape, dir: Direction::North, treasure: None });
    assert_eq!(
        *g.board.at((1, 1)),
        Tile { kind: Kind::Line, dir: Direction::West, treasure: Some(24) }
    );
    assert_eq!(
        *g.board.at((1, 5)),
        Tile { kind: Kind::TShape, dir: Direction::West, treasure: Some(9) }
    );
    assert_eq!(
        *g.board.at((2, 4)),
        Tile { kind: Kind::Corner, dir: Direction::South, treasure: Some(1) }
    );
    assert_eq!(
        *g.board.at((3, 7)),
        Tile { kind: Kind::TShape, dir: Direction::West, treasure: None }
    );
    assert_eq!(
        *g.board.at((7, 7)),
        Tile { kind: Kind::Line, dir: Direction::East, treasure: Some(2) }
    );
    let treasures: Vec<u8> = g.board.tiles.iter().filter_map(|t| t.treasure).collect();
    assert_eq!(treasures, vec![24, 7, 9, 1, 13, 2]);
    assert_eq!(
        (g.turn, g.phase, g.last_out, g.winner, g.turns, g.rules),
        (0, Phase::Shift, None, None, 0, Rules::Ravensburger)
    );
    // Its canonical print has the same tokens.
    assert_eq!(tokens(&print(&g)), tokens(text));
}

#[test]
fn four_players_with_no_cards_and_an_empty_board_of_lines_load() {
    let text = format!(
        "blue ai 2 2\nyellow ai 3 3\ngreen human 4 4\nred ai 5 5\nline\n{}",
        [ROW; 7].join("\n")
    );
    let g = parse(&text, Rules::Assignment).unwrap();
    assert_eq!(
        g.players.iter().map(|p| p.color).collect::<Vec<_>>(),
        vec![Color::Blue, Color::Yellow, Color::Green, Color::Red]
    );
    assert!(g
        .board
        .tiles
        .iter()
        .all(|t| *t == Tile { kind: Kind::Line, dir: Direction::North, treasure: None }));
    let _: &Board = &g.board;
}

// ---------------------------------------------------------------------------------------------
// Refusals, each at its token

#[test]
fn the_base_save_loads() {
    let g = parse(&base(), Rules::Assignment).unwrap();
    assert_eq!(g.players[0].cards, vec![1, 2]);
    assert_eq!(g.board.extra.treasure, Some(4));
}

#[test]
fn more_than_49_tiles_is_refused_at_the_50th() {
    let base = base();
    refuses(
        &format!("{base}line north\n"),
        11,
        1,
        r#"expected the end of the input after 49 tiles (a board has 7 rows of 7), found "line""#,
    );
    let text = format!("{}tshape 5 east\n", base.trim_end_matches('\n').to_string() + " ");
    refuses(
        &text,
        10,
        78,
        r#"expected the end of the input after 49 tiles (a board has 7 rows of 7), found "tshape""#,
    );
    refuses(
        &format!("{base}  north"),
        11,
        3,
        r#"expected the end of the input after the 49 tiles, found "north""#,
    );
}

#[test]
fn fewer_than_49_tiles_is_refused_at_the_end() {
    let base = base();
    let short = base.trim_end_matches('\n').trim_end_matches("line north").trim_end();
    refuses(short, 10, 66, "expected 49 tiles, found the end of the input after 48");
    refuses(&format!("{short}\n"), 11, 1, "expected 49 tiles, found the end of the input after 48");
    refuses(
        &format!("{short}\r\n"),
        11,
        1,
        "expected 49 tiles, found the end of the input after 48",
    );
    refuses(
        &format!("{short}  \t"),
        10,
        69,
        "expected 49 tiles, found the end of the input after 48",
    );
    // The board cut after the extra tile, and in the middle of a tile.
    refuses(
        &format!("{L1}\n{L2}\n{L3}\n"),
        4,
        1,
        "expected 49 tiles, found the end of the input after 0",
    );
    refuses(
        &format!("{L1}\n{L2}\n{L3}\ncorner"),
        4,
        7,
        "expected a direction (north, east, south, west), found the end of the input",
    );
    refuses(
        &format!("{L1}\n{L2}\n{L3}\ncorner 1"),
        4,
        9,
        "expected a direction (north, east, south, west), found the end of the input",
    );
}

#[test]
fn a_colour_twice_is_refused_at_the_second() {
    refuses(
        &save(L1, "yellow ai 7 7 3", L3, L4),
        2,
        1,
        "expected a colour not used yet (red, blue, green), found yellow a second time",
    );
    let four = "yellow ai 1 1 1\nred ai 1 1 2\nblue ai 1 1\ngreen ai 1 1 3\nred ai 1 1\ncorner\n";
    refuses(four, 5, 1, "expected the extra tile (corner, tshape, line) after four players, found red a second time");
}

#[test]
fn a_position_outside_1_to_7_is_refused() {
    refuses(
        &save(L1, "red ai 8 7 3", L3, L4),
        2,
        8,
        r#"expected red's row (a number from 1 to 7), found "8""#,
    );
    refuses(
        &save(L1, "red ai 7 0 3", L3, L4),
        2,
        10,
        r#"expected red's column (a number from 1 to 7), found "0""#,
    );
    refuses(
        &save("yellow human 99999999999999999999999 1", L2, L3, L4),
        1,
        14,
        r#"expected yellow's row (a number from 1 to 7), found "99999999999999999999999""#,
    );
    refuses(
        &save(L1, "red ai -1 7 3", L3, L4),
        2,
        8,
        r#"expected red's row (a number from 1 to 7), found "-1""#,
    );
    refuses(
        &save(L1, "red ai 7 three", L3, L4),
        2,
        10,
        r#"expected red's column (a number from 1 to 7), found "three""#,
    );
}

#[test]
fn a_treasure_outside_1_to_24_is_refused() {
    refuses(
        &save(L1, L2, "corner 25", L4),
        3,
        8,
        r#"expected a treasure from 1 to 24, found "25""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("line 1 north", "line 0 north", 1)),
        4,
        18,
        r#"expected a treasure from 1 to 24, found "0""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("tshape 3 south", "tshape 300 south", 1)),
        4,
        59,
        r#"expected a treasure from 1 to 24, found "300""#,
    );
}

#[test]
fn a_card_outside_1_to_24_is_refused() {
    refuses(
        &save("yellow human 1 1 1 25", L2, L3, L4),
        1,
        20,
        r#"expected a card from 1 to 24, found "25""#,
    );
    refuses(&save(L1, "red ai 7 7 0", L3, L4), 2, 12, r#"expected a card from 1 to 24, found "0""#);
}

#[test]
fn the_same_treasure_on_two_tiles_is_refused_at_the_second() {
    // The extra tile counts.
    refuses(
        &save(L1, L2, "corner 1", L4),
        4,
        18,
        "expected a treasure not placed yet, found 1, which is already on the extra tile",
    );
    let mut text = save(L1, L2, L3, L4);
    text = text.replacen(
        &format!("{L4}\n{ROW}"),
        &format!("{L4}\nline 2 north{}", &ROW["line north".len()..]),
        1,
    );
    refuses(&text, 5, 6, "expected a treasure not placed yet, found 2, which is already on the tile at row 1, column 3");
    refuses(&save(L1, L2, L3, &L4.replacen("tshape 3 south", "tshape 2 south", 1)), 4, 59, "expected a treasure not placed yet, found 2, which is already on the tile at row 1, column 3");
}

#[test]
fn a_card_held_twice_is_refused_at_the_second() {
    refuses(
        &save(L1, "red ai 7 7 1", L3, L4),
        2,
        12,
        "expected a card not dealt yet, found 1, which is already in yellow's hand",
    );
    refuses(
        &save("yellow human 1 1 1 2 1", L2, L3, L4),
        1,
        22,
        "expected a card not dealt yet, found 1, which is already in this hand",
    );
}

#[test]
fn a_card_whose_treasure_is_on_no_tile_is_refused_at_the_card() {
    refuses(
        &save(L1, "red ai 7 7 3 5", L3, L4),
        2,
        14,
        "expected a card whose treasure is on a tile, found 5 (no tile has treasure 5)",
    );
    // The extra tile's treasure counts as on a tile.
    assert!(parse(&save(L1, "red ai 7 7 3 4", L3, L4), Rules::Assignment).is_ok());
    // The first such card in the file is the one pointed at.
    refuses(
        &save("yellow human 1 1 1 9 2", "red ai 7 7 3 5", L3, L4),
        1,
        20,
        "expected a card whose treasure is on a tile, found 9 (no tile has treasure 9)",
    );
}

#[test]
fn no_player_is_refused() {
    // The grammar allows no players, but a game has 1 to 4 (and nobody could move).
    let text = format!("{L3}\n{L4}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n{ROW}\n");
    refuses(
        &text,
        1,
        1,
        r#"expected a player (yellow, red, blue, green) before the extra tile, as a game has 1 to 4 players, found "corner""#,
    );
    refuses(
        "",
        1,
        1,
        "expected a player colour (yellow, red, blue, green), found the end of the input",
    );
    refuses(
        " \n\t\r\n  ",
        3,
        3,
        "expected a player colour (yellow, red, blue, green), found the end of the input",
    );
}

#[test]
fn syntax_errors_say_what_was_expected() {
    refuses(
        &save("purple human 1 1", L2, L3, L4),
        1,
        1,
        r#"expected a player colour (yellow, red, blue, green), found "purple""#,
    );
    refuses(
        &save("Yellow human 1 1", L2, L3, L4),
        1,
        1,
        r#"expected a player colour (yellow, red, blue, green), found "Yellow""#,
    );
    refuses(
        &save("yellow robot 1 1", L2, L3, L4),
        1,
        8,
        r#"expected the control of yellow (human, ai), found "robot""#,
    );
    refuses(&save(L1, "red ai 7 7 3 x", L3, L4), 2, 14, CARD_OR_NEXT_FOUND_X);
    refuses(
        &save(L1, L2, "corner 4 north", L4),
        3,
        10,
        r#"expected a tile kind (corner, tshape, line) for row 1, column 1 (the extra tile has no direction), found "north""#,
    );
    refuses(
        &save(L1, L2, "cross", L4),
        3,
        1,
        r#"expected a card (a number from 1 to 24), another player (yellow, red, blue, green) or the extra tile (corner, tshape, line), found "cross""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("tshape 2 south", "tshape 2 sth", 1)),
        4,
        35,
        r#"expected a direction (north, east, south, west), found "sth""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("line north", "line nrth", 1)),
        4,
        46,
        r#"expected a direction (north, east, south, west), found "nrth""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("line 1 north", "line 1 2 north", 1)),
        4,
        20,
        r#"expected a direction (north, east, south, west), found "2""#,
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("corner east", "corners east", 1)),
        4,
        1,
        r#"expected a tile kind (corner, tshape, line) for row 1, column 1, found "corners""#,
    );
    let long = "x".repeat(40);
    refuses(
        &save(L1, L2, L3, &L4.replacen("corner east", &format!("corner {long}"), 1)),
        4,
        8,
        &format!("expected a direction (north, east, south, west), found \"{}\"…", "x".repeat(30)),
    );
    refuses(
        &save(L1, L2, L3, &L4.replacen("corner east", "corner e\u{7}", 1)),
        4,
        8,
        r#"expected a direction (north, east, south, west), found "e\u{7}""#,
    );
}

// ---------------------------------------------------------------------------------------------
// Garbage never panics

/// Every token start and the end of the input, as (line, column), counted independently.
fn token_places(text: &str) -> Vec<(usize, usize)> {
    let mut places = Vec::new();
    let mut prev_blank = true;
    let (mut line, mut column) = (1, 1);
    for c in text.chars() {
        let blank = matches!(c, ' ' | '\t' | '\r' | '\n');
        if !blank && prev_blank {
            places.push((line, column));
        }
        prev_blank = blank;
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    places.push((line, column));
    places
}

fn check_any(text: &str) {
    if let Err(e) = parse(text, Rules::Assignment) {
        assert!(token_places(text).contains(&(e.line, e.column)), "{e} is at no token in {text:?}");
        assert!(!e.message.is_empty());
        assert!(e.to_string().starts_with(&format!("{}:{}: ", e.line, e.column)));
    }
}

#[test]
fn every_prefix_of_a_save_is_handled() {
    let g = Labyrinth::deal(&player_sets()[5], Rules::Assignment, 1).unwrap();
    let text = print(&g) + "é\t\r\n";
    let mut ok = 0;
    for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
        let prefix = &text[..i];
        check_any(prefix);
        ok += usize::from(parse(prefix, Rules::Assignment).is_ok());
    }
    assert_eq!(ok, 2, "only the whole save loads, with or without its final newline");
}

#[test]
fn random_garbage_of_every_length_never_panics() {
    let mut rng = stream(42, 0);
    let pieces = [
        "a",
        "z",
        "0",
        "7",
        "24",
        "25",
        "9",
        " ",
        "\t",
        "\n",
        "\r",
        "\r\n",
        "é",
        "€",
        "🧱",
        "-",
        "+",
        "\0",
        "\u{7f}",
        "\u{a0}",
        "yellow",
        "red",
        "blue",
        "green",
        "human",
        "ai",
        "corner",
        "tshape",
        "line",
        "north",
        "east",
        "south",
        "west",
        "00",
        "18446744073709551616",
        "1e3",
        "\u{feff}",
    ];
    for len in 0..=400 {
        // Characters and bytes anyhow.
        let chars: String = (0..len)
            .map(|_| char::from_u32(below(&mut rng, 0x3000) as u32).unwrap_or('?'))
            .collect();
        check_any(&chars);
        let small: String = (0..len).map(|_| pieces[below(&mut rng, 20) as usize]).collect();
        check_any(&small);
        // Words with blanks between: reaches deep into the grammar.
        let words: Vec<&str> =
            (0..len).map(|_| pieces[below(&mut rng, pieces.len() as u64) as usize]).collect();
        check_any(&words.join(" "));
        let bytes: Vec<u8> = (0..len).map(|_| below(&mut rng, 256) as u8).collect();
        check_any(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mutated_saves_never_panic() {
    let mut rng = stream(7, 1);
    let words = [
        "yellow", "red", "blue", "green", "human", "ai", "corner", "tshape", "line", "north",
        "east", "south", "west", "0", "1", "8", "24", "25", "x",
    ];
    for seed in 0..40u64 {
        let players = &player_sets()[seed as usize % 7];
        let mut g = Labyrinth::deal(players, Rules::Assignment, seed).unwrap();
        play(&mut g, &mut rng, seed as usize % 5);
        let text = print(&g);
        let original = tokens(&text);
        for _ in 0..60 {
            let mut t: Vec<&str> = original.clone();
            for _ in 0..=below(&mut rng, 3) {
                let i = below(&mut rng, t.len() as u64) as usize;
                match below(&mut rng, 4) {
                    0 => {
                        t.remove(i);
                    }
                    1 => t[i] = words[below(&mut rng, words.len() as u64) as usize],
                    2 => t.insert(i, words[below(&mut rng, words.len() as u64) as usize]),
                    _ => {
                        let j = below(&mut rng, t.len() as u64) as usize;
                        t.swap(i, j);
                    }
                }
                if t.is_empty() {
                    break;
                }
            }
            let mutated = t.join(if seed % 2 == 0 { " " } else { "\n" });
            check_any(&mutated);
            if let Ok(h) = parse(&mutated, Rules::Assignment) {
                // Whatever loads prints back to the same tokens.
                assert_eq!(tokens(&print(&h)), tokens(&mutated));
            }
        }
    }
}

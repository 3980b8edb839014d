//! The map text format: every cell, metadata in any order, CRLF and trailing spaces, and
//! every kind of bad map as an error with its line and column.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::{Cell, Lifter, MapErrorKind, Mine};

#[test]
fn every_cell_type_parses_and_prints_back() {
    let text = "#R*\\LO. A1W!@\n#############\n\nTrampoline A targets 1\n";
    let mine = Mine::parse(text).unwrap();
    assert_eq!((mine.width, mine.height), (13, 2));
    let row: String = mine.cells[13..].iter().map(|c| c.to_char()).collect();
    assert_eq!(row, "#R*\\LO. A1W!@");
    assert_eq!(mine.cells[13 + 8], Cell::Trampoline(0));
    assert_eq!(mine.cells[13 + 9], Cell::Target(0));
    assert_eq!(Lifter::new(&mine).map_text(), "#R*\\LO. A1W!@\n#############");
}

#[test]
fn metadata_in_any_order_with_crlf_and_trailing_spaces() {
    let a = Mine::parse("#####\r\n#R L#\r\n#####\r\n\r\nRazors 3  \r\nWater 2\r\nGrowth 7\r\nFlooding 5 \r\nWaterproof 4\r\n").unwrap();
    let b = Mine::parse(
        "#####\n#R L#\n#####\n\nWaterproof 4\nFlooding 5\nGrowth 7\nWater 2\nRazors 3\n",
    )
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(
        (a.meta.water, a.meta.flooding, a.meta.waterproof, a.meta.growth, a.meta.razors),
        (2, 5, 4, 7, 3)
    );
}

#[test]
fn defaults_and_padding() {
    let m = Mine::parse("####\n#R\n####").unwrap();
    assert_eq!(m.width, 4);
    assert_eq!(m.cells[4 + 2], Cell::Empty, "short rows are padded with empty cells");
    assert_eq!(
        (m.meta.water, m.meta.flooding, m.meta.waterproof, m.meta.growth, m.meta.razors),
        (0, 0, 10, 25, 0)
    );
}

#[test]
fn a_map_without_a_lift_is_legal() {
    let m = Mine::parse("#####\n#R\\ #\n#####").unwrap();
    let g = Lifter::new(&m);
    assert_eq!(g.total_lambdas(), 1);
}

#[test]
fn bad_maps_name_line_and_column() {
    let cases: &[(&str, usize, usize, MapErrorKind)] = &[
        ("", 1, 1, MapErrorKind::Empty),
        ("#####\n#  L#\n#####", 1, 1, MapErrorKind::NoRobot),
        ("#####\n#R R#\n#####", 2, 4, MapErrorKind::SecondRobot),
        ("#####\n#R x#\n#####", 2, 4, MapErrorKind::UnknownCell('x')),
        ("#####\n#RA1#\n#####", 2, 3, MapErrorKind::TrampolineWithoutTarget('A')),
        (
            "#####\n#RA #\n#####\n\nTrampoline A targets 1",
            5,
            1,
            MapErrorKind::TargetMissing { trampoline: 'A', target: '1' },
        ),
        ("#####\n#R L#\n#####\n\nGravity 3", 5, 1, MapErrorKind::UnknownMetadata("Gravity".into())),
        (
            "#####\n#R L#\n#####\n\nWater 1\nWater 2",
            6,
            1,
            MapErrorKind::DuplicateMetadata("Water".into()),
        ),
    ];
    for (text, line, col, kind) in cases {
        let e = Mine::parse(text).unwrap_err();
        assert_eq!((e.line, e.col, &e.kind), (*line, *col, kind), "{text:?}: {e}");
    }
    let e = Mine::parse("#####\n#R L#\n#####\n\nFlooding x").unwrap_err();
    assert_eq!((e.line, e.col), (5, 10));
    assert!(e.to_string().contains("Flooding needs a whole number"), "{e}");
    // A number too large to be meant is called too large, not "not a number".
    let e = Mine::parse("#####\n#R L#\n#####\n\nFlooding 99999999999").unwrap_err();
    assert!(
        e.to_string().contains("Flooding 99999999999 is too large (at most 4294967295)"),
        "{e}"
    );
    assert!(e.to_string().contains("5:10"), "{e}");
    let e = Mine::parse("#####\n#RA1#\n#####\n\nTrampoline A goes 1").unwrap_err();
    assert!(e.to_string().starts_with("5:1: expected \"Trampoline A targets 1\""), "{e}");
}

#[test]
fn leading_blank_lines_are_skipped() {
    let m = Mine::parse("\n\n#####\n#R L#\n#####\n").unwrap();
    assert_eq!(m.height, 3);
}

#[test]
fn a_row_of_spaces_is_a_map_row_not_the_end_of_the_map() {
    let m = Mine::parse("#####\n#R  #\n     \n#  L#\n#####\n   \nWater 1\n").unwrap();
    assert_eq!(m.height, 5);
    assert_eq!(m.meta.water, 1);
    let m = Mine::parse("#####\n#R L#\n#####\n  \n").unwrap();
    assert_eq!(m.height, 3);
}

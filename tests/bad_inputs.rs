//! The bad-input catalogue (tests/bad-inputs/*.txt): every case gives its recorded message,
//! natively (tests/wasm.rs checks the same in Chromium). `BLESS=1 cargo test --test bad_inputs`
//! rewrites the answer lines with what the engines say now — review the diff before committing.

#[path = "common/bad_inputs.rs"]
mod bad_inputs;

use bad_inputs::{answer, mismatches, parse, FILES};

#[test]
fn every_bad_input_gives_its_message() {
    if std::env::var_os("BLESS").is_some() {
        bless();
    }
    let wrong = mismatches();
    assert!(wrong.is_empty(), "{} cases differ:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn the_catalogue_covers_every_format_with_real_errors() {
    let mut named: Vec<&str> = FILES.iter().map(|(f, _)| *f).collect();
    let mut registered = games::format_names();
    named.sort_unstable();
    registered.sort_unstable();
    assert_eq!(named, registered, "the catalogue has one file per format of the game registry");
    for (format, text) in FILES {
        let cases = parse(format, text);
        let errors = cases.iter().filter(|c| !c.expected.starts_with("ok: ")).count();
        assert!(errors >= 3, "{}: only {errors} refused inputs", format);
        for c in &cases {
            assert!(
                !c.expected.is_empty() && c.expected != "?",
                "{}: {} has no answer",
                format,
                c.name
            );
        }
    }
}

fn bless() {
    for (format, text) in FILES {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for case in parse(format, text) {
            lines[case.answer_line - 1] = format!("~~~> {}", answer(format, &case.input));
        }
        let path = format!("{}/tests/bad-inputs/{}.txt", env!("CARGO_MANIFEST_DIR"), format);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}

#[test]
fn bytes_that_are_not_utf8_are_refused_at_their_place_in_every_format() {
    use rails::inputs::check_bytes;
    for format in games::formats() {
        let mut bytes = b"first line\nab".to_vec();
        bytes.extend([0xC3, 0x28]); // a lead byte without its continuation
        assert_eq!(
            check_bytes(format, &bytes).unwrap_err().to_string(),
            "2:3: this is not UTF-8 text (byte 0xC3)",
            "{}",
            format.name
        );
    }
    // Columns count characters, not bytes.
    let lifter = games::format("lifter-map").unwrap();
    assert_eq!(
        check_bytes(lifter, &[b'\n', 0xC3, 0xA9, 0xFF]).unwrap_err().to_string(),
        "2:2: this is not UTF-8 text (byte 0xFF)"
    );
    assert_eq!(
        check_bytes(lifter, &[b'#', 0xE2, 0x82, b'#', 0xFF]).unwrap_err().to_string(),
        "1:2: this is not UTF-8 text (byte 0xE2)"
    );
}

/// A reader's error carries its place as a value (`inputs::Place`): typed where the reader
/// has one (a Lifter map, a Labyrinth save, bytes that are not UTF-8), read from the message's
/// `LINE:COL:` otherwise; either way shown as before, and about a file as `FILE:LINE:COL:`.
#[test]
fn an_input_error_has_its_place_as_a_value() {
    use rails::inputs::{check_bytes, InputError, Place};
    let at = |line, column| Some(Place { line, column });
    let map = games::check("lifter-map", "#R#\n#x#\n").unwrap_err();
    assert_eq!(map.place, at(2, 2), "{map}");
    assert_eq!(map.in_file("a.map"), format!("a.map:2:2: {}", map.message));
    let save = games::check("labyrinth-save", "nonsense").unwrap_err();
    assert_eq!(save.place, at(1, 1), "{save}");
    let lifter = games::format("lifter-map").unwrap();
    let bytes = check_bytes(lifter, &[b'\n', 0xFF]).unwrap_err();
    assert_eq!(
        bytes,
        InputError::at(Place { line: 2, column: 1 }, "this is not UTF-8 text (byte 0xFF)")
    );
    let unknown = games::check("no-such-format", "").unwrap_err();
    assert_eq!(unknown.place, None);
    assert_eq!(unknown.in_file("f"), format!("f: {unknown}"));
    // A message in the readers' convention reads back to the same place and text.
    let read = InputError::from_message("12:7: expected a number");
    assert_eq!((read.place, read.message.as_str()), (at(12, 7), "expected a number"));
    assert_eq!(read.to_string(), "12:7: expected a number");
    assert_eq!(InputError::from_message("1:2:3: x").place, None);
}

/// A message quotes at most a few hundred characters of its input, in every format: a 20 MB
/// identifier, metadata key, JSON key or save token is cut, with how much more there was.
#[test]
fn messages_stay_short_whatever_they_quote() {
    let huge = "z".repeat(20_000_000);
    let cases = [
        ("scheme", format!("(define (player my-total other-total accum current state) {huge})")),
        ("lifter-map", format!("#R#\n#L#\n\n{huge} 5\n")),
        (
            "punter-map",
            format!("{{\"sites\":[{{\"id\":0}}],\"rivers\":[],\"mines\":[],\"{huge}\":1,"),
        ),
        ("labyrinth-save", format!("{huge}\n")),
        ("link", format!("#pig/1/{huge}%zz")),
    ];
    for (name, text) in cases {
        let message = games::check(name, &text).expect_err(name).to_string();
        assert!(
            message.chars().count() <= 500,
            "{name}: a message of {} characters: {}…",
            message.len(),
            &message[..200]
        );
    }
    // The CLI's FILE:LINE:COL: one format for every place.
    use rails::inputs::in_file;
    assert_eq!(in_file("a.map", "2:3: unknown cell 'x'"), "a.map:2:3: unknown cell 'x'");
    assert_eq!(in_file("a.json", "rivers[0].target: missing"), "a.json: rivers[0].target: missing");
    assert_eq!(
        in_file("a.txt", "No such file or directory (os error 2)"),
        "a.txt: No such file or directory (os error 2)"
    );
}

/// A Punter map keeps every site's distance to every mine: sites × mines is bounded before any
/// distance is computed (20,000 sites that were all mines took 11 s and 3.1 GB).
#[test]
fn a_punter_map_with_too_many_mines_is_refused_before_its_distances() {
    let n = 20_000;
    let sites: Vec<String> = (0..n).map(|i| format!("{{\"id\":{i}}}")).collect();
    let rivers: Vec<String> =
        (1..n).map(|i| format!("{{\"source\":{},\"target\":{i}}}", i - 1)).collect();
    let mines: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    let text = format!(
        "{{\"sites\":[{}],\"rivers\":[{}],\"mines\":[{}]}}",
        sites.join(","),
        rivers.join(","),
        mines.join(",")
    );
    let message = games::check("punter-map", &text).expect_err("refused").to_string();
    assert_eq!(message, "mines: 20000 mines on 20000 sites need 400000000 distances, more than the limit of 40000000");
    // The largest official map is far inside the bound.
    assert!(games::check(
        "punter-map",
        &std::fs::read_to_string(format!(
            "{}/maps/punter/edinburgh-10000.json",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    )
    .is_ok());
}

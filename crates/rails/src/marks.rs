//! Debug drawing: the marks a decision draws on the board. A mark is one line of what the
//! decision printed (JavaScript's `draw` object writes them, Scheme `display`s them, a program
//! writes them to stderr), kept with the decision as its output is:
//!
//! ```text
//! @draw KIND COLOUR NUMBER... [| LABEL]
//! ```
//!
//! `KIND` is one of the game's kinds ([`MarkKind`]: its name, how many numbers a point has and
//! how many points it takes), `COLOUR` a name of [`PALETTE`] or `#rgb` / `#rrggbb`, the numbers
//! separated by spaces or tabs, and everything after the first `|` the label (spaces around it
//! trimmed). Lines that do not start with `@draw` are ordinary output and are skipped. Bounds:
//! [`MAX_MARKS`] marks a decision, [`MAX_LABEL`] characters a label, [`MAX_POINTS`] points a path;
//! what is over is dropped (a label is cut) and said once. A line that does not read is dropped
//! with a problem naming its line and column. Where a point lies on the board is the game's to
//! check (`read`'s `place`). This rail knows no game; each game lists its kinds, and its
//! `GameDescriptor` in the registry (the `games` crate) names them.

use std::fmt;

/// The most marks one decision draws; later ones are dropped (said once).
pub const MAX_MARKS: usize = 200;
/// The most characters of a label; a longer one is cut (said once).
pub const MAX_LABEL: usize = 40;
/// The most points of a path; later points are dropped (said once).
pub const MAX_POINTS: usize = 500;
/// The most problems reported for one decision's output (then one line saying how many more).
pub const MAX_PROBLEMS: usize = 20;
/// What starts a mark's line.
pub const PREFIX: &str = "@draw";

/// The named colours, with the colour each is drawn in.
pub const PALETTE: &[(&str, &str)] = &[
    ("red", "#e03131"),
    ("orange", "#f76707"),
    ("yellow", "#fcc419"),
    ("green", "#2f9e44"),
    ("teal", "#0ca678"),
    ("cyan", "#22b8cf"),
    ("blue", "#1c7ed6"),
    ("purple", "#9c36b5"),
    ("pink", "#e64980"),
    ("brown", "#8b5a2b"),
    ("grey", "#868e96"),
    ("gray", "#868e96"),
    ("black", "#000000"),
    ("white", "#ffffff"),
];

/// How many points a kind takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Points {
    /// Exactly this many.
    Exactly(usize),
    /// A path: two or more, up to [`MAX_POINTS`].
    Path,
}

/// One kind of mark a game accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkKind {
    pub name: &'static str,
    /// Numbers in one point (a site: 1; a cell: 2).
    pub dims: usize,
    pub points: Points,
    /// Whether the numbers may have fractions (a value); otherwise whole numbers.
    pub real: bool,
    /// What the numbers are, for docs and messages ("X Y", "SITE").
    pub form: &'static str,
}

/// A mark read from a decision's output.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub kind: &'static str,
    /// `#rrggbb`.
    pub colour: String,
    /// The numbers, point after point.
    pub at: Vec<f64>,
    pub label: String,
    /// 1-based line of the output it came from.
    pub line: usize,
}

/// A line that did not read, or a bound that was passed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// The marks of one decision's output and its problems.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    pub marks: Vec<Mark>,
    pub problems: Vec<Problem>,
}

/// The colour `name` names, as `#rrggbb`.
pub fn colour(name: &str) -> Option<String> {
    if let Some(hex) = name.strip_prefix('#') {
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let hex = hex.to_ascii_lowercase();
        return match hex.len() {
            6 => Some(format!("#{hex}")),
            3 => Some(hex.chars().fold(String::from("#"), |mut s, c| {
                s.push(c);
                s.push(c);
                s
            })),
            _ => None,
        };
    }
    let lower = name.to_ascii_lowercase();
    PALETTE.iter().find(|(n, _)| *n == lower).map(|(_, c)| (*c).to_string())
}

/// Where a game checks that a mark's points lie on its board (the kind, the numbers).
pub type OnBoard<'a> = dyn Fn(&MarkKind, &[f64]) -> Result<(), String> + 'a;

/// Reads the marks in `text` (a decision's output) of the kinds `kinds`; `place(kind, point)`
/// checks that a point lies on the board (`Err(why)` drops the mark with its place).
pub fn read(text: &str, kinds: &[MarkKind], place: &OnBoard<'_>) -> Marks {
    let mut out = Marks::default();
    let mut said = Said::default();
    let mut dropped = 0usize;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let Some(rest) = line.strip_prefix(PREFIX) else { continue };
        if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
            continue; // "@drawing" is ordinary output
        }
        if out.marks.len() >= MAX_MARKS {
            dropped += 1;
            continue;
        }
        match read_line(line, kinds, place, &mut said) {
            Ok((mark, notes)) => {
                out.marks.push(Mark { line: number, ..mark });
                out.problems.extend(notes.into_iter().map(|(column, message)| Problem {
                    line: number,
                    column,
                    message,
                }));
            }
            Err((column, message)) => out.problems.push(Problem { line: number, column, message }),
        }
    }
    if out.problems.len() > MAX_PROBLEMS {
        let more = out.problems.len() - MAX_PROBLEMS;
        let last = out.problems[MAX_PROBLEMS].clone();
        out.problems.truncate(MAX_PROBLEMS);
        out.problems.push(Problem { message: format!("… and {more} more problems"), ..last });
    }
    if dropped > 0 {
        out.problems.push(Problem {
            line: 1,
            column: 1,
            message: format!(
                "more than {MAX_MARKS} marks in one decision: the last {dropped} were dropped"
            ),
        });
    }
    out
}

/// Which bounds were already said, so each is said once a decision.
#[derive(Default)]
struct Said {
    label: bool,
    path: bool,
}

type Place = (usize, String);

/// A token of a line and its 1-based column (in characters).
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (at, c)) in line.char_indices().enumerate() {
        let space = c == ' ' || c == '\t';
        match (start, space) {
            (None, false) => start = Some((column + 1, at)),
            (Some((col, from)), true) => {
                out.push((col, &line[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        out.push((col, &line[from..]));
    }
    out
}

fn read_line(
    line: &str,
    kinds: &[MarkKind],
    place: &OnBoard<'_>,
    said: &mut Said,
) -> Result<(Mark, Vec<Place>), Place> {
    let (head, label) = match line.find('|') {
        Some(bar) => {
            (&line[..bar], Some((line[..bar].chars().count() + 2, line[bar + 1..].trim())))
        }
        None => (line, None),
    };
    let words = tokens(head);
    let end = head.trim_end().chars().count() + 1;
    let names = || kinds.iter().map(|k| k.name).collect::<Vec<_>>().join(", ");
    let &(kind_col, kind_name) =
        words.get(1).ok_or_else(|| (end, format!("a mark needs a kind ({})", names())))?;
    let kind = kinds.iter().find(|k| k.name == kind_name).ok_or_else(|| {
        (
            kind_col,
            format!(
                "no mark \"{}\" here (the kinds: {})",
                crate::inputs::excerpt(kind_name),
                names()
            ),
        )
    })?;
    let &(colour_col, colour_name) = words
        .get(2)
        .ok_or_else(|| (end, "a mark needs a colour (a name or #rgb / #rrggbb)".to_string()))?;
    let colour = colour(colour_name).ok_or_else(|| {
        let known = PALETTE.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
        (
            colour_col,
            format!(
                "\"{}\" is not a colour ({known}, or #rgb / #rrggbb)",
                crate::inputs::excerpt(colour_name)
            ),
        )
    })?;
    let mut notes = Vec::new();
    let mut numbers = Vec::new();
    let mut columns = Vec::new();
    for &(column, word) in &words[3..] {
        let x: f64 = word.parse().ok().filter(|x: &f64| x.is_finite()).ok_or_else(|| {
            (column, format!("\"{}\" is not a number", crate::inputs::excerpt(word)))
        })?;
        if !kind.real && x.fract() != 0.0 {
            return Err((
                column,
                format!("{word} is not a whole number ({} {})", kind.name, kind.form),
            ));
        }
        numbers.push(x);
        columns.push(column);
    }
    let dims = kind.dims.max(1);
    let usage = || format!("{} {}", kind.name, kind.form);
    if numbers.len() % dims != 0 {
        return Err((
            end,
            format!("{} numbers: a point of {} has {dims} ({})", numbers.len(), kind.name, usage()),
        ));
    }
    let count = numbers.len() / dims;
    match kind.points {
        Points::Exactly(n) if count != n => {
            return Err((
                end,
                format!(
                    "{} takes {n} point{} ({}), not {count}",
                    kind.name,
                    if n == 1 { "" } else { "s" },
                    usage()
                ),
            ))
        }
        Points::Path if count < 2 => {
            return Err((end, format!("a {} needs two points or more ({})", kind.name, usage())))
        }
        Points::Path if count > MAX_POINTS => {
            numbers.truncate(MAX_POINTS * dims);
            if !said.path {
                said.path = true;
                notes.push((
                    columns[MAX_POINTS * dims],
                    format!(
                        "a path has at most {MAX_POINTS} points: the {} after that were dropped",
                        count - MAX_POINTS
                    ),
                ));
            }
        }
        _ => {}
    }
    for (p, point) in numbers.chunks(dims).enumerate() {
        place(kind, point).map_err(|why| (columns[p * dims], why))?;
    }
    let label = match label {
        None => String::new(),
        Some((column, text)) => {
            let length = text.chars().count();
            if length > MAX_LABEL {
                if !said.label {
                    said.label = true;
                    notes.push((
                        column,
                        format!(
                            "a label has at most {MAX_LABEL} characters: {} were cut",
                            length - MAX_LABEL
                        ),
                    ));
                }
                text.chars().take(MAX_LABEL).collect()
            } else {
                text.to_string()
            }
        }
    };
    Ok((Mark { kind: kind.name, colour, at: numbers, label, line: 0 }, notes))
}

/// A whole number in `lo..=hi`, or why not (`what`: "x", "row").
pub fn within(x: f64, lo: i64, hi: i64, what: &str) -> Result<(), String> {
    if x < lo as f64 || x > hi as f64 {
        Err(format!("{what} {x} is off the board ({lo}–{hi})"))
    } else {
        Ok(())
    }
}

/// Any point is on the board (a reader with no board at hand, e.g. `arcade check`).
pub fn anywhere(_: &MarkKind, _: &[f64]) -> Result<(), String> {
    Ok(())
}

/// The check of a game's format "marks": how many marks read, or every problem (bounded).
pub fn check(text: &str, kinds: &[MarkKind], place: &OnBoard<'_>) -> Result<String, String> {
    let marks = read(text, kinds, place);
    if marks.problems.is_empty() {
        Ok(format!("{} mark{}", marks.marks.len(), if marks.marks.len() == 1 { "" } else { "s" }))
    } else {
        Err(crate::inputs::bounded(
            marks.problems.iter().map(Problem::to_string).collect::<Vec<_>>().join("; "),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: &[MarkKind] = &[
        MarkKind { name: "dot", dims: 1, points: Points::Exactly(1), real: false, form: "N" },
        MarkKind { name: "line", dims: 1, points: Points::Exactly(2), real: false, form: "N N" },
        MarkKind { name: "cell", dims: 2, points: Points::Exactly(1), real: false, form: "X Y" },
        MarkKind {
            name: "path",
            dims: 2,
            points: Points::Path,
            real: false,
            form: "X1 Y1 X2 Y2 …",
        },
        MarkKind { name: "value", dims: 1, points: Points::Exactly(1), real: true, form: "NUMBER" },
    ];

    fn on_board(kind: &MarkKind, p: &[f64]) -> Result<(), String> {
        if kind.dims == 2 {
            within(p[0], 1, 10, "x")?;
            within(p[1], 1, 10, "y")
        } else {
            Ok(())
        }
    }

    fn marks(text: &str) -> Marks {
        read(text, KINDS, &on_board)
    }

    fn problems(text: &str) -> Vec<String> {
        marks(text).problems.iter().map(Problem::to_string).collect()
    }

    #[test]
    fn reads_marks_among_ordinary_output() {
        let m = marks("thinking…\n@draw dot red 12 | target\n@drawing is no mark\n  @draw dot red 1\n@draw\tcell #0A0 3 7\n@draw path blue 1 1 2 2 3 3|plan \n@draw value purple 0.62 | win chance");
        assert_eq!(m.problems, vec![]);
        let got: Vec<_> = m
            .marks
            .iter()
            .map(|k| (k.kind, k.colour.as_str(), k.at.clone(), k.label.as_str(), k.line))
            .collect();
        assert_eq!(
            got,
            vec![
                ("dot", "#e03131", vec![12.0], "target", 2),
                ("cell", "#00aa00", vec![3.0, 7.0], "", 5),
                ("path", "#1c7ed6", vec![1.0, 1.0, 2.0, 2.0, 3.0, 3.0], "plan", 6),
                ("value", "#9c36b5", vec![0.62], "win chance", 7),
            ]
        );
    }

    #[test]
    fn colours_are_names_or_hex() {
        assert_eq!(colour("Green").as_deref(), Some("#2f9e44"));
        assert_eq!(colour("#abc").as_deref(), Some("#aabbcc"));
        assert_eq!(colour("#A1B2C3").as_deref(), Some("#a1b2c3"));
        for bad in ["#abcd", "#ggg", "mauve", "#", ""] {
            assert_eq!(colour(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_line_that_does_not_read_names_its_place() {
        assert_eq!(problems("@draw"), ["1:6: a mark needs a kind (dot, line, cell, path, value)"]);
        assert_eq!(
            problems("x\n@draw blob red 1"),
            ["2:7: no mark \"blob\" here (the kinds: dot, line, cell, path, value)"]
        );
        assert_eq!(
            problems("@draw dot"),
            ["1:10: a mark needs a colour (a name or #rgb / #rrggbb)"]
        );
        assert!(problems("@draw dot mauve 1")[0]
            .starts_with("1:11: \"mauve\" is not a colour (red, orange"));
        assert_eq!(problems("@draw dot red 1x"), ["1:15: \"1x\" is not a number"]);
        assert_eq!(problems("@draw dot red 1.5"), ["1:15: 1.5 is not a whole number (dot N)"]);
        assert_eq!(problems("@draw dot red inf"), ["1:15: \"inf\" is not a number"]);
        assert_eq!(problems("@draw line red 1"), ["1:17: line takes 2 points (line N N), not 1"]);
        assert_eq!(
            problems("@draw cell red 1 2 3 | x"),
            ["1:21: 3 numbers: a point of cell has 2 (cell X Y)"]
        );
        assert_eq!(
            problems("@draw path red 1 1"),
            ["1:19: a path needs two points or more (path X1 Y1 X2 Y2 …)"]
        );
        assert_eq!(problems("@draw cell red 3 11"), ["1:16: y 11 is off the board (1–10)"]);
        assert_eq!(problems("@draw path red 1 1 0 2"), ["1:20: x 0 is off the board (1–10)"]);
        // A bad line is dropped; the others are kept.
        let m = marks("@draw dot red 1\n@draw dot red x\n@draw dot blue 2");
        assert_eq!((m.marks.len(), m.problems.len()), (2, 1));
    }

    #[test]
    fn what_is_over_a_bound_is_dropped_and_said_once() {
        let many: String = (0..MAX_MARKS + 5).map(|i| format!("@draw dot red {i}\n")).collect();
        let m = marks(&many);
        assert_eq!(m.marks.len(), MAX_MARKS);
        assert_eq!(
            problems(&many),
            [format!("1:1: more than {MAX_MARKS} marks in one decision: the last 5 were dropped")]
        );

        let long = "x".repeat(MAX_LABEL + 7);
        let m = marks(&format!("@draw dot red 1 | {long}\n@draw dot red 2 | {long}"));
        assert_eq!(m.marks[0].label, "x".repeat(MAX_LABEL));
        assert_eq!(m.marks[1].label, "x".repeat(MAX_LABEL));
        assert_eq!(
            problems(&format!("@draw dot red 1 | {long}\n@draw dot red 2 | {long}")),
            ["1:18: a label has at most 40 characters: 7 were cut"]
        );

        let path: String =
            (0..MAX_POINTS + 3).map(|i| format!(" {} {}", i % 10 + 1, i % 7 + 1)).collect();
        let m = marks(&format!("@draw path red{path}\n@draw path red{path}"));
        assert_eq!(m.marks[0].at.len(), MAX_POINTS * 2);
        assert_eq!(m.problems.len(), 1);
        assert!(
            m.problems[0].message.contains("at most 500 points: the 3 after that were dropped"),
            "{:?}",
            m.problems
        );

        // Problems are bounded too, and no message grows with its input.
        let bad: String =
            (0..100).map(|_| format!("@draw {} red 1\n", "q".repeat(10_000))).collect();
        let p = problems(&bad);
        assert_eq!(p.len(), MAX_PROBLEMS + 1);
        assert!(p.iter().all(|m| m.len() < 400), "{p:?}");
        assert_eq!(p[MAX_PROBLEMS], "21:7: … and 80 more problems");
    }

    #[test]
    fn a_format_check_sums_up_or_lists_the_problems() {
        assert_eq!(check("@draw dot red 1\nhello", KINDS, &anywhere), Ok("1 mark".into()));
        assert_eq!(
            check("@draw dot red 1\n@draw dot red", KINDS, &anywhere),
            Err("2:14: dot takes 1 point (dot N), not 0".into())
        );
    }
}

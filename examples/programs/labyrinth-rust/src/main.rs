//! A Labyrinth program for the arcade's JSON protocol (docs/PROGRAMS.md): one line
//! `{"view": VIEW, "state": STATE}` on stdin, one line `{"move": {rotation, insertion, row,
//! column}, "state": STATE2}` on stdout.
//!
//! It tries every allowed push in every rotation and scores where that leaves its pawn: a win
//! first (no cards left and the start square in reach), then the treasures it collects (under
//! the assignment's rules every card whose treasure is in reach after the push; under the
//! Ravensburger rules the card sought, by walking onto it), then how close it can walk to the
//! next treasure it seeks. The state counts its turns, to show state carried through a game.

mod board;
mod json;

use board::{line_squares, Board, Square, Tile, DIRECTIONS, SIZE};
use json::Json;
use std::io::Read;

/// What this seat knows, read from the view.
struct Seat {
    board: Board,
    pawns: Vec<Square>,
    me: usize,
    /// This seat's start square (by its pawn's colour).
    home: Square,
    cards: Vec<u32>,
    ravensburger: bool,
    last_out: Option<usize>,
}

/// A turn: push at `insertion` turned `rotation`, then walk to `to`; and how good it is.
struct Turn {
    insertion: usize,
    rotation: usize,
    to: Square,
    value: i64,
    found: usize,
}

fn main() {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("cannot read the request: {e}");
        std::process::exit(1);
    }
    match answer(&text) {
        Ok(line) => println!("{line}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}

fn answer(text: &str) -> Result<String, String> {
    let request = json::parse(text)?;
    let seat = read_seat(request.get("view"))?;
    let turns = request.get("state").get("turns").as_i64().unwrap_or(0) + 1;
    let best = plan(&seat).ok_or("no push is allowed")?;
    eprintln!(
        "turn {turns}: insert at {} turned {}, walk to row {}, column {} ({} treasure(s) found)",
        best.insertion,
        DIRECTIONS[best.rotation],
        best.to.0 + 1,
        best.to.1 + 1,
        best.found
    );
    let mut rotation = String::new();
    json::quote(DIRECTIONS[best.rotation], &mut rotation);
    Ok(format!(
        "{{\"move\": {{\"rotation\": {rotation}, \"insertion\": {}, \"row\": {}, \"column\": {}}}, \"state\": {{\"turns\": {turns}}}}}",
        best.insertion,
        best.to.0 + 1,
        best.to.1 + 1
    ))
}

fn read_seat(view: &Json) -> Result<Seat, String> {
    let tiles = view.get("tiles").items().iter().map(|t| Tile::parse(t.as_str().unwrap_or(""), true)).collect::<Result<Vec<_>, _>>()?;
    if tiles.len() != SIZE * SIZE {
        return Err(format!("the view has {} tiles, not {}", tiles.len(), SIZE * SIZE));
    }
    let extra = Tile::parse(view.get("extra").as_str().unwrap_or(""), false)?;
    let mut pawns = Vec::new();
    let mut homes = Vec::new();
    for p in view.get("pawns").items() {
        homes.push(start(p.items().first().and_then(Json::as_str).unwrap_or(""))?);
        let (r, c) = (p.items().get(1).and_then(Json::as_i64), p.items().get(2).and_then(Json::as_i64));
        match (r, c) {
            (Some(r @ 1..=7), Some(c @ 1..=7)) => pawns.push((r as usize - 1, c as usize - 1)),
            _ => return Err("a pawn is not [colour, row, column]".into()),
        }
    }
    let me = view.get("seat").as_i64().filter(|&s| s >= 0 && (s as usize) < pawns.len()).ok_or("the view's seat has no pawn")? as usize;
    let cards = view.get("cards").items().iter().filter_map(|c| c.as_i64()).map(|c| c as u32).collect();
    Ok(Seat {
        board: Board { tiles, extra },
        pawns,
        me,
        home: homes[me],
        cards,
        ravensburger: view.get("rules").as_str() == Some("ravensburger"),
        last_out: view.get("last_out").as_i64().map(|i| i as usize),
    })
}

/// A colour's start square: yellow top-left, red top-right, blue bottom-left, green
/// bottom-right.
fn start(colour: &str) -> Result<Square, String> {
    match colour {
        "yellow" => Ok((0, 0)),
        "red" => Ok((0, SIZE - 1)),
        "blue" => Ok((SIZE - 1, 0)),
        "green" => Ok((SIZE - 1, SIZE - 1)),
        _ => Err(format!("{colour:?} is not a colour")),
    }
}

/// The best allowed turn, or `None` when no push is allowed.
fn plan(seat: &Seat) -> Option<Turn> {
    let mut best: Option<Turn> = None;
    for insertion in 0..12 {
        let out = line_squares(insertion)[SIZE - 1];
        let allowed = if seat.ravensburger { seat.last_out != Some(insertion) } else { !seat.pawns.contains(&out) };
        if !allowed {
            continue;
        }
        for rotation in 0..4 {
            let (mut board, mut pawns) = (seat.board.clone(), seat.pawns.clone());
            board.push(insertion, rotation, &mut pawns);
            let turn = best_walk(seat, &board, &pawns, insertion, rotation);
            if best.as_ref().is_none_or(|b| turn.value > b.value) {
                best = Some(turn);
            }
        }
    }
    best
}

/// Where to walk after a push, and the value of the whole turn.
fn best_walk(seat: &Seat, board: &Board, pawns: &[Square], insertion: usize, rotation: usize) -> Turn {
    let from = pawns[seat.me];
    let reach = board.reachable(from);
    let home = seat.home;
    let in_reach = |t: &u32| board.find(*t).is_some_and(|s| reach.contains(&s));
    let (found, left): (Vec<u32>, Vec<u32>) = if seat.ravensburger {
        // One card at a time, the first of the hand, collected by ending the walk on it.
        let first = seat.cards.first().copied().filter(in_reach);
        (first.into_iter().collect(), seat.cards.iter().copied().skip(usize::from(first.is_some())).collect())
    } else {
        seat.cards.iter().copied().partition(in_reach)
    };
    let mut turn = Turn { insertion, rotation, to: from, value: 1000 * found.len() as i64, found: found.len() };
    if seat.ravensburger && !found.is_empty() {
        turn.to = board.find(found[0]).unwrap_or(from);
        return turn;
    }
    if left.is_empty() && reach.contains(&home) && (seat.cards.is_empty() || !seat.ravensburger) {
        turn.to = home;
        turn.value += 1_000_000;
        return turn;
    }
    // Otherwise walk towards what is sought next (the nearest card's treasure still on the
    // board; the start square once none is left): of the few squares in reach closest to it,
    // the one from which some push next turn would bring it within reach.
    let goals: Vec<Square> = if left.is_empty() { vec![home] } else { left.iter().filter_map(|&t| board.find(t)).collect() };
    let distance = |s: &Square| goals.iter().map(|g| g.0.abs_diff(s.0) + g.1.abs_diff(s.1)).min().unwrap_or(0) as i64;
    let mut near = reach.clone();
    near.sort_by_key(distance);
    let sought = if left.is_empty() { None } else { left.first().copied() };
    let mut best = i64::MIN;
    for &square in near.iter().take(4) {
        let mut after = pawns.to_vec();
        after[seat.me] = square;
        let value = -distance(&square) + if reachable_next(board, &after, seat.me, sought, home) { 50 } else { 0 };
        if value > best {
            best = value;
            turn.to = square;
        }
    }
    turn.value += best;
    turn
}

/// Whether some push next turn (any insertion that drops no pawn, any rotation) would put
/// treasure `sought` (or, with none, square `home`) within reach of pawn `me`.
fn reachable_next(board: &Board, pawns: &[Square], me: usize, sought: Option<u32>, home: Square) -> bool {
    (0..12).filter(|&i| !pawns.contains(&line_squares(i)[SIZE - 1])).any(|insertion| {
        (0..4).any(|rotation| {
            let (mut next, mut moved) = (board.clone(), pawns.to_vec());
            next.push(insertion, rotation, &mut moved);
            let goal = match sought {
                Some(t) => next.find(t),
                None => Some(home),
            };
            goal.is_some_and(|g| next.reachable(moved[me]).contains(&g))
        })
    })
}

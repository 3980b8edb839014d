//! What Play shows to explain a Punter game: each punter's latest turn (highlighted on the map),
//! a score taken apart (per mine, the sites joined and their distance²; the futures), and what a
//! site is worth to a punter now. Sites are given by id, as the map and the page name them.

use crate::punter::PunterGame;
use punter::recent::latest_turns;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_common::to_js;

#[derive(Serialize)]
struct TurnJs {
    kind: &'static str,
    /// River indices.
    rivers: Vec<u32>,
    /// The index of the turn's last move on the tape.
    at: usize,
}

#[derive(Serialize)]
struct MineJs {
    mine: u64,
    /// [site id, distance] pairs, nearest first.
    sites: Vec<(u64, u32)>,
    points: u64,
}

#[derive(Serialize)]
struct FutureJs {
    mine: u64,
    target: u64,
    distance: u32,
    won: bool,
    points: i64,
}

#[derive(Serialize)]
struct BreakdownJs {
    mines: Vec<MineJs>,
    /// Null when the viewer may not see this punter's futures (before the end).
    futures: Option<Vec<FutureJs>>,
    /// The score, or the rivers' part of it when the futures are hidden.
    total: i64,
}

#[derive(Serialize)]
struct WorthJs {
    mine: u64,
    distance: u32,
    joined: bool,
}

#[wasm_bindgen]
impl PunterGame {
    /// Each punter's latest complete turn at the position viewed: `{ kind, rivers, at }` (kind
    /// "pass", "claim", "option" or "splurge"), or null before its first.
    #[wasm_bindgen(js_name = lastTurns)]
    pub fn last_turns(&self) -> Result<JsValue, JsValue> {
        let at = self.tape.position().0;
        let game = self.game().game();
        let turns = latest_turns(game.map(), game.punters(), &self.tape.moves()[..at], |i| {
            self.tape.info(i).and_then(|m| m.seat)
        });
        to_js(
            &turns
                .into_iter()
                .map(|t| t.map(|t| TurnJs { kind: t.kind.name(), rivers: t.rivers, at: t.at }))
                .collect::<Vec<_>>(),
        )
    }

    /// Punter `p`'s score at the position viewed, taken apart, as `viewer` may see it (its
    /// futures are hidden from the others until the end).
    pub fn breakdown(&self, p: usize, viewer: Option<u32>) -> Result<JsValue, JsValue> {
        let punter = self.game();
        let game = punter.game();
        let id = |s: u32| game.map().sites[s as usize].id;
        let b = game.breakdown(p);
        let shown = punter.futures_shown(viewer.map(|v| v as usize), p);
        let futures_points: i64 = b.futures.iter().map(|f| f.points).sum();
        to_js(&BreakdownJs {
            mines: b
                .mines
                .iter()
                .map(|m| MineJs {
                    mine: id(m.mine),
                    sites: m.sites.iter().map(|&(s, d)| (id(s), d)).collect(),
                    points: m.points,
                })
                .collect(),
            futures: shown.then(|| {
                b.futures
                    .iter()
                    .map(|f| FutureJs {
                        mine: id(f.mine),
                        target: id(f.target),
                        distance: f.distance,
                        won: f.won,
                        points: f.points,
                    })
                    .collect()
            }),
            total: if shown { b.total } else { b.total - futures_points },
        })
    }

    /// What site `site` (index) is worth to punter `p` now: per mine it can be reached from,
    /// `{ mine, distance, joined }` (joined: the distance² is in the score).
    #[wasm_bindgen(js_name = siteWorth)]
    pub fn site_worth(&self, p: usize, site: u32) -> Result<JsValue, JsValue> {
        let game = self.game().game();
        let id = |s: u32| game.map().sites[s as usize].id;
        to_js(
            &game
                .site_worth(p, site)
                .into_iter()
                .map(|w| WorthJs { mine: id(w.mine), distance: w.distance, joined: w.joined })
                .collect::<Vec<_>>(),
        )
    }
}

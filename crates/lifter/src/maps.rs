//! The official maps, embedded so that links can name them and the CLI needs no files.

/// (name, map text) in contest order.
pub const OFFICIAL: &[(&str, &str)] = &[
    ("contest1", include_str!("../../../maps/lifter/contest1.map")),
    ("contest2", include_str!("../../../maps/lifter/contest2.map")),
    ("contest3", include_str!("../../../maps/lifter/contest3.map")),
    ("contest4", include_str!("../../../maps/lifter/contest4.map")),
    ("contest5", include_str!("../../../maps/lifter/contest5.map")),
    ("contest6", include_str!("../../../maps/lifter/contest6.map")),
    ("contest7", include_str!("../../../maps/lifter/contest7.map")),
    ("contest8", include_str!("../../../maps/lifter/contest8.map")),
    ("contest9", include_str!("../../../maps/lifter/contest9.map")),
    ("contest10", include_str!("../../../maps/lifter/contest10.map")),
    ("flood1", include_str!("../../../maps/lifter/flood1.map")),
    ("flood2", include_str!("../../../maps/lifter/flood2.map")),
    ("flood3", include_str!("../../../maps/lifter/flood3.map")),
    ("flood4", include_str!("../../../maps/lifter/flood4.map")),
    ("flood5", include_str!("../../../maps/lifter/flood5.map")),
    ("trampoline1", include_str!("../../../maps/lifter/trampoline1.map")),
    ("trampoline2", include_str!("../../../maps/lifter/trampoline2.map")),
    ("trampoline3", include_str!("../../../maps/lifter/trampoline3.map")),
    ("beard1", include_str!("../../../maps/lifter/beard1.map")),
    ("beard2", include_str!("../../../maps/lifter/beard2.map")),
    ("beard3", include_str!("../../../maps/lifter/beard3.map")),
    ("beard4", include_str!("../../../maps/lifter/beard4.map")),
    ("beard5", include_str!("../../../maps/lifter/beard5.map")),
    ("beard5-variant-razors0", include_str!("../../../maps/lifter/beard5-variant-razors0.map")),
    ("horock1", include_str!("../../../maps/lifter/horock1.map")),
    ("horock2", include_str!("../../../maps/lifter/horock2.map")),
    ("horock3", include_str!("../../../maps/lifter/horock3.map")),
];

pub fn official(name: &str) -> Option<&'static str> {
    OFFICIAL.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The 26 official maps with the best scores known from the contest era (the bundled beard5 is
/// the "Razors 10" copy; `beard5-variant-razors0` has no known best).
pub const BEST_KNOWN: &[(&str, i64)] = &[
    ("contest1", 212),
    ("contest2", 281),
    ("contest3", 275),
    ("contest4", 575),
    ("contest5", 1303),
    ("contest6", 1177),
    ("contest7", 869),
    ("contest8", 1973),
    ("contest9", 3095),
    ("contest10", 3634),
    ("flood1", 945),
    ("flood2", 281),
    ("flood3", 1303),
    ("flood4", 1592),
    ("flood5", 575),
    ("trampoline1", 426),
    ("trampoline2", 1742),
    ("trampoline3", 5477),
    ("beard1", 860),
    ("beard2", 4522),
    ("beard3", 1789),
    ("beard4", 3103),
    ("beard5", 666),
    ("horock1", 760),
    ("horock2", 747),
    ("horock3", 2406),
];

/// The best known score of an official map.
pub fn best_known(name: &str) -> Option<i64> {
    BEST_KNOWN.iter().find(|(n, _)| *n == name).map(|&(_, s)| s)
}

/// The best route our solver found per official map (a table made by `arcade lifter
/// best-routes` from `lifter judge` runs): the page offers each as an example.
pub const BEST_ROUTES: &str = include_str!("../../../maps/lifter/best-routes.tsv");

/// A row of `BEST_ROUTES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestRoute {
    pub map: &'static str,
    pub best_known: i64,
    /// The route's score as the table states it (tests hold it equal to the engine's).
    pub score: i64,
    pub route: &'static str,
}

/// The rows of `BEST_ROUTES` in its order (the header and rows that do not parse are skipped).
pub fn best_routes() -> Vec<BestRoute> {
    BEST_ROUTES
        .lines()
        .filter_map(|line| {
            let mut f = line.split('\t');
            let (map, known, score, route) = (f.next()?, f.next()?, f.next()?, f.next()?);
            Some(BestRoute {
                map,
                best_known: known.parse().ok()?,
                score: score.parse().ok()?,
                route,
            })
        })
        .collect()
}

/// The score of `route` on the official map `name`, played from the start (a game not over
/// at the end of the route scores what it has, as the contest scored it).
pub fn route_score(name: &str, route: &str) -> Option<i64> {
    let mine = super::Mine::parse(official(name)?).ok()?;
    Some(super::Lifter::play_route(&mine, &super::Command::parse_route(route)).score())
}

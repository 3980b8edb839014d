//! The example routes bundled for the page (maps/lifter/best-routes.tsv): one per official map,
//! each replaying to the score the table states, and the best known as `maps::BEST_KNOWN` has it.
// Test code: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lifter::maps;

#[test]
fn every_official_map_has_a_bundled_route_that_replays_to_its_score() {
    let rows = maps::best_routes();
    let names: Vec<&str> = rows.iter().map(|r| r.map).collect();
    let official: Vec<&str> = maps::BEST_KNOWN.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, official, "one row per official map, in contest order");
    for row in &rows {
        assert_eq!(Some(row.best_known), maps::best_known(row.map), "{}: best known", row.map);
        assert_eq!(
            maps::route_score(row.map, row.route),
            Some(row.score),
            "{}: the route's score",
            row.map
        );
        assert!(row.score > 0, "{}: a scoring route", row.map);
    }
    // The table has as many lines as rows and a header: nothing is skipped silently.
    assert_eq!(maps::BEST_ROUTES.lines().count(), rows.len() + 1);
}

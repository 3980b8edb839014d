//! The official maps, embedded so that links can name them and the CLI needs no files.

/// (name, map text) in contest order.
pub const OFFICIAL: &[(&str, &str)] = &[
    ("contest1", include_str!("../../maps/lifter/contest1.map")),
    ("contest2", include_str!("../../maps/lifter/contest2.map")),
    ("contest3", include_str!("../../maps/lifter/contest3.map")),
    ("contest4", include_str!("../../maps/lifter/contest4.map")),
    ("contest5", include_str!("../../maps/lifter/contest5.map")),
    ("contest6", include_str!("../../maps/lifter/contest6.map")),
    ("contest7", include_str!("../../maps/lifter/contest7.map")),
    ("contest8", include_str!("../../maps/lifter/contest8.map")),
    ("contest9", include_str!("../../maps/lifter/contest9.map")),
    ("contest10", include_str!("../../maps/lifter/contest10.map")),
    ("flood1", include_str!("../../maps/lifter/flood1.map")),
    ("flood2", include_str!("../../maps/lifter/flood2.map")),
    ("flood3", include_str!("../../maps/lifter/flood3.map")),
    ("flood4", include_str!("../../maps/lifter/flood4.map")),
    ("flood5", include_str!("../../maps/lifter/flood5.map")),
    ("trampoline1", include_str!("../../maps/lifter/trampoline1.map")),
    ("trampoline2", include_str!("../../maps/lifter/trampoline2.map")),
    ("trampoline3", include_str!("../../maps/lifter/trampoline3.map")),
    ("beard1", include_str!("../../maps/lifter/beard1.map")),
    ("beard2", include_str!("../../maps/lifter/beard2.map")),
    ("beard3", include_str!("../../maps/lifter/beard3.map")),
    ("beard4", include_str!("../../maps/lifter/beard4.map")),
    ("beard5", include_str!("../../maps/lifter/beard5.map")),
    ("beard5-variant-razors0", include_str!("../../maps/lifter/beard5-variant-razors0.map")),
    ("horock1", include_str!("../../maps/lifter/horock1.map")),
    ("horock2", include_str!("../../maps/lifter/horock2.map")),
    ("horock3", include_str!("../../maps/lifter/horock3.map")),
];

pub fn official(name: &str) -> Option<&'static str> {
    OFFICIAL.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

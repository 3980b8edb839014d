//! Arenas on every core: a contest's independent units (a tournament's pairs, an arena's
//! games) run on rayon's pool and come back in unit order, so every output is the same on one
//! core or many. `ARCADE_THREADS=N` sets the pool's size (the benchmarks compare 1 and 2).

/// `f(0) … f(n-1)`, at once on the pool, in order.
#[cfg(not(target_arch = "wasm32"))]
pub fn map<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    let threads = std::env::var("ARCADE_THREADS")
        .ok()
        .and_then(|t| t.parse::<usize>().ok())
        .filter(|&t| t > 0);
    let run = || (0..n).into_par_iter().map(&f).collect();
    match threads.and_then(|t| rayon::ThreadPoolBuilder::new().num_threads(t).build().ok()) {
        Some(pool) => pool.install(run),
        None => run(),
    }
}

/// `f(0) … f(n-1)` on a pool of `jobs` threads, in order (for units that are timed, such as
/// programs judged under a time limit, where the user chooses how many share the machine).
#[cfg(not(target_arch = "wasm32"))]
pub fn map_on<T: Send>(jobs: usize, n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    use rayon::prelude::*;
    match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
        Ok(pool) => pool.install(|| (0..n).into_par_iter().map(&f).collect()),
        Err(_) => (0..n).map(f).collect(),
    }
}

/// The CLI is native; `cargo test --target wasm32-unknown-unknown` still compiles it, without
/// threads.
#[cfg(target_arch = "wasm32")]
pub fn map<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    (0..n).map(f).collect()
}

#[cfg(target_arch = "wasm32")]
pub fn map_on<T: Send>(_jobs: usize, n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    (0..n).map(f).collect()
}

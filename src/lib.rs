//! Lambda Arcade's root package: the product's cross-crate tests live in `tests/`, and use each
//! crate by its own name (the rails, the registry, the engines). The code is in `crates/`
//! (ARCHITECTURE.md draws the crate graph).

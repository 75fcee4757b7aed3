//! Benchmarks of Arbiter against crates.io references, each side measured in the same run on the
//! same machine. The benches are in `benches/`; this library is empty.
//!
//! - `validate_vs_shakmaty` (`cargo bench -p arbiter-bench --bench validate_vs_shakmaty [-- FILE.pgn
//!   [COPIES]]`): game validation by `arbiter_rules::replay` against a harness over `pgn-reader`
//!   and `shakmaty` doing legality, the result against mate and stalemate, insufficient material,
//!   and repetition and 50/75-move tracking; prints games/s of each and their ratio (issue #18).

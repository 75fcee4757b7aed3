//! Rebuilds the crate when a migration changes: `embed_migrations!` reads the folders at compile
//! time, and cargo does not track them by itself.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
    println!("cargo:rerun-if-changed=../../migrations/sqlite");
    println!("cargo:rerun-if-changed=../../migrations/postgres");
}

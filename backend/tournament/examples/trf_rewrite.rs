//! Reads a TRF file named on the command line and writes it back (TRF16, or TRF-2026 with `26`).
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_default();
    let version = if args.next().as_deref() == Some("26") {
        arbiter_tournament::TrfVersion::Trf2026
    } else {
        arbiter_tournament::TrfVersion::Trf16
    };
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!("cannot read {path}");
        return;
    };
    match arbiter_tournament::read_trf(&bytes) {
        Ok(r) => {
            for w in &r.warnings {
                eprintln!("warning: {w}");
            }
            print!("{}", arbiter_tournament::write_trf(&r.tournament, version));
        }
        Err(e) => {
            for x in &e.errors {
                eprintln!("error: {x}");
            }
        }
    }
}

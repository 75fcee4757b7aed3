//! Times game validation on real-2000.pgn, counting how often the dead-position search runs.
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/pgn/real-2000.pgn".into());
    let pgn = std::fs::read(path).expect("readable");
    let options = arbiter_rules::replay::ReplayOptions {
        edition: arbiter_rules::draw::LawsEdition::Later,
        letters: None,
    };
    let t = std::time::Instant::now();
    let mut slow = Vec::new();
    let mut last = std::time::Instant::now();
    let n = arbiter_rules::replay::validate_pgn(&pgn[..], options, |r| {
        let el = last.elapsed();
        if let Ok(r) = r {
            if el.as_millis() > 5 {
                slow.push((
                    el.as_millis(),
                    r.index,
                    r.final_position.fen(),
                    r.outcome.name(),
                ));
            }
        }
        last = std::time::Instant::now();
    })
    .unwrap();
    println!("{n} games in {:?}", t.elapsed());
    slow.sort();
    for s in slow.iter().rev().take(10) {
        println!("{s:?}");
    }
    println!("{} games over 5 ms", slow.len());
}

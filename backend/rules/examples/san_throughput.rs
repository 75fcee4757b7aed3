//! Throughput of reading and playing algebraic notation (Appendix E): replays the mainlines of
//! `../shared/data/pgn/real-2000.pgn` (a crude token split, not a PGN reader) with
//! `Position::parse_move` and `Position::play_unchecked`, and reports moves per second, on one
//! thread and on two. Run with `cargo run --release -p arbiter-rules --example san_throughput`.

use std::time::Instant;

use arbiter_rules::{PieceLetters, Position};

/// The mainline move tokens of each game: tags, comments, variations, move numbers, NAGs and
/// results removed.
fn games(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        if line.starts_with('[') {
            if !movetext.trim().is_empty() {
                games.push(tokens(&movetext));
            }
            movetext.clear();
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if !movetext.trim().is_empty() {
        games.push(tokens(&movetext));
    }
    games
}

fn tokens(movetext: &str) -> Vec<String> {
    let mut plain = String::new();
    let (mut brace, mut paren) = (false, 0u32);
    for c in movetext.chars() {
        match c {
            '{' => brace = true,
            '}' => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace => paren = paren.saturating_sub(1),
            _ if brace || paren > 0 => {}
            _ => plain.push(c),
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty() && !t.starts_with('$'))
        .map(str::to_owned)
        .collect()
}

fn replay(games: &[Vec<String>]) -> usize {
    let mut moves = 0;
    for game in games {
        let mut pos = Position::new();
        for token in game {
            match pos.parse_move(token, PieceLetters::English) {
                Ok(m) => pos.play_unchecked(m),
                Err(e) => panic!("{e}"),
            }
            moves += 1;
        }
    }
    moves
}

fn main() {
    let Some(path) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let games = games(&text);
    let rounds = 20;
    let start = Instant::now();
    let mut moves = 0;
    for _ in 0..rounds {
        moves += replay(&games);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "1 thread: {} games, {moves} moves in {secs:.3} s: {:.0} moves/s, {:.0} games/s",
        games.len() * rounds,
        moves as f64 / secs,
        (games.len() * rounds) as f64 / secs
    );

    let start = Instant::now();
    let (half_a, half_b) = games.split_at(games.len() / 2);
    let moves: usize = std::thread::scope(|s| {
        let a = s.spawn(|| (0..rounds).map(|_| replay(half_a)).sum::<usize>());
        let b = s.spawn(|| (0..rounds).map(|_| replay(half_b)).sum::<usize>());
        a.join().unwrap_or(0) + b.join().unwrap_or(0)
    });
    let secs = start.elapsed().as_secs_f64();
    println!(
        "2 threads: {moves} moves in {secs:.3} s: {:.0} moves/s, {:.0} games/s",
        moves as f64 / secs,
        (games.len() * rounds) as f64 / secs
    );

    let start = Instant::now();
    let mut written = 0usize;
    let mut out = String::new();
    for game in &games {
        let mut pos = Position::new();
        for token in game {
            let Ok(m) = pos.parse_move(token, PieceLetters::English) else {
                break;
            };
            out.clear();
            let _ = pos.write_san(m, &mut out);
            written += out.len();
            pos.play_unchecked(m);
        }
    }
    println!(
        "parse + write_san + play, 1 round: {:.3} s ({written} bytes)",
        start.elapsed().as_secs_f64()
    );
}

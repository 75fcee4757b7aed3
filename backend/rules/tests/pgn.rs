//! The PGN reader and writer against the shared data set (`../shared/data/pgn`).

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use arbiter_rules::pgn::{PgnReader, RawGame, Termination};

fn open(path: &Path) -> PgnReader<BufReader<File>> {
    PgnReader::new(BufReader::new(File::open(path).expect("open test data")))
}

fn read_all(path: &Path) -> Vec<RawGame> {
    open(path)
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// `(plies, Result tag)` per game, from `real-2000.expected.txt`.
fn expected(path: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(path)
        .expect("read expected")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game_index") && !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split(';').collect();
            assert_eq!(cols.get(1), Some(&"ok"), "{l}");
            (cols[2].parse().expect("plies"), cols[3].to_owned())
        })
        .collect()
}

#[test]
fn real_2000_games_tags_and_plies() {
    let Some(pgn) = arbiter_testdata::shared_file("pgn/real-2000.pgn") else {
        return;
    };
    let Some(exp) = arbiter_testdata::shared_file("pgn/real-2000.expected.txt") else {
        return;
    };
    let games = read_all(&pgn);
    let exp = expected(&exp);
    assert_eq!(exp.len(), 2000);
    assert_eq!(games.len(), 2000);
    for (i, (game, (plies, result))) in games.iter().zip(&exp).enumerate() {
        assert_eq!(game.index, i as u64 + 1);
        assert_eq!(game.tag("Result"), Some(result.as_str()), "game {}", i + 1);
        assert_eq!(game.move_count(), *plies, "game {}", i + 1);
        assert_eq!(
            game.termination,
            Termination::from_token(result),
            "game {}",
            i + 1
        );
        assert!(
            game.warnings.is_empty(),
            "game {}: {:?}",
            i + 1,
            game.warnings
        );
    }
    // Game 1901 has two blank lines between its tags and its moves: still one game.
    let g = &games[1900];
    assert_eq!(g.tag("White"), Some("Mulyar,M"));
    assert_eq!(g.moves().next().map(|m| m.text), Some("d4"));
}

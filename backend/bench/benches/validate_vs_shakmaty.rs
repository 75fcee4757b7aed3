//! Game validation: Arbiter against a harness over crates.io's `pgn-reader` and `shakmaty`, on the
//! same games, in the same run (issue #18).
//!
//! `cargo bench -p arbiter-bench --bench validate_vs_shakmaty [-- FILE.pgn [COPIES]]`. The file
//! (default `../shared/data/pgn/real-2000.pgn`, 2,000 real games) is read into memory and
//! repeated COPIES times (default 25: 50,000 games); each side then validates the whole buffer,
//! in turns, five rounds, and the median of each is printed in games/s, with the ratios.
//!
//! The reference does, per game: the `FEN` and `Variant` tags, every move read as SAN and checked
//! for legality (an illegal or unreadable move ends the game), the position's Zobrist hash after
//! every move that is not a capture or a pawn move (the occurrences since the last such move:
//! threefold and fivefold repetition), the halfmove clock (50 and 75 moves), insufficient
//! material after each capture or promotion, and at the end checkmate, stalemate and insufficient
//! material against the `Result` tag. Arbiter does all of that and more (every claim with its
//! ply, national piece letters, the dead position beyond material at the end, Art. 6.9 on time
//! forfeits, the report's text): `arbiter_rules::replay::validate_pgn` on one thread and
//! `validate_pgn_parallel` on every core.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use arbiter_rules::draw::LawsEdition;
use arbiter_rules::replay::{ReplayOptions, validate_pgn, validate_pgn_parallel};
use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::zobrist::{Zobrist64, ZobristHash};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// What the reference found in one game.
#[derive(Default)]
struct Tags {
    start: Option<Chess>,
    bad_setup: bool,
    variant: bool,
    result: Option<Outcome>,
}

/// The game being replayed by the reference.
struct Game {
    pos: Chess,
    /// Hashes of the positions since the last capture or pawn move, the current one last.
    since_reset: Vec<Zobrist64>,
    plies: usize,
    /// Set when the game was over on the board before its last move (fivefold, 75 moves,
    /// insufficient material).
    automatic_draw: bool,
    claims: usize,
    result: Option<Outcome>,
    legal: bool,
}

/// The reference harness: counts valid games and plies.
#[derive(Default)]
struct Reference {
    valid: u64,
    plies: u64,
}

impl Visitor for Reference {
    type Tags = Tags;
    type Movetext = Game;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        match name {
            b"FEN" => {
                let pos = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Standard).ok());
                tags.bad_setup = pos.is_none();
                tags.start = pos;
            }
            b"Variant" => {
                let v = value.decode_utf8_lossy().to_ascii_lowercase();
                tags.variant = !matches!(v.trim(), "" | "standard" | "chess");
            }
            b"Result" => tags.result = Outcome::from_ascii(value.as_bytes()).ok(),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<(), Game> {
        if tags.bad_setup || tags.variant {
            return ControlFlow::Break(());
        }
        let pos = tags.start.unwrap_or_default();
        let hash = pos.zobrist_hash(EnPassantMode::Legal);
        ControlFlow::Continue(Game {
            pos,
            since_reset: vec![hash],
            plies: 0,
            automatic_draw: false,
            claims: 0,
            result: tags.result,
            legal: true,
        })
    }

    fn begin_variation(&mut self, _game: &mut Game) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, game: &mut Game, san_plus: SanPlus) -> ControlFlow<()> {
        let Ok(m) = san_plus.san.to_move(&game.pos) else {
            game.legal = false;
            return ControlFlow::Break(());
        };
        let reset = m.is_zeroing();
        game.pos.play_unchecked(m);
        game.plies += 1;
        if reset {
            game.since_reset.clear();
            if game.pos.is_insufficient_material() {
                game.automatic_draw = true;
            }
        }
        let hash = game.pos.zobrist_hash(EnPassantMode::Legal);
        let seen = game.since_reset.iter().filter(|h| **h == hash).count() + 1;
        game.since_reset.push(hash);
        if seen >= 3 || game.pos.halfmoves() >= 100 {
            game.claims += 1;
        }
        if seen >= 5 || game.pos.halfmoves() >= 150 {
            game.automatic_draw = true;
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, game: &mut Game, outcome: Outcome) -> ControlFlow<()> {
        if game.result.is_none() {
            game.result = Some(outcome);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Game) {
        self.plies += game.plies as u64;
        if !game.legal {
            return;
        }
        let forced = if game.pos.is_checkmate() {
            Some(KnownOutcome::Decisive {
                winner: !game.pos.turn(),
            })
        } else if game.pos.is_stalemate()
            || game.automatic_draw
            || game.pos.is_insufficient_material()
        {
            Some(KnownOutcome::Draw)
        } else {
            None
        };
        let agrees = match (forced, game.result) {
            (Some(f), Some(Outcome::Known(r))) => f == r,
            _ => true,
        };
        if agrees {
            self.valid += 1;
        }
    }
}

/// The reference over the whole buffer: (games, valid games, plies).
fn reference(pgn: &[u8]) -> (u64, u64, u64) {
    let mut reader = Reader::new(pgn);
    let mut v = Reference::default();
    let mut games = 0;
    while let Ok(Some(())) = reader.read_game(&mut v) {
        games += 1;
    }
    (games, v.valid, v.plies)
}

/// Arbiter over the whole buffer on `threads` threads: (games, valid games, plies).
fn arbiter(pgn: &[u8], threads: usize) -> (u64, u64, u64) {
    let options = ReplayOptions {
        edition: LawsEdition::Later,
        letters: None,
    };
    let (mut valid, mut plies) = (0, 0);
    let count = |r: Result<arbiter_rules::replay::Report, _>| {
        if let Ok(report) = r {
            plies += report.plies as u64;
            valid += u64::from(report.is_ok());
        }
    };
    let games = if threads == 1 {
        validate_pgn(pgn, options, count)
    } else {
        validate_pgn_parallel(pgn, options, threads, count)
    };
    (games.unwrap_or(0), valid, plies)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let path = args.first().map_or_else(
        || {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/data/pgn/real-2000.pgn")
        },
        std::path::PathBuf::from,
    );
    let copies: usize = args.get(1).and_then(|c| c.parse().ok()).unwrap_or(25);
    let Ok(one) = std::fs::read(&path) else {
        eprintln!("SKIPPED: {} is absent", path.display());
        return;
    };
    let mut pgn = Vec::with_capacity(one.len() * copies + copies);
    for _ in 0..copies {
        pgn.extend_from_slice(&one);
        pgn.push(b'\n');
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);

    let (games, r_valid, r_plies) = reference(&pgn);
    let (a_games, a_valid, a_plies) = arbiter(&pgn, 1);
    assert_eq!(arbiter(&pgn, threads), (a_games, a_valid, a_plies));
    println!(
        "{}: {games} games ({copies} copies); reference: {r_valid} valid, {r_plies} plies; \
         Arbiter: {a_games} games, {a_valid} valid, {a_plies} plies",
        path.display()
    );

    let (mut r, mut a1, mut an) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..5 {
        let t = Instant::now();
        black_box(reference(black_box(&pgn)));
        r.push(t.elapsed());
        let t = Instant::now();
        black_box(arbiter(black_box(&pgn), 1));
        a1.push(t.elapsed());
        let t = Instant::now();
        black_box(arbiter(black_box(&pgn), threads));
        an.push(t.elapsed());
    }
    let rate = |d: Duration| games as f64 / d.as_secs_f64();
    let (r, a1, an) = (rate(median(r)), rate(median(a1)), rate(median(an)));
    println!("pgn-reader + shakmaty, 1 thread: {r:.0} games/s");
    println!(
        "Arbiter, 1 thread:               {a1:.0} games/s (ratio {:.2})",
        a1 / r
    );
    println!(
        "Arbiter, {threads} threads:              {an:.0} games/s (ratio {:.2})",
        an / r
    );
}

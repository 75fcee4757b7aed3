//! The arbiter's work from the Laws of Chess, as pure domain logic (no I/O, no clock reading: the
//! caller passes the current instant):
//!
//! - [`default_time`]: check-in, the default time and forfeits (Art. 6.6, 6.7, 11);
//! - [`adjournment`]: adjourned games and sealed moves (Appendix A.1-A.11), with the sealed move
//!   encrypted at rest and committed to by a salted hash;
//! - [`penalty`]: incidents and penalties (Art. 13.4(a)-(g), 12.7, 12.8), illegal moves (7.4),
//!   mobile phones (12, later Laws) and incorrect draw claims (9.5(b));
//! - [`score_report`]: scoresheets replayed by the rules core and checked against the entered
//!   result (Art. 3, 5, 6.9, 9.6), and bulk round reports (CSV or TRF).
//!
//! Every decision names the article it applies; the text of the Laws the project follows is
//! `../shared/laws/LAWS.md`.

pub mod adjournment;
pub mod default_time;
pub mod penalty;
pub mod score_report;

use arbiter_rules::Color;
/// The rules core's position and Laws edition, re-exported for the crates that store the
/// arbiter's work (an incident's position, a tournament's edition) without depending on the rules
/// core themselves.
pub use arbiter_rules::Position;
pub use arbiter_rules::draw::LawsEdition;
use arbiter_rules::pgn::{PgnError, PgnReader};
use arbiter_rules::replay::{GameText, ReplayOptions, Status, replay};

use crate::result::Colour;

/// The rules core's colour for a tournament colour.
#[must_use]
pub const fn to_rules_colour(colour: Colour) -> Color {
    match colour {
        Colour::White => Color::White,
        Colour::Black => Color::Black,
    }
}

/// The tournament colour for a rules-core colour.
#[must_use]
pub const fn from_rules_colour(color: Color) -> Colour {
    match color {
        Color::White => Colour::White,
        Color::Black => Colour::Black,
    }
}

/// `"White"` or `"Black"`, for messages.
#[must_use]
pub const fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// Why a game's moves could not be turned into a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesError {
    /// The text is not readable as PGN movetext.
    #[error("the moves cannot be read: {0}")]
    Syntax(String),
    /// The starting FEN describes no legal position (Art. 2, 3).
    #[error("the starting position `{fen}` is not a legal position: {reason}")]
    BadStart {
        /// The FEN as given.
        fen: String,
        /// Why.
        reason: String,
    },
    /// A move is unreadable, ambiguous or illegal (Art. 3, Appendix E).
    #[error("{message}")]
    BadMove {
        /// The 1-based half-move of the bad move.
        ply: usize,
        /// The article it breaks.
        article: &'static str,
        /// A sentence naming the move, its number and why (from the rules core).
        message: String,
    },
    /// The game is already over on the board (checkmate, stalemate, dead position: Art. 5).
    #[error("the game is already over on the board ({outcome}, Art. {article})")]
    GameOver {
        /// `checkmate`, `stalemate`, `dead_position`, ...
        outcome: &'static str,
        /// The article that ended it.
        article: &'static str,
    },
}

/// Removes scoresheet draw-offer marks `(=)` (Appendix E.12), which PGN would read as a
/// variation.
pub(crate) fn strip_draw_offers(text: &str) -> String {
    text.replace("(=)", " ")
}

/// Reads one game's movetext (PGN with or without tags, or plain moves such as `1.e4 e5 2.Sf3`)
/// into the rules core's [`GameText`]. Returns the game text and the `Result`/`Termination`
/// tags found (already in the [`GameText`]).
pub(crate) fn read_game_text(text: &str) -> Result<GameText, MovesError> {
    let cleaned = strip_draw_offers(text);
    let mut reader = PgnReader::new(cleaned.as_bytes());
    let mut game = GameText::default();
    match reader.next_game() {
        None => {}
        Some(Err(e)) => return Err(MovesError::Syntax(pgn_error_text(&e))),
        Some(Ok(raw)) => {
            for (name, value) in &raw.tags {
                game.tag(name, value);
            }
            if game.result.is_none() {
                if let Some(t) = raw.termination {
                    game.result = Some(t.as_str().to_owned());
                }
            }
            for m in raw.moves() {
                game.push_move(m.text, m.line);
            }
        }
    }
    if let Some(Ok(next)) = reader.next_game() {
        if next.move_count() > 0 || !next.tags.is_empty() {
            return Err(MovesError::Syntax(
                "the text holds more than one game".to_owned(),
            ));
        }
    }
    Ok(game)
}

fn pgn_error_text(e: &PgnError) -> String {
    e.to_string()
}

/// The position after a game's moves so far (for the envelope's A.2(b) and for Art. 7.4(a)):
/// `start_fen` (or the initial position) and the moves in any notation the rules core reads
/// (SAN, long algebraic, national piece letters detected per game, Appendix E).
///
/// # Errors
/// [`MovesError`] naming the first bad move with its number and article, an unreadable text, a
/// bad starting position, or a game already over on the board (no move can be sealed then).
pub fn position_after_moves(start_fen: Option<&str>, moves: &str) -> Result<Position, MovesError> {
    let mut game = read_game_text(moves)?;
    if let Some(fen) = start_fen {
        game.fen = Some(fen.to_owned());
    }
    game.result = None;
    game.termination = None;
    let report = replay(&game, ReplayOptions::default());
    match report.status {
        Status::Ok | Status::ResultContradicted => {}
        Status::BadSetup => {
            return Err(MovesError::BadStart {
                fen: start_fen.unwrap_or_default().to_owned(),
                reason: report.message,
            });
        }
        Status::PgnSyntax | Status::UnsupportedVariant => {
            return Err(MovesError::Syntax(report.message));
        }
        Status::IllegalMove
        | Status::UnreadableMove
        | Status::AmbiguousMove
        | Status::MovesAfterEnd => {
            return Err(MovesError::BadMove {
                ply: report.problem.as_ref().map_or(0, |p| p.ply),
                article: report.article.unwrap_or("3"),
                message: report.message,
            });
        }
    }
    if let Some(article) = report.outcome.article() {
        return Err(MovesError::GameOver {
            outcome: report.outcome.name(),
            article,
        });
    }
    Ok(report.final_position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_convert_both_ways() {
        for c in [Colour::White, Colour::Black] {
            assert_eq!(from_rules_colour(to_rules_colour(c)), c);
        }
        assert_eq!(to_rules_colour(Colour::Black), Color::Black);
    }

    #[test]
    fn position_after_plain_moves_in_german_letters() {
        let pos = position_after_moves(None, "1.e4 e5 2.Sf3 Sc6 3.Lb5").unwrap();
        assert_eq!(
            pos.fen(),
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
        );
        let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. d4 (=) d5 *\n";
        let pos = position_after_moves(None, pgn).unwrap();
        assert_eq!(pos.fullmove_number(), 2);
        let empty = position_after_moves(None, "").unwrap();
        assert_eq!(empty, Position::new());
    }

    #[test]
    fn bad_moves_and_finished_games_are_errors() {
        match position_after_moves(None, "1.e4 e5 2.Ke3") {
            Err(MovesError::BadMove { ply, article, .. }) => {
                assert_eq!(ply, 3);
                assert!(article.starts_with('3'), "{article}");
            }
            other => panic!("{other:?}"),
        }
        match position_after_moves(None, "1.f3 e5 2.g4 Qh4#") {
            Err(MovesError::GameOver { outcome, article }) => {
                assert_eq!(outcome, "checkmate");
                assert_eq!(article, "5.1(a)");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            position_after_moves(Some("8/8/8/8/8/8/8/8 w - - 0 1"), ""),
            Err(MovesError::BadStart { .. })
        ));
    }
}

//! The tournament domain of Arbiter, with no I/O: tournaments, players, rounds, games and byes
//! ([`model`]); every TRF result code, double forfeits, games lost by both (Art. 12.8), unknown
//! results and asymmetric scores set by a penalty (Art. 13.4(e)/(f)) ([`result`]); scoring
//! (Art. 11, [`scoring`]); validation ([`check`](mod@check)); TRF16 and TRF-2026 reading and writing
//! ([`trf`]); CSV import and export ([`csv_io`]); a tournament from a PGN file and the replay verdict on
//! a game's score ([`pgn_event`]); FIDE tie-breaks (C.07), standings, explanations
//! and crosstables ([`tiebreak`]); FIDE rating changes and initial ratings (B.02,
//! [`rating_change`]); player names folded for search and duplicate detection
//! ([`names`]); FIDE title norms (B.01) requirement by requirement ([`norms`]); prize lists
//! and their allocation by tie-breaks, the Hort system or equal sharing ([`prizes`]); the
//! pre-flight of a rating report sent to FIDE ([`rating_report`]); FIDE's downloadable rating
//! lists, TXT and XML, read as a stream ([`rating_list`]); the validated values every door
//! (forms, API, command line, importers) builds before anything is stored ([`input`]).
//!
//! Scores are exact: [`Points`] counts tenths of a point, never floating point.
//!
//! ```
//! use arbiter_tournament::read_trf;
//! use arbiter_tournament::tiebreak::{StandingsOptions, parse_list, standings};
//!
//! // A real event's TRF16 file (the demo shipped in `fixtures/`), read with its warnings.
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/karl-mala-2005.trf");
//! let read = read_trf(&std::fs::read(path)?)?;
//! let t = read.tournament;
//! assert_eq!(t.name.as_deref(), Some("9. Karl-Mala-Gedenkturnier"));
//! assert_eq!(t.players.len(), 284);
//! assert_eq!(t.rounds.len(), 7);
//!
//! // Standings after the last round with the FIDE tie-breaks of C.07: points, then Buchholz cut 1,
//! // Buchholz, direct encounter, Sonneborn-Berger, wins.
//! let tiebreaks = parse_list("PTS,BH/C1,BH,DE,SB,WIN")?;
//! let table = standings(&t, &tiebreaks, &StandingsOptions::default());
//! let top: Vec<u16> = table.rows.iter().take(4).map(|r| r.pairing_number).collect();
//! assert_eq!(top, [5, 31, 3, 1]);
//! assert_eq!(table.rows[0].name, "Mikhaletz,Lubomir");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod arbiter;
pub mod check;
pub mod csv_io;
pub mod date;
pub mod generator;
pub mod input;
pub mod model;
pub mod names;
pub mod next_round;
pub mod norms;
mod numbers;
pub mod pairing_input;
pub mod pgn_event;
pub mod points;
pub mod prizes;
pub mod rating_change;
pub mod rating_list;
pub mod rating_report;
pub mod recheck;
pub mod result;
pub mod scoring;
pub mod settings_change;
pub mod team;
pub mod tiebreak;
pub mod trf;
pub mod typed;

/// The explanation of a Dutch pairing (`arbiter_pairing::explain`), the checker's findings on a
/// pairing changed by hand (`arbiter_pairing::check`, as `pairing_check`) and the quality criteria's figures they
/// cite (`arbiter_pairing::criteria`), for readers of the tournament's pages.
pub use arbiter_pairing::Edition as DutchEdition;
pub use arbiter_pairing::check as pairing_check;
pub use arbiter_pairing::{criteria, explain};
pub use check::{IssueKind, Problem, check};
pub use date::{NotADate, PartialDate, parse_date};
pub use model::{
    Acceleration, AnnouncedBye, Bye, ForbiddenPairs, Game, PairingNumber, Player, PlayerRound,
    PlayerStatus, RawRecord, Round, RoundNumber, RoundState, Sex, Title, Tournament,
};
pub use next_round::{
    Board, ManualError, ManualReview, NamedPlayer, NextRoundError, Pairing, PairingSystem,
    ReviewFinding, manual_change_note, manual_text, parse_manual_pairing,
};
pub use points::{Points, PointsError};
pub use result::{Colour, GameResult, Outcome, Penalty, PenaltyKind, ResultCode};
pub use scoring::{ScoringProblem, ScoringSystem};
pub use trf::{
    TrfError, TrfIssue, TrfRead, TrfVersion, TrfWarning, encode_latin1, read_trf, write_trf,
};

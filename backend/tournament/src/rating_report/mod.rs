//! The rating report pre-flight: before the TRF is sent to FIDE for rating, every record and
//! field the rating server needs is checked, and each gap says where to fix it.
//!
//! Sources: the TRF-2026 format (FIDE Handbook, TRF26, column "R": records `012` name, `022`
//! city, `032` federation, `042`/`052` dates, `102` chief arbiter and `132` round dates are
//! mandatory for rating; `182`, `192`, `202` and `250` are mandatory for title events) and TRF16
//! (C.04 Annex 2); FIDE Rating Regulations (B.02) Art. 9 (the chief arbiter sends the report)
//! and the registration of new players, who need a birth date, sex and federation to get a FIDE
//! id; C.04.2 (accelerated pairings must be announced, and TRF-2026 declares them in `250`
//! records).
//!
//! TRF-2026 `102`/`112` are free text ("Chief Arbiter", "Deputy Chief Arbiter", one line each);
//! FIDE links an arbiter to the event by his FIDE id, so a line without one is a warning (the
//! arbiter's norm may be lost, the rating is not).
//!
//! [`preflight`] returns [`Gap`]s: each names its record ([`Gap::record`]), field
//! ([`Gap::field`]), subject ([`Gap::subject`]), [`Severity`] and where to fix it ([`FixAt`],
//! which the web turns into a link).

mod checks;
#[cfg(test)]
mod tests;

use serde::Serialize;

use crate::model::{PairingNumber, RoundNumber};

pub use checks::preflight;

/// How serious a gap is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Severity {
    /// The rating server rejects the report, or cannot rate the games, without it.
    Blocking,
    /// Worth fixing (a count, a time control, an arbiter's id), but the report can be rated.
    Warning,
}

/// Where in Arbiter the gap is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "at", content = "number", rename_all = "snake_case")]
pub enum FixAt {
    /// The event's settings (name, place, dates, time control, pairing system).
    EventSettings,
    /// The arbiters of the event.
    Arbiters,
    /// One player's card.
    Player(PairingNumber),
    /// One round's settings (its date).
    Round(RoundNumber),
    /// The results of one round.
    Results(RoundNumber),
}

/// What a gap is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "kind", content = "number", rename_all = "snake_case")]
pub enum Subject {
    /// The event as a whole.
    Event,
    /// The chief arbiter (`102`).
    ChiefArbiter,
    /// A deputy arbiter: the index of the `112` line, from 0.
    DeputyArbiter(usize),
    /// A player, by pairing number.
    Player(PairingNumber),
    /// A round, by number.
    Round(RoundNumber),
}

/// A header field of the event (`0x2` records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum EventField {
    /// `012` tournament name.
    Name,
    /// `022` city.
    City,
    /// `032` federation.
    Federation,
    /// `042` start date.
    StartDate,
    /// `052` end date.
    EndDate,
    /// `062` number of players.
    PlayerCount,
    /// `072` number of rated players.
    RatedPlayerCount,
    /// `092` type of tournament.
    TournamentType,
    /// `122` time control.
    TimeControl,
    /// `142` number of rounds.
    Rounds,
    /// `192` encoded type of tournament (pairing system).
    PairingSystem,
    /// `222` encoded time control.
    EncodedTimeControl,
}

impl EventField {
    /// The TRF record code.
    #[must_use]
    pub fn record(self) -> &'static str {
        match self {
            EventField::Name => "012",
            EventField::City => "022",
            EventField::Federation => "032",
            EventField::StartDate => "042",
            EventField::EndDate => "052",
            EventField::PlayerCount => "062",
            EventField::RatedPlayerCount => "072",
            EventField::TournamentType => "092",
            EventField::TimeControl => "122",
            EventField::Rounds => "142",
            EventField::PairingSystem => "192",
            EventField::EncodedTimeControl => "222",
        }
    }

    /// The field's English name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EventField::Name => "tournament name",
            EventField::City => "city",
            EventField::Federation => "federation",
            EventField::StartDate => "start date",
            EventField::EndDate => "end date",
            EventField::PlayerCount => "number of players",
            EventField::RatedPlayerCount => "number of rated players",
            EventField::TournamentType => "type of tournament",
            EventField::TimeControl => "time control",
            EventField::Rounds => "number of rounds",
            EventField::PairingSystem => "pairing system",
            EventField::EncodedTimeControl => "encoded time control",
        }
    }
}

/// A field of a player's `001` record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum PlayerField {
    /// Columns 15-47.
    Name,
    /// Column 10.
    Sex,
    /// Columns 54-56.
    Federation,
    /// Columns 58-68.
    FideId,
    /// Columns 70-79.
    BirthDate,
}

impl PlayerField {
    /// The field's English name and columns.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PlayerField::Name => "name (columns 15-47)",
            PlayerField::Sex => "sex (column 10)",
            PlayerField::Federation => "federation (columns 54-56)",
            PlayerField::FideId => "FIDE id (columns 58-68)",
            PlayerField::BirthDate => "birth date (columns 70-79)",
        }
    }
}

/// One gap in the rating report. Each variant carries its subject; [`Gap::record`],
/// [`Gap::field`], [`Gap::subject`], [`Gap::severity`] and [`Gap::fix_at`] read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "gap", rename_all = "snake_case")]
pub enum Gap {
    /// A header field is missing.
    #[error("{} ({}) is missing", .field.name(), .field.record())]
    MissingEventField {
        /// The field.
        field: EventField,
    },
    /// A header field is there but cannot be used: a date that cannot be read, a federation
    /// that is not three letters, a count that is not a number.
    #[error("{} ({}) `{text}` cannot be read", .field.name(), .field.record())]
    UnreadableEventField {
        /// The field.
        field: EventField,
        /// What is written.
        text: String,
    },
    /// A date known only in part (a year, or a year and a month): TRF would write it with
    /// `00` for the unknown parts (`2005/07/00`), which the rating server cannot place.
    #[error("{} ({}) `{text}` is only partly known: the rating server needs the day", .field.name(), .field.record())]
    PartialDate {
        /// The field.
        field: EventField,
        /// The date, ISO 8601 with reduced precision (`2005-07`).
        text: String,
    },
    /// The end date is before the start date.
    #[error("the end date (052) is before the start date (042)")]
    EndBeforeStart,
    /// A declared count (`062`, `072`) differs from the players in the file.
    #[error("{} ({}) says {declared}, the file has {actual}", .field.name(), .field.record())]
    CountMismatch {
        /// The field.
        field: EventField,
        /// The number declared.
        declared: u32,
        /// The number counted.
        actual: u32,
    },
    /// Fewer rounds have results than the number of rounds declared (`142`/`XXR`).
    #[error("{played} of {planned} rounds (142) have results")]
    RoundsUnplayed {
        /// Rounds planned.
        planned: RoundNumber,
        /// Rounds with results.
        played: RoundNumber,
    },
    /// No chief arbiter (`102`).
    #[error("the chief arbiter (102) is missing")]
    MissingChiefArbiter,
    /// An arbiter's line names no FIDE id.
    #[error("{} `{text}` gives no FIDE id", if .subject == &Subject::ChiefArbiter { "the chief arbiter (102)" } else { "a deputy arbiter (112)" })]
    ArbiterWithoutFideId {
        /// The arbiter.
        subject: Subject,
        /// The line as written.
        text: String,
    },
    /// A round with results has no date (`132`).
    #[error("round {round} has no date (132)")]
    MissingRoundDate {
        /// The round.
        round: RoundNumber,
    },
    /// A round's date lies outside the event's start and end dates.
    #[error("round {round} is dated {date}, outside the event's dates")]
    RoundDateOutsideEvent {
        /// The round.
        round: RoundNumber,
        /// Its date.
        date: chrono::NaiveDate,
    },
    /// A game of a played round has no result, or an unknown one (`X`, an adjourned game).
    #[error("round {round}: the game {white} - {black} has no result")]
    MissingResult {
        /// The round.
        round: RoundNumber,
        /// White's pairing number.
        white: PairingNumber,
        /// Black's pairing number.
        black: PairingNumber,
    },
    /// A player's field is missing: the name (blocking); for a player without a FIDE id (none,
    /// or 0), the birth date, sex and federation FIDE needs to register him (blocking); for a
    /// player with one, the sex or federation (warnings: FIDE has them).
    #[error("player {player}: {} is missing{}", .field.name(), if *.new_player { " (a new player without a FIDE id)" } else { "" })]
    MissingPlayerField {
        /// The player.
        player: PairingNumber,
        /// The field.
        field: PlayerField,
        /// Whether the player has no FIDE id (then the field is needed to register him).
        new_player: bool,
    },
    /// A player's field is there but cannot be used (a birth date that is neither a date nor
    /// a year; a federation that is not three letters).
    #[error("player {player}: {} `{text}` cannot be read", .field.name())]
    UnreadablePlayerField {
        /// The player.
        player: PairingNumber,
        /// The field.
        field: PlayerField,
        /// What is written.
        text: String,
        /// Whether the player has no FIDE id (then the field is needed to register him).
        new_player: bool,
    },
    /// Two players have the same FIDE id.
    #[error("players {player} and {other} have the same FIDE id {fide_id}")]
    DuplicateFideId {
        /// The later player.
        player: PairingNumber,
        /// The earlier player with the id.
        other: PairingNumber,
        /// The id.
        fide_id: u64,
    },
    /// Accelerations (`250`/`XXA`) without a pairing system declared (`192`), or a `192`
    /// accelerated method (`..._BAKU`) without any `250` records (C.04.2: the acceleration must
    /// be announced and reported).
    #[error("accelerated pairings are not declared: {}", if *.records_present { "250 records but no pairing system (192)" } else { "an accelerated system (192) but no 250 records" })]
    AccelerationUndeclared {
        /// Whether `250`/`XXA` records are present.
        records_present: bool,
    },
    /// An acceleration (`250`/`XXA`) for a pairing number that is no player.
    #[error("acceleration (250) for player {player}, who is not in the tournament")]
    AccelerationUnknownPlayer {
        /// The pairing number.
        player: PairingNumber,
    },
}

impl Gap {
    /// The TRF record the gap is in: `012`...`222`, `001` for players, `250` for accelerations.
    #[must_use]
    pub fn record(&self) -> &'static str {
        match self {
            Gap::MissingEventField { field }
            | Gap::UnreadableEventField { field, .. }
            | Gap::PartialDate { field, .. }
            | Gap::CountMismatch { field, .. } => field.record(),
            Gap::EndBeforeStart => "052",
            Gap::RoundsUnplayed { .. } => "142",
            Gap::MissingChiefArbiter => "102",
            Gap::ArbiterWithoutFideId { subject, .. } => {
                if *subject == Subject::ChiefArbiter {
                    "102"
                } else {
                    "112"
                }
            }
            Gap::MissingRoundDate { .. } | Gap::RoundDateOutsideEvent { .. } => "132",
            Gap::MissingResult { .. }
            | Gap::MissingPlayerField { .. }
            | Gap::UnreadablePlayerField { .. }
            | Gap::DuplicateFideId { .. } => "001",
            Gap::AccelerationUndeclared { records_present } => {
                if *records_present {
                    "192"
                } else {
                    "250"
                }
            }
            Gap::AccelerationUnknownPlayer { .. } => "250",
        }
    }

    /// The field's English name ("start date", "FIDE id (columns 58-68)", "result").
    #[must_use]
    pub fn field(&self) -> &'static str {
        match self {
            Gap::MissingEventField { field }
            | Gap::UnreadableEventField { field, .. }
            | Gap::PartialDate { field, .. }
            | Gap::CountMismatch { field, .. } => field.name(),
            Gap::EndBeforeStart => "end date",
            Gap::RoundsUnplayed { .. } => "number of rounds",
            Gap::MissingChiefArbiter | Gap::ArbiterWithoutFideId { .. } => "arbiter",
            Gap::MissingRoundDate { .. } | Gap::RoundDateOutsideEvent { .. } => "round date",
            Gap::MissingResult { .. } => "result",
            Gap::MissingPlayerField { field, .. } | Gap::UnreadablePlayerField { field, .. } => {
                field.name()
            }
            Gap::DuplicateFideId { .. } => PlayerField::FideId.name(),
            Gap::AccelerationUndeclared { .. } | Gap::AccelerationUnknownPlayer { .. } => {
                "acceleration"
            }
        }
    }

    /// Whom or what the gap is about.
    #[must_use]
    pub fn subject(&self) -> Subject {
        match self {
            Gap::ArbiterWithoutFideId { subject, .. } => *subject,
            Gap::MissingChiefArbiter => Subject::ChiefArbiter,
            Gap::MissingRoundDate { round }
            | Gap::RoundDateOutsideEvent { round, .. }
            | Gap::MissingResult { round, .. } => Subject::Round(*round),
            Gap::MissingPlayerField { player, .. }
            | Gap::UnreadablePlayerField { player, .. }
            | Gap::DuplicateFideId { player, .. }
            | Gap::AccelerationUnknownPlayer { player } => Subject::Player(*player),
            Gap::MissingEventField { .. }
            | Gap::UnreadableEventField { .. }
            | Gap::PartialDate { .. }
            | Gap::EndBeforeStart
            | Gap::CountMismatch { .. }
            | Gap::RoundsUnplayed { .. }
            | Gap::AccelerationUndeclared { .. } => Subject::Event,
        }
    }

    /// Whether the report can go without fixing it.
    #[must_use]
    pub fn severity(&self) -> Severity {
        match self {
            Gap::MissingEventField { field } | Gap::UnreadableEventField { field, .. } => {
                match field {
                    EventField::Name
                    | EventField::City
                    | EventField::Federation
                    | EventField::StartDate
                    | EventField::EndDate => Severity::Blocking,
                    _ => Severity::Warning,
                }
            }
            Gap::EndBeforeStart
            | Gap::PartialDate { .. }
            | Gap::MissingChiefArbiter
            | Gap::MissingRoundDate { .. }
            | Gap::MissingResult { .. }
            | Gap::DuplicateFideId { .. }
            | Gap::AccelerationUnknownPlayer { .. } => Severity::Blocking,
            Gap::MissingPlayerField {
                field, new_player, ..
            } => {
                if *field == PlayerField::Name || *new_player {
                    Severity::Blocking
                } else {
                    Severity::Warning
                }
            }
            Gap::UnreadablePlayerField {
                field, new_player, ..
            } => {
                if *field == PlayerField::Federation || *new_player {
                    Severity::Blocking
                } else {
                    Severity::Warning
                }
            }
            Gap::CountMismatch { .. }
            | Gap::RoundsUnplayed { .. }
            | Gap::ArbiterWithoutFideId { .. }
            | Gap::RoundDateOutsideEvent { .. }
            | Gap::AccelerationUndeclared { .. } => Severity::Warning,
        }
    }

    /// Where to fix it.
    #[must_use]
    pub fn fix_at(&self) -> FixAt {
        match self {
            Gap::MissingChiefArbiter | Gap::ArbiterWithoutFideId { .. } => FixAt::Arbiters,
            Gap::MissingRoundDate { round } | Gap::RoundDateOutsideEvent { round, .. } => {
                FixAt::Round(*round)
            }
            Gap::MissingResult { round, .. } => FixAt::Results(*round),
            Gap::MissingPlayerField { player, .. }
            | Gap::UnreadablePlayerField { player, .. }
            | Gap::DuplicateFideId { player, .. }
            | Gap::AccelerationUnknownPlayer { player } => FixAt::Player(*player),
            Gap::MissingEventField { .. }
            | Gap::UnreadableEventField { .. }
            | Gap::PartialDate { .. }
            | Gap::EndBeforeStart
            | Gap::CountMismatch { .. }
            | Gap::RoundsUnplayed { .. }
            | Gap::AccelerationUndeclared { .. } => FixAt::EventSettings,
        }
    }
}

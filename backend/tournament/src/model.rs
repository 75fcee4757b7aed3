//! The tournament model: tournament, players, rounds, games and byes.
//!
//! Pairing numbers (TRF "start numbers", `001` columns 5-8) identify players everywhere. A round
//! holds its games and its byes (every result without an opponent: `H F U Z`, `-` for an absence,
//! and whatever else a file carried). From this, [`Tournament::player_rounds`] gives each player's
//! round-by-round record (opponent, colour, result code, played or not), which is what FIDE
//! tie-breaks (C.07) and a Dutch pairing engine (C.04.3) need, with
//! [`Tournament::scores_after_round`] for the scores.

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::date::PartialDate;
use crate::points::Points;
use crate::result::{Colour, GameResult, ResultCode};
use crate::scoring::ScoringSystem;

pub use crate::numbers::{PairingNumber, RoundNumber};

/// A player's sex as TRF writes it (`001` column 10: `m`, `w`; old files `f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    /// `m`.
    Male,
    /// `w` (old files: `f`).
    Female,
}

/// A FIDE title (`001` columns 11-13).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Title {
    /// Grandmaster (`GM`, old files `g`).
    Gm,
    /// International Master (`IM`, old `m`).
    Im,
    /// Woman Grandmaster (`WGM`, old `wg`).
    Wgm,
    /// FIDE Master (`FM`, old `f`).
    Fm,
    /// Woman International Master (`WIM`, old `wm`).
    Wim,
    /// Candidate Master (`CM`, old `c`).
    Cm,
    /// Woman FIDE Master (`WFM`, old `wf`).
    Wfm,
    /// Woman Candidate Master (`WCM`, old `wc`).
    Wcm,
    /// Any other title text (kept as written, at most 3 characters in TRF).
    Other(String),
}

impl Title {
    /// Reads a title, accepting the old lower-case one- and two-letter forms. Returns the title
    /// and whether the spelling was an old or lower-case one (a reader reports it as a warning).
    #[must_use]
    pub fn parse(text: &str) -> Option<(Title, bool)> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let canonical = match t {
            "GM" => Some(Title::Gm),
            "IM" => Some(Title::Im),
            "WGM" => Some(Title::Wgm),
            "FM" => Some(Title::Fm),
            "WIM" => Some(Title::Wim),
            "CM" => Some(Title::Cm),
            "WFM" => Some(Title::Wfm),
            "WCM" => Some(Title::Wcm),
            _ => None,
        };
        if let Some(c) = canonical {
            return Some((c, false));
        }
        let old = match t.to_ascii_lowercase().as_str() {
            "g" | "gm" => Title::Gm,
            "m" | "im" => Title::Im,
            "wg" | "wgm" => Title::Wgm,
            "f" | "fm" => Title::Fm,
            "wm" | "wim" => Title::Wim,
            "c" | "cm" => Title::Cm,
            "wf" | "wfm" => Title::Wfm,
            "wc" | "wcm" => Title::Wcm,
            _ => return Some((Title::Other(t.to_owned()), false)),
        };
        Some((old, true))
    }

    /// The title as written in TRF and lists: `GM`, `WIM`, ...
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Wgm => "WGM",
            Title::Fm => "FM",
            Title::Wim => "WIM",
            Title::Cm => "CM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
            Title::Other(s) => s,
        }
    }
}

/// A player's status in the tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerStatus {
    /// Playing (the default).
    #[default]
    Active,
    /// Withdrawn: not to be paired any more.
    Withdrawn,
    /// Entered after round 1 (the rounds before entry are absences).
    LateEntry,
}

/// One player (TRF record `001`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Pairing number (start number; `001` columns 5-8), 1-9999.
    pub pairing_number: PairingNumber,
    /// Name, `Last, First` (columns 15-47).
    pub name: String,
    /// Sex (column 10).
    pub sex: Option<Sex>,
    /// FIDE title (columns 11-13).
    pub title: Option<Title>,
    /// FIDE rating (columns 49-52); `Some(0)` where a file writes `0` for unrated.
    pub rating: Option<u16>,
    /// Federation, three letters (columns 54-56).
    pub federation: Option<String>,
    /// FIDE id (columns 58-68); `Some(0)` where a file writes `0`.
    pub fide_id: Option<u64>,
    /// Birth date (TRF-16 `001` columns 70-79: `YYYY/MM/DD` in TRF16, but real files write a
    /// year alone or `YYYY.MM.DD`; CSV `birth_date`), often a year alone; `None` when absent or
    /// unreadable.
    pub birth_date: Option<PartialDate>,
    /// Development coefficient K of the player's rating in the list the event is rated on (FIDE
    /// Rating Regulations B.02, Art. 8.3: 40, 20 or 10; rapid and blitz 20), as the FIDE rating list
    /// gives it; `None` when unknown (TRF does not carry it).
    #[serde(default)]
    pub k_factor: Option<u8>,
    /// Status (not carried by TRF).
    pub status: PlayerStatus,
    /// The points written in the file (columns 81-84), checked against the results.
    pub reported_points: Option<Points>,
    /// The rank written in the file (columns 86-89; ties allowed, 0 in some files).
    pub rank: Option<u16>,
    /// A stable identity for databases (not carried by TRF: nil until a database assigns one).
    #[serde(default = "Uuid::nil")]
    pub id: Uuid,
}

impl Player {
    /// A player with a pairing number and a name, everything else empty.
    #[must_use]
    pub fn new(pairing_number: PairingNumber, name: impl Into<String>) -> Player {
        Player {
            pairing_number,
            name: name.into(),
            sex: None,
            title: None,
            rating: None,
            federation: None,
            fide_id: None,
            birth_date: None,
            k_factor: None,
            status: PlayerStatus::Active,
            reported_points: None,
            rank: None,
            id: Uuid::nil(),
        }
    }
}

/// Where a round stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundState {
    /// Not yet paired (it may already hold byes requested in advance).
    #[default]
    Planned,
    /// Paired, pairings not yet published.
    Paired,
    /// Pairings published, results coming in.
    Published,
    /// Every result is in.
    Complete,
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Board number, if known (TRF does not carry it).
    pub board: Option<u16>,
    /// The pairing number of White (when colours are unknown: the lower pairing number).
    pub white: PairingNumber,
    /// The pairing number of Black.
    pub black: PairingNumber,
    /// False when the file did not say who had which colour (Karl-Mala 2005 writes forfeits with
    /// colour `-`); such a game counts for neither player's colour history.
    pub colours_known: bool,
    /// The result.
    pub result: GameResult,
}

impl Game {
    /// A game with known colours and no board number.
    #[must_use]
    pub const fn new(white: PairingNumber, black: PairingNumber, result: GameResult) -> Game {
        Game {
            board: None,
            white,
            black,
            colours_known: true,
            result,
        }
    }

    /// The colour `player` has in this game, if the player is in it.
    #[must_use]
    pub fn colour_of(&self, player: PairingNumber) -> Option<Colour> {
        if player == self.white {
            Some(Colour::White)
        } else if player == self.black {
            Some(Colour::Black)
        } else {
            None
        }
    }
}

/// A result without an opponent in one round: a bye of any kind, or an absence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// The player.
    pub player: PairingNumber,
    /// The code: `U` (PAB), `F` (full-point bye), `H` (half-point bye), `Z` (zero-point bye),
    /// `-` (absent, scored as a forfeit loss), or any other code a file carried.
    pub code: ResultCode,
    /// Who recorded it, if known.
    pub recorded_by: Option<String>,
}

impl Bye {
    /// A bye with no recorder.
    #[must_use]
    pub const fn new(player: PairingNumber, code: ResultCode) -> Bye {
        Bye {
            player,
            code,
            recorded_by: None,
        }
    }
}

/// One round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round number, from 1.
    pub number: RoundNumber,
    /// Scheduled start (the date from TRF record `132`, at midnight, when no time is known).
    pub scheduled: Option<NaiveDateTime>,
    /// Where the round stands.
    pub state: RoundState,
    /// The games.
    pub games: Vec<Game>,
    /// Results without an opponent (byes and absences).
    pub byes: Vec<Bye>,
}

impl Round {
    /// An empty planned round.
    #[must_use]
    pub fn new(number: RoundNumber) -> Round {
        Round {
            number,
            ..Round::default()
        }
    }
}

/// Acceleration points for one player (TRF16 `XXA`, TRF-2026 `250`): virtual points added to the
/// score for pairing only, per round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acceleration {
    /// The player.
    pub player: PairingNumber,
    /// Points for round 1, 2, ... (missing rounds: none).
    pub points: Vec<Points>,
}

/// Players who must not meet (TRF16 `XXP`, TRF-2026 `260`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenPairs {
    /// The rounds it applies to (`None`: all rounds).
    pub rounds: Option<(RoundNumber, RoundNumber)>,
    /// No two of these players may be paired together.
    pub players: Vec<PairingNumber>,
}

/// An announced bye (TRF-2026 `240`): requested before the round is paired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncedBye {
    /// `F`, `H` or `Z`.
    pub code: ResultCode,
    /// The round.
    pub round: RoundNumber,
    /// The players.
    pub players: Vec<PairingNumber>,
}

/// A record kept verbatim because it is not modelled (TRF-2026 `299`, team records, comments
/// `###`, unknown codes), so that writing preserves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawRecord {
    /// The whole line, without its line ending.
    pub line: String,
}

/// A tournament: the header (TRF records `012`-`222` and the engines' extensions), the players,
/// the rounds and whatever else a file carried.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    /// Name (`012`).
    pub name: Option<String>,
    /// City (`022`).
    pub city: Option<String>,
    /// Federation (`032`).
    pub federation: Option<String>,
    /// Start date (TRF-16 `042`, PGN `EventDate`; read from every layout files use, see
    /// [`PartialDate::read`]); `None` when absent or unreadable.
    pub start_date: Option<PartialDate>,
    /// End date (TRF-16 `052`, the last PGN `Date`); `None` when absent or unreadable.
    pub end_date: Option<PartialDate>,
    /// Number of players as written (`062`).
    pub declared_players: Option<String>,
    /// Number of rated players as written (`072`).
    pub declared_rated_players: Option<String>,
    /// Number of teams as written (`082`).
    pub declared_teams: Option<String>,
    /// Type of tournament, free text (`092`), e.g. `Individual: Swiss-System`.
    pub tournament_type: Option<String>,
    /// Chief arbiter (`102`).
    pub chief_arbiter: Option<String>,
    /// Deputy arbiters, one per `112` line.
    pub deputy_arbiters: Vec<String>,
    /// Time control, free text (`122`).
    pub time_control: Option<String>,
    /// The `132` round-dates line as written, after the code (dates at the round columns).
    pub round_dates: Option<String>,
    /// Number of rounds planned (TRF-2026 `142`; TRF16 extension `XXR`).
    pub rounds_planned: Option<RoundNumber>,
    /// Colour of the first player in round 1 (TRF-2026 `152`; `XXC white1`/`black1`).
    pub initial_colour: Option<Colour>,
    /// Pair by the rank column instead of pairing numbers (`XXC rank`).
    pub pair_by_rank: bool,
    /// The scoring system (TRF-2026 `162`; `BBW BBD BBL BBZ BBF BBU`).
    pub scoring: ScoringSystem,
    /// Starting-rank method (TRF-2026 `172`).
    pub starting_rank_method: Option<String>,
    /// Pairing controller (TRF-2026 `182`).
    pub pairing_controller: Option<String>,
    /// Pairing system, encoded (TRF-2026 `192`, e.g. `FIDE_DUTCH_2025`).
    pub pairing_system: Option<String>,
    /// Tie-break list as written in TRF-2026 `202`, comma-separated C.07 codes.
    pub tiebreaks_202: Option<String>,
    /// The standings' tie-breaks (TRF-2026 `212`: starts with `PTS`), comma-separated C.07 codes.
    pub tiebreaks: Option<String>,
    /// The edition of C.07 the tie-breaks follow (not carried by TRF), e.g. `2024`.
    pub tiebreak_edition: Option<String>,
    /// Encoded time control (TRF-2026 `222`), e.g. `40/6000+30:1500+30`.
    pub encoded_time_control: Option<String>,
    /// Accelerations (`XXA` / `250`).
    pub accelerations: Vec<Acceleration>,
    /// Forbidden pairs (`XXP` / `260`).
    pub forbidden_pairs: Vec<ForbiddenPairs>,
    /// Byes announced before pairing (TRF-2026 `240`).
    pub announced_byes: Vec<AnnouncedBye>,
    /// `XXC` words other than `white1`, `black1` and `rank`, kept as written.
    pub other_xxc: Vec<String>,
    /// The players, in pairing-number order.
    pub players: Vec<Player>,
    /// The rounds, in order, numbered from 1.
    pub rounds: Vec<Round>,
    /// Records kept verbatim, in file order.
    pub other_records: Vec<RawRecord>,
    /// The teams, their matches and line-ups when this is a team event ([`crate::team`]);
    /// `None` for an individual event.
    #[serde(default)]
    pub team: Option<crate::team::TeamEvent>,
}

/// One player's record in one round, as tie-breaks and pairing engines read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRound {
    /// The round.
    pub round: RoundNumber,
    /// The opponent, if paired with one (a forfeit too has an opponent).
    pub opponent: Option<PairingNumber>,
    /// The colour, when paired and known.
    pub colour: Option<Colour>,
    /// The player's result code; [`ResultCode::Blank`] when absent without any entry.
    pub code: ResultCode,
    /// Whether a game was played over the board (`1 = 0 W D L`): forfeits and byes are not.
    pub played: bool,
}

impl Tournament {
    /// The player with a pairing number.
    #[must_use]
    pub fn player(&self, pairing_number: PairingNumber) -> Option<&Player> {
        self.players
            .iter()
            .find(|p| p.pairing_number == pairing_number)
    }

    /// The round with a number.
    #[must_use]
    pub fn round(&self, number: RoundNumber) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// The round being played now, as a check-in tablet shows it (Art. 6.6, 6.7): the latest
    /// round whose pairings are published and whose results are not all in
    /// ([`RoundState::Published`]); `None` between rounds.
    #[must_use]
    pub fn round_in_play(&self) -> Option<&Round> {
        self.rounds
            .iter()
            .filter(|r| r.state == RoundState::Published)
            .max_by_key(|r| r.number)
    }

    /// The highest round number that holds anything (games or byes); 0 when none.
    #[must_use]
    pub fn last_round(&self) -> RoundNumber {
        self.rounds
            .iter()
            .filter(|r| !r.games.is_empty() || !r.byes.is_empty())
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// One player's record in one round: the game or bye that names the player, else a blank
    /// entry (absent, not paired).
    #[must_use]
    pub fn player_round(&self, player: PairingNumber, round: RoundNumber) -> PlayerRound {
        let blank = PlayerRound {
            round,
            opponent: None,
            colour: None,
            code: ResultCode::Blank,
            played: false,
        };
        let Some(r) = self.round(round) else {
            return blank;
        };
        for g in &r.games {
            if let Some(colour) = g.colour_of(player) {
                let code = g.result.code(colour);
                let opponent = match colour {
                    Colour::White => g.black,
                    Colour::Black => g.white,
                };
                return PlayerRound {
                    round,
                    opponent: Some(opponent),
                    colour: g.colours_known.then_some(colour),
                    code,
                    played: code.is_played(),
                };
            }
        }
        r.byes
            .iter()
            .find(|b| b.player == player)
            .map_or(blank, |b| PlayerRound {
                code: b.code,
                ..blank
            })
    }

    /// The acceleration points (`XXA` / `250`) a player gets for pairing round `round`; zero
    /// when none.
    #[must_use]
    pub fn acceleration(&self, player: PairingNumber, round: RoundNumber) -> Points {
        self.accelerations
            .iter()
            .find(|a| a.player == player)
            .and_then(|a| a.points.get(usize::from(round).checked_sub(1)?))
            .copied()
            .unwrap_or(Points::ZERO)
    }

    /// A player's records for rounds 1 to [`Tournament::last_round`].
    #[must_use]
    pub fn player_rounds(&self, player: PairingNumber) -> Vec<PlayerRound> {
        (1..=self.last_round())
            .map(|r| self.player_round(player, r))
            .collect()
    }

    /// Each player's score after round `after` (inclusive) under the tournament's scoring
    /// system: the base of the standings (C.07 `PTS`). Pending games count nothing.
    #[must_use]
    pub fn scores_after_round(&self, after: RoundNumber) -> BTreeMap<PairingNumber, Points> {
        self.scores_after_round_with(after, &self.scoring)
    }

    /// Like [`Tournament::scores_after_round`], under another scoring system.
    #[must_use]
    pub fn scores_after_round_with(
        &self,
        after: RoundNumber,
        scoring: &ScoringSystem,
    ) -> BTreeMap<PairingNumber, Points> {
        let mut scores: BTreeMap<PairingNumber, Points> = self
            .players
            .iter()
            .map(|p| (p.pairing_number, Points::ZERO))
            .collect();
        for round in self.rounds.iter().filter(|r| r.number <= after) {
            for g in &round.games {
                if g.result.white == ResultCode::Blank && g.result.black == ResultCode::Blank {
                    continue;
                }
                for (pn, code) in [(g.white, g.result.white), (g.black, g.result.black)] {
                    if let Some(s) = scores.get_mut(&pn) {
                        *s = s.saturating_add(scoring.points(code));
                    }
                }
            }
            for b in &round.byes {
                if let Some(s) = scores.get_mut(&b.player) {
                    *s = s.saturating_add(scoring.points(b.code));
                }
            }
        }
        scores
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_in_play_is_the_latest_published_one() {
        let mut t = Tournament::default();
        assert!(t.round_in_play().is_none());
        for (n, state) in [
            (1, RoundState::Complete),
            (2, RoundState::Published),
            (3, RoundState::Paired),
        ] {
            let mut r = Round::new(n);
            r.state = state;
            t.rounds.push(r);
        }
        assert_eq!(t.round_in_play().map(|r| r.number), Some(2));
        t.rounds[1].state = RoundState::Complete;
        assert!(t.round_in_play().is_none(), "between rounds");
    }

    #[test]
    fn titles_old_and_new() {
        assert_eq!(Title::parse("GM"), Some((Title::Gm, false)));
        assert_eq!(Title::parse("  g"), Some((Title::Gm, true)));
        assert_eq!(Title::parse("wg"), Some((Title::Wgm, true)));
        assert_eq!(
            Title::parse("AGM"),
            Some((Title::Other("AGM".into()), false))
        );
        assert_eq!(Title::parse("   "), None);
    }

    #[test]
    fn player_rounds_and_scores() {
        let mut t = Tournament::default();
        for pn in 1..=3 {
            t.players.push(Player::new(pn, format!("P{pn}")));
        }
        let mut r1 = Round::new(1);
        r1.games.push(Game::new(1, 2, GameResult::white_wins()));
        r1.byes.push(Bye::new(3, ResultCode::Pab));
        let mut r2 = Round::new(2);
        r2.games
            .push(Game::new(3, 1, GameResult::forfeit(Colour::White)));
        r2.byes.push(Bye::new(2, ResultCode::HalfBye));
        t.rounds = vec![r1, r2];
        let s1 = t.scores_after_round(1);
        assert_eq!(s1[&1], Points::ONE);
        assert_eq!(s1[&2], Points::ZERO);
        assert_eq!(s1[&3], Points::ONE);
        let s2 = t.scores_after_round(2);
        assert_eq!(s2[&2], Points::HALF);
        assert_eq!(s2[&3], Points::from_tenths(20));
        let pr = t.player_round(1, 2);
        assert_eq!(pr.opponent, Some(3));
        assert_eq!(pr.colour, Some(Colour::Black));
        assert_eq!(pr.code, ResultCode::ForfeitLoss);
        assert!(!pr.played);
        assert!(t.player_round(1, 1).played);
        assert_eq!(t.player_round(3, 1).code, ResultCode::Pab);
        assert_eq!(t.player_round(3, 9).code, ResultCode::Blank);
        assert_eq!(t.player_rounds(2).len(), 2);
    }
}

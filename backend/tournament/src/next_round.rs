//! Making the next round of a tournament: the pairing system a tournament uses (TRF-2026 `192`),
//! the proposed round from the engine (FIDE Dutch, Handbook C.04.3, or a Berger table, C.05
//! Annex 1), and a pairing edited by hand, checked against the absolute criteria and compared
//! with the engine's (C.04.A: a program must warn on manual changes that break absolute criteria).

use std::collections::HashSet;
use std::fmt;

use arbiter_pairing::check::{Finding, check};
use arbiter_pairing::round_robin::berger_table;
/// The engine's pairing of a round and its boards, re-exported for the crates above.
pub use arbiter_pairing::{Board, Pairing};
use arbiter_pairing::{Edition, PairingError, explain};

use crate::model::{Bye, Game, PairingNumber, PlayerStatus, Round, RoundNumber, Tournament};
use crate::result::{GameResult, ResultCode};

/// How a tournament is paired, from its TRF-2026 `192` code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingSystem {
    /// The FIDE Dutch system (C.04.3) in an edition.
    Dutch(Edition),
    /// A round robin by the FIDE Berger tables (C.05 Annex 1); `double`: two cycles, colours
    /// reversed in the second.
    RoundRobin {
        /// Two cycles.
        double: bool,
    },
}

impl PairingSystem {
    /// Every system, with its `192` code and a label for people, in the order a form offers them.
    pub const ALL: [(PairingSystem, &'static str, &'static str); 4] = [
        (
            PairingSystem::Dutch(Edition::Dutch2026),
            "FIDE_DUTCH_2025",
            "FIDE Dutch system, current rules (C.04.3, C1-C21)",
        ),
        (
            PairingSystem::Dutch(Edition::Dutch2017),
            "FIDE_DUTCH",
            "FIDE Dutch system, 2017 rules (C.04.3, C1-C19)",
        ),
        (
            PairingSystem::RoundRobin { double: false },
            "FIDE_ROUNDROBIN",
            "Round robin (Berger tables, C.05 Annex 1)",
        ),
        (
            PairingSystem::RoundRobin { double: true },
            "FIDE_DOUBLE_ROUNDROBIN",
            "Double round robin (Berger tables, C.05 Annex 1)",
        ),
    ];

    /// The system of a `192` code: `FIDE_DUTCH_2025` (and `FIDE_DUTCH_BAKU`, the same rules with
    /// the accelerations of records `250`/`XXA`) the current Dutch rules, `FIDE_DUTCH` the 2017
    /// ones, `FIDE_ROUNDROBIN` and Arbiter's `FIDE_DOUBLE_ROUNDROBIN` the Berger tables. Codes
    /// are compared without regard to case; any other code gives `None`.
    #[must_use]
    pub fn from_code(code: &str) -> Option<PairingSystem> {
        let code = code.trim().to_ascii_uppercase();
        if code == "FIDE_DUTCH_BAKU" {
            return Some(PairingSystem::Dutch(Edition::Dutch2026));
        }
        PairingSystem::ALL
            .iter()
            .find(|(_, c, _)| *c == code)
            .map(|&(s, _, _)| s)
    }

    /// The friendly names a form or the API also takes for a system, besides its `192` code:
    /// `dutch` (the current rules), `dutch-2026`, `dutch-2025`, `dutch-2017`, `round-robin`,
    /// `double-round-robin`.
    pub const ALIASES: [(&'static str, PairingSystem); 6] = [
        ("dutch", PairingSystem::Dutch(Edition::Dutch2026)),
        ("dutch-2026", PairingSystem::Dutch(Edition::Dutch2026)),
        ("dutch-2025", PairingSystem::Dutch(Edition::Dutch2026)),
        ("dutch-2017", PairingSystem::Dutch(Edition::Dutch2017)),
        ("round-robin", PairingSystem::RoundRobin { double: false }),
        (
            "double-round-robin",
            PairingSystem::RoundRobin { double: true },
        ),
    ];

    /// The system a person names: a `192` code ([`PairingSystem::from_code`]) or one of
    /// [`PairingSystem::ALIASES`] (case, `_` and spaces as `-` not minded); `None` otherwise.
    #[must_use]
    pub fn from_name(name: &str) -> Option<PairingSystem> {
        PairingSystem::from_code(name).or_else(|| {
            let name = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
            PairingSystem::ALIASES
                .iter()
                .find(|(a, _)| *a == name)
                .map(|&(_, s)| s)
        })
    }

    /// Every name [`PairingSystem::from_name`] takes, for a refusal to list: the `192` codes,
    /// then the aliases.
    #[must_use]
    pub fn accepted_names() -> Vec<&'static str> {
        PairingSystem::ALL
            .iter()
            .map(|&(_, c, _)| c)
            .chain(PairingSystem::ALIASES.iter().map(|&(a, _)| a))
            .collect()
    }

    /// The `192` code.
    #[must_use]
    pub fn code(self) -> &'static str {
        PairingSystem::ALL
            .iter()
            .find(|(s, _, _)| *s == self)
            .map_or("FIDE_DUTCH_2025", |&(_, c, _)| c)
    }

    /// The label for people.
    #[must_use]
    pub fn label(self) -> &'static str {
        PairingSystem::ALL
            .iter()
            .find(|(s, _, _)| *s == self)
            .map_or("", |&(_, _, l)| l)
    }
}

impl Tournament {
    /// The tournament's pairing system: its `192` code, or the current Dutch rules when it has
    /// none or one Arbiter does not pair (the FIDE default for a Swiss event).
    #[must_use]
    pub fn system(&self) -> PairingSystem {
        self.pairing_system
            .as_deref()
            .and_then(PairingSystem::from_code)
            .unwrap_or(PairingSystem::Dutch(Edition::Dutch2026))
    }
}

/// Why the next round cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NextRoundError {
    /// Every planned round is paired (`142` / `XXR`).
    #[error("all {0} planned rounds are paired")]
    AllRoundsPaired(RoundNumber),
    /// A round robin cannot add players once it has started, nor pair beyond its table.
    #[error("the round robin of {players} players has {rounds} rounds; round {round} is not in it")]
    BeyondTable {
        /// Players in the table.
        players: usize,
        /// Rounds in the table.
        rounds: usize,
        /// The round asked for.
        round: RoundNumber,
    },
    /// An earlier round still has games without a result.
    #[error("round {0} still has games without a result")]
    Unfinished(RoundNumber),
    /// Fewer than two players can be paired.
    #[error("fewer than two players can be paired")]
    TooFewPlayers,
    /// The Dutch engine's error (no pairing satisfies the absolute criteria, C.04.3 C1-C3, or
    /// an inconsistent state).
    #[error("the Dutch system finds no pairing: {0}")]
    Engine(#[from] PairingError),
    /// A team event pairs teams, not players ([`crate::team`]): its rounds are paired as team
    /// rounds and their boards seated from the line-ups.
    #[error("this is a team event: its rounds pair teams")]
    TeamEvent,
}

/// The rank of a title in the initial order (C.04.2): GM, IM, WGM, FM, WIM, CM, WFM, WCM, then
/// any other title and none.
fn title_rank(t: Option<&crate::model::Title>) -> u8 {
    use crate::model::Title;
    match t {
        Some(Title::Gm) => 0,
        Some(Title::Im) => 1,
        Some(Title::Wgm) => 2,
        Some(Title::Fm) => 3,
        Some(Title::Wim) => 4,
        Some(Title::Cm) => 5,
        Some(Title::Wfm) => 6,
        Some(Title::Wcm) => 7,
        Some(Title::Other(_)) => 8,
        None => 9,
    }
}

impl Tournament {
    /// The players' current pairing numbers in the initial order of a Swiss event (C.04.2,
    /// initial order): rating, highest first (unrated last), then FIDE title (GM, IM, WGM, FM,
    /// WIM, CM, WFM, WCM), then name alphabetically, then the current pairing number. Pairing
    /// number 1 goes to the first of this list.
    #[must_use]
    pub fn initial_order(&self) -> Vec<PairingNumber> {
        let mut ps: Vec<&crate::model::Player> = self.players.iter().collect();
        ps.sort_by(|a, b| {
            b.rating
                .unwrap_or(0)
                .cmp(&a.rating.unwrap_or(0))
                .then(title_rank(a.title.as_ref()).cmp(&title_rank(b.title.as_ref())))
                .then(a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                .then(a.pairing_number.cmp(&b.pairing_number))
        });
        ps.iter().map(|p| p.pairing_number).collect()
    }

    /// The renumbering that puts the players in the initial order (C.04.2): `(old, new)` for
    /// every player whose pairing number changes; empty when they are in order already.
    #[must_use]
    pub fn initial_renumbering(&self) -> Vec<(PairingNumber, PairingNumber)> {
        self.initial_order()
            .into_iter()
            .zip(1u16..)
            .filter(|(old, new)| old != new)
            .collect()
    }

    /// Applies a renumbering `(old, new)` of pairing numbers everywhere the tournament names a
    /// player: the players, games, byes, announced byes, forbidden pairs and accelerations.
    /// Numbers not in the map are kept. Meant for before round 1 (C.04.2: pairing numbers are
    /// given by the initial order and change only as the rules allow).
    pub fn renumber(&mut self, map: &[(PairingNumber, PairingNumber)]) {
        let m: std::collections::HashMap<PairingNumber, PairingNumber> =
            map.iter().copied().collect();
        let f = |pn: &mut PairingNumber| {
            if let Some(&n) = m.get(pn) {
                *pn = n;
            }
        };
        for p in &mut self.players {
            f(&mut p.pairing_number);
        }
        self.players.sort_by_key(|p| p.pairing_number);
        for r in &mut self.rounds {
            for g in &mut r.games {
                f(&mut g.white);
                f(&mut g.black);
            }
            for b in &mut r.byes {
                f(&mut b.player);
            }
        }
        for a in &mut self.announced_byes {
            a.players.iter_mut().for_each(f);
        }
        for fp in &mut self.forbidden_pairs {
            fp.players.iter_mut().for_each(f);
        }
        for a in &mut self.accelerations {
            f(&mut a.player);
        }
    }

    /// Marks every paired round as published: a file imported from another program (TRF) carries
    /// the pairings it made public, while [`RoundState::Paired`] means "under review" here.
    ///
    /// [`RoundState::Paired`]: crate::model::RoundState::Paired
    pub fn publish_paired_rounds(&mut self) {
        for r in &mut self.rounds {
            if r.state == crate::model::RoundState::Paired {
                r.state = crate::model::RoundState::Published;
            }
        }
    }

    /// The adjourned games (result `X`, Appendix A) of the rounds before `round`: `(round,
    /// board)`, the board being the game's place when none was recorded.
    #[must_use]
    pub fn adjourned_before(&self, round: RoundNumber) -> Vec<(RoundNumber, u16)> {
        self.rounds
            .iter()
            .filter(|r| r.number < round)
            .flat_map(|r| {
                r.games
                    .iter()
                    .zip(1u16..)
                    .filter(|(g, _)| g.result.outcome() == crate::result::Outcome::Unknown)
                    .map(move |(g, i)| (r.number, g.board.unwrap_or(i)))
            })
            .collect()
    }

    /// The number of the round to pair next: the one after the last paired round.
    #[must_use]
    pub fn next_round_number(&self) -> RoundNumber {
        self.last_paired_round() + 1
    }

    /// The engine's pairing of the next round, by the tournament's system: for the Dutch system
    /// the state before the round ([`Tournament::pairing_state`]: withdrawn players, requested
    /// byes and absences entered for the round are left out) paired by
    /// [`arbiter_pairing::pair`]; for a round robin the round of the Berger table, players taking
    /// the table's numbers in pairing-number order.
    ///
    /// ```
    /// use arbiter_tournament::{Board, read_trf};
    ///
    /// # let text = concat!(
    /// #     "012 Club Rapid\n",
    /// #     "XXR 3\n",
    /// #     "001    1      Alpha,Anna                        2100                             1.0    1     3 w 1\n",
    /// #     "001    2      Bravo,Bahram                      2000                             1.0    2     4 b 1\n",
    /// #     "001    3      Charlie,Chen                      1900                             0.0    3     1 b 0\n",
    /// #     "001    4      Delta,Dara                        1800                             0.0    4     2 w 0\n",
    /// # );
    /// let mut t = read_trf(text.as_bytes())?.tournament;
    /// // Round 2 by the Dutch system (the default): the winners meet, and so do the losers, each
    /// // with the colour due after round 1 (C.04.3 A.6).
    /// let (round, pairing) = t.propose_next_round()?;
    /// assert_eq!(round, 2);
    /// assert_eq!(
    ///     pairing.boards,
    ///     [Board { white: 2, black: 1 }, Board { white: 3, black: 4 }]
    /// );
    /// assert_eq!(pairing.bye, None);
    ///
    /// // Stored as the tournament's round 2, it waits for its results: round 3 cannot be paired.
    /// let stored = t.round_from_pairing(round, &pairing);
    /// t.rounds.push(stored);
    /// assert!(t.propose_next_round().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`NextRoundError`]: all rounds paired, an earlier round unfinished (a Swiss round is paired
    /// on the scores of every earlier round), too few players, or the engine finds no pairing.
    pub fn propose_next_round(&self) -> Result<(RoundNumber, Pairing), NextRoundError> {
        if self.team.is_some() {
            return Err(NextRoundError::TeamEvent);
        }
        let round = self.next_round_number();
        if let Some(planned) = self.rounds_planned {
            if round > planned {
                return Err(NextRoundError::AllRoundsPaired(planned));
            }
        }
        match self.system() {
            PairingSystem::Dutch(edition) => {
                if let Some(open) = self
                    .rounds
                    .iter()
                    .filter(|r| r.number < round)
                    .find(|r| r.games.iter().any(|g| g.result.white == ResultCode::Blank))
                {
                    return Err(NextRoundError::Unfinished(open.number));
                }
                let state = self.pairing_state(round, edition);
                if state.players.iter().filter(|p| !p.absent).count() < 2 {
                    return Err(NextRoundError::TooFewPlayers);
                }
                Ok((round, arbiter_pairing::pair(&state)?))
            }
            PairingSystem::RoundRobin { double } => {
                let seats: Vec<PairingNumber> =
                    self.players.iter().map(|p| p.pairing_number).collect();
                if seats.len() < 2 {
                    return Err(NextRoundError::TooFewPlayers);
                }
                let n = u16::try_from(seats.len()).unwrap_or(u16::MAX);
                let table = berger_table(n, double);
                let Some(p) = table.get(usize::from(round) - 1) else {
                    return Err(NextRoundError::BeyondTable {
                        players: seats.len(),
                        rounds: table.len(),
                        round,
                    });
                };
                let seat = |s: PairingNumber| seats[usize::from(s) - 1];
                Ok((
                    round,
                    Pairing {
                        boards: p
                            .boards
                            .iter()
                            .map(|b| Board {
                                white: seat(b.white),
                                black: seat(b.black),
                            })
                            .collect(),
                        bye: p.bye.map(seat),
                    },
                ))
            }
        }
    }

    /// The Dutch system's explanation of the next round's pairing (per bracket: residents, MDPs,
    /// who floated and why, the criterion behind each game, the PAB and why; see
    /// [`arbiter_pairing::explain`]), as text for the arbiter; `None` for a round robin, whose
    /// pairings come from the Berger table.
    ///
    /// # Errors
    /// As [`Tournament::propose_next_round`].
    pub fn explain_next_round(&self) -> Result<Option<String>, NextRoundError> {
        Ok(self.explanation_of_next_round()?.map(|e| e.to_string()))
    }

    /// The explanation of the next round's pairing as data ([`explain::Explanation`]: per
    /// bracket its residents and MDPs, the games and what decided each, the downfloaters and
    /// why, the PAB), for a reader in any language; `None` for a round robin (the Berger table
    /// leaves no choice).
    ///
    /// # Errors
    /// As [`Tournament::explain_next_round`].
    pub fn explanation_of_next_round(
        &self,
    ) -> Result<Option<explain::Explanation>, NextRoundError> {
        match self.system() {
            PairingSystem::Dutch(edition) => {
                let round = self.next_round_number();
                let state = self.pairing_state(round, edition);
                Ok(Some(explain::explain(&state)?))
            }
            PairingSystem::RoundRobin { .. } => Ok(None),
        }
    }

    /// Round `number` made from a pairing: the games in board order (board 1 first) with no
    /// result, the bye of the pairing, and the byes and absences already entered for the round
    /// (requested byes) kept. The bye is a pairing-allocated bye (`U`, C.04.1) in a Swiss event,
    /// and the free round of an odd round robin (`Z`, zero points, C.05 Annex 1) otherwise.
    #[must_use]
    pub fn round_from_pairing(&self, number: RoundNumber, pairing: &Pairing) -> Round {
        let existing = self.round(number);
        let mut byes: Vec<Bye> = existing
            .map(|r| {
                r.byes
                    .iter()
                    .filter(|b| b.code != ResultCode::Pab)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        if let Some(player) = pairing.bye {
            let code = match self.system() {
                PairingSystem::Dutch(_) => ResultCode::Pab,
                PairingSystem::RoundRobin { .. } => ResultCode::ZeroBye,
            };
            byes.retain(|b| b.player != player);
            byes.push(Bye::new(player, code));
        }
        Round {
            number,
            scheduled: existing.and_then(|r| r.scheduled),
            state: crate::model::RoundState::Paired,
            games: pairing
                .boards
                .iter()
                .zip(1u16..)
                .map(|(b, board)| Game {
                    board: Some(board),
                    ..Game::new(b.white, b.black, GameResult::pending())
                })
                .collect(),
            byes,
        }
    }
}

/// A pairing typed by hand: one board per line, `WHITE BLACK` (pairing numbers, separated by
/// spaces, `-` or `:`), and the bye as `N 0` or `N bye`; blank lines and lines starting with `#`
/// are skipped. This is the engines' `.pairs` format without its count line (a leading count
/// line equal to the number of entries is accepted too).
///
/// # Errors
/// [`ManualError`] naming the line.
pub fn parse_manual_pairing(text: &str) -> Result<Pairing, ManualError> {
    let mut pairing = Pairing::default();
    let mut lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let Some(&(_, first)) = lines.first() {
        if first.parse::<usize>().is_ok_and(|n| n == lines.len() - 1) {
            lines.remove(0);
        }
    }
    for (line, l) in lines {
        let parts: Vec<&str> = l
            .split(|c: char| c.is_whitespace() || c == '-' || c == ':')
            .filter(|s| !s.is_empty())
            .collect();
        let number = |s: &str| -> Result<PairingNumber, ManualError> {
            s.parse::<PairingNumber>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| ManualError {
                    line,
                    message: format!("`{s}` is not a pairing number"),
                })
        };
        match parts.as_slice() {
            [w, b] if *b == "0" || b.eq_ignore_ascii_case("bye") => {
                if pairing.bye.is_some() {
                    return Err(ManualError {
                        line,
                        message: "a second bye: a round has at most one (C.04.1)".into(),
                    });
                }
                pairing.bye = Some(number(w)?);
            }
            [w, b] => pairing.boards.push(Board {
                white: number(w)?,
                black: number(b)?,
            }),
            _ => {
                return Err(ManualError {
                    line,
                    message: format!(
                        "`{l}`: write WHITE BLACK (pairing numbers), or N 0 for the bye"
                    ),
                });
            }
        }
    }
    Ok(pairing)
}

/// A line of a manual pairing that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ManualError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The text of a pairing in the format [`parse_manual_pairing`] reads: `WHITE BLACK` per board,
/// the bye as `N 0`.
#[must_use]
pub fn manual_text(p: &Pairing) -> String {
    let mut s = String::new();
    for b in &p.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(b) = p.bye {
        s.push_str(&format!("{b} 0\n"));
    }
    s
}

/// The record of a pairing of round `round` changed by hand by `who`, with the checker's
/// warnings the arbiter acknowledged: one line each, kept in the audit log and, as TRF comment
/// records (`###`), in the export (C.04.A: a manual change is logged and exported).
#[must_use]
pub fn manual_change_note(
    round: RoundNumber,
    who: &str,
    pairing: &Pairing,
    acknowledged: &[impl fmt::Display],
) -> String {
    let mut n = format!(
        "Arbiter: round {round} pairing changed by hand by {who} ({} boards{})",
        pairing.boards.len(),
        pairing
            .bye
            .map(|b| format!(", bye {b}"))
            .unwrap_or_default()
    );
    for w in acknowledged {
        n.push_str(&format!(
            "\nArbiter: round {round} warning acknowledged: {w}"
        ));
    }
    n
}

/// A player as a review names them: the pairing number and, when registered, the name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedPlayer {
    /// The pairing number.
    pub pairing_number: PairingNumber,
    /// The name, when the player is registered.
    pub name: Option<String>,
}

impl fmt::Display for NamedPlayer {
    /// `12 Rezaei, Ali`, or `12` for a number nobody has.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(n) => write!(f, "{} {n}", self.pairing_number),
            None => write!(f, "{}", self.pairing_number),
        }
    }
}

/// One finding of a review of a pairing changed by hand ([`Tournament::review_manual_pairing`]);
/// its `Display` is the English sentence shown to the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewFinding {
    /// Paired while not registered, withdrawn or absent this round (C.04.1).
    NotPairable(NamedPlayer),
    /// Neither paired nor given the bye (C.04.3 C4: completion).
    Unpaired(NamedPlayer),
    /// Listed twice.
    Twice(NamedPlayer),
    /// Two players who have met or may not meet (C.04.3 C1).
    Rematch(NamedPlayer, NamedPlayer),
    /// The pairing-allocated bye to a player who may not get it (C.04.1, C.04.3 C2).
    ByeNotAllowed(NamedPlayer),
    /// Two players with the same absolute colour preference (C.04.3 C3).
    SameAbsoluteColour(NamedPlayer, NamedPlayer),
    /// Not the Dutch system's pairing: the checker's account of how it differs
    /// ([`Finding::DiffersFromEngine`] or [`Finding::ColoursDiffer`]: the boards and the
    /// criterion on which it loses).
    NotTheEngines(Finding),
    /// A round robin lists a pairing number nobody has (C.05).
    NotRegistered(PairingNumber),
    /// A round robin leaves out a player (it pairs everyone, C.05).
    NotInRound(NamedPlayer),
    /// A round robin's board that the Berger table does not make in this round (C.05 Annex 1).
    NotInTable {
        /// White.
        white: NamedPlayer,
        /// Black.
        black: NamedPlayer,
        /// The round.
        round: RoundNumber,
    },
}

impl fmt::Display for ReviewFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewFinding::NotPairable(p) => write!(
                f,
                "{p} is not registered, withdrawn or absent this round (C.04.1)"
            ),
            ReviewFinding::Unpaired(p) => write!(
                f,
                "{p} is neither paired nor given the bye (C.04.3 C4: completion)"
            ),
            ReviewFinding::Twice(p) => write!(f, "{p} appears twice"),
            ReviewFinding::Rematch(a, b) => write!(
                f,
                "{a} and {b} have already met or may not meet (C.04.3 C1)"
            ),
            ReviewFinding::ByeNotAllowed(p) => write!(
                f,
                "{p} may not get the pairing-allocated bye: already had a PAB, a full-point bye \
                 or a forfeit win (C.04.1, C.04.3 C2)"
            ),
            ReviewFinding::SameAbsoluteColour(a, b) => write!(
                f,
                "{a} and {b} have the same absolute colour preference (C.04.3 C3)"
            ),
            ReviewFinding::NotTheEngines(how) => write!(f, "not the Dutch system's pairing: {how}"),
            ReviewFinding::NotRegistered(pn) => write!(f, "{pn} is not registered (C.05)"),
            ReviewFinding::NotInRound(p) => write!(
                f,
                "{p} is not in the round (a round robin pairs everyone, C.05)"
            ),
            ReviewFinding::NotInTable {
                white,
                black,
                round,
            } => write!(
                f,
                "{white} - {black} is not a pairing of round {round} of the Berger table (C.05 \
                 Annex 1)"
            ),
        }
    }
}

/// What a pairing changed by hand means, for the arbiter to read before storing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManualReview {
    /// Findings that make the pairing impossible to store: unknown, absent, unpaired or
    /// repeated players (C.04.1, C4 completion).
    pub errors: Vec<ReviewFinding>,
    /// Warnings: absolute criteria broken (C1-C3 of the Dutch system, C.04.1 PAB rules) or, for
    /// a round robin, a pair the table does not make; and how it differs from the engine's.
    pub warnings: Vec<ReviewFinding>,
}

impl ManualReview {
    /// No errors: the pairing can be stored (with its warnings acknowledged).
    #[must_use]
    pub fn storable(&self) -> bool {
        self.errors.is_empty()
    }
}

impl fmt::Display for ManualReview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.errors {
            writeln!(f, "error: {e}")?;
        }
        for w in &self.warnings {
            writeln!(f, "warning: {w}")?;
        }
        Ok(())
    }
}

impl Tournament {
    /// Reviews `proposed`, a pairing of round `round` changed by hand: for the Dutch system the
    /// checker ([`arbiter_pairing::check::check`]) against the state before the round; for a
    /// round robin every player must appear once and pairs outside the table are warned about.
    ///
    /// # Errors
    /// The engine's error for an inconsistent state.
    pub fn review_manual_pairing(
        &self,
        round: RoundNumber,
        proposed: &Pairing,
    ) -> Result<ManualReview, PairingError> {
        let mut review = ManualReview {
            errors: Vec::new(),
            warnings: Vec::new(),
        };
        let name = |pn: PairingNumber| NamedPlayer {
            pairing_number: pn,
            name: self.player(pn).map(|p| p.name.clone()),
        };
        match self.system() {
            PairingSystem::Dutch(edition) => {
                for finding in check(&self.pairing_state(round, edition), proposed)? {
                    match finding {
                        Finding::NotPairable(p) => {
                            review.errors.push(ReviewFinding::NotPairable(name(p)));
                        }
                        Finding::Unpaired(p) => {
                            review.errors.push(ReviewFinding::Unpaired(name(p)));
                        }
                        Finding::Twice(p) => review.errors.push(ReviewFinding::Twice(name(p))),
                        Finding::Rematch(a, b) => review
                            .warnings
                            .push(ReviewFinding::Rematch(name(a), name(b))),
                        Finding::ByeNotAllowed(p) => {
                            review.warnings.push(ReviewFinding::ByeNotAllowed(name(p)));
                        }
                        Finding::SameAbsoluteColour(a, b) => review
                            .warnings
                            .push(ReviewFinding::SameAbsoluteColour(name(a), name(b))),
                        finding @ (Finding::DiffersFromEngine { .. }
                        | Finding::ColoursDiffer(_)) => {
                            review.warnings.push(ReviewFinding::NotTheEngines(finding));
                        }
                    }
                }
            }
            PairingSystem::RoundRobin { .. } => {
                let mut seen = HashSet::new();
                let listed = proposed
                    .boards
                    .iter()
                    .flat_map(|b| [b.white, b.black])
                    .chain(proposed.bye);
                for pn in listed {
                    if self.player(pn).is_none() {
                        review.errors.push(ReviewFinding::NotRegistered(pn));
                    } else if !seen.insert(pn) {
                        review.errors.push(ReviewFinding::Twice(name(pn)));
                    }
                }
                for p in &self.players {
                    if p.status != PlayerStatus::Withdrawn && !seen.contains(&p.pairing_number) {
                        review
                            .errors
                            .push(ReviewFinding::NotInRound(name(p.pairing_number)));
                    }
                }
                if let Ok((r, table)) = self.propose_next_round() {
                    if r == round {
                        let key = |b: &Board| (b.white.min(b.black), b.white.max(b.black));
                        let ours: HashSet<_> = table.boards.iter().map(key).collect();
                        for b in &proposed.boards {
                            if !ours.contains(&key(b)) {
                                review.warnings.push(ReviewFinding::NotInTable {
                                    white: name(b.white),
                                    black: name(b.black),
                                    round,
                                });
                            }
                        }
                    }
                }
            }
        }
        Ok(review)
    }
}

#[cfg(test)]
mod tests;

//! Reading the team records of a TRF file, field by field (columns from 1):
//!
//! | record | columns |
//! |---|---|
//! | `013` (TRF16) | 5-36 team name; from 37 the members' start numbers, 4 columns each and a space (37-40, 42-45, ...) |
//! | `310` | 5-7 team number; 9-40 name; 42-46 nickname; 48-53 strength; 55-60 match points; 62-67 game points; 69-71 rank; from 74 the members, 4 columns and a space each (74-77, 79-82, ...) |
//! | `320` | 5-8 match points and 10-13 game points of the pairing-allocated bye; from 15 the team with the bye in round 1, 2, ..., 3 columns and a space each (15-17, 19-21, ...; `000` or blank: none) |
//! | `330` | 5-6 type (`+-` the first-named team wins, `-+` the second, `--` neither appeared; also `WL LW ZZ 10 01 00 WZ ZW LL`); 8-10 round; 12-14 first-named team; 16-18 second-named team |
//! | `300` | 5-7 round; 9-11 team; 13-15 its opponent; from 17 the line-up, board by board, 4 columns and a space each (`0000`: an empty board) |
//! | `352` | from 5 the first-named team's colours board by board, `W`/`B` (`WBWB`) |
//! | `362` | symbol/points pairs as `162`: `TW 2.0   TD 1.0   TL 0.0` (match points of a won, drawn, lost match; the earlier `W` `D` `L` spelling is read too) |
//!
//! The layouts follow FIDE's TRF-2026 as its reference reader (gacrux, `trf2json.py`) reads it.
//! `801`/`802` (informative team records) are kept verbatim by the reader. The records are only
//! collected here; [`super::team_build`] turns them, with the games, into the
//! [`crate::team::TeamEvent`].

use super::TrfIssue;
use super::columns::{ROUND_COLUMN, field, parse_u16};
use super::team_issue::TeamIssue;
use crate::check::IssueKind;
use crate::model::{PairingNumber, RoundNumber};
use crate::points::Points;
use crate::result::Colour;
use crate::team::{MatchForfeit, MatchPointSystem, TeamAcceleration, TeamNumber};

/// A team record (`013` or `310`).
pub(super) struct RawTeam {
    pub line: usize,
    pub number: TeamNumber,
    pub name: String,
    pub nickname: Option<String>,
    pub strength: Option<u16>,
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    pub rank: Option<u16>,
    /// The members with their columns.
    pub members: Vec<(usize, PairingNumber)>,
}

/// A `320` record.
pub(super) struct RawBye {
    pub line: usize,
    pub match_points: Points,
    pub game_points: Points,
    /// (round, column, team).
    pub teams: Vec<(RoundNumber, usize, TeamNumber)>,
}

/// A `330` record.
pub(super) struct RawForfeit {
    pub line: usize,
    pub kind: MatchForfeit,
    pub round: RoundNumber,
    pub first: TeamNumber,
    pub second: TeamNumber,
}

/// A `300` record.
pub(super) struct RawOrder {
    pub line: usize,
    pub round: RoundNumber,
    pub team: TeamNumber,
    pub other: TeamNumber,
    /// (column, player or an empty board).
    pub order: Vec<(usize, Option<PairingNumber>)>,
}

/// The team records of a file, as read.
#[derive(Default)]
pub(super) struct TeamRecords {
    pub trf16: Vec<RawTeam>,
    pub trf26: Vec<RawTeam>,
    pub byes: Vec<RawBye>,
    pub forfeits: Vec<RawForfeit>,
    pub orders: Vec<RawOrder>,
    pub colours: Option<(usize, Vec<Colour>)>,
    pub match_points: Option<(usize, MatchPointSystem)>,
    /// The line of each `240` record, in the order of
    /// [`Tournament::announced_byes`](crate::model::Tournament): in a team event their numbers
    /// are teams, moved into the team rounds.
    pub bye_lines: Vec<usize>,
    /// Every `250` record read as a team acceleration (used when the file defines teams).
    pub accelerations: Vec<TeamAcceleration>,
    /// Every team record's line, by kind: `013` lines and, in a file without teams, all of
    /// them are kept verbatim.
    pub raw: Vec<(String, String)>,
    pub issues: Vec<TrfIssue>,
}

/// The codes this module reads.
pub(super) const TEAM_CODES: [&str; 7] = ["013", "310", "320", "330", "300", "352", "362"];

impl TeamRecords {
    /// Whether the file defines teams.
    pub fn has_teams(&self) -> bool {
        !self.trf16.is_empty() || !self.trf26.is_empty()
    }

    pub(super) fn push(
        &mut self,
        line: usize,
        column: Option<usize>,
        player: Option<PairingNumber>,
        round: Option<RoundNumber>,
        kind: TeamIssue,
    ) {
        self.issues.push(TrfIssue {
            line,
            column,
            player,
            round,
            kind: IssueKind::Team(kind),
        });
    }

    fn bad(&mut self, no: usize, column: usize, record: &'static str, name: &'static str, t: &str) {
        let kind = TeamIssue::BadField {
            record,
            field: name,
            text: t.trim().to_owned(),
        };
        self.push(no, Some(column), None, None, kind);
    }

    /// A number from `min` in columns `from..=to`; `None` (with an error) when absent or bad.
    fn number(
        &mut self,
        no: usize,
        chars: &[char],
        (from, to): (usize, usize),
        (record, name): (&'static str, &'static str),
        min: u16,
    ) -> Option<u16> {
        let text = field(chars, from, to);
        let v = parse_u16(&text).filter(|v| *v >= min);
        if v.is_none() {
            self.bad(no, from, record, name, &text);
        }
        v
    }

    /// Optional points in columns `from..=to`.
    fn points(
        &mut self,
        no: usize,
        chars: &[char],
        (from, to): (usize, usize),
        (record, name): (&'static str, &'static str),
    ) -> Result<Option<Points>, ()> {
        let text = field(chars, from, to);
        if text.trim().is_empty() {
            return Ok(None);
        }
        if let Ok(p) = Points::parse(text.trim()) {
            Ok(Some(p))
        } else {
            self.bad(no, from, record, name, &text);
            Err(())
        }
    }

    /// Reads one team record (`code` is one of [`TEAM_CODES`]).
    pub fn record(&mut self, no: usize, code: &str, line: &str) {
        self.raw.push((code.to_owned(), line.to_owned()));
        let chars: Vec<char> = line.chars().collect();
        match code {
            "013" => self.team(no, &chars, false),
            "310" => self.team(no, &chars, true),
            "320" => self.bye(no, &chars),
            "330" => self.forfeit(no, &chars),
            "300" => self.order(no, &chars),
            "352" => self.colours(no, &chars),
            _ => self.scoring(no, &chars),
        }
    }

    fn members(
        &mut self,
        no: usize,
        chars: &[char],
        from: usize,
        record: &'static str,
    ) -> Vec<(usize, PairingNumber)> {
        let mut out = Vec::new();
        let mut column = from;
        while column <= chars.len() {
            let text = field(chars, column, column + 3);
            if !text.trim().is_empty() {
                match parse_u16(&text) {
                    Some(0) => self.push(no, Some(column), None, None, TeamIssue::ZeroMember),
                    Some(pn) => out.push((column, pn)),
                    None => self.bad(no, column, record, "start number", &text),
                }
            }
            column += 5;
        }
        out
    }

    fn team(&mut self, no: usize, chars: &[char], trf26: bool) {
        if !trf26 {
            let members = self.members(no, chars, 37, "013");
            let number = u16::try_from(self.trf16.len() + 1).unwrap_or(u16::MAX);
            self.trf16.push(RawTeam {
                line: no,
                number,
                name: field(chars, 5, 36).trim().to_owned(),
                nickname: None,
                strength: None,
                match_points: None,
                game_points: None,
                rank: None,
                members,
            });
            return;
        }
        let rec = "310";
        let before = self.issues.len();
        let number = self.number(no, chars, (5, 7), (rec, "team number"), 1);
        let nickname = Some(field(chars, 42, 46).trim().to_owned()).filter(|s| !s.is_empty());
        let strength = field(chars, 48, 53);
        let strength = if strength.trim().is_empty() {
            None
        } else {
            self.number(no, chars, (48, 53), (rec, "strength"), 0)
        };
        let mp = self.points(no, chars, (55, 60), (rec, "match points"));
        let gp = self.points(no, chars, (62, 67), (rec, "game points"));
        let rank = if field(chars, 69, 71).trim().is_empty() {
            None
        } else {
            self.number(no, chars, (69, 71), (rec, "rank"), 0)
        };
        let members = self.members(no, chars, 74, rec);
        let (Some(number), Ok(match_points), Ok(game_points)) = (number, mp, gp) else {
            return;
        };
        if self.issues[before..].iter().any(|i| i.kind.is_error()) {
            return;
        }
        self.trf26.push(RawTeam {
            line: no,
            number,
            name: field(chars, 9, 40).trim().to_owned(),
            nickname,
            strength,
            match_points,
            game_points,
            rank,
            members,
        });
    }

    fn bye(&mut self, no: usize, chars: &[char]) {
        let rec = "320";
        let mp = self.points(no, chars, (5, 8), (rec, "match points"));
        let gp = self.points(no, chars, (10, 13), (rec, "game points"));
        let (Ok(Some(match_points)), Ok(Some(game_points))) = (mp, gp) else {
            if matches!(mp, Ok(None)) {
                self.bad(no, 5, rec, "match points", "");
            }
            if matches!(gp, Ok(None)) {
                self.bad(no, 10, rec, "game points", "");
            }
            return;
        };
        let mut teams = Vec::new();
        let mut column = 15;
        let mut round: RoundNumber = 1;
        while column <= chars.len() {
            let text = field(chars, column, column + 2);
            if !text.trim().is_empty() {
                match parse_u16(&text) {
                    Some(0) => {}
                    Some(team) => teams.push((round, column, team)),
                    None => self.bad(no, column, rec, "team number", &text),
                }
            }
            column += 4;
            round = round.saturating_add(1);
        }
        self.byes.push(RawBye {
            line: no,
            match_points,
            game_points,
            teams,
        });
    }

    fn forfeit(&mut self, no: usize, chars: &[char]) {
        let rec = "330";
        let text = field(chars, 5, 6).to_ascii_uppercase();
        let kind = match text.as_str() {
            "+-" | "WL" | "WZ" | "10" => Some(MatchForfeit::FirstWins),
            "-+" | "LW" | "ZW" | "01" => Some(MatchForfeit::SecondWins),
            "--" | "LL" | "ZZ" | "00" => Some(MatchForfeit::Both),
            _ => {
                self.bad(no, 5, rec, "type", &text);
                None
            }
        };
        let round = self.number(no, chars, (8, 10), (rec, "round"), 1);
        let first = self.number(no, chars, (12, 14), (rec, "first team"), 1);
        let second = self.number(no, chars, (16, 18), (rec, "second team"), 1);
        if let (Some(kind), Some(round), Some(first), Some(second)) = (kind, round, first, second) {
            self.forfeits.push(RawForfeit {
                line: no,
                kind,
                round,
                first,
                second,
            });
        }
    }

    fn order(&mut self, no: usize, chars: &[char]) {
        let rec = "300";
        let round = self.number(no, chars, (5, 7), (rec, "round"), 1);
        let team = self.number(no, chars, (9, 11), (rec, "team"), 1);
        let other = self.number(no, chars, (13, 15), (rec, "opponent team"), 1);
        let mut order = Vec::new();
        let mut column = 17;
        let mut bad = false;
        while column <= chars.len() {
            let text = field(chars, column, column + 3);
            match parse_u16(&text) {
                _ if text.trim().is_empty() => order.push((column, None)),
                Some(0) => order.push((column, None)),
                Some(pn) => order.push((column, Some(pn))),
                None => {
                    self.bad(no, column, rec, "start number", &text);
                    bad = true;
                }
            }
            column += 5;
        }
        while order.last().is_some_and(|(_, p)| p.is_none()) {
            order.pop();
        }
        if let (Some(round), Some(team), Some(other), false) = (round, team, other, bad) {
            self.orders.push(RawOrder {
                line: no,
                round,
                team,
                other,
                order,
            });
        }
    }

    fn colours(&mut self, no: usize, chars: &[char]) {
        let text: String = field(chars, 5, chars.len()).trim().to_owned();
        let colours: Option<Vec<Colour>> = text
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'W' => Some(Colour::White),
                'B' => Some(Colour::Black),
                _ => None,
            })
            .collect();
        match colours {
            Some(c) if (1..=99).contains(&c.len()) => {
                if self.colours.is_some() {
                    self.push(no, Some(1), None, None, TeamIssue::DuplicateRecord("352"));
                } else {
                    self.colours = Some((no, c));
                }
            }
            _ => self.bad(no, 5, "352", "colour sequence", &text),
        }
    }

    fn scoring(&mut self, no: usize, chars: &[char]) {
        let text: String = field(chars, 5, chars.len());
        let mut mp = MatchPointSystem::default();
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let mut ok = !tokens.is_empty() && tokens.len() % 2 == 0;
        let mut seen = [false; 3];
        for pair in tokens.chunks(2) {
            let [sym, pts] = pair else { break };
            // TRF26 writes `TW` `TD` `TL` (team win, draw, loss); the earlier `W` `D` `L`
            // spelling is still read.
            let slot = match sym.to_ascii_uppercase().as_str() {
                "TW" | "W" => 0,
                "TD" | "D" => 1,
                "TL" | "L" => 2,
                _ => {
                    ok = false;
                    break;
                }
            };
            let Ok(p) = Points::parse(pts) else {
                ok = false;
                break;
            };
            if std::mem::replace(&mut seen[slot], true) {
                ok = false;
            }
            match slot {
                0 => mp.win = p,
                1 => mp.draw = p,
                _ => mp.loss = p,
            }
        }
        if !ok {
            self.bad(no, 5, "362", "match points", &text);
        } else if self.match_points.is_some() {
            self.push(no, Some(1), None, None, TeamIssue::DuplicateRecord("362"));
        } else {
            self.match_points = Some((no, mp));
        }
    }
}

/// The first column of round `round`'s block in a `001` record.
pub(super) fn round_column(round: RoundNumber) -> usize {
    ROUND_COLUMN + 10 * usize::from(round.saturating_sub(1))
}

//! FIDE tie-breaks (Handbook C.07), standings, explanations and crosstables, in both editions
//! the project supports: 2024-08 and 2026-03 (see `shared/formats/TIEBREAKS.md`).
//!
//! Everything is exact: scores are tenths of a point, Sonneborn-Berger and averages hundredths
//! ([`Value`]); averages are rounded half up as C.07 Art. 10 says. The per-player round table is
//! built once per standings, so each tie-break costs `O(players x rounds)` (DE and the cuts add a
//! factor for the size of a tie and the number of cuts).
//!
//! Unplayed rounds follow C.07 Art. 16: a *voluntarily unplayed round* (VUR) is one neither played
//! nor scoring a win (forfeit loss, half- or zero-point bye, absence); a player's *adjusted score*
//! as an opponent counts the rounds after his last non-VUR round without an opponent as draws
//! (Swiss; 0 in a round robin); in Buchholz and Sonneborn-Berger an unplayed round counts a
//! *dummy opponent* with the player's own score (2024-08), capped in 2026-03 by the scheduled
//! opponent's adjusted score (forfeit) or by a draw in every round (bye, PAB, absence).

pub(crate) mod competitors;
pub(crate) mod compute;
pub(crate) mod context;
pub mod crosstable;
mod ede_boards;
pub(crate) mod field;
pub mod rating;
pub mod spec;
pub(crate) mod team_kinds;

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::{PairingNumber, RoundNumber, Tournament};
use crate::result::ResultCode;

pub use crosstable::{CrossCell, CrossRow, Crosstable, crosstable};
pub use spec::{Edition, Kind, Modifiers, ScoreKind, TieBreak, TieBreakError, parse_list};

/// A tie-break value in hundredths: exact for scores (tenths), Sonneborn-Berger (a score times a
/// score) and averages rounded to 0.01 (C.07 Art. 8.2); ratings are whole numbers.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Value(pub i64);

impl Value {
    /// From tenths of a point (the unit of [`crate::Points`]).
    #[must_use]
    pub const fn from_tenths(t: i64) -> Value {
        Value(t * 10)
    }

    /// From a whole number (counts, ratings, places).
    #[must_use]
    pub const fn from_int(i: i64) -> Value {
        Value(i * 100)
    }

    /// The value in hundredths.
    #[must_use]
    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// Writes the value with `decimals` digits (0, 1 or 2), e.g. `64.5`, `40.00`, `2087`. Values
    /// finer than the digits asked for are written with two.
    #[must_use]
    pub fn format(self, decimals: u8) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let (whole, frac) = (a / 100, a % 100);
        let decimals = if frac % 10 != 0 {
            2
        } else if frac != 0 {
            decimals.max(1)
        } else {
            decimals
        };
        match decimals {
            0 => format!("{sign}{whole}"),
            1 => format!("{sign}{whole}.{}", frac / 10),
            _ => format!("{sign}{whole}.{frac:02}"),
        }
    }
}

/// Why a round was cut from a sum (C.07 Art. 14, 16.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CutBy {
    /// Cut as one of the lowest values (`/Cn`, `/Mn`).
    Low,
    /// Cut as a voluntarily unplayed round, which `/Cn` removes first (C.07 Art. 16.5).
    Unplayed,
    /// Cut as one of the highest values (`/Mn`).
    High,
}

/// How a round's contribution was obtained (C.07 Art. 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Note {
    /// A game played over the board: the opponent's adjusted score.
    Played,
    /// A forfeit counted as a game against the scheduled opponent (`/P`, or a round robin).
    ForfeitAsPlayed,
    /// The last round counted as a draw against the scheduled opponent (Fore Buchholz, Art. 8.3).
    ForeDraw,
    /// An unplayed round: a dummy opponent with the player's own score (2024-08 Art. 16.4).
    DummyOwnScore,
    /// An unplayed round with a scheduled opponent (forfeit): the dummy's score capped by that
    /// opponent's adjusted score (2026-03 Art. 16.4.1).
    DummyCappedByOpponent,
    /// An unplayed round without an opponent (bye, PAB, absence): the dummy's score capped by a
    /// draw in every round (2026-03 Art. 16.4.2).
    DummyCappedByDraws,
    /// Not counted (a round robin round without an opponent).
    NotCounted,
    /// Koya: the opponent scored below the limit (Art. 9.2).
    BelowKoyaLimit,
    /// A rating tie-break: the opponent is unrated and counted with the rating for unrated
    /// players (`/U`).
    UnratedOpponent,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Note::Played => "played",
            Note::ForfeitAsPlayed => "forfeit counted as played",
            Note::ForeDraw => "last round counted as a draw (Fore)",
            Note::DummyOwnScore => "unplayed: dummy opponent with own score",
            Note::DummyCappedByOpponent => "unplayed: dummy capped by scheduled opponent",
            Note::DummyCappedByDraws => "unplayed: dummy capped by a draw in every round",
            Note::NotCounted => "not counted",
            Note::BelowKoyaLimit => "opponent below the Koya limit",
            Note::UnratedOpponent => "unrated opponent, rating for unrated players",
        })
    }
}

/// One round's part in one tie-break of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contribution {
    /// The round, from 1.
    pub round: usize,
    /// The (scheduled) opponent, if any.
    pub opponent: Option<PairingNumber>,
    /// The player's result code.
    pub code: ResultCode,
    /// The points the player scored in the round (for rating tie-breaks: rating points).
    pub points: Value,
    /// What the value is built on: the opponent's adjusted score, the dummy's score, the
    /// opponent's rating or tie-break.
    pub basis: Option<Value>,
    /// The value this round adds (before cuts).
    pub value: Value,
    /// How it was obtained.
    pub note: Note,
    /// Whether, and why, it was cut.
    pub cut: Option<CutBy>,
}

/// Options for [`standings`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StandingsOptions {
    /// The edition for tie-breaks without a pinned one; `None`: the one in force at the
    /// tournament's start (2026-03 when the date is unknown).
    pub edition: Option<Edition>,
    /// Standings after this round; `None`: the last round with results.
    pub after_round: Option<RoundNumber>,
    /// Force round robin (`true`) or Swiss (`false`); `None`: from the tournament type, the
    /// pairing system, or the number of players and rounds.
    pub round_robin: Option<bool>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The rank (ties share it).
    pub rank: u32,
    /// The player's pairing number.
    pub pairing_number: PairingNumber,
    /// The player's name.
    pub name: String,
    /// One value per tie-break (`None`: undefined, e.g. a rating tie-break with unrated players).
    pub values: Vec<Option<Value>>,
}

/// Standings after a round with FIDE tie-breaks (C.07 Art. 4: the ordered list decides).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// The edition each tie-break was computed with (the pin, or the standings' edition).
    pub editions: Vec<Edition>,
    /// The round the standings are after.
    pub after_round: RoundNumber,
    /// Whether the event was treated as a round robin.
    pub round_robin: bool,
    /// The rows, by rank (ties by pairing number).
    pub rows: Vec<Row>,
}

/// Where two players part in the standings (C.07 Art. 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Separation {
    /// The index of the first tie-break whose values differ; `None` when every value is equal
    /// (they share the rank).
    pub tiebreak: Option<usize>,
    /// `Less` when the first player ranks above the second.
    pub ordering: Ordering,
}

impl Standings {
    /// The row of a player.
    #[must_use]
    pub fn row(&self, player: PairingNumber) -> Option<&Row> {
        self.rows.iter().find(|r| r.pairing_number == player)
    }

    /// Names the first tie-break that separates two players (C.07 Art. 4: the list is applied in
    /// order). `None` when a player is missing.
    #[must_use]
    pub fn separation(&self, a: PairingNumber, b: PairingNumber) -> Option<Separation> {
        let (ra, rb) = (self.row(a)?, self.row(b)?);
        for (i, tb) in self.tiebreaks.iter().enumerate() {
            let (va, vb) = (
                ra.values.get(i).copied().flatten(),
                rb.values.get(i).copied().flatten(),
            );
            let o = cmp_values(va, vb, tb.kind);
            if o != Ordering::Equal {
                return Some(Separation {
                    tiebreak: Some(i),
                    ordering: o,
                });
            }
        }
        Some(Separation {
            tiebreak: None,
            ordering: Ordering::Equal,
        })
    }
}

/// Better first: descending values (ascending for DE), undefined last.
pub(crate) fn cmp_values(a: Option<Value>, b: Option<Value>, kind: Kind) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => {
            if kind.lower_is_better() {
                x.cmp(&y)
            } else {
                y.cmp(&x)
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The tie-break list a tournament asks for: TRF-2026 record 212 (starts with PTS), else 202
/// (PTS is put first), else a FIDE default: `PTS, BH/C1, BH, DE, SB, WIN` for a Swiss,
/// `PTS, DE, SB, KS, WIN` for a round robin (C.07 Art. 4 recommendations). Unreadable records
/// fall back to the default.
#[must_use]
pub fn default_tiebreaks(t: &Tournament, round_robin: bool) -> Vec<TieBreak> {
    if let Some(l) = t.tiebreaks.as_deref().and_then(|s| parse_list(s).ok()) {
        return l;
    }
    if let Some(mut l) = t.tiebreaks_202.as_deref().and_then(|s| parse_list(s).ok()) {
        if l.first().map(|tb| tb.kind) != Some(Kind::Pts) {
            l.insert(0, TieBreak::new(Kind::Pts));
        }
        return l;
    }
    let text = if round_robin {
        "PTS,DE,SB,KS,WIN"
    } else {
        "PTS,BH/C1,BH,DE,SB,WIN"
    };
    parse_list(text).unwrap_or_default()
}

/// Whether a tournament is a round robin: its type (`092`) or pairing system (`192`) says
/// Swiss or round robin; otherwise the number of players is the number of rounds or one more
/// (twice that for a double round robin).
#[must_use]
pub fn is_round_robin(t: &Tournament, rounds: usize) -> bool {
    system_round_robin(t).unwrap_or_else(|| round_robin_by_count(t.players.len(), rounds))
}

/// What the tournament's type (`092`) or pairing system (`192`) says: `Some(false)` for a
/// Swiss (`SWISS`, `DUTCH`), `Some(true)` for a round robin (`ROBIN`, `BERGER`, `RR`), `None`
/// when neither says.
#[must_use]
pub fn system_round_robin(t: &Tournament) -> Option<bool> {
    let text = format!(
        "{} {}",
        t.tournament_type.as_deref().unwrap_or(""),
        t.pairing_system.as_deref().unwrap_or("")
    )
    .to_ascii_uppercase();
    if text.contains("SWISS") || text.contains("DUTCH") {
        return Some(false);
    }
    if text.contains("ROBIN") || text.contains("BERGER") || text.contains("RR") {
        return Some(true);
    }
    None
}

/// Whether `n` competitors over `rounds` rounds make a round robin: `n` is the number of
/// rounds or one more, or twice that for a double round robin.
#[must_use]
pub fn round_robin_by_count(n: usize, rounds: usize) -> bool {
    rounds > 0
        && (n == rounds
            || n == rounds + 1
            || 2 * n == rounds
            || 2 * (n.saturating_sub(1)) == rounds)
}

/// The last round holding any result (a game with a result, or a bye).
fn last_result_round(t: &Tournament) -> RoundNumber {
    t.rounds
        .iter()
        .filter(|r| {
            !r.byes.is_empty()
                || r.games.iter().any(|g| {
                    g.result.white != ResultCode::Blank || g.result.black != ResultCode::Blank
                })
        })
        .map(|r| r.number)
        .max()
        .unwrap_or(0)
}

/// The edition in force at the tournament's start (`042`), 2026-03 when unknown.
#[must_use]
pub fn tournament_edition(t: &Tournament) -> Edition {
    t.start_date
        .and_then(crate::date::PartialDate::full)
        .map_or(Edition::E2026, Edition::in_force_on)
}

struct Run {
    standings: Standings,
    details: Vec<Vec<Vec<Contribution>>>,
}

fn run(t: &Tournament, tiebreaks: &[TieBreak], options: &StandingsOptions, explain: bool) -> Run {
    let rounds = options.after_round.unwrap_or_else(|| last_result_round(t));
    let r = usize::from(rounds);
    let rr = options.round_robin.unwrap_or_else(|| is_round_robin(t, r));
    let field = competitors::Field::players(context::Ctx::new(t, r, rr));
    let base = options.edition.unwrap_or_else(|| tournament_edition(t));
    let mut ranking = field::rank(&field, tiebreaks, base, explain);
    let names = |pn: PairingNumber| t.player(pn).map(|p| p.name.clone()).unwrap_or_default();
    let pn = &field.primary.pn;
    let rows = ranking
        .order
        .iter()
        .map(|&p| Row {
            rank: ranking.ranks[p],
            pairing_number: pn[p],
            name: names(pn[p]),
            values: std::mem::take(&mut ranking.values[p]),
        })
        .collect();
    Run {
        standings: Standings {
            tiebreaks: tiebreaks.to_vec(),
            editions: ranking.editions,
            after_round: rounds,
            round_robin: rr,
            rows,
        },
        details: ranking.details,
    }
}

/// Standings after a round with the given tie-breaks (C.07): values for every player, ranks by
/// the ordered list (ties share the rank and are listed by pairing number).
///
/// ```
/// use arbiter_tournament::read_trf;
/// use arbiter_tournament::tiebreak::{StandingsOptions, Value, parse_list, standings};
///
/// # let text = concat!(
/// #     "012 Club Rapid\n",
/// #     "XXR 3\n",
/// #     "001    1      Alpha,Anna                        2100                             1.0    1     3 w 1\n",
/// #     "001    2      Bravo,Bahram                      2000                             1.0    2     4 b 1\n",
/// #     "001    3      Charlie,Chen                      1900                             0.0    3     1 b 0\n",
/// #     "001    4      Delta,Dara                        1800                             0.0    4     2 w 0\n",
/// # );
/// // Four players after round 1 (1-3 1-0, 4-2 0-1), ranked by points then Buchholz (C.07).
/// let t = read_trf(text.as_bytes())?.tournament;
/// let table = standings(&t, &parse_list("PTS,BH")?, &StandingsOptions::default());
/// let ranks: Vec<(u32, u16)> = table.rows.iter().map(|r| (r.rank, r.pairing_number)).collect();
/// // The two winners tie (both their opponents scored nothing), and so do the two losers.
/// assert_eq!(ranks, [(1, 1), (1, 2), (3, 3), (3, 4)]);
/// assert_eq!(table.rows[0].values[0], Some(Value::from_tenths(10)));
/// assert_eq!(table.after_round, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn standings(t: &Tournament, tiebreaks: &[TieBreak], options: &StandingsOptions) -> Standings {
    run(t, tiebreaks, options, false).standings
}

/// For one tie-break of one player: its value and each round's part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TieBreakExplanation {
    /// The tie-break.
    pub tiebreak: TieBreak,
    /// The edition it was computed with.
    pub edition: Edition,
    /// Its value.
    pub value: Option<Value>,
    /// Round by round (Buchholz family, Koya, DE, rating tie-breaks and averages); empty for
    /// counts and points, whose rounds are all alike.
    pub contributions: Vec<Contribution>,
}

/// Why a player stands where he does: every tie-break round by round, and against the players
/// just above and below, the first tie-break that separates them (C.07 Art. 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// The player.
    pub pairing_number: PairingNumber,
    /// His name.
    pub name: String,
    /// His rank.
    pub rank: u32,
    /// Each tie-break.
    pub tiebreaks: Vec<TieBreakExplanation>,
    /// The player ranked just above, and the tie-break that puts him above (`None`: same rank).
    pub above: Option<(PairingNumber, Option<TieBreak>)>,
    /// The player ranked just below, and the tie-break that puts him below.
    pub below: Option<(PairingNumber, Option<TieBreak>)>,
}

/// Standings and the explanation of one player's place. `None` when the player is not in the
/// tournament.
#[must_use]
pub fn explain(
    t: &Tournament,
    tiebreaks: &[TieBreak],
    options: &StandingsOptions,
    player: PairingNumber,
) -> Option<(Standings, Explanation)> {
    let run = run(t, tiebreaks, options, true);
    let s = run.standings;
    let mut pns: Vec<PairingNumber> = t.players.iter().map(|p| p.pairing_number).collect();
    pns.sort_unstable();
    pns.dedup();
    let idx = pns.iter().position(|&p| p == player)?;
    let pos = s.rows.iter().position(|r| r.pairing_number == player)?;
    let row = s.rows.get(pos)?;
    let tbs = tiebreaks
        .iter()
        .enumerate()
        .map(|(i, tb)| TieBreakExplanation {
            tiebreak: *tb,
            edition: s.editions.get(i).copied().unwrap_or(Edition::E2026),
            value: row.values.get(i).copied().flatten(),
            contributions: run
                .details
                .get(i)
                .and_then(|d| d.get(idx))
                .cloned()
                .unwrap_or_default(),
        })
        .collect();
    let neighbour = |other: Option<&Row>| {
        other.map(|o| {
            let sep = s.separation(player, o.pairing_number);
            let tb = sep
                .and_then(|x| x.tiebreak)
                .and_then(|i| tiebreaks.get(i).copied());
            (o.pairing_number, tb)
        })
    };
    let above = neighbour(pos.checked_sub(1).and_then(|p| s.rows.get(p)));
    let below = neighbour(s.rows.get(pos + 1));
    let e = Explanation {
        pairing_number: player,
        name: row.name.clone(),
        rank: row.rank,
        tiebreaks: tbs,
        above,
        below,
    };
    Some((s, e))
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} ({}) rank {}",
            self.name, self.pairing_number, self.rank
        )?;
        for t in &self.tiebreaks {
            let v = t.value.map_or_else(
                || "undefined".to_owned(),
                |v| v.format(t.tiebreak.kind.decimals()),
            );
            let art = t.tiebreak.kind.article();
            let art = if art.starts_with(|c: char| c.is_ascii_digit()) {
                format!("C.07 Art. {art}")
            } else {
                art.to_owned()
            };
            writeln!(
                f,
                "  {} = {}  ({art}, edition {})",
                t.tiebreak, v, t.edition
            )?;
            for c in &t.contributions {
                let opp = c.opponent.map_or_else(|| "-".to_owned(), |o| o.to_string());
                let basis = c
                    .basis
                    .map_or_else(String::new, |b| format!(" basis {}", b.format(1)));
                let cut = match c.cut {
                    Some(CutBy::Low) => format!(
                        "  CUT (lowest, /{}{})",
                        if t.tiebreak.modifiers.median {
                            "M"
                        } else {
                            "C"
                        },
                        t.tiebreak.modifiers.cut
                    ),
                    Some(CutBy::Unplayed) => format!(
                        "  CUT (voluntarily unplayed round first, /C{})",
                        t.tiebreak.modifiers.cut
                    ),
                    Some(CutBy::High) => format!("  CUT (highest, /M{})", t.tiebreak.modifiers.cut),
                    None => String::new(),
                };
                writeln!(
                    f,
                    "    round {:>2} opp {:>4} result {} pts {}{} -> {}  [{}]{}",
                    c.round,
                    opp,
                    c.code.trf_char(),
                    c.points.format(1),
                    basis,
                    c.value.format(1),
                    c.note,
                    cut
                )?;
            }
        }
        for (label, n) in [("above", &self.above), ("below", &self.below)] {
            if let Some((p, tb)) = n {
                match tb {
                    Some(tb) => writeln!(f, "  {label}: {p}, separated by {tb}")?,
                    None => writeln!(f, "  {label}: {p}, tied on every tie-break")?,
                }
            }
        }
        Ok(())
    }
}

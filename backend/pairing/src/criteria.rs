//! The quality criteria of the Dutch system (C.04.3: 2017 C5-C19, 2026 C5-C21) evaluated on a
//! complete pairing of one round, bracket by bracket, so that two pairings of the same state can
//! be compared: which bracket first differs, and which criterion (in priority order) first
//! separates them there.
//!
//! The evaluation is independent of the engine: it reads the pairing state (scores with
//! acceleration, colour histories, floats, byes) as the handbook defines it (C.04.3 A.2-A.9) and
//! decomposes a pairing into its brackets: a game belongs to the bracket of the lower score of its
//! two players (the bracket where the lower one is a resident); a player paired below his own
//! scoregroup was a downfloater of every bracket in between and an MDP (moved-down player) of
//! each one below his own (A.3, A.4); the PAB (pairing-allocated bye) is given in the last bracket.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use crate::{Board, Colour, Edition, Pairing, PairingNumber, PairingState, RoundKind};

/// A float a player received in an earlier round (C.04.3 A.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Float {
    /// No float.
    None,
    /// A downfloat: paired against a lower score, or (2026) scored more than a loss without
    /// playing, (2017) did not play.
    Down,
    /// An upfloat: paired against a higher score.
    Up,
}

/// How strongly a player wants a colour (C.04.3 A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strength {
    /// Colour difference 0: the colour opposite to the last one played.
    Mild,
    /// Colour difference +1 or -1: the colour that evens it.
    Strong,
    /// Colour difference beyond 1, or the same colour twice running.
    Absolute,
}

/// One present player as the criteria see him (C.04.3 A.2-A.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The pairing number.
    pub pairing_number: PairingNumber,
    /// The score for pairing, in tenths (points plus acceleration for this round, C.04.5).
    pub score: u32,
    /// The colours of the games played, in round order (A.6; forfeits do not count).
    pub colours: Vec<Colour>,
    /// The colour preference and its strength (A.6); `None` before the first game.
    pub preference: Option<(Colour, Strength)>,
    /// The float received one round before (A.4).
    pub float1: Float,
    /// The float received two rounds before.
    pub float2: Float,
    /// A topscorer (A.7): only in the last round, more than half the maximum score.
    pub topscorer: bool,
    /// May receive the PAB (C2; 2026 with C.04.1: no PAB after a PAB, a full-point bye or a
    /// forfeit win; 2017: no PAB after a PAB or a forfeit win).
    pub bye_allowed: bool,
    /// Rounds not played (byes, forfeits, absences) so far (2026 C9).
    pub unplayed: u32,
    /// Players he may not meet: earlier opponents over the board and forbidden pairs (C1).
    pub met: HashSet<PairingNumber>,
}

/// The round being paired, as the criteria see it: the present players with their derived
/// figures.
#[derive(Clone, Debug)]
pub struct RoundView {
    /// The edition whose criteria apply.
    pub edition: Edition,
    /// The present players, in pairing-number order.
    pub players: Vec<PlayerView>,
    index: HashMap<PairingNumber, usize>,
    last_round: bool,
}

impl RoundView {
    /// Derives every present player's figures from the state (C.04.3 A.2-A.7).
    #[must_use]
    pub fn new(state: &PairingState) -> RoundView {
        let played_rounds = usize::from(state.round.saturating_sub(1));
        let by_pn: HashMap<PairingNumber, usize> = state
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.pairing_number, i))
            .collect();
        let pts = |i: usize, r: usize| state.players[i].history.get(r).map_or(0, |x| x.points);
        let acc = |i: usize, r: usize| state.players[i].acceleration.get(r).copied().unwrap_or(0);
        // The pairing score before round index `r` (0-based).
        let score_before = |i: usize, r: usize| (0..r).map(|k| pts(i, k)).sum::<u32>() + acc(i, r);
        let float = |i: usize, back: usize| -> Float {
            if played_rounds < back {
                return Float::None;
            }
            let r = played_rounds - back;
            let Some(rec) = state.players[i].history.get(r) else {
                return Float::None;
            };
            if rec.kind != RoundKind::Played {
                let down = match state.edition {
                    Edition::Dutch2026 => rec.points > state.points.loss,
                    Edition::Dutch2017 => true,
                };
                return if down { Float::Down } else { Float::None };
            }
            let Some(o) = rec.opponent.and_then(|o| by_pn.get(&o).copied()) else {
                return Float::None;
            };
            match score_before(i, r).cmp(&score_before(o, r)) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        };
        let last_round =
            state.rounds_planned > 0 && played_rounds + 1 >= usize::from(state.rounds_planned);
        let threshold = (u32::try_from(played_rounds).unwrap_or(u32::MAX)
            * state.points.win.max(state.points.draw))
            >> 1;
        let mut players: Vec<PlayerView> = state
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.absent)
            .map(|(i, p)| {
                let hist = &p.history[..p.history.len().min(played_rounds)];
                let colours: Vec<Colour> = hist
                    .iter()
                    .filter(|r| r.kind == RoundKind::Played)
                    .filter_map(|r| r.colour)
                    .collect();
                let white = colours.iter().filter(|&&c| c == Colour::White).count();
                let black = colours.len() - white;
                let lower = if white > black {
                    Colour::Black
                } else {
                    Colour::White
                };
                let twice =
                    colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
                let preference = if white.abs_diff(black) > 1 {
                    Some((lower, Strength::Absolute))
                } else if twice {
                    Some((colours[colours.len() - 1].invert(), Strength::Absolute))
                } else if white != black {
                    Some((lower, Strength::Strong))
                } else {
                    colours.last().map(|c| (c.invert(), Strength::Mild))
                };
                let mut met: HashSet<PairingNumber> = hist
                    .iter()
                    .filter(|r| r.kind == RoundKind::Played)
                    .filter_map(|r| r.opponent)
                    .collect();
                for &(a, b) in &state.forbidden {
                    if a == p.pairing_number {
                        met.insert(b);
                    } else if b == p.pairing_number {
                        met.insert(a);
                    }
                }
                let score = p.score() + acc(i, played_rounds);
                PlayerView {
                    pairing_number: p.pairing_number,
                    score,
                    colours,
                    preference,
                    float1: float(i, 1),
                    float2: float(i, 2),
                    topscorer: last_round && score > threshold,
                    bye_allowed: match state.edition {
                        Edition::Dutch2026 => !p.had_unplayed_win(state.points.win),
                        Edition::Dutch2017 => !hist
                            .iter()
                            .any(|r| matches!(r.kind, RoundKind::Pab | RoundKind::ForfeitWin)),
                    },
                    unplayed: u32::try_from(
                        hist.iter().filter(|r| r.kind != RoundKind::Played).count()
                            + played_rounds.saturating_sub(hist.len()),
                    )
                    .unwrap_or(u32::MAX),
                    met,
                }
            })
            .collect();
        players.sort_by_key(|p| p.pairing_number);
        let index = players
            .iter()
            .enumerate()
            .map(|(k, p)| (p.pairing_number, k))
            .collect();
        RoundView {
            edition: state.edition,
            players,
            index,
            last_round,
        }
    }

    /// The figures of a present player.
    #[must_use]
    pub fn player(&self, pn: PairingNumber) -> Option<&PlayerView> {
        self.index.get(&pn).map(|&k| &self.players[k])
    }

    /// Whether this is the last round (topscorers exist, A.7).
    #[must_use]
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// Whether two present players may meet by the absolute criteria: C1 (not met, not a
    /// forbidden pair) and C3 (not two non-topscorers with the same absolute colour preference).
    #[must_use]
    pub fn compatible(&self, a: PairingNumber, b: PairingNumber) -> bool {
        let (Some(x), Some(y)) = (self.player(a), self.player(b)) else {
            return false;
        };
        if a == b || x.met.contains(&b) || y.met.contains(&a) {
            return false;
        }
        match (x.preference, y.preference) {
            (Some((cx, Strength::Absolute)), Some((cy, Strength::Absolute))) if cx == cy => {
                x.topscorer || y.topscorer
            }
            _ => true,
        }
    }

    /// The scoregroups' scores (tenths), highest first.
    #[must_use]
    pub fn scoregroups(&self) -> Vec<u32> {
        let set: BTreeSet<u32> = self.players.iter().map(|p| p.score).collect();
        set.into_iter().rev().collect()
    }

    /// The present players of one scoregroup, in pairing-number order (A.2).
    fn residents(&self, score: u32) -> Vec<PairingNumber> {
        self.players
            .iter()
            .filter(|p| p.score == score)
            .map(|p| p.pairing_number)
            .collect()
    }

    /// A complete pairing decomposed into its brackets, highest scoregroup first (A.3, A.4).
    /// Players of the pairing who are not present are ignored.
    #[must_use]
    pub fn brackets(&self, pairing: &Pairing) -> Vec<Bracket> {
        let groups = self.scoregroups();
        let lowest = groups.last().copied().unwrap_or(0);
        // The score of the bracket in which each player is paired (or gets the PAB).
        let mut placed: HashMap<PairingNumber, u32> = HashMap::new();
        let score = |pn: PairingNumber| self.player(pn).map_or(0, |p| p.score);
        for b in &pairing.boards {
            let s = score(b.white).min(score(b.black));
            placed.insert(b.white, s);
            placed.insert(b.black, s);
        }
        if let Some(b) = pairing.bye {
            placed.insert(b, lowest);
        }
        let mut out = Vec::with_capacity(groups.len());
        for &s in &groups {
            let residents = self.residents(s);
            let mut mdps: Vec<PairingNumber> = self
                .players
                .iter()
                .filter(|p| p.score > s && placed.get(&p.pairing_number).is_some_and(|&x| x <= s))
                .map(|p| p.pairing_number)
                .collect();
            mdps.sort_by_key(|&pn| (std::cmp::Reverse(score(pn)), pn));
            let boards: Vec<Board> = pairing
                .boards
                .iter()
                .filter(|b| score(b.white).min(score(b.black)) == s)
                .copied()
                .collect();
            let bye = pairing.bye.filter(|_| s == lowest);
            let downfloaters: Vec<PairingNumber> = mdps
                .iter()
                .chain(residents.iter())
                .filter(|pn| placed.get(pn).is_some_and(|&x| x < s))
                .copied()
                .collect();
            out.push(Bracket {
                score: s,
                residents,
                mdps,
                boards,
                downfloaters,
                bye,
            });
        }
        out
    }
}

/// One bracket of a pairing (C.04.3 A.3): its residents, the MDPs it received, the games made in
/// it, the players it moved down, and the PAB in the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bracket {
    /// The residents' score, in tenths (with acceleration).
    pub score: u32,
    /// The residents (the scoregroup), in pairing-number order.
    pub residents: Vec<PairingNumber>,
    /// The moved-down players (MDPs), highest score first, then by pairing number.
    pub mdps: Vec<PairingNumber>,
    /// The games of this bracket (white, black).
    pub boards: Vec<Board>,
    /// The players left unpaired here and moved down (residents and MDPs), not the PAB.
    pub downfloaters: Vec<PairingNumber>,
    /// The PAB, in the last bracket.
    pub bye: Option<PairingNumber>,
}

impl Bracket {
    /// Whether two brackets made the same choices: the same games with the same colours, the
    /// same downfloaters and the same PAB.
    fn same_choices(&self, other: &Bracket) -> bool {
        let set = |b: &Bracket| -> BTreeSet<(PairingNumber, PairingNumber)> {
            b.boards.iter().map(|x| (x.white, x.black)).collect()
        };
        set(self) == set(other)
            && self.downfloaters.iter().collect::<BTreeSet<_>>()
                == other.downfloaters.iter().collect::<BTreeSet<_>>()
            && self.bye == other.bye
    }
}

/// A criterion's figure for one bracket of one pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A number of players or pairs: fewer is better.
    Fewer(u64),
    /// A number of pairs: more is better (2017 C5).
    More(u64),
    /// Scores or score differences in tenths, highest first, compared lexicographically: lower
    /// is better (an empty list is best).
    Scores(Vec<u32>),
    /// The next bracket's figures, in priority order (2017 C7, 2026 C8).
    Next(Vec<Value>),
}

impl Value {
    /// Compares two figures: `Less` when `self` is better.
    fn better(&self, other: &Value) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match (self, other) {
            (Value::Fewer(a), Value::Fewer(b)) => a.cmp(b),
            (Value::More(a), Value::More(b)) => b.cmp(a),
            (Value::Scores(a), Value::Scores(b)) => a.cmp(b),
            (Value::Next(a), Value::Next(b)) => a
                .iter()
                .zip(b)
                .map(|(x, y)| x.better(y))
                .find(|o| *o != Ordering::Equal)
                .unwrap_or(Ordering::Equal),
            _ => Ordering::Equal,
        }
    }
}

/// Tenths as points: `25` is `2.5`, `30` is `3`.
#[must_use]
pub fn points(tenths: u32) -> String {
    if tenths % 10 == 0 {
        format!("{}", tenths / 10)
    } else {
        format!("{}.{}", tenths / 10, tenths % 10)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Fewer(n) | Value::More(n) => write!(f, "{n}"),
            Value::Scores(list) if list.is_empty() => write!(f, "none"),
            Value::Scores(list) => {
                let text: Vec<String> = list.iter().map(|&t| points(t)).collect();
                write!(f, "[{}]", text.join(", "))
            }
            Value::Next(list) => {
                let text: Vec<String> = list.iter().map(ToString::to_string).collect();
                write!(f, "({})", text.join("; "))
            }
        }
    }
}

/// One criterion's figure for a bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figure {
    /// The criterion number (C5...).
    pub criterion: u8,
    /// What it counts, in the handbook's terms.
    pub what: &'static str,
    /// The figure.
    pub value: Value,
}

/// The figures of every quality criterion for one bracket of a pairing, in priority order
/// (2017: C5-C19; 2026: C5-C21 without C9, see below). `next` is the following bracket of the
/// same pairing (for 2017 C7 / 2026 C8); `bye` the pairing's PAB.
///
/// 2026 C9 (the PAB assignee's unplayed games) is left out: the endorsed engine (bbpPairings
/// 6.0.0), whose output the shared data records, ranks every PAB candidate alike on it, and so
/// does this crate's engine.
#[must_use]
pub fn figures(
    round: &RoundView,
    bracket: &Bracket,
    next: Option<&Bracket>,
    bye: Option<PairingNumber>,
) -> Vec<Figure> {
    let score = |pn: PairingNumber| round.player(pn).map_or(0, |p| p.score);
    let view = |pn: PairingNumber| round.player(pn);
    let s = bracket.score;
    let mut out = Vec::new();
    let mut push = |criterion: u8, what: &'static str, value: Value| {
        out.push(Figure {
            criterion,
            what,
            value,
        });
    };
    let desc = |mut v: Vec<u32>| {
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    // The players of the bracket's games with the colour each gets.
    let seated: Vec<(PairingNumber, Colour, PairingNumber)> = bracket
        .boards
        .iter()
        .flat_map(|b| {
            [
                (b.white, Colour::White, b.black),
                (b.black, Colour::Black, b.white),
            ]
        })
        .collect();
    let topscorer_game = |pn: PairingNumber, opp: PairingNumber| {
        view(pn).is_some_and(|p| p.topscorer) || view(opp).is_some_and(|p| p.topscorer)
    };
    let after = |pn: PairingNumber, c: Colour| -> Vec<Colour> {
        let mut v = view(pn).map(|p| p.colours.clone()).unwrap_or_default();
        v.push(c);
        v
    };
    let cd_beyond_2 = seated
        .iter()
        .filter(|&&(pn, c, opp)| {
            topscorer_game(pn, opp) && {
                let v = after(pn, c);
                let w = v.iter().filter(|&&x| x == Colour::White).count();
                w.abs_diff(v.len() - w) > 2
            }
        })
        .count() as u64;
    let three_running = seated
        .iter()
        .filter(|&&(pn, c, opp)| {
            topscorer_game(pn, opp) && {
                let v = after(pn, c);
                v.len() >= 3 && v[v.len() - 3..].iter().all(|&x| x == c)
            }
        })
        .count() as u64;
    let unmet = |min: Strength| {
        seated
            .iter()
            .filter(|&&(pn, c, _)| {
                view(pn)
                    .and_then(|p| p.preference)
                    .is_some_and(|(want, st)| st >= min && want != c)
            })
            .count() as u64
    };
    let (pref_unmet, strong_unmet) = (unmet(Strength::Mild), unmet(Strength::Strong));
    let float_of = |pn: PairingNumber, back: u8| {
        view(pn).map_or(Float::None, |p| if back == 1 { p.float1 } else { p.float2 })
    };
    // Games between an MDP and a resident: (MDP, resident).
    let mdp_games: Vec<(PairingNumber, PairingNumber)> = bracket
        .boards
        .iter()
        .filter_map(|b| match score(b.white).cmp(&score(b.black)) {
            std::cmp::Ordering::Greater => Some((b.white, b.black)),
            std::cmp::Ordering::Less => Some((b.black, b.white)),
            std::cmp::Ordering::Equal => None,
        })
        .collect();
    match round.edition {
        Edition::Dutch2026 => {
            push(
                5,
                "the PAB assignee's score",
                Value::Scores(bye.map(score).into_iter().collect()),
            );
            push(
                6,
                "downfloaters",
                Value::Fewer(bracket.downfloaters.len() as u64),
            );
            push(
                7,
                "the downfloaters' scores",
                Value::Scores(desc(
                    bracket.downfloaters.iter().map(|&p| score(p)).collect(),
                )),
            );
            let next_value = next.map_or(Value::Next(Vec::new()), |n| {
                Value::Next(vec![
                    Value::Fewer(n.downfloaters.len() as u64),
                    Value::Scores(desc(n.downfloaters.iter().map(|&p| score(p)).collect())),
                ])
            });
            push(
                8,
                "the next bracket's downfloaters and their scores",
                next_value,
            );
            push(
                10,
                "topscorers or opponents with a colour difference beyond 2",
                Value::Fewer(cd_beyond_2),
            );
            push(
                11,
                "topscorers or opponents with the same colour three times running",
                Value::Fewer(three_running),
            );
            push(12, "colour preferences not met", Value::Fewer(pref_unmet));
            push(
                13,
                "strong colour preferences not met",
                Value::Fewer(strong_unmet),
            );
            for (back, (c_count, c_diff)) in [(1u8, (14u8, 18u8)), (2, (16, 20))] {
                let resident_floaters: Vec<PairingNumber> = bracket
                    .downfloaters
                    .iter()
                    .filter(|&&p| score(p) == s && float_of(p, back) == Float::Down)
                    .copied()
                    .collect();
                let upfloated: Vec<(PairingNumber, PairingNumber)> = mdp_games
                    .iter()
                    .filter(|&&(_, r)| float_of(r, back) == Float::Up)
                    .copied()
                    .collect();
                let (down_what, up_what, down_diff, up_diff) = if back == 1 {
                    (
                        "resident downfloaters who downfloated the round before",
                        "MDP opponents who upfloated the round before",
                        "the scores of resident downfloaters who downfloated the round before",
                        "the score differences of MDP games against players who upfloated the round before",
                    )
                } else {
                    (
                        "resident downfloaters who downfloated two rounds before",
                        "MDP opponents who upfloated two rounds before",
                        "the scores of resident downfloaters who downfloated two rounds before",
                        "the score differences of MDP games against players who upfloated two rounds before",
                    )
                };
                push(
                    c_count,
                    down_what,
                    Value::Fewer(resident_floaters.len() as u64),
                );
                push(c_count + 1, up_what, Value::Fewer(upfloated.len() as u64));
                push(
                    c_diff,
                    down_diff,
                    Value::Scores(desc(resident_floaters.iter().map(|&p| score(p)).collect())),
                );
                push(
                    c_diff + 1,
                    up_diff,
                    Value::Scores(desc(
                        upfloated
                            .iter()
                            .map(|&(m, r)| score(m) - score(r))
                            .collect(),
                    )),
                );
            }
        }
        Edition::Dutch2017 => {
            // A.8: the PSD, with downfloaters measured against one point below the bracket.
            let psd = |b: &Bracket| {
                let mut v: Vec<u32> = b
                    .boards
                    .iter()
                    .map(|x| score(x.white).abs_diff(score(x.black)))
                    .collect();
                v.extend(
                    b.downfloaters
                        .iter()
                        .map(|&p| score(p) + 10 - b.score.min(score(p))),
                );
                desc(v)
            };
            push(5, "pairs", Value::More(bracket.boards.len() as u64));
            push(
                6,
                "the pairing score differences (PSD)",
                Value::Scores(psd(bracket)),
            );
            let next_value = next.map_or(Value::Next(Vec::new()), |n| {
                Value::Next(vec![
                    Value::More(n.boards.len() as u64),
                    Value::Scores(psd(n)),
                ])
            });
            push(7, "the next bracket's pairs and PSD", next_value);
            push(
                8,
                "topscorers or opponents with a colour difference beyond 2",
                Value::Fewer(cd_beyond_2),
            );
            push(
                9,
                "topscorers or opponents with the same colour three times running",
                Value::Fewer(three_running),
            );
            push(10, "colour preferences not met", Value::Fewer(pref_unmet));
            push(
                11,
                "strong colour preferences not met",
                Value::Fewer(strong_unmet),
            );
            // Players receiving a downfloat in this bracket: the downfloaters and the MDPs paired
            // here (A.4.b); an upfloat: residents paired with an MDP.
            let mut down: Vec<(PairingNumber, u32)> = bracket
                .downfloaters
                .iter()
                .map(|&p| (p, score(p) + 10 - s.min(score(p))))
                .collect();
            down.extend(mdp_games.iter().map(|&(m, r)| (m, score(m) - score(r))));
            let up: Vec<(PairingNumber, u32)> = mdp_games
                .iter()
                .map(|&(m, r)| (r, score(m) - score(r)))
                .collect();
            let mut diffs = Vec::new();
            for (back, c) in [(1u8, 12u8), (2, 14)] {
                let d: Vec<u32> = down
                    .iter()
                    .filter(|&&(p, _)| float_of(p, back) == Float::Down)
                    .map(|&(_, x)| x)
                    .collect();
                let u: Vec<u32> = up
                    .iter()
                    .filter(|&&(p, _)| float_of(p, back) == Float::Up)
                    .map(|&(_, x)| x)
                    .collect();
                let (dw, uw) = if back == 1 {
                    (
                        "players with the same downfloat as the round before",
                        "players with the same upfloat as the round before",
                    )
                } else {
                    (
                        "players with the same downfloat as two rounds before",
                        "players with the same upfloat as two rounds before",
                    )
                };
                push(c, dw, Value::Fewer(d.len() as u64));
                push(c + 1, uw, Value::Fewer(u.len() as u64));
                diffs.push((desc(d), desc(u)));
            }
            let names = [
                "the score differences of players with the same downfloat as the round before",
                "the score differences of players with the same upfloat as the round before",
                "the score differences of players with the same downfloat as two rounds before",
                "the score differences of players with the same upfloat as two rounds before",
            ];
            let lists = [
                diffs[0].0.clone(),
                diffs[0].1.clone(),
                diffs[1].0.clone(),
                diffs[1].1.clone(),
            ];
            for (k, (what, list)) in names.into_iter().zip(lists).enumerate() {
                push(16 + k as u8, what, Value::Scores(list));
            }
        }
    }
    out
}

/// Where a pairing first loses (or gains) against another: the bracket, the criterion and the
/// two figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The edition whose criteria were applied.
    pub edition: Edition,
    /// The bracket (its residents' score, tenths).
    pub bracket: u32,
    /// The criterion number (C5...).
    pub criterion: u8,
    /// What it counts.
    pub what: &'static str,
    /// The figure of the pairing judged.
    pub ours: Value,
    /// The figure of the pairing it is compared with.
    pub theirs: Value,
}

/// The year of an edition, for messages.
#[must_use]
pub const fn edition_year(edition: Edition) -> u16 {
    match edition {
        Edition::Dutch2017 => 2017,
        Edition::Dutch2026 => 2026,
    }
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let year = edition_year(self.edition);
        match (&self.ours, &self.theirs) {
            (Value::Fewer(a) | Value::More(a), Value::Fewer(b) | Value::More(b)) => {
                write!(f, "C{} ({year}): {a} {} vs {b}", self.criterion, self.what)?;
            }
            _ => write!(
                f,
                "C{} ({year}): {} {} vs {}",
                self.criterion, self.what, self.ours, self.theirs
            )?,
        }
        write!(f, ", bracket {}", points(self.bracket))
    }
}

/// How a pairing compares with another of the same round (C.04.3 quality criteria).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// The first pairing is worse: the first bracket and criterion where it loses.
    Worse(Difference),
    /// The first pairing is better there (the second pairing is not optimal by these figures).
    Better(Difference),
    /// They tie on every criterion in every bracket: they differ only by the ordering rules
    /// (C.04.3 B/D: S1 against S2, transpositions and exchanges in order) or colours.
    Equal,
}

/// Compares two complete pairings of the same round bracket by bracket from the top: in the
/// first bracket where they make different choices, the criteria in priority order; on a tie
/// there, the next bracket that differs.
#[must_use]
pub fn compare(round: &RoundView, ours: &Pairing, theirs: &Pairing) -> Comparison {
    let (a, b) = (round.brackets(ours), round.brackets(theirs));
    for k in 0..a.len().min(b.len()) {
        if a[k].same_choices(&b[k]) {
            continue;
        }
        let fa = figures(round, &a[k], a.get(k + 1), ours.bye);
        let fb = figures(round, &b[k], b.get(k + 1), theirs.bye);
        for (x, y) in fa.iter().zip(&fb) {
            let diff = || Difference {
                edition: round.edition,
                bracket: a[k].score,
                criterion: x.criterion,
                what: x.what,
                ours: x.value.clone(),
                theirs: y.value.clone(),
            };
            match x.value.better(&y.value) {
                std::cmp::Ordering::Greater => return Comparison::Worse(diff()),
                std::cmp::Ordering::Less => return Comparison::Better(diff()),
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    Comparison::Equal
}

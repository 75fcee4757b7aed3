//! From the team records and the board games to a [`TeamEvent`]: teams and rosters (`310`, or
//! `013` without them), settings (`352`, `362`, `320`, the `192` code), and round by round the
//! matches derived from the games (each game's two players' teams), the team bye (`320`, or the
//! team whose players have `U`), forfeited matches (`330`), line-ups (`300`, else the roster
//! order of those who played, empty boards last), first-named teams (the colour of the lowest
//! board with a game against record `352`) and tables (by the higher primary score of the two
//! teams before the round, then the lower score, then the lower team number; once the byes
//! before pairing are in, [`super::team_tables`] orders them by the pairing scores). Every game
//! of a match gets its board number, `(table - 1) × boards + board`.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use uuid::Uuid;

use super::TrfIssue;
use super::team_issue::TeamIssue;
use super::team_read::{RawTeam, TeamRecords, round_column};
use super::team_settings::{from_192, implied_boards, implied_bye_points};
use super::team_unplayed::forfeited_match;
use crate::check::IssueKind;
use crate::model::{PairingNumber, RawRecord, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::{Colour, ResultCode};
use crate::team::score::primary_of;
use crate::team::{
    Lineup, MatchForfeit, Team, TeamEvent, TeamMatch, TeamNumber, TeamRound, TeamSettings,
    alternating_colours,
};

/// A `300` line-up: (column, player or an empty board) by board.
type Order = Vec<(usize, Option<PairingNumber>)>;

/// What one round's records and games say about one match, before the boards are known.
#[derive(Default)]
struct Pair {
    /// Indices of the round's games between the two teams.
    games: Vec<usize>,
    /// Players with a forfeit win without opponent (the other team's board is empty).
    wins: Vec<PairingNumber>,
    /// `330`: (first, second, type).
    forfeit: Option<(TeamNumber, TeamNumber, MatchForfeit)>,
    /// `300` by team: (line, line-up).
    orders: BTreeMap<TeamNumber, (usize, Order)>,
}

/// One round's pairs (keyed by the lower team number first) and bye.
struct RoundPairs {
    number: RoundNumber,
    pairs: BTreeMap<(TeamNumber, TeamNumber), Pair>,
    bye: Option<TeamNumber>,
}

/// The team record's roster; errors for unknown start numbers and players listed twice.
fn roster(
    recs: &mut TeamRecords,
    raw: &RawTeam,
    players: &BTreeSet<PairingNumber>,
    seen: &BTreeSet<PairingNumber>,
    owner: &mut BTreeMap<PairingNumber, TeamNumber>,
) -> Vec<PairingNumber> {
    let mut out = Vec::new();
    for &(column, pn) in &raw.members {
        if !players.contains(&pn) {
            // A player whose own record has errors is already reported.
            if !seen.contains(&pn) {
                recs.push(
                    raw.line,
                    Some(column),
                    Some(pn),
                    None,
                    TeamIssue::UnknownMember(pn),
                );
            }
            continue;
        }
        if let Some(&first) = owner.get(&pn) {
            let kind = TeamIssue::PlayerInTwoTeams { player: pn, first };
            recs.push(raw.line, Some(column), Some(pn), None, kind);
            continue;
        }
        owner.insert(pn, raw.number);
        out.push(pn);
    }
    out
}

impl TeamRecords {
    /// Builds the team event into `t` (when the file defines teams) and returns every finding.
    /// `lines`: each player's `001` line; `seen`: every start number read, even on records with
    /// errors (no cascades).
    pub fn build(
        mut self,
        t: &mut Tournament,
        lines: &BTreeMap<PairingNumber, usize>,
        seen: &BTreeSet<PairingNumber>,
    ) -> Vec<TrfIssue> {
        if !self.has_teams() {
            for (code, line) in std::mem::take(&mut self.raw) {
                self.push(0, None, None, None, TeamIssue::WithoutTeams(code));
                t.other_records.push(RawRecord { line });
            }
            return self.issues;
        }
        let trf16 = self.trf26.is_empty();
        let raw_teams = if trf16 {
            std::mem::take(&mut self.trf16)
        } else {
            for (code, line) in &self.raw {
                if code == "013" {
                    t.other_records.push(RawRecord { line: line.clone() });
                }
            }
            for raw in std::mem::take(&mut self.trf16) {
                self.push(raw.line, Some(1), None, None, TeamIssue::Trf16TeamIgnored);
            }
            std::mem::take(&mut self.trf26)
        };
        let players: BTreeSet<PairingNumber> = t.players.iter().map(|p| p.pairing_number).collect();
        let mut owner = BTreeMap::new();
        let mut teams: Vec<Team> = Vec::new();
        let mut reported = Vec::new();
        for raw in &raw_teams {
            if teams.iter().any(|x| x.number == raw.number) {
                self.push(
                    raw.line,
                    Some(5),
                    None,
                    None,
                    TeamIssue::DuplicateTeam(raw.number),
                );
                continue;
            }
            let roster = roster(&mut self, raw, &players, seen, &mut owner);
            let mut team = Team::new(raw.number, raw.name.clone(), roster);
            team.id = Uuid::nil();
            team.nickname.clone_from(&raw.nickname);
            team.strength = raw.strength;
            team.rank = raw.rank;
            teams.push(team);
            reported.push((raw.line, raw.number, raw.match_points, raw.game_points));
        }
        teams.sort_by_key(|x| x.number);
        let mut event = TeamEvent::new(TeamSettings::new(1));
        event.teams = teams;
        let rounds = self.pair_rounds(t, &event, lines, &owner);
        // Settings.
        let boards = match &self.colours {
            Some((_, c)) => u8::try_from(c.len()).unwrap_or(99),
            None => implied_boards(t, &event.teams),
        };
        let mut settings = TeamSettings::new(boards);
        if let Some((_, c)) = &self.colours {
            settings.first_team_colours.clone_from(c);
        } else {
            settings.first_team_colours = alternating_colours(boards, Colour::White);
        }
        if let Some((_, mp)) = self.match_points {
            settings.match_points = mp;
        }
        (settings.primary, settings.colour_preferences) = from_192(t.pairing_system.as_deref());
        event.accelerations = self.team_accelerations(t);
        let (mp, gp) = match self.byes.first() {
            Some(b) => (b.match_points, b.game_points),
            None => implied_bye_points(t, &settings),
        };
        settings.bye_match_points = mp;
        settings.bye_game_points = gp;
        event.settings = settings;
        for rp in rounds {
            let round = self.lineups_and_tables(t, &event, rp, lines, trf16);
            if !round.matches.is_empty() || round.bye.is_some() {
                event.rounds.push(round);
            }
        }
        self.byes_before_pairing(t, &mut event);
        super::team_tables::order_tables(t, &mut event);
        let totals = event.scores_after_round(t, event.last_round());
        for (line, team, mp, gp) in reported {
            let Some(&(cmp, cgp)) = totals.get(&team) else {
                continue;
            };
            for (what, rep, comp, column) in [("match", mp, cmp, 55), ("game", gp, cgp, 62)] {
                if let Some(rep) = rep.filter(|r| *r != comp) {
                    let kind = TeamIssue::TotalsDisagree {
                        team,
                        what,
                        reported: rep,
                        computed: comp,
                    };
                    self.push(line, Some(column), None, None, kind);
                }
            }
        }
        t.team = Some(event);
        self.issues
    }

    /// Pass 1: each round's pairs of teams from the games, `330`, `300` and forfeit wins, and
    /// its bye from `320` and the players' `U`.
    fn pair_rounds(
        &mut self,
        t: &Tournament,
        event: &TeamEvent,
        lines: &BTreeMap<PairingNumber, usize>,
        owner: &BTreeMap<PairingNumber, TeamNumber>,
    ) -> Vec<RoundPairs> {
        let known: BTreeSet<TeamNumber> = event.teams.iter().map(|x| x.number).collect();
        let line_of = |pn: PairingNumber| lines.get(&pn).copied().unwrap_or(0);
        let mut last = t.rounds.iter().map(|r| r.number).max().unwrap_or(0);
        for f in &self.forfeits {
            last = last.max(f.round);
        }
        for b in &self.byes {
            last = last.max(b.teams.iter().map(|x| x.0).max().unwrap_or(0));
        }
        let mut out = Vec::new();
        for rn in 1..=last {
            let mut partner: BTreeMap<TeamNumber, TeamNumber> = BTreeMap::new();
            let mut pairs: BTreeMap<(TeamNumber, TeamNumber), Pair> = BTreeMap::new();
            let col = Some(round_column(rn));
            let round = t.round(rn);
            if let Some(r) = round {
                for (gi, g) in r.games.iter().enumerate() {
                    let (Some(&tw), Some(&tb)) = (owner.get(&g.white), owner.get(&g.black)) else {
                        for pn in [g.white, g.black] {
                            if !owner.contains_key(&pn) {
                                let at = line_of(pn);
                                self.push(at, col, Some(pn), Some(rn), TeamIssue::NotOnTeam);
                            }
                        }
                        continue;
                    };
                    if tw == tb {
                        let kind = TeamIssue::SameTeam {
                            opponent: g.black,
                            team: tw,
                        };
                        self.push(line_of(g.white), col, Some(g.white), Some(rn), kind);
                        continue;
                    }
                    match link(&mut partner, tw, tb) {
                        Ok(key) => pairs.entry(key).or_default().games.push(gi),
                        Err(kind) => {
                            self.push(line_of(g.white), col, Some(g.white), Some(rn), kind);
                        }
                    }
                }
            }
            for f in self.forfeits.iter().filter(|f| f.round == rn) {
                let unknown = [(f.first, 12), (f.second, 16)]
                    .into_iter()
                    .filter(|(team, _)| !known.contains(team))
                    .map(|(team, column)| {
                        team_issue(f.line, column, rn, TeamIssue::UnknownTeam(team))
                    })
                    .collect::<Vec<_>>();
                if !unknown.is_empty() {
                    self.issues.extend(unknown);
                    continue;
                }
                match link(&mut partner, f.first, f.second) {
                    Ok(key) => {
                        pairs.entry(key).or_default().forfeit = Some((f.first, f.second, f.kind));
                    }
                    Err(kind) => self.issues.push(team_issue(f.line, 12, rn, kind)),
                }
            }
            for o in self.orders.iter().filter(|o| o.round == rn) {
                let unknown = [(o.team, 9), (o.other, 13)]
                    .into_iter()
                    .filter(|(team, _)| !known.contains(team))
                    .map(|(team, column)| {
                        team_issue(o.line, column, rn, TeamIssue::UnknownTeam(team))
                    })
                    .collect::<Vec<_>>();
                if !unknown.is_empty() {
                    self.issues.extend(unknown);
                    continue;
                }
                match link(&mut partner, o.team, o.other) {
                    Ok(key) => {
                        let order = (o.line, o.order.clone());
                        pairs.entry(key).or_default().orders.insert(o.team, order);
                    }
                    Err(kind) => self.issues.push(team_issue(o.line, 9, rn, kind)),
                }
            }
            let mut bye: Option<(TeamNumber, PairingNumber)> = None;
            for b in round.map(|r| r.byes.as_slice()).unwrap_or_default() {
                let pn = b.player;
                if !matches!(b.code, ResultCode::ForfeitWin | ResultCode::Pab) {
                    continue;
                }
                let Some(&team) = owner.get(&pn) else {
                    self.push(line_of(pn), col, Some(pn), Some(rn), TeamIssue::NotOnTeam);
                    continue;
                };
                if b.code == ResultCode::Pab {
                    match bye {
                        Some((other, _)) if other != team => {
                            let kind = TeamIssue::TwoByes { team, other };
                            self.push(line_of(pn), col, Some(pn), Some(rn), kind);
                        }
                        Some(_) => {}
                        None => bye = Some((team, pn)),
                    }
                    continue;
                }
                match partner.get(&team) {
                    Some(&other) => {
                        let key = (team.min(other), team.max(other));
                        pairs.entry(key).or_default().wins.push(pn);
                    }
                    None => self.push(
                        line_of(pn),
                        col,
                        Some(pn),
                        Some(rn),
                        TeamIssue::NoMatch(team),
                    ),
                }
            }
            let mut bye_team = bye.map(|b| b.0);
            for b in &self.byes {
                let Some(&(_, column, team)) = b.teams.iter().find(|x| x.0 == rn) else {
                    continue;
                };
                if !known.contains(&team) {
                    self.issues
                        .push(team_issue(b.line, column, rn, TeamIssue::UnknownTeam(team)));
                } else if let Some(other) = bye_team.filter(|o| *o != team) {
                    self.issues.push(team_issue(
                        b.line,
                        column,
                        rn,
                        TeamIssue::TwoByes { team, other },
                    ));
                } else {
                    bye_team = Some(team);
                }
            }
            if let Some(team) = bye_team.filter(|x| partner.contains_key(x)) {
                let (line, pn) = bye.map_or((0, None), |(_, pn)| (line_of(pn), Some(pn)));
                self.push(line, col, pn, Some(rn), TeamIssue::ByeTeamPlays(team));
            }
            out.push(RoundPairs {
                number: rn,
                pairs,
                bye: bye_team,
            });
        }
        for b in self.byes.iter().skip(1) {
            if let Some(first) = self.byes.first()
                && (b.match_points, b.game_points) != (first.match_points, first.game_points)
            {
                let kind = TeamIssue::ByePointsDiffer {
                    match_points: b.match_points,
                    game_points: b.game_points,
                };
                self.issues.push(TrfIssue {
                    line: b.line,
                    column: Some(5),
                    player: None,
                    round: None,
                    kind: IssueKind::Team(kind),
                });
            }
        }
        out
    }
}

impl TeamRecords {
    /// Pass 2, one round: line-ups (checked against the games), first-named teams, tables and
    /// the games' board numbers.
    fn lineups_and_tables(
        &mut self,
        t: &mut Tournament,
        event: &TeamEvent,
        rp: RoundPairs,
        lines: &BTreeMap<PairingNumber, usize>,
        trf16: bool,
    ) -> TeamRound {
        let rn = rp.number;
        let col = Some(round_column(rn));
        let line_of = |pn: PairingNumber| lines.get(&pn).copied().unwrap_or(0);
        let settings = &event.settings;
        let boards = usize::from(settings.boards);
        let owner = event.membership();
        let scores = event.scores_after_round(t, rn.saturating_sub(1));
        let primary = |team: TeamNumber| {
            scores
                .get(&team)
                .map_or(Points::ZERO, |s| primary_of(settings, *s))
        };
        let games = t.round(rn).map(|r| r.games.clone()).unwrap_or_default();
        let mut matches = Vec::new();
        let mut lineups = BTreeMap::new();
        for ((a, b), pair) in rp.pairs {
            let mut side: BTreeMap<TeamNumber, Vec<PairingNumber>> = BTreeMap::new();
            for g in pair.games.iter().filter_map(|gi| games.get(*gi)) {
                for pn in [g.white, g.black] {
                    side.entry(owner.get(&pn).copied().unwrap_or(0))
                        .or_default()
                        .push(pn);
                }
            }
            for &pn in &pair.wins {
                side.entry(owner.get(&pn).copied().unwrap_or(0))
                    .or_default()
                    .push(pn);
            }
            let mut lineup = |recs: &mut TeamRecords, x: TeamNumber, other: TeamNumber| {
                let roster = event
                    .team(x)
                    .map(|t| t.roster.as_slice())
                    .unwrap_or_default();
                let occupants = side.remove(&x).unwrap_or_default();
                let mut l: Vec<Option<PairingNumber>> =
                    if let Some((line, order)) = pair.orders.get(&x) {
                        {
                            for &(column, p) in order {
                                if let Some(p) = p.filter(|p| !roster.contains(p)) {
                                    let kind = TeamIssue::NotOnRoster { player: p, team: x };
                                    recs.push(*line, Some(column), Some(p), Some(rn), kind);
                                }
                            }
                            for &p in &occupants {
                                if !order.iter().any(|(_, q)| *q == Some(p)) {
                                    let kind = TeamIssue::MissingFromLineup(p);
                                    recs.push(*line, Some(17), Some(p), Some(rn), kind);
                                }
                            }
                            order.iter().map(|(_, p)| *p).collect()
                        }
                    } else {
                        let mut occ = occupants.clone();
                        occ.sort_by_key(|p| roster.iter().position(|q| q == p));
                        occ.into_iter().map(Some).collect()
                    };
                if l.len() > boards {
                    let at = pair.orders.get(&x).map(|o| o.0);
                    let first = occupants.first().copied();
                    let line = at.unwrap_or_else(|| first.map_or(0, line_of));
                    let kind = TeamIssue::TooManyBoards {
                        team: x,
                        opponent: other,
                        used: l.len(),
                        boards: settings.boards,
                    };
                    recs.push(
                        line,
                        if at.is_some() { Some(17) } else { col },
                        first,
                        Some(rn),
                        kind,
                    );
                }
                l.resize(boards, None);
                l
            };
            let la = lineup(self, a, b);
            let lb = lineup(self, b, a);
            let (la, lb) = if pair.orders.is_empty() {
                let mut opponent = BTreeMap::new();
                for g in pair.games.iter().filter_map(|gi| games.get(*gi)) {
                    opponent.insert(g.white, g.black);
                    opponent.insert(g.black, g.white);
                }
                let rank = |x: TeamNumber| {
                    let roster = event.team(x).map(|t| t.roster.clone()).unwrap_or_default();
                    move |p: PairingNumber| roster.iter().position(|q| *q == p)
                };
                align(la, lb, &opponent, &pair.wins, (rank(a), rank(b)))
            } else {
                (la, lb)
            };
            let pos = |l: &[Option<PairingNumber>], p: PairingNumber| {
                l.iter().position(|x| *x == Some(p))
            };
            let mut placed: Vec<(usize, usize)> = Vec::new();
            let mut lowest: Option<(usize, bool)> = None;
            for &gi in &pair.games {
                let Some(g) = games.get(gi) else { continue };
                let (pa, pb) = if owner.get(&g.white) == Some(&a) {
                    (g.white, g.black)
                } else {
                    (g.black, g.white)
                };
                match (pos(&la, pa), pos(&lb, pb)) {
                    (Some(i), Some(j)) if i == j => {
                        placed.push((gi, i));
                        let board = u8::try_from(i + 1).unwrap_or(u8::MAX);
                        if g.colours_known && lowest.is_none_or(|(k, _)| i < k) {
                            let a_first =
                                g.colour_of(pa) == Some(settings.first_team_colour(board));
                            lowest = Some((i, a_first));
                        }
                    }
                    (i, j) => {
                        let (team, opponent, pn, at) = match (i, j) {
                            (Some(_), Some(j)) => (b, a, pb, j),
                            (Some(i), None) | (None, Some(i)) => (a, b, pa, i),
                            (None, None) => (a, b, pa, 0),
                        };
                        let kind = TeamIssue::LineupMismatch {
                            team,
                            opponent,
                            board: at + 1,
                        };
                        self.push(line_of(pn), col, Some(pn), Some(rn), kind);
                    }
                }
            }
            for &pn in &pair.wins {
                let (own, other, team, opponent) = if owner.get(&pn) == Some(&a) {
                    (&la, &lb, a, b)
                } else {
                    (&lb, &la, b, a)
                };
                let i = pos(own, pn);
                if i.is_none_or(|i| other.get(i).copied().flatten().is_some()) {
                    let kind = TeamIssue::LineupMismatch {
                        team,
                        opponent,
                        board: i.map_or(0, |i| i + 1),
                    };
                    self.push(line_of(pn), col, Some(pn), Some(rn), kind);
                }
            }
            let (first, second, forfeit) = match (pair.forfeit, lowest) {
                (Some((f, s, kind)), _) => (f, s, Some(kind)),
                (None, Some((_, false))) => (b, a, None),
                (None, _) => (a, b, None),
            };
            // TRF16 has no `330`: every board forfeited is a forfeited match (TRF.md).
            let forfeit = forfeit.or_else(|| {
                forfeited_match(trf16, (&pair.games, &pair.wins), &games, &owner, first)
            });
            if forfeit.is_none() {
                for &(gi, i) in &placed {
                    let Some(g) = games.get(gi).filter(|g| g.colours_known) else {
                        continue;
                    };
                    let board = u8::try_from(i + 1).unwrap_or(u8::MAX);
                    let mine = if owner.get(&g.white) == Some(&first) {
                        g.white
                    } else {
                        g.black
                    };
                    if g.colour_of(mine) != Some(settings.first_team_colour(board)) {
                        let kind = TeamIssue::ColoursOffSequence {
                            first,
                            second,
                            board: i + 1,
                        };
                        self.push(line_of(mine), col, Some(mine), Some(rn), kind);
                    }
                }
            }
            if !pair.games.is_empty() || !pair.wins.is_empty() || !pair.orders.is_empty() {
                for (x, l) in [(a, la), (b, lb)] {
                    lineups.insert(
                        x,
                        Lineup {
                            boards: l,
                            submitted_by: None,
                        },
                    );
                }
            }
            let (sa, sb) = (primary(a), primary(b));
            let key = (Reverse(sa.max(sb)), Reverse(sa.min(sb)), a.min(b));
            matches.push((
                key,
                TeamMatch {
                    table: 0,
                    first,
                    second,
                    forfeit,
                },
                placed,
            ));
        }
        matches.sort_by_key(|m| m.0);
        let mut out = Vec::new();
        let ri = t.rounds.iter().position(|r| r.number == rn);
        for (i, (_, mut m, placed)) in matches.into_iter().enumerate() {
            m.table = u16::try_from(i + 1).unwrap_or(u16::MAX);
            if let Some(r) = ri.and_then(|ri| t.rounds.get_mut(ri)) {
                for (gi, k) in placed {
                    let board = u8::try_from(k + 1).unwrap_or(u8::MAX);
                    if let Some(g) = r.games.get_mut(gi) {
                        g.board = Some(settings.global_board(m.table, board));
                    }
                }
            }
            out.push(m);
        }
        TeamRound {
            number: rn,
            matches: out,
            bye: rp.bye,
            lineups,
            ..TeamRound::default()
        }
    }
}

/// Whether two line-ups put each game of the match on one board (`opponent`: each player's
/// opponent, both ways) and each forfeit win without opponent (`wins`) opposite an empty board.
fn aligned(
    la: &[Option<PairingNumber>],
    lb: &[Option<PairingNumber>],
    opponent: &BTreeMap<PairingNumber, PairingNumber>,
    wins: &[PairingNumber],
) -> bool {
    let pos = |l: &[Option<PairingNumber>], p: PairingNumber| l.iter().position(|x| *x == Some(p));
    let games = la
        .iter()
        .flatten()
        .filter_map(|p| opponent.get(p).map(|q| (*p, *q)));
    games
        .into_iter()
        .all(|(p, q)| pos(la, p).is_some() && pos(la, p) == pos(lb, q))
        && wins.iter().all(|w| {
            let (own, other) = if pos(la, *w).is_some() {
                (la, lb)
            } else {
                (lb, la)
            };
            pos(own, *w).is_some_and(|i| other.get(i).copied().flatten().is_none())
        })
}

/// The line-up of a team seated opposite `reference` (its opponent's): each player on the board
/// of the player met, its forfeit winners without opponent (`wins`, roster order) on the boards
/// left empty opposite nobody, in order. `None` unless the boards keep the roster order
/// (`rank`: a player's place in the roster), as a line-up must (C.04.6, board order).
fn opposite(
    reference: &[Option<PairingNumber>],
    opponent: &BTreeMap<PairingNumber, PairingNumber>,
    wins: &[PairingNumber],
    rank: &dyn Fn(PairingNumber) -> Option<usize>,
) -> Option<Vec<Option<PairingNumber>>> {
    let mut l: Vec<Option<PairingNumber>> = reference
        .iter()
        .map(|p| p.and_then(|p| opponent.get(&p).copied()))
        .collect();
    let mut own: Vec<PairingNumber> = wins
        .iter()
        .copied()
        .filter(|w| rank(*w).is_some())
        .collect();
    own.sort_by_key(|w| rank(*w));
    let free: Vec<usize> = (0..l.len())
        .filter(|&i| reference.get(i).copied().flatten().is_none() && l[i].is_none())
        .collect();
    if own.len() > free.len() {
        return None;
    }
    for (w, i) in own.into_iter().zip(free) {
        l[i] = Some(w);
    }
    let ranks: Vec<usize> = l
        .iter()
        .flatten()
        .map(|p| rank(*p))
        .collect::<Option<_>>()?;
    ranks.windows(2).all(|w| w[0] < w[1]).then_some(l)
}

/// Line-ups without `300` records, each team in roster order: when they do not put each game on
/// one board (a team left a board empty and played on below it, the opponent's player on that
/// board scoring a forfeit win without opponent, `0000 - +`), the team with the empty board is
/// seated opposite the players it met, if that keeps its roster order; else the roster orders
/// stay (and the games that do not fit are reported).
fn align<FA, FB>(
    la: Vec<Option<PairingNumber>>,
    lb: Vec<Option<PairingNumber>>,
    opponent: &BTreeMap<PairingNumber, PairingNumber>,
    wins: &[PairingNumber],
    (rank_a, rank_b): (FA, FB),
) -> (Vec<Option<PairingNumber>>, Vec<Option<PairingNumber>>)
where
    FA: Fn(PairingNumber) -> Option<usize>,
    FB: Fn(PairingNumber) -> Option<usize>,
{
    if aligned(&la, &lb, opponent, wins) {
        return (la, lb);
    }
    if let Some(b) =
        opposite(&la, opponent, wins, &rank_b).filter(|b| aligned(&la, b, opponent, wins))
    {
        return (la, b);
    }
    if let Some(a) =
        opposite(&lb, opponent, wins, &rank_a).filter(|a| aligned(a, &lb, opponent, wins))
    {
        return (a, lb);
    }
    (la, lb)
}

/// Pairs two teams in a round: the key of the pair, or the error when either already meets
/// another team.
fn link(
    partner: &mut BTreeMap<TeamNumber, TeamNumber>,
    a: TeamNumber,
    b: TeamNumber,
) -> Result<(TeamNumber, TeamNumber), TeamIssue> {
    for (x, y) in [(a, b), (b, a)] {
        if let Some(&other) = partner.get(&x).filter(|o| **o != y) {
            return Err(TeamIssue::TwoOpponents {
                team: x,
                first: other,
                second: y,
            });
        }
    }
    partner.insert(a, b);
    partner.insert(b, a);
    Ok((a.min(b), a.max(b)))
}

/// An issue on a team record's line, in a round.
fn team_issue(line: usize, column: usize, round: RoundNumber, kind: TeamIssue) -> TrfIssue {
    TrfIssue {
        line,
        column: Some(column),
        player: None,
        round: Some(round),
        kind: IssueKind::Team(kind),
    }
}

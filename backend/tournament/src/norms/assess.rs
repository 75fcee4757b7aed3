//! The computation behind [`norm_report`](super::norm_report): which games count (B.01 1.4.2),
//! the rating floor (1.4.6), the average and the performance (1.4.7-1.4.9), the opponent mix
//! (1.4.3-1.4.5) and what the rounds left would need.

use std::collections::{BTreeMap, BTreeSet};

use super::{
    ExcludedRound, FederationExemption, GameScore, LastRoundNeed, NormBasis, NormGame, NormReport,
    NormRules, NormTitle, NotCounted, Requirement, RequirementCheck, RoundToPlay, UNRATED_RATING,
    is_title_holder,
};
use crate::model::{PairingNumber, Player, RoundNumber, RoundState, Title, Tournament};
use crate::points::Points;
use crate::result::ResultCode;
use crate::tiebreak::rating::{div_half_up, dp_for_percent};

/// A game that counts: round, opponent, result; `forfeit_as_loss` for the last-round forfeit
/// win of 1.4.2c counted as a loss.
#[derive(Clone, Copy, Debug)]
struct Entry {
    round: RoundNumber,
    opponent: PairingNumber,
    result: GameScore,
    forfeit_as_loss: bool,
}

/// A player's rounds sorted into counted games, rounds without a game and rounds to play.
struct Collected {
    entries: Vec<Entry>,
    excluded: Vec<ExcludedRound>,
    to_play: Vec<RoundToPlay>,
}

/// What the assessment needs about the event beyond the games.
struct Context {
    /// 1.4.1c can apply: a 9-round event in which the player had a forfeit win or a PAB.
    bye_rule_possible: bool,
    /// The exemption from 1.4.3 and 1.4.4 that applies to the player.
    exemption: Option<FederationExemption>,
}

/// The figures of one assessment of a set of games.
struct Assessed {
    games: Vec<NormGame>,
    requirements: Vec<RequirementCheck>,
    average: Option<i64>,
    percent: Option<i64>,
    performance: Option<i64>,
    required_score: Option<Points>,
    score: Points,
    is_norm: bool,
}

/// A rating, `None` when unrated (no rating or `0`).
fn rating_of(p: &Player) -> Option<u16> {
    p.rating.filter(|&r| r > 0)
}

/// A federation as a key for 1.4.3 and 1.4.4: upper case; `None` for `FID`, blank or unknown.
fn federation_key(federation: Option<&str>) -> Option<String> {
    let f = federation?.trim().to_ascii_uppercase();
    (!f.is_empty() && f != "FID").then_some(f)
}

/// The number of rounds of the event: the planned number, or more when more were recorded.
fn event_rounds(t: &Tournament) -> RoundNumber {
    let recorded = t.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    t.rounds_planned
        .unwrap_or(0)
        .max(recorded)
        .max(t.last_round())
}

/// Whether a round is not yet paired: absent from the record, planned, or empty.
fn unpaired(t: &Tournament, round: RoundNumber) -> bool {
    t.round(round)
        .is_none_or(|r| r.state == RoundState::Planned || (r.games.is_empty() && r.byes.is_empty()))
}

/// Whether an opponent's games do not count for a norm (1.4.2a, 1.4.2b).
fn not_countable(t: &Tournament, opponent: PairingNumber, rules: &NormRules) -> Option<NotCounted> {
    let opp = t.player(opponent)?;
    let federation = opp.federation.as_deref().map(str::trim);
    if let Some(f) = federation.filter(|f| {
        rules
            .non_fide_federations
            .iter()
            .any(|n| n.trim().eq_ignore_ascii_case(f))
    }) {
        return Some(NotCounted::NonFideOpponent {
            opponent,
            federation: f.to_owned(),
        });
    }
    if rules.round_robin && rating_of(opp).is_none() && scored_zero_against_rated(t, opponent) {
        return Some(NotCounted::UnratedScoredZero { opponent });
    }
    None
}

/// Whether a player scored nothing in rated games against rated opponents (1.4.2b).
fn scored_zero_against_rated(t: &Tournament, player: PairingNumber) -> bool {
    (1..=t.last_round())
        .map(|r| t.player_round(player, r))
        .filter(|pr| pr.code.is_rated())
        .filter(|pr| {
            pr.opponent
                .and_then(|o| t.player(o))
                .and_then(rating_of)
                .is_some()
        })
        .all(|pr| pr.code == ResultCode::Loss)
}

/// Sorts a player's rounds 1 to [`event_rounds`].
fn collect(t: &Tournament, p: &Player, rules: &NormRules) -> Collected {
    let mut c = Collected {
        entries: Vec::new(),
        excluded: Vec::new(),
        to_play: Vec::new(),
    };
    for round in 1..=event_rounds(t) {
        let pr = t.player_round(p.pairing_number, round);
        let mut exclude = |reason| c.excluded.push(ExcludedRound { round, reason });
        match (pr.opponent, pr.code) {
            (Some(opponent), code) if code.is_rated() => {
                if let Some(reason) = not_countable(t, opponent, rules) {
                    exclude(reason);
                } else {
                    let result = match code {
                        ResultCode::Win => GameScore::Win,
                        ResultCode::Draw => GameScore::Draw,
                        _ => GameScore::Loss,
                    };
                    c.entries.push(Entry {
                        round,
                        opponent,
                        result,
                        forfeit_as_loss: false,
                    });
                }
            }
            (Some(opponent), code) if code.is_played() => {
                exclude(NotCounted::UnratedGame { opponent, code });
            }
            (Some(opponent), code) if code.is_forfeit() => exclude(NotCounted::Forfeit {
                opponent,
                won: code == ResultCode::ForfeitWin,
            }),
            (Some(opponent), ResultCode::Blank | ResultCode::Unknown) => {
                c.to_play.push(RoundToPlay {
                    round,
                    opponent: Some(opponent),
                });
            }
            (None, ResultCode::Blank) if unpaired(t, round) => c.to_play.push(RoundToPlay {
                round,
                opponent: None,
            }),
            (_, code) => exclude(NotCounted::NoOpponent { code }),
        }
    }
    c
}

/// The large foreign field of 1.4.3d when the rules leave it to be found (no exemption given, a
/// Swiss event); computed once per call, as it reads every player's rounds.
pub(super) fn foreign_field_of(t: &Tournament, rules: &NormRules) -> Option<FederationExemption> {
    if rules.federation_exemption.is_some() || rules.round_robin {
        return None;
    }
    foreign_field(t)
}

/// The exemption from 1.4.3 and 1.4.4 that applies to a player; `field` is
/// [`foreign_field_of`].
fn exemption_for(
    t: &Tournament,
    p: &Player,
    rules: &NormRules,
    field: Option<&FederationExemption>,
) -> Option<FederationExemption> {
    match &rules.federation_exemption {
        Some(
            e @ (FederationExemption::NationalChampionship
            | FederationExemption::NationalTeamChampionship),
        ) => {
            let host = federation_key(t.federation.as_deref());
            (host.is_some() && host == federation_key(p.federation.as_deref())).then(|| e.clone())
        }
        Some(e) => Some(e.clone()),
        None => field.cloned(),
    }
}

/// 1.4.3d: the large foreign field of a Swiss event, counted over the rounds recorded.
fn foreign_field(t: &Tournament) -> Option<FederationExemption> {
    let host = federation_key(t.federation.as_deref())?;
    let rounds = t.last_round();
    if rounds == 0 {
        return None;
    }
    let mut players: u16 = 0;
    let mut federations = BTreeSet::new();
    let mut titled: u16 = 0;
    for p in &t.players {
        let Some(fed) = federation_key(p.federation.as_deref()) else {
            continue;
        };
        if fed == host || rating_of(p).is_none() {
            continue;
        }
        let missed = (1..=rounds)
            .map(|r| t.player_round(p.pairing_number, r))
            .filter(|pr| {
                !(pr.played || matches!(pr.code, ResultCode::ForfeitWin | ResultCode::Pab))
            })
            .count();
        if missed > 1 {
            continue;
        }
        players += 1;
        federations.insert(fed);
        if matches!(
            p.title,
            Some(Title::Gm | Title::Im | Title::Wgm | Title::Wim)
        ) {
            titled += 1;
        }
    }
    let federations = federations.len() as u16;
    (players >= 20 && federations >= 3 && titled >= 10).then_some(
        FederationExemption::ForeignField {
            players,
            federations,
            titled,
        },
    )
}

/// 1.4.1a and 1.4.1c: whether `count` games are enough, and whether through 1.4.1c.
fn games_enough(count: u16, rules: &NormRules, ctx: &Context) -> (bool, bool) {
    if count >= rules.min_games {
        return (true, false);
    }
    let by_bye_rule = rules.min_games == 9 && count == 8 && ctx.bye_rule_possible;
    (by_bye_rule, by_bye_rule)
}

/// The least score of at least 35% of `n` games, in tenths, in whole half points (1.4.8b).
fn min_score_tenths(n: u16) -> u32 {
    (7 * u32::from(n)).div_ceil(10) * 5
}

/// The performance rating for a score in tenths over `n` games at average `average` (1.4.8-9).
fn performance(average: i64, score_tenths: u32, n: u16) -> i64 {
    average + dp_for_percent(div_half_up(i64::from(score_tenths) * 10, i64::from(n)))
}

/// The least total score in tenths (whole half points) over `n` games at `average` that meets
/// 1.4.8 and 1.4.8b; `None` when none does.
fn least_total(title: NormTitle, average: i64, n: u16) -> Option<u32> {
    if n == 0 {
        return None;
    }
    (0..=2 * u32::from(n)).map(|halves| halves * 5).find(|&s| {
        s >= min_score_tenths(n) && performance(average, s, n) >= title.min_performance()
    })
}

/// Assesses one set of counted games for one norm.
fn assess(
    t: &Tournament,
    p: &Player,
    title: NormTitle,
    rules: &NormRules,
    entries: &[Entry],
    ctx: &Context,
) -> Assessed {
    let mut games: Vec<NormGame> = entries
        .iter()
        .map(|e| {
            let opp = t.player(e.opponent);
            let rating = opp.and_then(rating_of);
            NormGame {
                round: e.round,
                opponent: e.opponent,
                opponent_name: opp.map(|o| o.name.clone()).unwrap_or_default(),
                opponent_title: opp.and_then(|o| o.title.clone()),
                opponent_federation: opp.and_then(|o| o.federation.clone()),
                opponent_rating: rating,
                rating_used: rating.unwrap_or(UNRATED_RATING),
                raised_to_floor: false,
                result: e.result,
                forfeit_as_loss: e.forfeit_as_loss,
            }
        })
        .collect();
    games.sort_by_key(|g| g.round);
    // 1.4.6c: only the lowest-rated opponent (the earliest on a tie) is raised to the floor.
    if let Some(lowest) = games
        .iter_mut()
        .min_by_key(|g| g.rating_used)
        .filter(|g| g.rating_used < title.rating_floor())
    {
        lowest.rating_used = title.rating_floor();
        lowest.raised_to_floor = true;
    }

    let n = games.len() as u16;
    let score: Points = games.iter().map(|g| g.result.points()).sum();
    let mut requirements = Vec::new();
    let mut push = |requirement, met| requirements.push(RequirementCheck { requirement, met });

    let (met, by_bye_rule) = games_enough(n, rules, ctx);
    push(
        Requirement::Games {
            needed: rules.min_games,
            counted: n,
            by_bye_rule,
        },
        met,
    );

    let own = federation_key(p.federation.as_deref());
    let mut by_federation: BTreeMap<String, u16> = BTreeMap::new();
    for g in &games {
        if let Some(f) = federation_key(g.opponent_federation.as_deref()) {
            *by_federation.entry(f).or_insert(0) += 1;
        }
    }
    let foreign = by_federation
        .keys()
        .filter(|f| Some(*f) != own.as_ref())
        .count() as u16;
    let own_count = own
        .as_ref()
        .and_then(|o| by_federation.get(o))
        .copied()
        .unwrap_or(0);
    let mut largest: Option<(&String, u16)> = None;
    for (f, &c) in &by_federation {
        if largest.is_none_or(|(_, best)| c > best) {
            largest = Some((f, c));
        }
    }
    let exempt = ctx.exemption.clone();
    let waived = exempt.is_some();
    push(
        Requirement::ForeignFederations {
            needed: 2,
            achieved: foreign,
            exempt: exempt.clone(),
        },
        waived || foreign >= 2,
    );
    let most_own = 3 * n / 5;
    push(
        Requirement::OwnFederation {
            federation: own.clone(),
            most: most_own,
            achieved: own_count,
            exempt: exempt.clone(),
        },
        waived || own_count <= most_own,
    );
    let most_one = 2 * n / 3;
    let one_count = largest.map_or(0, |(_, c)| c);
    push(
        Requirement::OneFederation {
            federation: largest.map(|(f, _)| f.clone()),
            most: most_one,
            achieved: one_count,
            exempt,
        },
        waived || one_count <= most_one,
    );

    let holders = games
        .iter()
        .filter(|g| g.opponent_title.as_ref().is_some_and(is_title_holder))
        .count() as u16;
    let needed = n.div_ceil(2);
    push(
        Requirement::TitleHolders {
            needed,
            achieved: holders,
        },
        holders >= needed,
    );
    let at_level = games
        .iter()
        .filter(|g| {
            g.opponent_title
                .as_ref()
                .is_some_and(|tt| title.counts_at_level(tt))
        })
        .count() as u16;
    let needed = n.div_ceil(3).max(3);
    push(
        Requirement::TitledAtLevel {
            needed,
            achieved: at_level,
        },
        at_level >= needed,
    );

    if let Some(percent) = rules.max_unrated_percent {
        let unrated = games.iter().filter(|g| g.opponent_rating.is_none()).count() as u16;
        let most = (u32::from(n) * u32::from(percent) / 100) as u16;
        push(
            Requirement::UnratedOpponents {
                most,
                achieved: unrated,
            },
            unrated <= most,
        );
    }

    let total: i64 = games.iter().map(|g| i64::from(g.rating_used)).sum();
    let average = (n > 0).then(|| div_half_up(total, i64::from(n)));
    push(
        Requirement::AverageRating {
            needed: title.min_average(),
            achieved: average,
        },
        average.is_some_and(|a| a >= title.min_average()),
    );
    let percent = (n > 0).then(|| div_half_up(i64::from(score.tenths()) * 10, i64::from(n)));
    let rp = average.map(|a| performance(a, score.tenths(), n));
    push(
        Requirement::Performance {
            needed: title.min_performance(),
            achieved: rp,
        },
        rp.is_some_and(|r| r >= title.min_performance()),
    );
    let min_score = Points::from_tenths(min_score_tenths(n));
    push(
        Requirement::MinimumScore {
            needed: min_score,
            achieved: score,
        },
        n > 0 && score >= min_score,
    );

    let required_score = average
        .and_then(|a| least_total(title, a, n))
        .map(Points::from_tenths);
    let is_norm = requirements.iter().all(|c| c.met);
    Assessed {
        games,
        requirements,
        average,
        percent,
        performance: rp,
        required_score,
        score,
        is_norm,
    }
}

/// What the rounds left would need (see [`LastRoundNeed`]); `None` when none are left.
fn last_round_need(
    t: &Tournament,
    p: &Player,
    title: NormTitle,
    rules: &NormRules,
    c: &Collected,
    ctx: &Context,
    now: &Assessed,
) -> Option<LastRoundNeed> {
    match c.to_play.as_slice() {
        [] => None,
        [
            RoundToPlay {
                round,
                opponent: Some(opponent),
            },
        ] => {
            let countable = not_countable(t, *opponent, rules).is_none();
            let with = |result| {
                let mut entries = c.entries.clone();
                if countable {
                    entries.push(Entry {
                        round: *round,
                        opponent: *opponent,
                        result,
                        forfeit_as_loss: false,
                    });
                }
                assess(t, p, title, rules, &entries, ctx)
            };
            let least = [GameScore::Loss, GameScore::Draw, GameScore::Win]
                .into_iter()
                .find(|&r| with(r).is_norm);
            let failing = if least.is_some() {
                Vec::new()
            } else {
                with(GameScore::Win)
                    .requirements
                    .iter()
                    .filter(|ch| !ch.met)
                    .map(|ch| ch.requirement.kind())
                    .collect()
            };
            Some(LastRoundNeed::Paired {
                title,
                round: *round,
                opponent: *opponent,
                least,
                failing,
            })
        }
        left => {
            let k = left.len() as u16;
            let n = c.entries.len() as u16;
            let (reachable, _) = games_enough(n + k, rules, ctx);
            let points_needed = now
                .average
                .filter(|_| reachable)
                .and_then(|a| least_total(title, a, n + k))
                .map(|total| total.saturating_sub(now.score.tenths()))
                .filter(|&needed| needed <= u32::from(k) * 10)
                .map(Points::from_tenths);
            Some(LastRoundNeed::Unpaired {
                title,
                rounds_left: k,
                assumed_average: now.average,
                points_needed,
            })
        }
    }
}

/// 1.4.1e: the last round before the last counted game through which the games made a norm.
fn norm_through_round(
    t: &Tournament,
    p: &Player,
    title: NormTitle,
    rules: &NormRules,
    entries: &[Entry],
    ctx: &Context,
) -> Option<RoundNumber> {
    let last = entries.iter().map(|e| e.round).max()?;
    (1..last).rev().find(|&r| {
        let through: Vec<Entry> = entries.iter().filter(|e| e.round <= r).copied().collect();
        through.len() + 1 >= usize::from(rules.min_games)
            && assess(t, p, title, rules, &through, ctx).is_norm
    })
}

/// 1.4.2c: the player's forfeit win in the event's last round when it is the game missing for
/// the minimum, as a loss against that opponent; `None` when the rule does not apply.
fn last_round_forfeit(t: &Tournament, rules: &NormRules, c: &Collected) -> Option<Entry> {
    if !c.to_play.is_empty() || c.entries.len() + 1 != usize::from(rules.min_games) {
        return None;
    }
    let last = event_rounds(t);
    c.excluded.iter().find_map(|e| match e.reason {
        NotCounted::Forfeit {
            opponent,
            won: true,
        } if e.round == last && not_countable(t, opponent, rules).is_none() => Some(Entry {
            round: e.round,
            opponent,
            result: GameScore::Loss,
            forfeit_as_loss: true,
        }),
        _ => None,
    })
}

/// The whole report of one player for one norm; `field` is [`foreign_field_of`].
pub(super) fn report(
    t: &Tournament,
    p: &Player,
    title: NormTitle,
    rules: &NormRules,
    field: Option<&FederationExemption>,
) -> NormReport {
    let mut c = collect(t, p, rules);
    let had_bye = c.excluded.iter().any(|e| {
        matches!(
            e.reason,
            NotCounted::Forfeit { won: true, .. }
                | NotCounted::NoOpponent {
                    code: ResultCode::Pab
                }
        )
    });
    let ctx = Context {
        bye_rule_possible: event_rounds(t) == 9 && had_bye,
        exemption: exemption_for(t, p, rules, field),
    };
    let mut now = assess(t, p, title, rules, &c.entries, &ctx);
    let mut basis = now.is_norm.then(|| {
        if now.games.len() < usize::from(rules.min_games) {
            NormBasis::EightGamesWithBye
        } else {
            NormBasis::Games
        }
    });
    if let Some(forfeit) = last_round_forfeit(t, rules, &c).filter(|_| !now.is_norm) {
        let mut entries = c.entries.clone();
        entries.push(forfeit);
        let with_loss = assess(t, p, title, rules, &entries, &ctx);
        if with_loss.is_norm {
            now = with_loss;
            c.excluded.retain(|e| e.round != forfeit.round);
            basis = Some(NormBasis::LastRoundForfeitAsLoss {
                round: forfeit.round,
                opponent: forfeit.opponent,
            });
        }
    }
    let norm_through_round = if now.is_norm || rules.round_robin {
        None
    } else {
        norm_through_round(t, p, title, rules, &c.entries, &ctx)
    };
    let last_round = last_round_need(t, p, title, rules, &c, &ctx, &now);
    NormReport {
        player: p.pairing_number,
        name: p.name.clone(),
        federation: p.federation.clone(),
        title,
        games: now.games,
        not_counted: c.excluded,
        rounds_to_play: c.to_play,
        average_rating: now.average,
        percent: now.percent,
        performance: now.performance,
        requirements: now.requirements,
        required_score: now.required_score,
        score: now.score,
        is_norm: now.is_norm,
        basis,
        norm_through_round,
        last_round,
    }
}

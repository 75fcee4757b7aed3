//! FIDE title norms: whether an event is a GM, IM, WGM or WIM norm for a player, requirement by
//! requirement, by the FIDE Title Regulations (Handbook B.01) in the edition applied from
//! 1 January 2024 ([`EDITION`]).
//!
//! The articles this module follows (numbers of that edition):
//!
//! - 0.5 and 1.4.8: a title performance is a performance rating `Rp` of at least GM 2600, IM 2450,
//!   WGM 2400, WIM 2250 against opponents averaging at least GM 2380, IM 2230, WGM 2180, WIM 2030
//!   (1.4.8a); the minimum score is 35% for every norm (1.4.8b).
//! - 1.4.1a: at least 9 games ([`NormRules::min_games`]; the team events of 1.4.1b allow 7).
//!   1.4.1c: in a 9-round event, 8 games make a 9-game norm when the missing game is a forfeit
//!   win or a pairing-allocated bye.
//! - 1.4.2: not counted are games against opponents who do not belong to a FIDE federation (a);
//!   in round-robin events, games against unrated opponents who score zero against rated ones (b);
//!   games decided by forfeit, adjudication or anything other than play over the board (c).
//!   1.4.2c also keeps the norm of a player whose opponent forfeits the last round when that game
//!   was needed for the minimum number of games: the norm stands when the games, with that one
//!   counted as a loss against that opponent, still make it ([`NormBasis::LastRoundForfeitAsLoss`]).
//! - 1.4.3: opponents from at least 2 federations other than the player's, except in the events
//!   of 1.4.3a-d (national championships, national team championships, zonals, and Swiss events
//!   with a large foreign field, which this module detects: [`FederationExemption::ForeignField`]).
//! - 1.4.4: at most 3/5 of the opponents from the player's federation and at most 2/3 from any one
//!   federation; minimum counts are rounded up, maximum counts down.
//! - 1.4.5a: at least 50% of the opponents title-holders (GM IM FM WGM WIM WFM; CM and WCM do not
//!   count); 1.4.5b-e: at least a third of them, and at least 3, holding the norm's title or a
//!   higher one ([`NormTitle::counts_at_level`]).
//! - 1.4.6: ratings from the list in force at the start ([`Player::rating`](crate::Player));
//!   the lowest-rated opponent below the adjusted rating floor (GM 2200, IM 2050, WGM 2000,
//!   WIM 1850) is raised to it, and no more than one opponent; unrated opponents count as 1400.
//! - 1.4.7: the average of the opponents' ratings, rounded to the nearest whole number, 0.5 up.
//! - 1.4.9: `dp` from the score percentage rounded to a whole percent, 0.5 up (the table of
//!   B.02 8.1, [`dp_for_percent`](crate::tiebreak::rating::dp_for_percent)).
//!
//! Choices where the text leaves the arbiter to decide, or where this module could not confirm a
//! rule in the current text:
//!
//! - A limit on unrated opponents (20% in older editions and some guides) is not in the 1.4.6 of
//!   the 2024 edition as read here; [`NormRules::max_unrated_percent`] applies one when set.
//! - Games of less than one move (TRF `W`, `D`, `L`) are not rated and are not counted.
//! - `FID` (players under the FIDE flag) and an unknown federation are accepted opponents but
//!   count as no federation for 1.4.3 and 1.4.4.
//! - The report assesses every counted game so far, and, in a Swiss event, also names the last
//!   earlier round through which the games made a norm ([`NormReport::norm_through_round`]:
//!   1.4.1e lets later games be ignored once a title result is reached). Ignoring games against
//!   defeated opponents (1.4.1f) is the player's choice and is not searched.
//! - Women's norms are offered to players whose [`Sex`] is `Female`; a player holding
//!   the norm's title or one of the higher titles of 1.4.5 is offered no norm for it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::model::{PairingNumber, Player, RoundNumber, Sex, Title, Tournament};
use crate::points::Points;
use crate::result::ResultCode;

mod assess;
mod display;
#[cfg(test)]
mod tests;

/// The edition of the regulations this module follows.
pub const EDITION: &str = "FIDE Title Regulations (Handbook B.01), applied from 1 January 2024";

/// The rating an unrated opponent counts at (B.01 1.4.6d; 1000 before 2024).
pub const UNRATED_RATING: u16 = 1400;

/// The minimum score for every norm, in percent of the games counted (B.01 1.4.8b).
pub const MIN_SCORE_PERCENT: u32 = 35;

/// A title gained by norms (B.01 1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum NormTitle {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
}

impl NormTitle {
    /// Every norm title, highest first.
    pub const ALL: [NormTitle; 4] = [NormTitle::Gm, NormTitle::Im, NormTitle::Wgm, NormTitle::Wim];

    /// The adjusted rating floor (B.01 1.4.6b): GM 2200, IM 2050, WGM 2000, WIM 1850.
    #[must_use]
    pub const fn rating_floor(self) -> u16 {
        match self {
            NormTitle::Gm => 2200,
            NormTitle::Im => 2050,
            NormTitle::Wgm => 2000,
            NormTitle::Wim => 1850,
        }
    }

    /// The minimum average rating of the opponents (B.01 1.4.8a and 0.5): GM 2380, IM 2230,
    /// WGM 2180, WIM 2030.
    #[must_use]
    pub const fn min_average(self) -> i64 {
        match self {
            NormTitle::Gm => 2380,
            NormTitle::Im => 2230,
            NormTitle::Wgm => 2180,
            NormTitle::Wim => 2030,
        }
    }

    /// The minimum performance rating after rounding (B.01 1.4.8 and 0.5): GM 2600, IM 2450,
    /// WGM 2400, WIM 2250.
    #[must_use]
    pub const fn min_performance(self) -> i64 {
        match self {
            NormTitle::Gm => 2600,
            NormTitle::Im => 2450,
            NormTitle::Wgm => 2400,
            NormTitle::Wim => 2250,
        }
    }

    /// Whether an opponent's title counts toward the third of 1.4.5b-e: GM norm GM; IM norm
    /// IM, GM; WGM norm WGM, IM, GM; WIM norm WIM, WGM, IM, GM.
    #[must_use]
    pub fn counts_at_level(self, title: &Title) -> bool {
        match self {
            NormTitle::Gm => matches!(title, Title::Gm),
            NormTitle::Im => matches!(title, Title::Gm | Title::Im),
            NormTitle::Wgm => matches!(title, Title::Gm | Title::Im | Title::Wgm),
            NormTitle::Wim => matches!(title, Title::Gm | Title::Im | Title::Wgm | Title::Wim),
        }
    }

    /// Whether the title is a women's title (WGM, WIM).
    #[must_use]
    pub const fn women_only(self) -> bool {
        matches!(self, NormTitle::Wgm | NormTitle::Wim)
    }

    /// The title as FIDE writes it: `GM`, `IM`, `WGM`, `WIM`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            NormTitle::Gm => "GM",
            NormTitle::Im => "IM",
            NormTitle::Wgm => "WGM",
            NormTitle::Wim => "WIM",
        }
    }
}

impl fmt::Display for NormTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether an opponent's title makes them a title-holder for 1.4.5a: GM, IM, FM, WGM, WIM, WFM
/// (the titles of 0.3 without CM and WCM).
#[must_use]
pub fn is_title_holder(title: &Title) -> bool {
    matches!(
        title,
        Title::Gm | Title::Im | Title::Fm | Title::Wgm | Title::Wim | Title::Wfm
    )
}

/// An event whose players are exempt from the foreign-opponent requirements of 1.4.3 and 1.4.4.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FederationExemption {
    /// 1.4.3a: the final stage of a national (open, men's or women's) championship; for the
    /// players of the host federation ([`Tournament::federation`]) only.
    NationalChampionship,
    /// 1.4.3b: a national team championship; for the players of the federation that registered
    /// it (the host federation) only.
    NationalTeamChampionship,
    /// 1.4.3c: a zonal or sub-zonal tournament.
    Zonal,
    /// 1.4.3d: a Swiss event with, in every round, at least 20 FIDE-rated players not from the
    /// host federation, from at least 3 federations, at least 10 of them GM, IM, WGM or WIM;
    /// players count only when they missed at most one round (a pairing-allocated bye is not
    /// missed). Found by the module from the event; the figures are those it counted.
    ForeignField {
        /// Rated players not from the host federation (and not `FID`) who missed at most one round.
        players: u16,
        /// Their federations.
        federations: u16,
        /// How many of them are GM, IM, WGM or WIM.
        titled: u16,
    },
}

/// The event's conditions that the tournament record does not carry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormRules {
    /// The minimum number of games (1.4.1a: 9; 1.4.1b: 7 for the listed team championships).
    pub min_games: u16,
    /// An exemption from 1.4.3 and 1.4.4 by the kind of event (1.4.3a-c); `None` lets the
    /// module look for the large foreign field of 1.4.3d in a Swiss event.
    pub federation_exemption: Option<FederationExemption>,
    /// At most this percent of the opponents unrated (rounded down), when set. Not confirmed in
    /// the 2024 text of 1.4.6 (see the module documentation): `None` by default.
    pub max_unrated_percent: Option<u16>,
    /// Federation codes that are not FIDE members or are excluded (1.4.2a): games against their
    /// players are not counted.
    pub non_fide_federations: Vec<String>,
    /// A round-robin event: games against unrated opponents who score zero against the rated
    /// ones are not counted (1.4.2b), and 1.4.3d (Swiss only) does not apply.
    pub round_robin: bool,
}

impl Default for NormRules {
    fn default() -> Self {
        NormRules {
            min_games: 9,
            federation_exemption: None,
            max_unrated_percent: None,
            non_fide_federations: Vec::new(),
            round_robin: false,
        }
    }
}

/// A result over the board, as a norm counts it (1 / ½ / 0, whatever the event's scoring).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GameScore {
    /// Lost: 0.
    Loss,
    /// Drawn: ½.
    Draw,
    /// Won: 1.
    Win,
}

impl GameScore {
    /// The points: 0, 0.5 or 1.
    #[must_use]
    pub const fn points(self) -> Points {
        match self {
            GameScore::Loss => Points::ZERO,
            GameScore::Draw => Points::HALF,
            GameScore::Win => Points::ONE,
        }
    }

    /// English: `a loss`, `a draw`, `a win`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameScore::Loss => "a loss",
            GameScore::Draw => "a draw",
            GameScore::Win => "a win",
        }
    }
}

/// One game counted for the norm, with the opponent as B.01 reads them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormGame {
    /// The round.
    pub round: RoundNumber,
    /// The opponent's pairing number.
    pub opponent: PairingNumber,
    /// The opponent's name.
    pub opponent_name: String,
    /// The opponent's title.
    pub opponent_title: Option<Title>,
    /// The opponent's federation as recorded.
    pub opponent_federation: Option<String>,
    /// The opponent's rating; `None` when unrated (no rating or `0`).
    pub opponent_rating: Option<u16>,
    /// The rating used (1.4.6): the rating, 1400 when unrated, or the adjusted rating floor.
    pub rating_used: u16,
    /// Whether this opponent's rating was raised to the adjusted rating floor (1.4.6c).
    pub raised_to_floor: bool,
    /// The player's result.
    pub result: GameScore,
    /// The player's last-round forfeit win, counted as a loss against this opponent (1.4.2c,
    /// [`NormBasis::LastRoundForfeitAsLoss`]); `result` is then [`GameScore::Loss`].
    #[serde(default)]
    pub forfeit_as_loss: bool,
}

/// The rule of B.01 by which the games counted make the norm (shown with the norm).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NormBasis {
    /// 1.4.1a (or 1.4.1b): the games played over the board reach [`NormRules::min_games`].
    Games,
    /// 1.4.1c: 8 games in a 9-round event, the missing one a forfeit win or a pairing-allocated
    /// bye.
    EightGamesWithBye,
    /// 1.4.2c: one game short of the minimum, the player won the event's last round by forfeit;
    /// that game counted as a loss against that opponent still makes the norm.
    LastRoundForfeitAsLoss {
        /// The last round.
        round: RoundNumber,
        /// The opponent who forfeited.
        opponent: PairingNumber,
    },
}

/// Why a round gives no game for the norm (1.4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotCounted {
    /// A forfeit, won or lost (1.4.2c).
    Forfeit {
        /// The opponent.
        opponent: PairingNumber,
        /// Whether the player won it.
        won: bool,
    },
    /// No opponent: a bye of any kind or an absence (the TRF code; blank for an absence).
    NoOpponent {
        /// The code.
        code: ResultCode,
    },
    /// A game of less than one move (TRF `W`, `D`, `L`): not rated, not counted.
    UnratedGame {
        /// The opponent.
        opponent: PairingNumber,
        /// The player's code.
        code: ResultCode,
    },
    /// The opponent does not belong to a FIDE federation (1.4.2a, [`NormRules::non_fide_federations`]).
    NonFideOpponent {
        /// The opponent.
        opponent: PairingNumber,
        /// The opponent's federation.
        federation: String,
    },
    /// Round robin: an unrated opponent who scored zero against the rated players (1.4.2b).
    UnratedScoredZero {
        /// The opponent.
        opponent: PairingNumber,
    },
}

/// A round that gives no game for the norm.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExcludedRound {
    /// The round.
    pub round: RoundNumber,
    /// Why.
    pub reason: NotCounted,
}

/// A round the player still has to play: paired without a result, or not yet paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundToPlay {
    /// The round.
    pub round: RoundNumber,
    /// The opponent when paired.
    pub opponent: Option<PairingNumber>,
}

/// One requirement of a norm with its figures: what is needed and what the event gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Requirement {
    /// 1.4.1a: at least `needed` games counted; 1.4.1c: 8 games in a 9-round event when the
    /// ninth round was a forfeit win or a pairing-allocated bye (`by_bye_rule`).
    Games {
        /// The minimum ([`NormRules::min_games`]).
        needed: u16,
        /// Games counted.
        counted: u16,
        /// Met through 1.4.1c.
        by_bye_rule: bool,
    },
    /// 1.4.3: opponents from at least `needed` (2) federations other than the player's.
    ForeignFederations {
        /// The minimum.
        needed: u16,
        /// Federations other than the player's among the opponents (not `FID`).
        achieved: u16,
        /// The exemption that waives it, if any.
        exempt: Option<FederationExemption>,
    },
    /// 1.4.4: at most 3/5 of the opponents (rounded down) from the player's federation.
    OwnFederation {
        /// The player's federation.
        federation: Option<String>,
        /// The most allowed.
        most: u16,
        /// Opponents from it.
        achieved: u16,
        /// The exemption that waives it, if any.
        exempt: Option<FederationExemption>,
    },
    /// 1.4.4: at most 2/3 of the opponents (rounded down) from any one federation.
    OneFederation {
        /// The federation with the most opponents (the first in alphabetical order on a tie).
        federation: Option<String>,
        /// The most allowed.
        most: u16,
        /// Opponents from it.
        achieved: u16,
        /// The exemption that waives it, if any.
        exempt: Option<FederationExemption>,
    },
    /// 1.4.5a: at least half of the opponents (rounded up) title-holders ([`is_title_holder`]).
    TitleHolders {
        /// The minimum.
        needed: u16,
        /// Title-holders met.
        achieved: u16,
    },
    /// 1.4.5b-e: at least a third of the opponents (rounded up), and at least 3, holding the
    /// norm's title or a higher one ([`NormTitle::counts_at_level`]).
    TitledAtLevel {
        /// The minimum.
        needed: u16,
        /// Such opponents met.
        achieved: u16,
    },
    /// At most [`NormRules::max_unrated_percent`] of the opponents unrated (rounded down); only
    /// when that rule is set.
    UnratedOpponents {
        /// The most allowed.
        most: u16,
        /// Unrated opponents met.
        achieved: u16,
    },
    /// 1.4.7 and 1.4.8a: the average rating of the opponents (after 1.4.6), rounded half up.
    AverageRating {
        /// The minimum ([`NormTitle::min_average`]).
        needed: i64,
        /// The average; `None` without games.
        achieved: Option<i64>,
    },
    /// 1.4.8: the performance rating `Ra + dp` (1.4.9, on the percentage rounded half up).
    Performance {
        /// The minimum ([`NormTitle::min_performance`]).
        needed: i64,
        /// The performance; `None` without games.
        achieved: Option<i64>,
    },
    /// 1.4.8b: a score of at least 35% of the games counted.
    MinimumScore {
        /// The least score of at least 35%, in half points.
        needed: Points,
        /// The score in the games counted.
        achieved: Points,
    },
}

/// The kind of a [`Requirement`], without its figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RequirementKind {
    /// [`Requirement::Games`].
    Games,
    /// [`Requirement::ForeignFederations`].
    ForeignFederations,
    /// [`Requirement::OwnFederation`].
    OwnFederation,
    /// [`Requirement::OneFederation`].
    OneFederation,
    /// [`Requirement::TitleHolders`].
    TitleHolders,
    /// [`Requirement::TitledAtLevel`].
    TitledAtLevel,
    /// [`Requirement::UnratedOpponents`].
    UnratedOpponents,
    /// [`Requirement::AverageRating`].
    AverageRating,
    /// [`Requirement::Performance`].
    Performance,
    /// [`Requirement::MinimumScore`].
    MinimumScore,
}

impl Requirement {
    /// The kind.
    #[must_use]
    pub const fn kind(&self) -> RequirementKind {
        match self {
            Requirement::Games { .. } => RequirementKind::Games,
            Requirement::ForeignFederations { .. } => RequirementKind::ForeignFederations,
            Requirement::OwnFederation { .. } => RequirementKind::OwnFederation,
            Requirement::OneFederation { .. } => RequirementKind::OneFederation,
            Requirement::TitleHolders { .. } => RequirementKind::TitleHolders,
            Requirement::TitledAtLevel { .. } => RequirementKind::TitledAtLevel,
            Requirement::UnratedOpponents { .. } => RequirementKind::UnratedOpponents,
            Requirement::AverageRating { .. } => RequirementKind::AverageRating,
            Requirement::Performance { .. } => RequirementKind::Performance,
            Requirement::MinimumScore { .. } => RequirementKind::MinimumScore,
        }
    }
}

/// A requirement and whether the event meets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequirementCheck {
    /// The requirement with its figures.
    pub requirement: Requirement,
    /// Whether it is met (always for an exempt federation requirement).
    pub met: bool,
}

/// What the rounds still to play would need for the norm, while the event is not finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LastRoundNeed {
    /// One round is left and it is paired: the least result against that opponent that makes
    /// the norm, or, when none does, the requirements a win still leaves unmet.
    Paired {
        /// The norm.
        title: NormTitle,
        /// The round.
        round: RoundNumber,
        /// The opponent.
        opponent: PairingNumber,
        /// The least result that makes the norm; `None` when no result does.
        least: Option<GameScore>,
        /// When no result makes the norm: the requirements unmet even with a win.
        failing: Vec<RequirementKind>,
    },
    /// The rounds left are not (all) paired: the points needed from them, assuming opponents
    /// rated at the current average (after 1.4.6) and leaving the opponent mix (1.4.3-1.4.5) to
    /// the pairings.
    Unpaired {
        /// The norm.
        title: NormTitle,
        /// Rounds left to play.
        rounds_left: u16,
        /// The average assumed for all the games (the current one); `None` without games yet.
        assumed_average: Option<i64>,
        /// The points needed from the rounds left; `None` when even winning them all, or not
        /// reaching the minimum number of games, leaves the norm out of reach (or without games).
        points_needed: Option<Points>,
    },
}

/// Whether an event is a title norm for a player, requirement by requirement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NormReport {
    /// The player's pairing number.
    pub player: PairingNumber,
    /// The player's name.
    pub name: String,
    /// The player's federation.
    pub federation: Option<String>,
    /// The norm.
    pub title: NormTitle,
    /// The games counted, in round order.
    pub games: Vec<NormGame>,
    /// The rounds played so far that give no game, with the reason.
    pub not_counted: Vec<ExcludedRound>,
    /// The rounds still to play (planned by [`Tournament::rounds_planned`]).
    pub rounds_to_play: Vec<RoundToPlay>,
    /// The average rating of the opponents (1.4.7); `None` without games.
    pub average_rating: Option<i64>,
    /// The score percentage, rounded half up (1.4.9); `None` without games.
    pub percent: Option<i64>,
    /// The performance rating (1.4.8); `None` without games.
    pub performance: Option<i64>,
    /// Every requirement, in the order of the articles.
    pub requirements: Vec<RequirementCheck>,
    /// The least score in these games that meets 1.4.8 and 1.4.8b; `None` when none does (or
    /// without games).
    pub required_score: Option<Points>,
    /// The score in the games counted.
    pub score: Points,
    /// Whether every requirement is met.
    pub is_norm: bool,
    /// The rule by which the games make the norm; `None` when they do not.
    #[serde(default)]
    pub basis: Option<NormBasis>,
    /// When the games so far are not a norm, in a Swiss event (not [`NormRules::round_robin`]):
    /// the last earlier round through which they were one (1.4.1e: later games may then be
    /// ignored); `None` otherwise.
    pub norm_through_round: Option<RoundNumber>,
    /// What the rounds left would need; `None` when the event is finished for the player.
    pub last_round: Option<LastRoundNeed>,
}

impl NormReport {
    /// The requirements not met.
    #[must_use]
    pub fn failing(&self) -> Vec<RequirementKind> {
        self.requirements
            .iter()
            .filter(|c| !c.met)
            .map(|c| c.requirement.kind())
            .collect()
    }

    /// The check of one kind of requirement, if the report has it.
    #[must_use]
    pub fn check(&self, kind: RequirementKind) -> Option<&RequirementCheck> {
        self.requirements
            .iter()
            .find(|c| c.requirement.kind() == kind)
    }
}

/// The norms a player could still earn: GM unless a GM; IM unless an IM or GM; for women only,
/// WGM unless a WGM, IM or GM, and WIM unless a WIM, WGM, IM or GM (the title sets of 1.4.5).
#[must_use]
pub fn open_norms(player: &Player) -> Vec<NormTitle> {
    NormTitle::ALL
        .into_iter()
        .filter(|n| !n.women_only() || player.sex == Some(Sex::Female))
        .filter(|n| !player.title.as_ref().is_some_and(|t| n.counts_at_level(t)))
        .collect()
}

/// The norm report of one player for one title (B.01 1.4); `None` when no player has that
/// pairing number.
#[must_use]
pub fn norm_report(
    t: &Tournament,
    player: PairingNumber,
    title: NormTitle,
    rules: &NormRules,
) -> Option<NormReport> {
    let p = t.player(player)?;
    let field = assess::foreign_field_of(t, rules);
    Some(assess::report(t, p, title, rules, field.as_ref()))
}

/// The norm reports of every player for every norm they could still earn ([`open_norms`]), in
/// pairing-number order, highest title first.
#[must_use]
pub fn norm_reports(t: &Tournament, rules: &NormRules) -> Vec<NormReport> {
    let field = assess::foreign_field_of(t, rules);
    let mut players: Vec<&Player> = t.players.iter().collect();
    players.sort_by_key(|p| p.pairing_number);
    players
        .into_iter()
        .flat_map(|p| open_norms(p).into_iter().map(move |n| (p, n)))
        .map(|(p, n)| assess::report(t, p, n, rules, field.as_ref()))
        .collect()
}

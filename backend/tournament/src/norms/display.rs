//! English wording of the norm reports (B.01 1.4), fit for the content of a printed norm
//! certificate; the web crate words the same data in Persian and Arabic from its catalogues.

use std::fmt;

use super::{
    EDITION, ExcludedRound, FederationExemption, GameScore, LastRoundNeed, NormBasis, NormReport,
    NormTitle, NotCounted, Requirement, RequirementCheck, RequirementKind,
};

/// "a GM norm", "an IM norm".
fn a_norm(title: NormTitle) -> String {
    let article = if matches!(title, NormTitle::Im) {
        "an"
    } else {
        "a"
    };
    format!("{article} {title} norm")
}

fn or_none<T: fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "none".to_owned(), |v| v.to_string())
}

impl fmt::Display for FederationExemption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FederationExemption::NationalChampionship => {
                f.write_str("national championship (1.4.3a)")
            }
            FederationExemption::NationalTeamChampionship => {
                f.write_str("national team championship (1.4.3b)")
            }
            FederationExemption::Zonal => f.write_str("zonal or sub-zonal tournament (1.4.3c)"),
            FederationExemption::ForeignField {
                players,
                federations,
                titled,
            } => write!(
                f,
                "Swiss event with {players} rated players not from the host federation, from \
                 {federations} federations, {titled} of them GM, IM, WGM or WIM (1.4.3d)"
            ),
        }
    }
}

impl fmt::Display for NotCounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotCounted::Forfeit { opponent, won } => {
                let how = if *won { "won" } else { "lost" };
                write!(f, "forfeit {how} against no. {opponent} (1.4.2c)")
            }
            NotCounted::NoOpponent { code } => match code.trf_char() {
                ' ' => f.write_str("absent, no game"),
                c => write!(f, "no opponent (bye or absence, code {c})"),
            },
            NotCounted::UnratedGame { opponent, code } => write!(
                f,
                "game of less than one move against no. {opponent} (code {}), not rated",
                code.trf_char()
            ),
            NotCounted::NonFideOpponent {
                opponent,
                federation,
            } => write!(
                f,
                "opponent no. {opponent} ({federation}) does not belong to a FIDE federation \
                 (1.4.2a)"
            ),
            NotCounted::UnratedScoredZero { opponent } => write!(
                f,
                "unrated opponent no. {opponent} scored zero against the rated players (1.4.2b)"
            ),
        }
    }
}

impl fmt::Display for NormBasis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormBasis::Games => f.write_str("the games counted reach the minimum (1.4.1a)"),
            NormBasis::EightGamesWithBye => f.write_str(
                "8 games and a forfeit win or pairing-allocated bye in 9 rounds (1.4.1c)",
            ),
            NormBasis::LastRoundForfeitAsLoss { round, opponent } => write!(
                f,
                "the forfeit win of the last round ({round}) counted as a loss against no. \
                 {opponent} (1.4.2c)"
            ),
        }
    }
}

impl fmt::Display for ExcludedRound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.round, self.reason)
    }
}

impl fmt::Display for RequirementKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RequirementKind::Games => "number of games (1.4.1)",
            RequirementKind::ForeignFederations => "foreign federations (1.4.3)",
            RequirementKind::OwnFederation => "opponents from the player's federation (1.4.4)",
            RequirementKind::OneFederation => "opponents from one federation (1.4.4)",
            RequirementKind::TitleHolders => "title-holders (1.4.5a)",
            RequirementKind::TitledAtLevel => "opponents with the title or higher (1.4.5)",
            RequirementKind::UnratedOpponents => "unrated opponents",
            RequirementKind::AverageRating => "average rating of opponents (1.4.7)",
            RequirementKind::Performance => "performance rating (1.4.8)",
            RequirementKind::MinimumScore => "minimum score (1.4.8b)",
        })
    }
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let waived = |f: &mut fmt::Formatter<'_>, e: &Option<FederationExemption>| match e {
            Some(e) => write!(f, "; waived: {e}"),
            None => Ok(()),
        };
        match self {
            Requirement::Games {
                needed,
                counted,
                by_bye_rule,
            } => {
                write!(f, "1.4.1 games counted: {counted}, at least {needed}")?;
                if *by_bye_rule {
                    f.write_str(
                        " (8 games and a forfeit win or pairing-allocated bye in 9 rounds, 1.4.1c)",
                    )?;
                }
                Ok(())
            }
            Requirement::ForeignFederations {
                needed,
                achieved,
                exempt,
            } => {
                write!(
                    f,
                    "1.4.3 federations other than the player's: {achieved}, at least {needed}"
                )?;
                waived(f, exempt)
            }
            Requirement::OwnFederation {
                federation,
                most,
                achieved,
                exempt,
            } => {
                write!(
                    f,
                    "1.4.4 opponents from the player's federation ({}): {achieved}, at most {most}",
                    or_none(federation.as_deref())
                )?;
                waived(f, exempt)
            }
            Requirement::OneFederation {
                federation,
                most,
                achieved,
                exempt,
            } => {
                write!(
                    f,
                    "1.4.4 opponents from one federation ({}): {achieved}, at most {most}",
                    or_none(federation.as_deref())
                )?;
                waived(f, exempt)
            }
            Requirement::TitleHolders { needed, achieved } => write!(
                f,
                "1.4.5a title-holders (GM IM FM WGM WIM WFM): {achieved}, at least {needed}"
            ),
            Requirement::TitledAtLevel { needed, achieved } => write!(
                f,
                "1.4.5 opponents holding the title or a higher one: {achieved}, at least {needed}"
            ),
            Requirement::UnratedOpponents { most, achieved } => {
                write!(f, "unrated opponents: {achieved}, at most {most}")
            }
            Requirement::AverageRating { needed, achieved } => write!(
                f,
                "1.4.7 average rating of opponents: {}, at least {needed}",
                or_none(*achieved)
            ),
            Requirement::Performance { needed, achieved } => write!(
                f,
                "1.4.8 performance rating: {}, at least {needed}",
                or_none(*achieved)
            ),
            Requirement::MinimumScore { needed, achieved } => {
                write!(f, "1.4.8b score: {achieved}, at least {needed} (35%)")
            }
        }
    }
}

impl fmt::Display for RequirementCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.met { "met" } else { "NOT MET" };
        write!(f, "[{mark}] {}", self.requirement)
    }
}

impl fmt::Display for LastRoundNeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LastRoundNeed::Paired {
                title,
                round,
                opponent,
                least,
                failing,
            } => match least {
                Some(GameScore::Loss) => write!(
                    f,
                    "any result in round {round} against no. {opponent}, even a loss, makes {}",
                    a_norm(*title)
                ),
                Some(g) => write!(
                    f,
                    "{} in round {round} against no. {opponent} makes {}",
                    g.as_str(),
                    a_norm(*title)
                ),
                None => {
                    let why: Vec<String> = failing.iter().map(ToString::to_string).collect();
                    write!(
                        f,
                        "no result in round {round} against no. {opponent} makes {}; even a \
                         win leaves unmet: {}",
                        a_norm(*title),
                        why.join(", ")
                    )
                }
            },
            LastRoundNeed::Unpaired {
                title,
                rounds_left,
                assumed_average,
                points_needed,
            } => match (assumed_average, points_needed) {
                (Some(a), Some(p)) => write!(
                    f,
                    "{p} points from the {rounds_left} rounds left make {} if the opponents \
                     average {a}, as so far",
                    a_norm(*title)
                ),
                (Some(a), None) => write!(
                    f,
                    "no score in the {rounds_left} rounds left makes {} if the opponents \
                     average {a}, as so far",
                    a_norm(*title)
                ),
                (None, _) => write!(
                    f,
                    "{rounds_left} rounds left; no games counted yet for {}",
                    a_norm(*title)
                ),
            },
        }
    }
}

/// Prints the norm's content as a certificate gives it: the player, the games with the ratings
/// used, the rounds not counted, the figures, every requirement and what the rounds left need.
impl fmt::Display for NormReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = match (self.is_norm, self.basis) {
            (true, Some(b)) => format!("norm achieved: {b}"),
            (true, None) => "norm achieved".to_owned(),
            (false, _) => "not a norm".to_owned(),
        };
        writeln!(
            f,
            "{} norm: {} (no. {}, {}): {verdict}",
            self.title,
            self.name,
            self.player,
            or_none(self.federation.as_deref())
        )?;
        writeln!(f, "Rules: {EDITION}")?;
        writeln!(f, "Games counted: {}", self.games.len())?;
        for g in &self.games {
            let title = g.opponent_title.as_ref().map_or("", |t| t.as_str());
            let fed = g.opponent_federation.as_deref().unwrap_or("");
            let rating = g
                .opponent_rating
                .map_or_else(|| "unrated".to_owned(), |r| r.to_string());
            let floor = if g.raised_to_floor {
                " (rating floor, 1.4.6)"
            } else {
                ""
            };
            let forfeit = if g.forfeit_as_loss {
                " (forfeit win counted as a loss, 1.4.2c)"
            } else {
                ""
            };
            writeln!(
                f,
                "  round {:>2}: no. {:>4} {} {title} {fed}, rating {rating}, used {}{floor}, \
                 result {}{forfeit}",
                g.round,
                g.opponent,
                g.opponent_name,
                g.rating_used,
                g.result.points()
            )?;
        }
        for e in &self.not_counted {
            writeln!(f, "Not counted: {e}")?;
        }
        for r in &self.rounds_to_play {
            match r.opponent {
                Some(o) => writeln!(f, "To play: round {} against no. {o}", r.round)?,
                None => writeln!(f, "To play: round {}, not yet paired", r.round)?,
            }
        }
        writeln!(
            f,
            "Score: {} of {} ({}%); average rating of opponents {}; performance {}",
            self.score,
            self.games.len(),
            or_none(self.percent),
            or_none(self.average_rating),
            or_none(self.performance)
        )?;
        writeln!(f, "Required score: {}", or_none(self.required_score))?;
        for c in &self.requirements {
            writeln!(f, "  {c}")?;
        }
        if let Some(r) = self.norm_through_round {
            writeln!(
                f,
                "A norm through round {r}: the later games may be ignored (1.4.1e)"
            )?;
        }
        if let Some(need) = &self.last_round {
            writeln!(f, "Rounds left: {need}")?;
        }
        Ok(())
    }
}

//! English wording of the rating results (the web crate words them from its catalogues).

use std::fmt;

use super::{
    InitialOutcome, KFactor, KReason, KSource, NotRatedReason, NotRatedRound, PlayerRatingChange,
};

impl fmt::Display for KFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "K = {}", self.value)?;
        match self.source {
            KSource::List => f.write_str(" (rating list)")?,
            KSource::Derived(reason) => write!(f, " (derived: {reason})")?,
        }
        if let Some(from) = self.capped_from {
            write!(f, ", lowered from {from} so that K × games ≤ 700")?;
        }
        Ok(())
    }
}

impl fmt::Display for KReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KReason::Rating2400 { rating } => write!(f, "rated {rating}, 2400 or more"),
            KReason::Junior {
                birth_year,
                event_year,
            } => write!(
                f,
                "born {birth_year}, {event_year} is no later than the year of the 18th birthday, rated under 2300"
            ),
            KReason::Rating2300 { rating } => write!(f, "rated {rating}, 2300 to 2399"),
            KReason::Adult {
                birth_year,
                event_year,
            } => write!(
                f,
                "born {birth_year}, over 18 in {event_year}, rated under 2400"
            ),
            KReason::AgeUnknown => f.write_str("rated under 2300, age unknown"),
        }
    }
}

impl fmt::Display for NotRatedReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotRatedReason::NoGame => f.write_str("no game (bye or absence)"),
            NotRatedReason::Forfeit => f.write_str("forfeit"),
            NotRatedReason::LessThanOneMove => f.write_str("game of less than one move"),
            NotRatedReason::NoResult => f.write_str("no result"),
            NotRatedReason::OpponentUnrated => f.write_str("opponent unrated"),
            NotRatedReason::GapOver600 { difference } => write!(
                f,
                "ratings {difference} points apart with a player above 2600"
            ),
        }
    }
}

impl fmt::Display for NotRatedRound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.round, self.reason)
    }
}

impl fmt::Display for InitialOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InitialOutcome::Published { rating } => write!(f, "initial rating {rating}"),
            InitialOutcome::Provisional { rating, games } => write!(
                f,
                "provisional {rating} from {games} games against rated opponents (5 needed)"
            ),
            InitialOutcome::BelowFloor { rating } => {
                write!(f, "{rating} is under the 1400 floor: not published")
            }
            InitialOutcome::ZeroScore => {
                f.write_str("zero points against rated opponents: disregarded")
            }
            InitialOutcome::NoRatedGames => f.write_str("no game against a rated opponent"),
        }
    }
}

impl fmt::Display for PlayerRatingChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.pairing_number, self.name)?;
        match (self.rating, &self.initial) {
            (Some(r), _) => {
                write!(f, " {r}: {} games, {} points", self.games_rated, self.score)?;
                if let (Some(e), Some(c), Some(n)) = (self.expected, self.change, self.new_rating) {
                    write!(f, ", expected {e}, change {c}, new rating {n}")?;
                } else {
                    f.write_str(", no rated game")?;
                }
                if let Some(k) = self.k {
                    write!(f, "; {k}")?;
                }
                if self.below_floor {
                    f.write_str("; under 1400: shown as unrated on the next list")?;
                }
                Ok(())
            }
            (None, Some(i)) => write!(f, " unrated: {}", i.outcome),
            (None, None) => f.write_str(" unrated"),
        }
    }
}

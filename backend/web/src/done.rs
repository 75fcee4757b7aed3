//! The notice a page shows after a write (issue #46, item 2): "Round 2 published", «۱۴ بازیکن
//! ثبت شد». Every form that changes something answers `303 See Other` to the page that shows
//! the result ([`crate::respond::see_other_done`]), with `?done=CODE` (or `?done=CODE.NUMBER`
//! where the message counts or names something) in the target. The page looks the code up in one fixed
//! table ([`NOTICES`]) and shows that catalogue message (`templates/page.html`, `role="status"`):
//! no text from the URL is ever shown, only a number, in the reader's digits. A code not in the
//! table, or a number that is not one, shows nothing.
//!
//! Public pages are cached by their URI with its query (`crate::visibility::public_page`), so
//! a page reached with `?done=` is cached apart and the notice never reaches a reader who did
//! not write.

/// What was just done: each write's notice. The number, where there is one, is a pairing
/// number, a round, a board or a count, as the variant says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Done {
    /// A tournament created by the form.
    Created,
    /// A tournament imported from a TRF file.
    Imported,
    /// A tournament imported from a TRF file in which this many paired rounds are not what
    /// the pairing rules make (VCL4THP.13 questions 54 and 55).
    ImportedIrregular(u32),
    /// The tournament's settings saved.
    Settings,
    /// The tournament left FIDE mode.
    FideModeLeft,
    /// One player registered, with this pairing number.
    Registered(u32),
    /// This many players registered from a file.
    PlayersAdded(u32),
    /// The pairing numbers given by the initial order (C.04.2).
    Ordered,
    /// A bye request for this round recorded or cancelled.
    Bye(u32),
    /// The player with this pairing number withdrawn.
    Withdrawn(u32),
    /// The player with this pairing number reinstated.
    Reinstated(u32),
    /// The player with this pairing number corrected.
    Corrected(u32),
    /// The player with this pairing number corrected, his rating changed after round 1 was
    /// paired: the next rounds' pairing order follows it.
    CorrectedRating(u32),
    /// The pairing of this round stored (not public yet).
    Stored(u32),
    /// This round published.
    Published(u32),
    /// The pairing of this round taken back.
    Unpaired(u32),
    /// The result of this board saved.
    Result(u32),
    /// The scheduled start of this round set.
    Scheduled(u32),
    /// A role given or taken back.
    Staff,
    /// Self check-in allowed, disallowed or its link renewed.
    SelfCheckIn,
    /// Ratings refreshed from the newest list.
    Ratings,
    /// A rating list imported.
    RatingList,
    /// The team settings saved.
    TeamSetup,
    /// A team added.
    TeamAdded,
    /// A team saved or removed.
    TeamSaved,
    /// This many teams added from a file.
    TeamsAdded(u32),
    /// The team round paired.
    TeamsPaired(u32),
    /// The boards of this round seated from the lineups.
    Seated(u32),
    /// A lineup saved.
    Lineup,
    /// The prizes saved.
    Prizes,
    /// The norm settings saved.
    Norms,
    /// A flagged scoresheet resolved.
    Flag,
    /// An arrival at the board recorded.
    CheckedIn,
    /// A default time decided.
    DefaultTime,
    /// The Laws' edition set.
    Edition,
    /// A sealed move's envelope stored.
    Sealed,
    /// An incident or penalty recorded.
    Incident,
    /// An API token revoked.
    TokenRevoked,
    /// An account created.
    SignedUp,
}

/// Every notice: the code in the URL, the catalogue key of the message (its `$n` the number,
/// `$count` the same for plurals).
pub(crate) const NOTICES: &[(&str, &str)] = &[
    ("created", "done-created"),
    ("imported", "done-imported"),
    ("imported-irregular", "done-imported-irregular"),
    ("fide-mode-left", "done-fide-mode-left"),
    ("settings", "done-settings"),
    ("registered", "done-registered"),
    ("players-added", "done-players-added"),
    ("ordered", "done-ordered"),
    ("bye", "done-bye"),
    ("withdrawn", "done-withdrawn"),
    ("reinstated", "done-reinstated"),
    ("corrected", "done-corrected"),
    ("corrected-rating", "done-corrected-rating"),
    ("stored", "done-stored"),
    ("published", "done-published"),
    ("unpaired", "done-unpaired"),
    ("result", "done-result"),
    ("scheduled", "done-scheduled"),
    ("staff", "done-staff"),
    ("self-check-in", "done-self-check-in"),
    ("ratings", "done-ratings"),
    ("rating-list", "done-rating-list"),
    ("team-setup", "done-team-setup"),
    ("team-added", "done-team-added"),
    ("team-saved", "done-team-saved"),
    ("teams-added", "done-teams-added"),
    ("teams-paired", "done-teams-paired"),
    ("seated", "done-seated"),
    ("lineup", "done-lineup"),
    ("prizes", "done-prizes"),
    ("norms", "done-norms"),
    ("flag", "done-flag"),
    ("checked-in", "done-checked-in"),
    ("default-time", "done-default-time"),
    ("edition", "done-edition"),
    ("sealed", "done-sealed"),
    ("incident", "done-incident"),
    ("token-revoked", "done-token-revoked"),
    ("signed-up", "done-signed-up"),
];

impl Done {
    /// The code in the URL and the number, if the notice has one.
    #[must_use]
    pub(crate) const fn code(self) -> (&'static str, Option<u32>) {
        match self {
            Done::Created => ("created", None),
            Done::Imported => ("imported", None),
            Done::ImportedIrregular(n) => ("imported-irregular", Some(n)),
            Done::Settings => ("settings", None),
            Done::FideModeLeft => ("fide-mode-left", None),
            Done::Registered(n) => ("registered", Some(n)),
            Done::PlayersAdded(n) => ("players-added", Some(n)),
            Done::Ordered => ("ordered", None),
            Done::Bye(n) => ("bye", Some(n)),
            Done::Withdrawn(n) => ("withdrawn", Some(n)),
            Done::Reinstated(n) => ("reinstated", Some(n)),
            Done::Corrected(n) => ("corrected", Some(n)),
            Done::CorrectedRating(n) => ("corrected-rating", Some(n)),
            Done::Stored(n) => ("stored", Some(n)),
            Done::Published(n) => ("published", Some(n)),
            Done::Unpaired(n) => ("unpaired", Some(n)),
            Done::Result(n) => ("result", Some(n)),
            Done::Scheduled(n) => ("scheduled", Some(n)),
            Done::Staff => ("staff", None),
            Done::SelfCheckIn => ("self-check-in", None),
            Done::Ratings => ("ratings", None),
            Done::RatingList => ("rating-list", None),
            Done::TeamSetup => ("team-setup", None),
            Done::TeamAdded => ("team-added", None),
            Done::TeamSaved => ("team-saved", None),
            Done::TeamsAdded(n) => ("teams-added", Some(n)),
            Done::TeamsPaired(n) => ("teams-paired", Some(n)),
            Done::Seated(n) => ("seated", Some(n)),
            Done::Lineup => ("lineup", None),
            Done::Prizes => ("prizes", None),
            Done::Norms => ("norms", None),
            Done::Flag => ("flag", None),
            Done::CheckedIn => ("checked-in", None),
            Done::DefaultTime => ("default-time", None),
            Done::Edition => ("edition", None),
            Done::Sealed => ("sealed", None),
            Done::Incident => ("incident", None),
            Done::TokenRevoked => ("token-revoked", None),
            Done::SignedUp => ("signed-up", None),
        }
    }

    /// `location` with this notice in its query, before any `#fragment`.
    #[must_use]
    pub(crate) fn on(self, location: &str) -> String {
        let (code, n) = self.code();
        let (path, fragment) = location
            .split_once('#')
            .map_or((location, None), |(p, f)| (p, Some(f)));
        let join = if path.contains('?') { '&' } else { '?' };
        let mut out = format!("{path}{join}done={code}");
        if let Some(n) = n {
            out.push_str(&format!(".{n}"));
        }
        if let Some(f) = fragment {
            out.push('#');
            out.push_str(f);
        }
        out
    }
}

/// The notice a request's query asks for: the catalogue key and the number (`0` when the
/// notice has none). `None` for a code not in [`NOTICES`] or a number that is not one.
#[must_use]
pub(crate) fn asked(query: &str) -> Option<(&'static str, u32)> {
    let value = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("done="))?;
    let (code, n) = value.split_once('.').unwrap_or((value, ""));
    let key = NOTICES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, key)| *key)?;
    let n = match n {
        "" => 0,
        v if v.len() <= 9 && v.bytes().all(|b| b.is_ascii_digit()) => v.parse().ok()?,
        _ => return None,
    };
    Some((key, n))
}

/// `path_and_query` without the notice (`done=`): where the language switch comes back to, not
/// showing the notice again.
#[must_use]
pub(crate) fn without(path_and_query: &str) -> String {
    let Some((path, query)) = path_and_query.split_once('?') else {
        return path_and_query.to_owned();
    };
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.starts_with("done="))
        .collect();
    if kept.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notice_is_in_the_table_and_reads_back() {
        let all = [
            Done::Created,
            Done::Registered(7),
            Done::PlayersAdded(14),
            Done::Published(2),
            Done::CorrectedRating(3),
            Done::SignedUp,
        ];
        for d in all {
            let at = d.on("/tournaments/x/manage#self-check-in");
            let (path, fragment) = at.split_once('#').unwrap();
            assert_eq!(fragment, "self-check-in");
            let query = path.split_once('?').unwrap().1;
            let (key, n) = asked(query).unwrap();
            assert_eq!(key, format!("done-{}", d.code().0));
            assert_eq!(n, d.code().1.unwrap_or(0));
            assert_eq!(without(path), "/tournaments/x/manage");
        }
        assert_eq!(Done::Published(2).on("/x?q=a"), "/x?q=a&done=published.2");
        assert_eq!(without("/x?q=a&done=published.2"), "/x?q=a");
    }

    #[test]
    fn nothing_else_is_a_notice() {
        assert_eq!(asked("done=<script>"), None);
        assert_eq!(asked("done=published.2%3Cb%3E"), None);
        assert_eq!(asked("done=published.-1"), None);
        assert_eq!(asked("q=done"), None);
        assert_eq!(asked("done=published.2"), Some(("done-published", 2)));
        assert_eq!(without("/x?q=a&n=3"), "/x?q=a&n=3");
    }
}

//! The piece letters a reader reads moves in (the `pieces` cookie, [`super::PIECES_COOKIE`]).

/// The piece letters a reader reads moves in (Laws, Appendix E.1, E.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pieces {
    /// The initials of the reader's language (E.2): Persian in `fa`, Arabic in `ar`, English in
    /// `en`.
    #[default]
    Local,
    /// The English letters K Q R B N (E.1).
    English,
    /// Figurines (E.2: recommended in publications).
    Figurine,
}

impl Pieces {
    /// The cookie's value: `local`, `en`, `figurine`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Pieces::Local => "local",
            Pieces::English => "en",
            Pieces::Figurine => "figurine",
        }
    }

    /// The choice a cookie's value names (`None` for anything else).
    #[must_use]
    pub fn parse(value: &str) -> Option<Pieces> {
        [Pieces::Local, Pieces::English, Pieces::Figurine]
            .into_iter()
            .find(|p| p.code() == value)
    }
}

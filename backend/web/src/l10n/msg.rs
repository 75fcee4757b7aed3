//! Messages kept until the reader's language is known ([`Msg`]): errors are built deep in a
//! handler and written in the reader's language when answered.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::Loader;
use fluent_templates::fluent_bundle::FluentValue;

use super::{L10n, LOCALES, Lang};

/// A message of the catalogues with its arguments, kept until the reader's language is known:
/// errors are built deep in a handler, and written in the reader's language only when answered
/// (`crate::error`). A `Msg` made from a `String` or `&str` ([`Msg::plain`]) is a text outside the
/// catalogues (a domain error's English `Display`), shown as it is in every language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    /// The message id; empty for a plain text (kept in the argument `text`).
    key: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// An argument of a [`Msg`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arg {
    /// Text as it is.
    Text(String),
    /// A nested message, written in the same language.
    Msg(Msg),
    /// An integer, in the reader's digits.
    Int(i64),
    /// A count: `$count` for the plural rules, `$n` in the reader's digits.
    Count(i64),
    /// A value that reads left to right (a code, a number as typed), bidi-isolated.
    Ltr(String),
    /// A piece of data (a name), bidi-isolated in its own direction.
    Data(String),
    /// A text whose ASCII digits are written in the reader's digits (a score, `0.5`).
    Digits(String),
    /// A value in the reader's digits that reads left to right (a time, a result), isolated.
    LtrDigits(String),
}

impl Msg {
    /// The message `key` of the catalogues (`backend/web/locales/<lang>/*.ftl`).
    #[must_use]
    pub const fn new(key: &'static str) -> Msg {
        Msg {
            key,
            args: Vec::new(),
        }
    }

    /// What the input gate ([`arbiter_tournament::input`]) says is wrong with a value, and what
    /// it accepts: the message of every door's refusal (a form's field, a TRF record).
    #[must_use]
    pub fn input(e: &arbiter_tournament::input::InputError) -> Msg {
        use arbiter_tournament::input::InputError as E;
        use arbiter_tournament::tiebreak::TieBreakError as T;
        match e {
            E::Empty => Msg::new("bad-required"),
            E::TooLong { max } => Msg::new("bad-too-long").count(*max as i64),
            E::ControlCharacter { code, position } => Msg::new("bad-control-character")
                .ltr("code", format!("U+{code:04X}"))
                .int("position", *position as i64),
            E::Tiebreak(T::UnknownKind(code)) => {
                Msg::new("bad-tiebreak-code").ltr("value", code.clone())
            }
            E::Tiebreak(T::BadModifier { code, modifier }) => Msg::new("bad-tiebreak-modifier")
                .ltr("modifier", format!("/{modifier}"))
                .ltr("code", code.clone()),
            E::Tiebreak(T::RepeatedModifier {
                code,
                modifier,
                earlier,
            }) => Msg::new("bad-tiebreak-modifier-twice")
                .ltr("modifier", format!("/{modifier}"))
                .ltr("earlier", format!("/{earlier}"))
                .ltr("code", code.clone()),
            E::Tiebreak(T::Empty) => Msg::new("bad-tiebreak-empty"),
            E::RepeatedTiebreak(code) => {
                Msg::new("bad-tiebreak-repeated").ltr("value", code.clone())
            }
            E::TooManyTiebreaks { max } => Msg::new("bad-tiebreak-too-many").count(*max as i64),
            E::TimeZone(name) => Msg::new("bad-time-zone").ltr("value", name.clone()),
            E::Date(text) => Msg::new("bad-date").ltr("value", text.clone()),
            E::Round { round, last } => Msg::new("bad-round-in-event")
                .int("round", *round)
                .int("last", *last),
        }
    }

    /// A text outside the catalogues, shown as it is in every language.
    #[must_use]
    pub fn plain(text: impl Into<String>) -> Msg {
        Msg {
            key: "",
            args: vec![("text", Arg::Text(text.into()))],
        }
    }

    /// With the text argument `$name`.
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// With the argument `$name` another message, written in the same language.
    #[must_use]
    pub fn msg(mut self, name: &'static str, value: Msg) -> Msg {
        self.args.push((name, Arg::Msg(value)));
        self
    }

    /// With the integer argument `$name`, written in the reader's digits.
    #[must_use]
    pub fn int(mut self, name: &'static str, value: impl Into<i64>) -> Msg {
        self.args.push((name, Arg::Int(value.into())));
        self
    }

    /// With the argument `$name` a text whose digits are written in the reader's digits
    /// (a score such as `0.5`, a limit).
    #[must_use]
    pub fn digits(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::Digits(value.into())));
        self
    }

    /// With the argument `$name` a value that reads left to right in the reader's digits (a
    /// time `15:00`, a result `1–0`), isolated from a right-to-left sentence.
    #[must_use]
    pub fn ltr_digits(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::LtrDigits(value.into())));
        self
    }

    /// With a count: `$count` (for the plural rules) and `$n` (in the reader's digits).
    #[must_use]
    pub fn count(mut self, value: impl Into<i64>) -> Msg {
        self.args.push(("count", Arg::Count(value.into())));
        self
    }

    /// With the argument `$name` a value that reads left to right (a code, a value as the
    /// user typed it), isolated from a right-to-left sentence.
    #[must_use]
    pub fn ltr(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::Ltr(value.into())));
        self
    }

    /// With the argument `$name` a piece of data (a name), isolated in its own direction.
    #[must_use]
    pub fn data(mut self, name: &'static str, value: impl Into<String>) -> Msg {
        self.args.push((name, Arg::Data(value.into())));
        self
    }

    /// The message in `l`'s language and digits.
    #[must_use]
    pub fn render(&self, l: &L10n) -> String {
        if self.key.is_empty() {
            return match self.args.first() {
                Some((_, Arg::Text(t))) => t.clone(),
                _ => String::new(),
            };
        }
        let mut args: HashMap<Cow<'static, str>, FluentValue> = HashMap::new();
        for (name, arg) in &self.args {
            match arg {
                Arg::Text(t) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(t.clone()));
                }
                Arg::Msg(m) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(m.render(l)));
                }
                Arg::Int(n) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(l.int(n)));
                }
                Arg::Count(n) => {
                    args.insert(Cow::Borrowed("count"), FluentValue::from(*n));
                    args.insert(Cow::Borrowed("n"), FluentValue::from(l.num(*n)));
                }
                Arg::Ltr(t) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(l.ltr(t)));
                }
                Arg::Data(t) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(l.data(t)));
                }
                Arg::Digits(t) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(l.digits(t)));
                }
                Arg::LtrDigits(t) => {
                    args.insert(Cow::Borrowed(*name), FluentValue::from(l.ltr(&l.digits(t))));
                }
            }
        }
        LOCALES.lookup_with_args(&l.lang.langid(), self.key, &args)
    }
}

impl std::fmt::Display for Msg {
    /// The message in English.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(&L10n::new(Lang::EN, false)))
    }
}

impl From<String> for Msg {
    fn from(text: String) -> Msg {
        Msg::plain(text)
    }
}

impl From<&str> for Msg {
    fn from(text: &str) -> Msg {
        Msg::plain(text)
    }
}

impl L10n {
    /// A message built earlier ([`Msg`]), in the reader's language.
    #[must_use]
    pub fn m(&self, msg: &Msg) -> String {
        msg.render(self)
    }
}

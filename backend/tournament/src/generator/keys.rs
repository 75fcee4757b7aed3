//! The configuration files of the random generators (the individual RTG, [`super`], and the team
//! one, [`crate::team::generator`]): `key = value` lines, `#` starting a comment, blank lines
//! ignored, keys case-insensitive; each value read by the kind of its key, every error naming its
//! line and key ([`ConfigError`]).

use super::ConfigError;

/// One `key = value` line.
pub(crate) struct Entry<'a> {
    /// The line number, from 1.
    pub line: usize,
    /// The key as written.
    pub key: &'a str,
    /// The value, trimmed.
    pub value: &'a str,
}

/// The `key = value` lines of a configuration text, or the first line that is none.
///
/// # Errors
/// [`ConfigError::Syntax`] for a line without `=`.
pub(crate) fn entries(text: &str) -> Result<Vec<Entry<'_>>, ConfigError> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let Some((key, value)) = content.split_once('=') else {
            return Err(ConfigError::Syntax {
                line,
                text: raw.to_owned(),
            });
        };
        out.push(Entry {
            line,
            key: key.trim(),
            value: value.trim(),
        });
    }
    Ok(out)
}

impl Entry<'_> {
    /// The key in lower case, for matching.
    pub fn name(&self) -> String {
        self.key.to_ascii_lowercase()
    }

    /// A [`ConfigError::Value`] for this line.
    pub fn bad(&self, message: String) -> ConfigError {
        ConfigError::Value {
            line: self.line,
            key: self.key.to_owned(),
            message,
        }
    }

    /// A [`ConfigError::UnknownKey`] for this line.
    pub fn unknown(&self) -> ConfigError {
        ConfigError::UnknownKey {
            line: self.line,
            key: self.key.to_owned(),
        }
    }

    /// A whole number within `lo..=hi`.
    pub fn number(&self, lo: u16, hi: u16) -> Result<u16, ConfigError> {
        self.value
            .parse::<u16>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| {
                self.bad(format!(
                    "expected a number {lo}-{hi}, found {:?}",
                    self.value
                ))
            })
    }

    /// A number or a range `MIN-MAX` within `lo..=hi` (a number `n` is the range `n-n`).
    pub fn range(&self, lo: u16, hi: u16) -> Result<(u16, u16), ConfigError> {
        let parse = |s: &str| {
            s.trim()
                .parse::<u16>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
        };
        let r = match self.value.split_once('-') {
            Some((a, b)) => parse(a).zip(parse(b)).filter(|(a, b)| a <= b),
            None => parse(self.value).map(|v| (v, v)),
        };
        r.ok_or_else(|| {
            self.bad(format!(
                "expected a number or a range MIN-MAX within {lo}-{hi}, found {:?}",
                self.value
            ))
        })
    }

    /// A percentage 0-100 (a trailing `%` allowed).
    pub fn percent(&self) -> Result<f64, ConfigError> {
        self.value
            .trim_end_matches('%')
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| (0.0..=100.0).contains(v))
            .ok_or_else(|| {
                self.bad(format!(
                    "expected a percentage 0-100, found {:?}",
                    self.value
                ))
            })
    }

    /// `on`/`off`, `yes`/`no`, `true`/`false` or `1`/`0`.
    pub fn switch(&self) -> Result<bool, ConfigError> {
        match self.value.to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" | "1" => Ok(true),
            "off" | "no" | "false" | "0" => Ok(false),
            _ => Err(self.bad(format!("expected on or off, found {:?}", self.value))),
        }
    }

    /// A whole number of any size (a seed).
    pub fn whole(&self) -> Result<u64, ConfigError> {
        self.value
            .parse()
            .map_err(|_| self.bad(format!("expected a whole number, found {:?}", self.value)))
    }

    /// One of `choices` (case-insensitive), as its index.
    pub fn choice(&self, choices: &[&str]) -> Result<usize, ConfigError> {
        let v = self.value.to_ascii_lowercase();
        choices.iter().position(|c| *c == v).ok_or_else(|| {
            self.bad(format!(
                "expected {}, found {:?}",
                choices.join(", "),
                self.value
            ))
        })
    }
}

/// The configuration's ratings in order: `rating_low` at most `rating_high`.
///
/// # Errors
/// [`ConfigError::Value`] naming `rating_low` (line 0: the two lines together).
pub(crate) fn rating_range(low: u16, high: u16) -> Result<(), ConfigError> {
    if low > high {
        return Err(ConfigError::Value {
            line: 0,
            key: "rating_low".to_owned(),
            message: format!("the lowest rating {low} is above the highest {high}"),
        });
    }
    Ok(())
}

//! Player names: stored and shown exactly as typed, compared through one folding
//! ([`fold_name`]) so that search and duplicate detection see the Arabic and Persian forms of a
//! letter, Arabic-Indic, Persian and ASCII digits, accents and harakat, case, spacing and
//! punctuation as the same name. Every importer and the web use this one function (DESIGN.md,
//! "Languages").
//!
//! Duplicate detection at registration ([`duplicates_of`], [`duplicates_in`]): a FIDE id already
//! registered is a conflict that cannot be overridden; a name that reads the same as a
//! registered player's ([`same_name`]: the folded names are equal, or they are look-alikes in
//! different scripts, such as a Cyrillic `а` in `Cаrlsen`) is a conflict the organizer may
//! confirm, unless both players carry FIDE ids and they differ (two people with the same name).
//!
//! Hidden characters (bidi controls, invisible format characters) are refused at every door and
//! dropped from every export ([`hidden`]).

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_security::MixedScript;
use unicode_security::mixed_script::AugmentedScriptSet;

use crate::model::Player;

pub mod hidden;

pub use hidden::{first_hidden, is_hidden, visible};

/// A name folded for comparison (never for display).
///
/// The steps, in order:
/// 1. Unicode compatibility decomposition (NFKD): accented letters become a base letter and a
///    combining mark (`é` -> `e` + U+0301; Arabic `أ` -> `ا` + hamza above U+0654, `آ` -> `ا` +
///    madda U+0653, `ؤ` -> `و` + hamza, `ئ` -> `ي` + hamza, `ۀ` -> U+06D5 + hamza), and
///    presentation forms, ligatures and full-width letters become the plain letters.
/// 2. Every combining mark is dropped: Latin accents, Arabic harakat (fatha, kasra, damma),
///    tanwin, shadda, sukun, the superscript alef U+0670, and the hamza and madda of step 1.
///    So `أ إ آ` fold to `ا` (the glossary's convention writes تأخیر and هیأت with hamza, but notes
///    that the seeds and the federation write تاخیر and هیات as well: people type both).
/// 3. Letter forms: Arabic yeh `ي` U+064A and alef maksura `ى` U+0649 -> Persian yeh `ی` U+06CC;
///    Arabic kaf `ك` U+0643 (and swash kaf U+06AA) -> Persian keheh `ک` U+06A9; teh marbuta `ة`
///    U+0629 (and U+06C3), U+06D5, heh goal U+06C1 and heh doachashmee U+06BE -> heh `ه` U+0647;
///    alef wasla `ٱ` U+0671 and the wavy-hamza alefs U+0672, U+0673 -> `ا` U+0627. Latin letters
///    whose stroke is not a combining mark fold too: `ł ø đ ħ ı` -> `l o d h i`, `ß` -> `ss`,
///    `æ` -> `ae`, `œ` -> `oe`.
/// 4. Tatweel U+0640 and format characters are dropped: the zero-width non-joiner U+200C (so
///    `علی‌رضا` and `علیرضا` match), the joiner U+200D, zero-width space, soft hyphen, the bidi
///    marks and isolates (LRM, RLM, ALM, U+202A-U+202E, U+2066-U+2069), the byte-order mark.
///    Apostrophes inside a word are dropped too (`O'Brien` = `OBrien`).
/// 5. Arabic-Indic digits U+0660-U+0669 and Persian digits U+06F0-U+06F9 -> ASCII `0-9`.
/// 6. Lower case (Unicode simple lower case, final sigma as sigma).
/// 7. Every run of characters that are neither letters nor digits (spaces, commas, hyphens,
///    dots, Arabic comma `،`, guillemets) becomes one space, with none at either end.
///
/// Word order is kept: `Rezaei, Ali` and `rezaei ali` fold alike (`rezaei ali`), `Ali Rezaei`
/// does not. A space still separates words (`محمد رضا` is not `محمدرضا`). The result is NFC.
///
/// ```
/// use arbiter_tournament::names::fold_name;
///
/// assert_eq!(fold_name("Rezaei, Ali"), fold_name("rezaei  ali"));
/// assert_eq!(fold_name("علي‌رضا"), fold_name("علیرضا"));
/// assert_eq!(fold_name("Müller, Jörg"), "muller jorg");
/// ```
#[must_use]
pub fn fold_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    // A separator is owed before the next letter or digit.
    let mut gap = false;
    for c in name.nfkd() {
        if is_combining_mark(c) || is_dropped(c) {
            continue;
        }
        let mut one = [0u8; 4];
        let folded = fold_letter(c).unwrap_or_else(|| c.encode_utf8(&mut one));
        for f in folded.chars() {
            for lower in f.to_lowercase() {
                let lower = if lower == 'ς' { 'σ' } else { lower };
                if lower.is_alphanumeric() {
                    if gap && !out.is_empty() {
                        out.push(' ');
                    }
                    gap = false;
                    out.push(lower);
                } else {
                    gap = true;
                }
            }
        }
    }
    out.nfc().collect()
}

/// Whether `query` finds `name` in a search: every word of the folded query occurs in the folded
/// name (anywhere, in any order), so `ali` finds `Rezaei, Ali` and `رضایی` finds `رضائي`. An
/// empty query (or one of punctuation only) finds every name.
#[must_use]
pub fn name_matches(query: &str, name: &str) -> bool {
    let name = fold_name(name);
    fold_name(query)
        .split(' ')
        .filter(|w| !w.is_empty())
        .all(|w| name.contains(w))
}

/// Characters left out of a folded name: tatweel, format characters (general category Cf that a
/// name can carry) and apostrophes.
const fn is_dropped(c: char) -> bool {
    matches!(
        c,
        '\u{0640}'
            | '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\''
            | '`'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{02BC}'
    )
}

/// One letter or digit in its folded form (steps 3 and 5 of [`fold_name`]); `None` when it folds
/// to itself.
fn fold_letter(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{064A}' | '\u{0649}' => "\u{06CC}",
        '\u{0643}' | '\u{06AA}' => "\u{06A9}",
        '\u{0629}' | '\u{06C3}' | '\u{06D5}' | '\u{06C1}' | '\u{06BE}' => "\u{0647}",
        '\u{0671}' | '\u{0672}' | '\u{0673}' => "\u{0627}",
        'ł' | 'Ł' => "l",
        'ø' | 'Ø' => "o",
        'đ' | 'Đ' => "d",
        'ħ' | 'Ħ' => "h",
        'ı' => "i",
        'ß' | 'ẞ' => "ss",
        'æ' | 'Æ' => "ae",
        'œ' | 'Œ' => "oe",
        '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}' => {
            const ASCII: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
            ASCII
                .get(usize::from(ascii_digit(c) as u8 - b'0'))
                .copied()
                .unwrap_or("0")
        }
        _ => return None,
    })
}

/// A Persian (U+06F0-U+06F9) or Arabic-Indic (U+0660-U+0669) digit as its ASCII digit; any other
/// character as it is. For names and for numbers typed in forms in any script.
#[must_use]
pub fn ascii_digit(c: char) -> char {
    match c {
        '\u{06F0}'..='\u{06F9}' => char::from_u32(u32::from(c) - 0x06F0 + 0x30).unwrap_or(c),
        '\u{0660}'..='\u{0669}' => char::from_u32(u32::from(c) - 0x0660 + 0x30).unwrap_or(c),
        c => c,
    }
}

/// Why a player cannot simply be registered: someone already registered (or earlier in the same
/// file) who looks like the same person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplicate<'a> {
    /// The same FIDE id: the same person, always refused.
    FideId(&'a Player),
    /// The same name ([`same_name`]: equal once folded, or look-alikes in different scripts) and
    /// no different FIDE id: perhaps the same person,
    /// refused unless the organizer confirms.
    Name(&'a Player),
}

impl<'a> Duplicate<'a> {
    /// The registered player the new one conflicts with.
    #[must_use]
    pub const fn player(&self) -> &'a Player {
        match self {
            Duplicate::FideId(p) | Duplicate::Name(p) => p,
        }
    }

    /// Whether the organizer may register the player anyway (a name conflict) or not (the same
    /// FIDE id).
    #[must_use]
    pub const fn may_confirm(&self) -> bool {
        matches!(self, Duplicate::Name(_))
    }
}

/// The FIDE id a duplicate check reads: none for `None` and for `0` (files write `0` for "no
/// id").
fn fide_id(p: &Player) -> Option<u64> {
    p.fide_id.filter(|&id| id != 0)
}

/// A name as the duplicate check compares it: folded ([`fold_name`]), its Unicode TR39
/// skeleton (each character replaced by the prototype of its look-alikes: Cyrillic `а` and
/// Latin `a` both become `a`), and the scripts every character of the folded name belongs to
/// (TR39's resolved script set: empty for a name that mixes scripts).
struct NameKey {
    folded: String,
    skeleton: String,
    scripts: AugmentedScriptSet,
}

impl NameKey {
    fn new(name: &str) -> NameKey {
        let folded = fold_name(name);
        NameKey {
            skeleton: unicode_security::skeleton(&folded).collect(),
            scripts: folded.as_str().resolve_script_set(),
            folded,
        }
    }

    /// Whether two names read the same: equal once folded, or TR39 mixed-script confusables
    /// (equal skeletons and no script in common). Look-alikes within one script (`Dara` and
    /// `Clara`, whose skeletons are equal because `d` looks like `cl`) are different names.
    fn same(&self, other: &NameKey) -> bool {
        if self.folded.is_empty() || other.folded.is_empty() {
            return false;
        }
        if self.folded == other.folded {
            return true;
        }
        let mut common = self.scripts;
        common.intersect_with(other.scripts);
        self.skeleton == other.skeleton && common.is_empty()
    }
}

/// Whether two names are the same name for the duplicate check: equal once folded
/// ([`fold_name`]), or look-alikes written in different scripts (Unicode TR39 mixed-script
/// confusables: a Cyrillic `а` in `Cаrlsen`, a Greek `Α` for a Latin `A`). Names that only
/// look alike within one script (`Dara` and `Clara`, `Amo` and `Arno`) stay apart.
///
/// ```
/// use arbiter_tournament::names::same_name;
///
/// assert!(same_name("Carlsen, Magnus", "C\u{0430}rlsen, Magnus"));
/// assert!(same_name("کریمی، یوسف", "كريمي، يوسف"));
/// assert!(!same_name("Dara, Ali", "Clara, Ali"));
/// ```
#[must_use]
pub fn same_name(a: &str, b: &str) -> bool {
    NameKey::new(a).same(&NameKey::new(b))
}

/// The registered players that `candidate` conflicts with, FIDE-id conflicts first, then name
/// conflicts, each in the order of `registered`. Empty when the candidate may be registered.
///
/// A FIDE-id conflict: both carry the same FIDE id (not 0). A name conflict: the names are the
/// same name ([`same_name`]) and the two do not carry different FIDE ids.
#[must_use]
pub fn duplicates_of<'a>(candidate: &Player, registered: &'a [Player]) -> Vec<Duplicate<'a>> {
    let keys: Vec<NameKey> = registered.iter().map(|p| NameKey::new(&p.name)).collect();
    conflicts(candidate, &NameKey::new(&candidate.name), registered, &keys)
}

/// [`duplicates_of`] with the names' keys computed once (`keys[i]` is `registered[i]`'s).
fn conflicts<'a>(
    candidate: &Player,
    key: &NameKey,
    registered: &'a [Player],
    keys: &[NameKey],
) -> Vec<Duplicate<'a>> {
    let id = fide_id(candidate);
    let mut found: Vec<Duplicate<'a>> = registered
        .iter()
        .filter(|p| id.is_some() && fide_id(p) == id)
        .map(Duplicate::FideId)
        .collect();
    found.extend(
        registered
            .iter()
            .zip(keys)
            // Both with a FIDE id: the same id is a FIDE-id conflict above, different ids are
            // two people.
            .filter(|(p, _)| id.is_none() || fide_id(p).is_none())
            .filter(|(_, k)| key.same(k))
            .map(|(p, _)| Duplicate::Name(p)),
    );
    found
}

/// The conflicts of a list of new players (a file, an API request), each checked against the
/// registered players and the new players before it: `(index in new, conflict)`, in the order of
/// `new`. A player listed twice in the list conflicts with its first listing.
#[must_use]
pub fn duplicates_in<'a>(
    new: &'a [Player],
    registered: &'a [Player],
) -> Vec<(usize, Duplicate<'a>)> {
    let registered_keys: Vec<NameKey> = registered.iter().map(|p| NameKey::new(&p.name)).collect();
    let new_keys: Vec<NameKey> = new.iter().map(|p| NameKey::new(&p.name)).collect();
    let mut found = Vec::new();
    for (i, (p, key)) in new.iter().zip(&new_keys).enumerate() {
        let earlier = new.get(..i).unwrap_or_default();
        let mut here = conflicts(p, key, registered, &registered_keys);
        here.extend(conflicts(p, key, earlier, &new_keys));
        // FIDE-id conflicts first, whichever list they come from.
        here.sort_by_key(Duplicate::may_confirm);
        found.extend(here.into_iter().map(|d| (i, d)));
    }
    found
}

#[cfg(test)]
mod tests;

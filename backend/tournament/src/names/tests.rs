use proptest::prelude::*;

use super::*;

fn same(a: &str, b: &str) {
    assert_eq!(
        fold_name(a),
        fold_name(b),
        "{a:?} and {b:?} should fold alike"
    );
}

fn different(a: &str, b: &str) {
    assert_ne!(
        fold_name(a),
        fold_name(b),
        "{a:?} and {b:?} should stay apart"
    );
}

#[test]
fn persian_and_arabic_spellings_of_one_name_fold_alike() {
    // An Arabic keyboard's yeh and kaf against a Persian one's.
    same("كريمي، يوسف", "کریمی، یوسف");
    same("علي‌رضا", "علیرضا");
    // Final yeh written as alef maksura (as the 2001 Persian Laws extraction does).
    same("موسى", "موسی");
    // Teh marbuta against heh.
    same("حمزة", "حمزه");
    same("فاطمة", "فاطمه");
    // Hamza on a seat, and without it.
    same("رضائی", "رضایی");
    same("أحمد", "احمد");
    same("إبراهيم", "ابراهیم");
    same("ٱلهادي", "الهادی");
    // Harakat, shadda, tanwin, superscript alef and tatweel.
    same("مُحَمَّد", "محمد");
    same("محمـــد", "محمد");
    same("رحمٰن", "رحمن");
    // The zero-width non-joiner and bidi marks typed or pasted in.
    same("مرتضوی‌نیا", "مرتضوینیا");
    same("\u{2068}سارا\u{2069}", "سارا");
    same("\u{200F}نیما\u{200E}", "نیما");
    // Digits of the three systems.
    same("بازیکن ۱۲", "بازیکن 12");
    same("لاعب ١٢", "لاعب 12");
    // Presentation forms (from old PDFs and fonts) against the letters.
    same("\u{FEFB}", "لا");
}

#[test]
fn latin_names_fold_case_accents_and_punctuation() {
    same("Rezaei, Ali", "rezaei ali");
    same("Rezaei,Ali", "REZAEI  ,  ALI");
    same("Müller, Jörg", "Muller, Jorg");
    same("Dvořák", "dvorak");
    same("Łódź", "lodz");
    same("Straße", "STRASSE");
    same("O'Brien", "OBrien");
    same("Abdel-Rahman", "Abdel Rahman");
    same("Ｒｅｚａｅｉ", "rezaei");
    assert_eq!(fold_name("  Rezaei, \t Ali. "), "rezaei ali");
    assert_eq!(fold_name("كريمي، يوسف"), "کریمی یوسف");
}

#[test]
fn different_names_stay_apart() {
    // Word order is kept: "Last, First" is not "First Last".
    different("Rezaei, Ali", "Ali Rezaei");
    different("کاظمی", "کاظم");
    // A space separates words; the non-joiner does not.
    different("عبد الله", "عبدالله");
    // Hamza on its own is a letter.
    different("عطاء", "عطا");
    different("Ali", "Alí Reza");
}

#[test]
fn search_finds_words_in_any_order() {
    assert!(name_matches("ali", "Rezaei, Ali"));
    assert!(name_matches("ALI rezaei", "Rezaei, Ali"));
    assert!(name_matches("رضائي", "رضایی، علی"));
    assert!(name_matches("يوسف", "کریمی، یوسف"));
    assert!(name_matches("", "anyone"));
    assert!(name_matches(" , ", "anyone"));
    assert!(!name_matches("ali", "Karimi, Yousef"));
    assert!(!name_matches("ali karimi", "Rezaei, Ali"));
    // A word of the query may be part of a word of the name.
    assert!(name_matches("reza", "Rezaei, Ali"));
}

fn player(pn: u16, name: &str, fide_id: Option<u64>) -> Player {
    let mut p = Player::new(pn, name);
    p.fide_id = fide_id;
    p
}

#[test]
fn duplicates_by_fide_id_and_by_name() {
    let registered = [
        player(1, "رضایی، علی", Some(12_345_678)),
        player(2, "Karimi, Yousef", None),
        player(3, "Smith, John", Some(1)),
    ];
    // The same FIDE id under another spelling: a conflict that cannot be confirmed.
    let d = duplicates_of(&player(0, "Rezaei, Ali", Some(12_345_678)), &registered);
    assert_eq!(d, [Duplicate::FideId(&registered[0])]);
    assert!(!d[0].may_confirm());
    // The same name in Arabic letters, without a FIDE id: a name conflict.
    let d = duplicates_of(&player(0, "رضائي، علي", None), &registered);
    assert_eq!(d, [Duplicate::Name(&registered[0])]);
    assert!(d[0].may_confirm());
    assert_eq!(d[0].player().pairing_number, 1);
    // The same name with a FIDE id, against a registered player without one.
    let d = duplicates_of(&player(0, "KARIMI, Yousef", Some(7)), &registered);
    assert_eq!(d, [Duplicate::Name(&registered[1])]);
    // Namesakes with different FIDE ids are two people.
    assert!(duplicates_of(&player(0, "Smith, John", Some(2)), &registered).is_empty());
    // FIDE id 0 is "no id".
    assert!(duplicates_of(&player(0, "Doe, Jane", Some(0)), &[player(1, "X", Some(0))]).is_empty());
    assert!(duplicates_of(&player(0, "Ahmadi, Sara", None), &registered).is_empty());
}

#[test]
fn duplicates_in_a_list_name_the_earlier_listing() {
    let registered = [player(1, "کریمی، یوسف", None)];
    let new = [
        player(0, "كريمي، يوسف", None),
        player(0, "Ahmadi, Sara", Some(5)),
        player(0, "Ahmadi, Sara", Some(5)),
        player(0, "New, One", None),
    ];
    let d = duplicates_in(&new, &registered);
    assert_eq!(
        d,
        [
            (0, Duplicate::Name(&registered[0])),
            (2, Duplicate::FideId(&new[1])),
        ]
    );
}

#[test]
fn look_alikes_in_another_script_are_the_same_name() {
    let registered = [
        player(1, "Carlsen, Magnus", None),
        player(2, "Papadopoulos, Eleni", None),
        player(3, "کریمی، یوسف", None),
    ];
    // A Cyrillic `а` (U+0430) in a Latin name; a name all in Cyrillic look-alikes; Greek
    // capitals for Latin ones.
    for name in [
        "C\u{0430}rlsen, Magnus",
        "\u{0421}\u{0430}rlsen, M\u{0430}gnus",
        "CARLSEN, MAGNUS",
        "C\u{0391}RLSEN, M\u{0391}GNUS",
    ] {
        let d = duplicates_of(&player(0, name, None), &registered);
        assert_eq!(d, [Duplicate::Name(&registered[0])], "{name}");
    }
    // The Arabic and Persian forms of a name still fold alike.
    let d = duplicates_of(&player(0, "كريمي، يوسف", None), &registered);
    assert_eq!(d, [Duplicate::Name(&registered[2])]);
    // A list: the look-alike of an earlier line is named by that line.
    let new = [
        player(0, "Ivanov, Pavel", None),
        player(0, "Iv\u{0430}nov, P\u{0430}vel", None),
    ];
    assert_eq!(duplicates_in(&new, &[]), [(1, Duplicate::Name(&new[0]))]);
}

#[test]
fn look_alikes_within_one_script_stay_different_names() {
    // TR39 skeletons make `d` = `cl` and `m` = `rn`: within Latin these are different people's
    // names.
    for (a, b) in [
        ("Dara, Ali", "Clara, Ali"),
        ("Amo, Rita", "Arno, Rita"),
        ("Kim, Ho", "Kirn, Ho"),
        ("رضایی، علی", "رضائی، على"),
    ] {
        let verdict = same_name(a, b);
        if a.starts_with('ر') {
            // Persian and Arabic forms of one name: the same (folded alike).
            assert!(verdict, "{a} / {b}");
        } else {
            assert!(!verdict, "{a} / {b}");
        }
    }
    assert!(!same_name("Ivanov, Pavel", "Ivanova, Pavla"));
    assert!(!same_name("", ""));
}

/// Letters of the Arabic script that names use, in both the Arabic and the Persian forms.
fn arabic_word() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select(
            "ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیيكةىأإآؤئ"
                .chars()
                .collect::<Vec<_>>(),
        ),
        1..8,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// Characters [`fold_name`] ignores inside an Arabic-script word.
fn ignorable() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        '\u{200C}', '\u{200D}', '\u{0640}', '\u{064B}', '\u{064C}', '\u{064D}', '\u{064E}',
        '\u{064F}', '\u{0650}', '\u{0651}', '\u{0652}', '\u{0670}', '\u{200E}', '\u{200F}',
        '\u{2068}', '\u{2069}', '\u{FEFF}',
    ])
}

/// The Persian form of every letter that has an Arabic one, and of digits, ASCII.
fn persian(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'ي' | 'ى' | 'ئ' => 'ی',
            'ك' => 'ک',
            'ة' => 'ه',
            'أ' | 'إ' | 'آ' => 'ا',
            'ؤ' => 'و',
            '٠'..='٩' => char::from(b'0' + (u32::from(c) - 0x0660) as u8),
            '۰'..='۹' => char::from(b'0' + (u32::from(c) - 0x06F0) as u8),
            c => c,
        })
        .collect()
}

proptest! {
    #[test]
    fn folding_is_idempotent(s in any::<String>()) {
        let once = fold_name(&s);
        prop_assert_eq!(fold_name(&once), once);
    }

    #[test]
    fn folded_names_are_lower_case_single_spaced_and_mark_free(s in any::<String>()) {
        let f = fold_name(&s);
        prop_assert!(!f.starts_with(' ') && !f.ends_with(' ') && !f.contains("  "), "{:?}", f);
        for c in f.chars() {
            prop_assert!(c == ' ' || c.is_alphanumeric(), "{:?} in {:?}", c, f);
            prop_assert!(!is_combining_mark(c) && !is_dropped(c), "{:?} in {:?}", c, f);
            prop_assert!(!matches!(c, 'ي' | 'ى' | 'ك' | 'ة' | '٠'..='٩' | '۰'..='۹'), "{:?}", f);
        }
    }

    #[test]
    fn marks_joiners_and_tatweel_inside_a_word_change_nothing(
        word in arabic_word(),
        extra in proptest::collection::vec((0usize..8, ignorable()), 0..6),
    ) {
        let mut chars: Vec<char> = word.chars().collect();
        for (at, c) in extra {
            chars.insert(at.min(chars.len()), c);
        }
        let decorated: String = chars.into_iter().collect();
        prop_assert_eq!(fold_name(&decorated), fold_name(&word));
    }

    #[test]
    fn arabic_and_persian_letter_forms_and_digits_fold_alike(
        words in proptest::collection::vec(arabic_word(), 1..4),
        number in 0u32..100_000,
        arabic_digits in any::<bool>(),
    ) {
        let digits: String = number
            .to_string()
            .chars()
            .map(|d| {
                let base = if arabic_digits { 0x0660 } else { 0x06F0 };
                char::from_u32(base + d.to_digit(10).unwrap_or(0)).unwrap_or(d)
            })
            .collect();
        let name = format!("{} {digits}", words.join(" "));
        prop_assert_eq!(fold_name(&name), fold_name(&persian(&name)));
        prop_assert!(fold_name(&name).ends_with(&number.to_string()));
    }

    #[test]
    fn separators_between_words_collapse(
        words in proptest::collection::vec("[a-zA-Z]{1,6}", 1..4),
        seps in proptest::collection::vec("[ ,.;\t،«»-]{1,3}", 3),
    ) {
        let mut joined = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                joined.push_str(&seps[i % seps.len()]);
            }
            joined.push_str(w);
        }
        let expected = words.join(" ").to_lowercase();
        prop_assert_eq!(fold_name(&joined), expected);
    }

    #[test]
    fn namesakes_with_different_fide_ids_never_conflict(
        name in "[a-zA-Z ,]{1,12}",
        a in 1u64..1000,
        b in 1u64..1000,
    ) {
        let registered = [player(1, &name, Some(a))];
        let d = duplicates_of(&player(0, &name.to_uppercase(), Some(b)), &registered);
        if a == b {
            prop_assert_eq!(d, vec![Duplicate::FideId(&registered[0])]);
        } else {
            prop_assert!(d.is_empty());
        }
    }
}

//! Typing as a Persian or Arabic reader types (the language's own digits, its comma and
//! semicolon), submitting forms whatever their buttons say, and reading back what a page holds.

use fantoccini::{Client, Locator};

use crate::browser::click_and_wait;

/// `ascii` (digits among other text) with the digits of `lang`: Persian ۰–۹ for `fa`,
/// Arabic-Indic ٠–٩ for `ar`.
pub(crate) fn local(lang: &str, ascii: &str) -> String {
    let zero = if lang == "fa" { '۰' } else { '٠' };
    ascii
        .chars()
        .map(|ch| match ch.to_digit(10) {
            Some(d) => char::from_u32(zero as u32 + d).expect("a digit"),
            None => ch,
        })
        .collect()
}

/// `text` with every Persian and Arabic-Indic digit written as an ASCII digit, so that a value
/// can be found whichever digits the page writes it in.
pub(crate) fn ascii_digits(text: &str) -> String {
    text.chars()
        .map(|ch| match ch {
            '۰'..='۹' => char::from(b'0' + (ch as u32 - '۰' as u32) as u8),
            '٠'..='٩' => char::from(b'0' + (ch as u32 - '٠' as u32) as u8),
            _ => ch,
        })
        .collect()
}

/// Submits the form `form_css` by its (first) submit button and waits for the next page.
pub(crate) async fn submit(c: &Client, form_css: &str) {
    let button = c
        .find(Locator::Css(&format!("{form_css} button[type='submit']")))
        .await
        .unwrap_or_else(|e| panic!("no submit button in {form_css}: {e}"));
    // On a phone the button may sit in a table scrolled sideways in its box: scrolled to, as
    // the reader's finger would.
    c.execute(
        "arguments[0].scrollIntoView({block: 'center', inline: 'center'});",
        vec![serde_json::to_value(&button).expect("an element reference")],
    )
    .await
    .expect("scrolling to the button");
    click_and_wait(c, button, &format!("submitting {form_css}")).await;
}

/// The value the field `name` of the form `form_css` holds now.
pub(crate) async fn field_value(c: &Client, form_css: &str, name: &str) -> String {
    c.find(Locator::Css(&format!("{form_css} [name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no field {name} in {form_css}: {e}"))
        .prop("value")
        .await
        .expect("a field's value")
        .unwrap_or_default()
}

/// Chooses the option `value` of the select `name` in the form `form_css`.
pub(crate) async fn choose(c: &Client, form_css: &str, name: &str, value: &str) {
    c.find(Locator::Css(&format!("{form_css} select[name='{name}']")))
        .await
        .unwrap_or_else(|e| panic!("no select {name} in {form_css}: {e}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("choosing {value} in {name}: {e}"));
}

/// The error message the page shows (`role="alert"`), if any.
pub(crate) async fn alert(c: &Client) -> Option<String> {
    let alerts = c
        .find_all(Locator::Css("[role='alert']"))
        .await
        .expect("finding alerts");
    match alerts.first() {
        Some(a) => Some(a.text().await.unwrap_or_default()),
        None => None,
    }
}

/// The visible text of the page's `main`.
pub(crate) async fn main_text(c: &Client) -> String {
    crate::browser::main_text(c).await
}

/// A person's name in `lang`, written as the FIDE lists write it (family name, the language's
/// comma, given name): the `i`-th of 14 different ones.
pub(crate) fn person(lang: &str, i: usize) -> String {
    let (family, given): (&[&str], &[&str]) = if lang == "fa" {
        (
            &[
                "رضایی",
                "احمدی",
                "کریمی",
                "حسینی",
                "موسوی",
                "جعفری",
                "صادقی",
            ],
            &["علی", "مریم"],
        )
    } else {
        (
            &[
                "العلي",
                "الحسن",
                "المصري",
                "الشامي",
                "العمري",
                "النجار",
                "الخطيب",
            ],
            &["محمد", "فاطمة"],
        )
    };
    format!(
        "{}، {}",
        family[i % family.len()],
        given[(i / family.len()) % 2]
    )
}

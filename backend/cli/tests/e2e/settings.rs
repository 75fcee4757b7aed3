//! A setting changed after the start, in Persian (FIDE's checklist VCL4THP.13 Q58-Q59): once
//! round 1 is paired, the organizer types the new number of rounds in Persian digits; the
//! settings page comes back with the warning that lists the change as the `###` line it will
//! record and a box to confirm it, the typed value kept, nothing wider than a phone; confirmed,
//! the change is saved and the TRF export carries the record. With `ARBITER_SCREENSHOTS` naming
//! a folder, the warning is saved there at 1280 and 390 px.

use std::path::PathBuf;

use fantoccini::{Client, Locator};

use crate::browser::{
    click_and_wait, download, follow, in_the_browser, no_error, press, register,
    sign_up_and_create, text, type_into,
};

#[tokio::test(flavor = "current_thread")]
async fn a_change_after_the_start_is_confirmed_in_persian() {
    in_the_browser(
        "a_change_after_the_start_is_confirmed_in_persian",
        &[],
        scenario,
    )
    .await;
}

async fn submit(c: &Client, form: &str, what: &str) {
    let button = c
        .find(Locator::Css(&format!("{form} button[type='submit']")))
        .await
        .unwrap_or_else(|e| panic!("{what}: no submit button: {e}"));
    click_and_wait(c, button, what).await;
}

async fn scenario(c: Client, base: String, _dir: PathBuf) {
    c.goto(&format!("{base}/")).await.expect("the home page");
    let id = sign_up_and_create(&c, &base, "Guarded Open", 3, 60).await;
    register(
        &c,
        &id,
        &[
            ("Ahmadi, Ali", "2300"),
            ("Karimi, Reza", "2200"),
            ("Rahimi, Sara", "2100"),
            ("Haddad, Omar", "2000"),
        ],
    )
    .await;
    let form = format!("form[action='/tournaments/{id}/players/order']");
    press(
        &c,
        &form,
        "Order pairing numbers by rating, title, name (C.04.2)",
    )
    .await;
    follow(&c, "Pair round 1").await;
    press(
        &c,
        &format!("form[action='/tournaments/{id}/pair']"),
        "Store the pairing of round 1",
    )
    .await;
    no_error(&c, "storing round 1").await;

    // In Persian, the rounds typed in Persian digits.
    c.goto(&format!(
        "{base}/language?lang=fa&back=/tournaments/{id}/edit"
    ))
    .await
    .expect("the language switch");
    let edit = format!("form[action='/tournaments/{id}/edit']");
    type_into(&c, &edit, "rounds_planned", "۵").await;
    submit(&c, &edit, "saving five rounds").await;
    let warning = text(&c, "div.warning").await;
    assert!(
        warning.contains("### Configuration @ Round 1: rounds 3 -> 5"),
        "the warning lists the change: {warning}"
    );
    assert!(warning.contains("تأیید"), "in Persian: {warning}");
    let records = c
        .find_all(Locator::Css("div.warning ul.records li[dir='ltr'] code"))
        .await
        .expect("the records");
    assert_eq!(records.len(), 1, "one record, isolated left to right");
    let rounds = c
        .find(Locator::Css(&format!("{edit} [name='rounds_planned']")))
        .await
        .expect("the rounds field")
        .prop("value")
        .await
        .expect("its value")
        .unwrap_or_default();
    assert!(
        rounds == "۵" || rounds == "5",
        "the typed value is kept: {rounds:?}"
    );
    look_at_the_warning(&c, "fa").await;
    // The same warning in English, the form sent again unconfirmed.
    c.goto(&format!(
        "{base}/language?lang=en&back=/tournaments/{id}/edit"
    ))
    .await
    .expect("the language switch");
    type_into(&c, &edit, "rounds_planned", "5").await;
    submit(&c, &edit, "saving five rounds in English").await;
    let warning = text(&c, "div.warning").await;
    assert!(warning.contains("I confirm"), "in English: {warning}");
    look_at_the_warning(&c, "en").await;
    c.set_window_size(1296, 900)
        .await
        .expect("resizing the window");
    let checkbox = c
        .find(Locator::Css(&format!("{edit} input[name='confirm']")))
        .await
        .expect("the confirmation box");
    if !checkbox.is_selected().await.expect("its state") {
        checkbox.click().await.expect("ticking it");
    }
    submit(&c, &edit, "saving five rounds, confirmed").await;
    no_error(&c, "saving the confirmed change").await;
    let here = c.current_url().await.expect("an address");
    assert!(here.path().ends_with("/manage"), "saved: {here}");
    let trf = download(&c, &format!("{base}/tournaments/{id}/export/trf2026")).await;
    let trf = String::from_utf8(trf).expect("UTF-8");
    assert!(
        trf.contains("### Configuration @ Round 1: rounds 3 -> 5"),
        "the export records the change:\n{trf}"
    );
    assert!(trf.contains("\n142 5") || trf.contains("XXR 5"), "{trf}");

    // Leaving FIDE mode (Q43-Q45), in Persian, the reason typed with Persian punctuation.
    c.goto(&format!(
        "{base}/language?lang=fa&back=/tournaments/{id}/edit"
    ))
    .await
    .expect("the language switch");
    shoot(&c, "fa", "fide-mode-on", "#fide-mode").await;
    let leave = format!("form[action='/tournaments/{id}/fide-mode/leave']");
    let reason = "قاعدهٔ باشگاه، استراحت‌ها؛ آزمایشی";
    type_into(&c, &leave, "reason", reason).await;
    c.find(Locator::Css(&format!("{leave} input[name='confirm']")))
        .await
        .expect("the confirmation box")
        .click()
        .await
        .expect("ticking it");
    submit(&c, &leave, "leaving FIDE mode").await;
    no_error(&c, "leaving FIDE mode").await;
    let said = text(&c, "#fide-mode").await;
    assert!(said.contains(reason), "the reason, as typed: {said}");
    assert!(
        said.contains("دور ۱"),
        "the round in Persian digits: {said}"
    );
    shoot(&c, "fa", "fide-mode-left", "#fide-mode").await;
    let trf = download(&c, &format!("{base}/tournaments/{id}/export/trf2026")).await;
    let trf = String::from_utf8(trf).expect("UTF-8");
    assert!(
        trf.contains(&format!("### FIDE mode left @ Round 1: {reason}")),
        "{trf}"
    );

    // An imported file whose rounds the rules would not make (the constructed team sample):
    // the manage page warns, in Persian, naming the record the export carries (Q54-Q55).
    c.goto(&format!("{base}/tournaments/new"))
        .await
        .expect("the new tournament page");
    let sample = std::fs::canonicalize(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/teams/sample-trf26.trf"
    ))
    .expect("the sample");
    let sample = sample.to_str().expect("a UTF-8 path");
    let import = "form[action='/tournaments/import']";
    c.find(Locator::Css(&format!("{import} input[name='file']")))
        .await
        .expect("the file field")
        .send_keys(sample)
        .await
        .expect("choosing the file");
    submit(&c, import, "importing the sample").await;
    let here = c.current_url().await.expect("an address");
    assert!(
        here.query()
            .is_some_and(|q| q.starts_with("done=imported-irregular.")),
        "{here}"
    );
    let notice = text(&c, "[role='status']").await;
    assert!(
        notice.contains("### Import @ Round") && notice.contains("هشدار"),
        "{notice}"
    );
    shoot(&c, "fa", "import-irregular", "[role=status]").await;
}

/// A part of the page (`css`) at 1280 and 390 px: nothing wider than the window; saved as
/// `{lang}-{width}-{name}.png` when `ARBITER_SCREENSHOTS` names a folder.
async fn shoot(c: &Client, lang: &str, name: &str, css: &str) {
    let shots = std::env::var_os("ARBITER_SCREENSHOTS").map(PathBuf::from);
    for width in [1280_u32, 390] {
        c.set_window_size(width + 16, 900)
            .await
            .expect("resizing the window");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let wide = c
            .execute(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth",
                vec![],
            )
            .await
            .expect("measuring the page")
            .as_i64()
            .unwrap_or(0);
        assert!(
            wide <= 0,
            "{name}: at {width} px the page is {wide} px too wide"
        );
        if let Some(dir) = &shots {
            std::fs::create_dir_all(dir).expect("the screenshots folder");
            c.execute(
                &format!("document.querySelector('{css}').scrollIntoView({{block: 'center'}})"),
                vec![],
            )
            .await
            .expect("scrolling");
            let png = c.screenshot().await.expect("a screenshot");
            std::fs::write(dir.join(format!("{lang}-{width}-{name}.png")), png)
                .expect("saving a screenshot");
        }
    }
    c.set_window_size(1296, 900)
        .await
        .expect("resizing the window");
}

/// The warning at 1280 and 390 px ([`shoot`]), and at each width its record drawn left to right
/// however it wraps: its "3" before its "5".
async fn look_at_the_warning(c: &Client, lang: &str) {
    shoot(c, lang, "settings-confirm", "div.warning").await;
    for width in [1280_u32, 390] {
        c.set_window_size(width + 16, 900)
            .await
            .expect("resizing the window");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let order = c
            .execute(
                "const t = document.querySelector('div.warning ul.records code').firstChild; \
                 const at = i => { const r = document.createRange(); r.setStart(t, i); \
                   r.setEnd(t, i + 1); const b = r.getClientRects()[0]; return [b.top, b.left]; }; \
                 const i = t.data.indexOf('3 -> 5'); \
                 const a = at(i), b = at(i + 5); \
                 return a[0] < b[0] - 2 || (Math.abs(a[0] - b[0]) <= 2 && a[1] < b[1]);",
                vec![],
            )
            .await
            .expect("measuring the record");
        assert_eq!(
            order,
            serde_json::Value::Bool(true),
            "at {width} px the record's 3 -> 5 is drawn out of order"
        );
    }
    c.set_window_size(1296, 900)
        .await
        .expect("resizing the window");
}

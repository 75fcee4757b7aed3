//! FIDE mode on the settings page (FIDE's acceptance checklist, VCL4THP.13 Q40-Q46), on SQLite
//! and, when `ARBITER_TEST_POSTGRES_URL` is set, PostgreSQL: a new tournament is in FIDE mode;
//! leaving it needs a reason and the confirmation box, is recorded in the TRF export as `### FIDE
//! mode left @ Round n` and said on the settings page (in Persian too), and cannot be undone.

use actix_web::http::StatusCode;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, call, csrf_of, form, get, sign_up};

#[actix_web::test]
async fn fide_mode_is_on_and_left_only_for_good_with_a_reason_and_a_confirmation() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut jar = Jar(None);
        let p = sign_up(&app, &mut jar, "org@example.org", "0123456789ab").await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let csrf = csrf_of(&call(&app, &mut jar, get("/tournaments/new")).await.body);
        let p = call(
            &app,
            &mut jar,
            form(
                "/tournaments/new",
                &[("csrf", csrf.as_str()), ("name", "Mode Open")],
            ),
        )
        .await;
        let id = p.location.split('/').nth(2).unwrap().to_owned();
        let edit = format!("/tournaments/{id}/edit");
        let leave = format!("/tournaments/{id}/fide-mode/leave");
        let page = call(&app, &mut jar, get(&edit)).await;
        assert!(page.body.contains("is in FIDE mode"), "{}", page.body);
        assert!(page.body.contains(&format!("action=\"{leave}\"")));
        // Without a reason, or without the box ticked: refused naming the field, nothing done.
        for (fields, field) in [
            (vec![("confirm", "yes")], "reason"),
            (vec![("reason", "a club rule on byes")], "confirm"),
        ] {
            let mut fields = fields;
            fields.push(("csrf", csrf.as_str()));
            let p = call(&app, &mut jar, form(&leave, &fields)).await;
            assert_eq!(p.status, StatusCode::BAD_REQUEST, "{field}: {}", p.body);
            assert!(p.body.contains("FIDE mode"), "{field}: {}", p.body);
        }
        assert!(
            call(&app, &mut jar, get(&edit))
                .await
                .body
                .contains("is in FIDE mode")
        );
        // With both: left, recorded, said.
        let fields = [
            ("csrf", csrf.as_str()),
            ("reason", "a club rule on byes"),
            ("confirm", "yes"),
        ];
        let p = call(&app, &mut jar, form(&leave, &fields)).await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        assert_eq!(p.location, format!("{edit}?done=fide-mode-left"));
        let page = call(&app, &mut jar, get(&p.location)).await;
        assert!(
            page.body
                .contains("left FIDE mode after round 0, for good: a club rule on byes"),
            "{}",
            page.body
        );
        assert!(
            !page.body.contains(&format!("action=\"{leave}\"")),
            "no way back"
        );
        let export = call(
            &app,
            &mut jar,
            get(&format!("/tournaments/{id}/export/trf2026")),
        )
        .await;
        assert!(
            export
                .body
                .lines()
                .any(|l| l == "### FIDE mode left @ Round 0: a club rule on byes"),
            "{}",
            export.body
        );
        // In Persian, with the round in Persian digits.
        let p = call(
            &app,
            &mut jar,
            get(&format!("/language?lang=fa&back={edit}")),
        )
        .await;
        assert!(p.status.is_redirection(), "{}", p.body);
        let page = call(&app, &mut jar, get(&edit)).await;
        assert!(
            page.body
                .contains("پس از دور ۰ برای همیشه از حالت فیده خارج شد"),
            "{}",
            page.body
        );
        // Leaving again is refused: FIDE mode is never re-entered.
        let p = call(&app, &mut jar, form(&leave, &fields)).await;
        assert!(p.status.is_client_error(), "{}", p.body);
        let export = call(
            &app,
            &mut jar,
            get(&format!("/tournaments/{id}/export/trf2026")),
        )
        .await;
        assert_eq!(export.body.matches("### FIDE mode left").count(), 1);
    }
}

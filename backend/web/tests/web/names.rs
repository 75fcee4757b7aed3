//! Player names over the real HTTP stack, on SQLite and, when `ARBITER_TEST_POSTGRES_URL` is set,
//! PostgreSQL: names stored and shown as typed (Persian, Arabic, the zero-width non-joiner); a
//! registration that repeats a FIDE id refused, one that repeats a name (in its Arabic or Persian
//! letter forms) refused until the organizer confirms it, by the form, the upload (named by line)
//! and the API; the search (`?q=`) on the manage and public pages; the alphabetical order in the
//! reader's collation (`?sort=name`); an upload that is not UTF-8 named by its line.

use actix_web::http::{StatusCode, header};
use actix_web::test;
use arbiter_db::Actor;
use arbiter_db::testing::TestDb;
use arbiter_web::Config;
use arbiter_web::testing::{Jar, Page, call, form, get};
use serde_json::{Value as Json, json};

/// The value of the first input named `name`.
fn input(body: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let start = body
        .find(&key)
        .unwrap_or_else(|| panic!("no input {name} in {body}"))
        + key.len();
    body[start..].split('"').next().unwrap().to_owned()
}

/// A `multipart/form-data` post of text fields.
fn multipart(uri: &str, fields: &[(&str, &str)], file: Option<&[u8]>) -> test::TestRequest {
    let boundary = "ArbiterNamesBoundary1x9";
    let mut body = Vec::new();
    for (k, v) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n")
                .as_bytes(),
        );
    }
    if let Some(data) = file {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\nContent-Type: text/csv\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    test::TestRequest::post()
        .uri(uri)
        .insert_header((
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
}

/// The text of the first textarea named `name`, unescaped.
fn textarea(body: &str, name: &str) -> String {
    let key = format!("<textarea name=\"{name}\"");
    let start = body.find(&key).expect("a textarea");
    let open = body[start..].find('>').unwrap() + start + 1;
    let close = body[open..].find("</textarea>").unwrap() + open;
    body[open..close]
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The names in the player table of a page, in order (the `<bdi>` of each row's link or cell).
fn listed(body: &str) -> Vec<String> {
    let table = body
        .rfind("<tbody>")
        .map(|i| &body[i..])
        .unwrap_or_default();
    table
        .split("<bdi>")
        .skip(1)
        .map(|s| s.split("</bdi>").next().unwrap().to_owned())
        .filter(|s| s.chars().any(char::is_alphabetic) && s.len() > 3)
        .collect()
}

async fn in_lang<S, B>(app: &S, jar: &mut Jar, lang: &str, req: test::TestRequest) -> Page
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    call(app, jar, req.insert_header((header::ACCEPT_LANGUAGE, lang))).await
}

#[actix_web::test]
async fn the_organizer_is_asked_before_a_second_player_of_the_same_name() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let mut b = Jar(None);
        let p = call(&app, &mut b, get("/signup")).await;
        let p = call(
            &app,
            &mut b,
            form(
                "/signup",
                &[
                    ("email", "org@example.org"),
                    ("password", "0123456789ab"),
                    ("csrf", &input(&p.body, "csrf")),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER);
        let p = call(&app, &mut b, get("/tournaments/new")).await;
        let csrf = input(&p.body, "csrf");
        let p = call(
            &app,
            &mut b,
            form(
                "/tournaments/new",
                &[
                    ("csrf", &csrf),
                    ("name", "جام فجر"),
                    ("rounds_planned", "5"),
                ],
            ),
        )
        .await;
        assert_eq!(p.status, StatusCode::SEE_OTHER, "{}", p.body);
        let manage = arbiter_web::testing::without_notice(&p.location);
        let id = manage.split('/').nth(2).unwrap().to_owned();
        let players = format!("/tournaments/{id}/players");
        let count = |body: &str| body.matches("/status\" class=\"inline\"").count();

        // Stored and shown as typed, the non-joiner included.
        let ali = "رضایی، علی\u{200C}اکبر";
        let r = call(
            &app,
            &mut b,
            form(
                &players,
                &[("csrf", &csrf), ("name", ali), ("fide_id", "12345678")],
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let p = call(&app, &mut b, get(&manage)).await;
        assert!(p.body.contains(&format!("<bdi>{ali}</bdi>")), "{}", p.body);

        // The same FIDE id under a Latin spelling: refused on the FIDE id, naming the player; no
        // confirmation offered, even when the form says so.
        for confirm in ["", "1"] {
            let r = call(
                &app,
                &mut b,
                form(
                    &players,
                    &[
                        ("csrf", &csrf),
                        ("name", "Rezaei, Ali Akbar"),
                        ("fide_id", "12345678"),
                        ("confirm_duplicate", confirm),
                    ],
                ),
            )
            .await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST);
            assert!(
                r.body
                    .contains("id=\"error-fide_id\">this FIDE ID (12345678) is already registered"),
                "{}",
                r.body
            );
            assert!(r.body.contains(ali), "{}", r.body);
            assert!(!r.body.contains("name=\"confirm_duplicate\""), "{}", r.body);
        }

        // The same name typed on an Arabic keyboard (ي, ك forms), without the non-joiner and with
        // a fatha: refused on the name in the reader's language, with the checkbox to confirm.
        let spaced = "رضائي، علي اكبر";
        let same = "رضائي، عَليا\u{0643}بر";
        let r = in_lang(
            &app,
            &mut b,
            "fa",
            form(
                &players,
                &[("csrf", &csrf), ("name", same), ("rating", "1900")],
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(
            r.body.contains("بازیکنی با همین نام پیش‌تر ثبت‌نام شده است"),
            "{}",
            r.body
        );
        assert!(r.body.contains(ali));
        assert!(
            r.body.contains(
                "<input type=\"checkbox\" name=\"confirm_duplicate\" value=\"1\" required>"
            ),
            "{}",
            r.body
        );
        // The confirmation form carries the fields as typed.
        assert_eq!(input(&r.body, "rating"), "1900");
        let p = call(&app, &mut b, get(&manage)).await;
        assert_eq!(count(&p.body), 1, "nothing stored while refused");
        // A space where the first name had the non-joiner is another name.
        let r = call(
            &app,
            &mut b,
            form(&players, &[("csrf", &csrf), ("name", spaced)]),
        )
        .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        // Confirmed, the same name is registered.
        let r = call(
            &app,
            &mut b,
            form(
                &players,
                &[
                    ("csrf", &csrf),
                    ("name", same),
                    ("rating", "1900"),
                    ("confirm_duplicate", "1"),
                ],
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let p = call(&app, &mut b, get(&manage)).await;
        assert_eq!(count(&p.body), 3);
        assert!(
            p.body.contains(&format!("<bdi>{same}</bdi>")),
            "stored as typed"
        );

        // An upload: a name already registered (Persian letters against Arabic ones) on line 2,
        // a name repeated in the file on lines 3 and 4 (a tatweel and a case apart).
        let upload = format!("/tournaments/{id}/players/upload");
        let csv =
            "name,rating\n\"كريمي، يوسف\",2000\n\"Ahmadi, Sara\",1800\n\"AHMADI,  Sara\",1700\n";
        let r = call(
            &app,
            &mut b,
            multipart(
                &upload,
                &[("csrf", &csrf)],
                Some("name,rating\n\"کریمی، یوسف\",2100\n".as_bytes()),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let r = call(
            &app,
            &mut b,
            multipart(&upload, &[("csrf", &csrf)], Some(csv.as_bytes())),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(
            r.body
                .contains("line 2: a player with the same name is already registered"),
            "{}",
            r.body
        );
        assert!(
            r.body.contains("line 4: the same name as line 3"),
            "{}",
            r.body
        );
        assert!(!r.body.contains("line 3:"), "{}", r.body);
        assert_eq!(textarea(&r.body, "text"), csv, "the file, to send again");
        let p = call(&app, &mut b, get(&manage)).await;
        assert_eq!(count(&p.body), 4, "all or none");
        let r = call(
            &app,
            &mut b,
            multipart(
                &upload,
                &[("csrf", &csrf), ("text", csv), ("confirm_duplicate", "1")],
                None,
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let p = call(&app, &mut b, get(&manage)).await;
        assert_eq!(count(&p.body), 7);

        // A TRF upload repeating a registered FIDE id: named by its line, not confirmable.
        let trf = format!(
            "012 Test\nXXR 5\n001    1      {:<33} 2000 IRI    12345678\n",
            "Rezaei, Ali"
        );
        let r = call(
            &app,
            &mut b,
            multipart(
                &upload,
                &[("csrf", &csrf), ("text", &trf), ("confirm_duplicate", "1")],
                None,
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(
            r.body
                .contains("line 3: this FIDE ID (12345678) is already registered"),
            "{}",
            r.body
        );
        assert!(!r.body.contains("name=\"confirm_duplicate\""));

        // Not UTF-8 (the Windows Arabic code page): refused by line, nothing guessed.
        let mut cp1256 = b"name\n\"Doe, Jane\"\n".to_vec();
        cp1256.extend_from_slice(b"\"\xd1\xd6\xc7\xed\xec\"\n");
        let r = call(
            &app,
            &mut b,
            multipart(&upload, &[("csrf", &csrf)], Some(&cp1256)),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(r.body.contains("line 3: "), "{}", r.body);
        assert!(r.body.contains("not UTF-8"), "{}", r.body);

        // The search folds letter forms: «يوسف» (Arabic yeh) finds «کریمی، یوسف» and the
        // uploaded «كريمي، يوسف»; «sara» finds both Saras.
        let p = call(
            &app,
            &mut b,
            get(&format!("{manage}?q=%D9%8A%D9%88%D8%B3%D9%81")),
        )
        .await;
        assert_eq!(p.status, StatusCode::OK);
        assert_eq!(count(&p.body), 2, "{}", p.body);
        assert!(
            p.body.contains("Players (7)"),
            "the heading counts everyone"
        );
        let p = call(&app, &mut b, get(&format!("{manage}?q=sara"))).await;
        assert_eq!(count(&p.body), 2);
        assert!(p.body.contains("2 of 7 players match"), "{}", p.body);
        let p = call(&app, &mut b, get(&format!("{manage}?q=nobody"))).await;
        assert_eq!(count(&p.body), 0);
    }
}

#[actix_web::test]
async fn the_api_refuses_duplicates_and_the_public_list_searches_and_sorts() {
    for db in TestDb::all() {
        let app = arbiter_web::testing::service(&db.pool, &Config::default()).await;
        let token = {
            let c = &mut db.pool.get().unwrap();
            let sys = Actor::system("test");
            let hash = arbiter_web::auth::hash_password("0123456789ab").unwrap();
            let u = arbiter_db::accounts::create_user(c, "bot@example.org", &hash, false, &sys)
                .unwrap();
            arbiter_db::accounts::create_api_token(c, u.uuid().unwrap(), Some("bot"), &sys).unwrap()
        };
        let post = |uri: String, body: Json| {
            test::TestRequest::post()
                .uri(&uri)
                .insert_header((header::AUTHORIZATION, format!("Bearer {token}")))
                .set_json(body)
        };
        let mut b = Jar(None);
        let r = call(
            &app,
            &mut b,
            post(
                "/api/v1/tournaments".into(),
                json!({"name": "Open", "rounds_planned": 5}),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let id = serde_json::from_str::<Json>(&r.body).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let players = format!("/api/v1/tournaments/{id}/players");
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([
                    {"name": "هادی، مریم", "fide_id": 111},
                    {"name": "وحیدی، سارا"},
                    {"name": "Zand, Omid"},
                    {"name": "ahmadi, Reza"},
                    {"name": "پارسا، نیما"},
                    {"name": "تهرانی، علی"},
                ]),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);

        let detail = |r: &Page| -> (String, String) {
            let j: Json = serde_json::from_str(&r.body).unwrap();
            (
                j["field"].as_str().unwrap_or_default().to_owned(),
                j["detail"].as_str().unwrap_or_default().to_owned(),
            )
        };
        // A registered name in Arabic letter forms: refused on its name...
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([{"name": "A, B"}, {"name": "وحيدي، سارا"}]),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
        let (field, text) = detail(&r);
        assert_eq!(field, "players[1].name");
        assert!(text.contains("allow_duplicate_name"), "{text}");
        assert!(text.contains("وحیدی، سارا"), "{text}");
        // ... twice in one request: the second names the first ...
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([{"name": "Nouri, Ava"}, {"name": "NOURI, AVA"}]),
            ),
        )
        .await;
        assert_eq!(detail(&r).0, "players[1].name", "{}", r.body);
        assert!(detail(&r).1.contains("players[0]"), "{}", r.body);
        // ... a registered FIDE id, whatever the request allows ...
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([{"name": "Hadi, Maryam", "fide_id": 111, "allow_duplicate_name": true}]),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert_eq!(detail(&r).0, "players[0].fide_id", "{}", r.body);
        // ... and a namesake with another FIDE id is another player.
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([{"name": "هادي، مريم", "fide_id": 222}]),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        // Allowed, the same name is registered.
        let r = call(
            &app,
            &mut b,
            post(
                players.clone(),
                json!([{"name": "وحيدي، سارا", "allow_duplicate_name": true}]),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);

        // The public list: by pairing number, as registered.
        let page = format!("/tournaments/{id}");
        let p = in_lang(&app, &mut b, "en", get(&page)).await;
        assert_eq!(
            listed(&p.body),
            [
                "هادی، مریم",
                "وحیدی، سارا",
                "Zand, Omid",
                "ahmadi, Reza",
                "پارسا، نیما",
                "تهرانی، علی",
                "هادي، مريم",
                "وحيدي، سارا"
            ]
        );
        assert!(p.body.contains("?sort=name"));
        // Alphabetical in English: Latin first, case and script folded by the root collation.
        let p = in_lang(&app, &mut b, "en", get(&format!("{page}?sort=name"))).await;
        let en = listed(&p.body);
        assert_eq!(en[..2], ["ahmadi, Reza", "Zand, Omid"]);
        // Persian: پ with ب before ت, و before ه (the Persian alphabet).
        let p = in_lang(&app, &mut b, "fa", get(&format!("{page}?sort=name"))).await;
        let fa = listed(&p.body);
        let at = |list: &[String], name: &str| list.iter().position(|n| n == name).unwrap();
        assert!(at(&fa, "پارسا، نیما") < at(&fa, "تهرانی، علی"), "{fa:?}");
        assert!(at(&fa, "وحیدی، سارا") < at(&fa, "هادی، مریم"), "{fa:?}");
        assert!(p.body.contains("به ترتیب الفبا"), "{}", p.body);
        // Arabic: ه before و.
        let p = in_lang(&app, &mut b, "ar", get(&format!("{page}?sort=name"))).await;
        let ar = listed(&p.body);
        assert!(at(&ar, "هادی، مریم") < at(&ar, "وحیدی، سارا"), "{ar:?}");
        // The search, in either letter forms, keeps the order asked for.
        let p = in_lang(
            &app,
            &mut b,
            "en",
            get(&format!("{page}?q=%D9%88%D8%AD%D9%8A%D8%AF%D9%8A")),
        )
        .await;
        assert_eq!(
            listed(&p.body),
            ["وحیدی، سارا", "وحيدي، سارا"],
            "{}",
            p.body
        );
        assert!(p.body.contains("2 of 8 players match"), "{}", p.body);
        let p = in_lang(&app, &mut b, "en", get(&format!("{page}?q=mary&sort=name"))).await;
        assert!(listed(&p.body).is_empty());
        let p = in_lang(
            &app,
            &mut b,
            "en",
            get(&format!("{page}?q=%D9%85%D8%B1%DB%8C%D9%85&sort=name")),
        )
        .await;
        assert_eq!(listed(&p.body).len(), 2, "{}", p.body);
    }
}

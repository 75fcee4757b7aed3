//! `arbiter rating-list import` and `find` end to end on the fixtures of `fixtures/ratings/`
//! (the figures are read off those files: 180 players in the standard list, 121 in the rapid of
//! which 2 are not in the standard; Vasquez, Rodrigo: 3400042, CHI, GM, standard 2558 with 4
//! games and K 10).

use std::process::{Command, Output};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn fixture(name: &str) -> String {
    format!(
        "{}/../../fixtures/ratings/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn import_the_month_then_find_by_id_and_name() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = format!("sqlite://{}", dir.path().join("ratings.sqlite").display());
    let out = |o: &Output| String::from_utf8_lossy(&o.stdout).into_owned();
    let err = |o: &Output| String::from_utf8_lossy(&o.stderr).into_owned();

    // Nothing stored yet.
    let o = arbiter(&["rating-list", "find", "3400042", "--database", &db]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("no rating list is stored"), "{}", err(&o));

    let o = arbiter(&[
        "rating-list",
        "import",
        &fixture("standard_nov25frl.txt"),
        "--database",
        &db,
    ]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        out(&o)
            .contains("the standard list of 2025-11: 180 players read, 180 new, 0 already listed"),
        "{}",
        out(&o)
    );
    let o = arbiter(&[
        "rating-list",
        "import",
        &fixture("rapid_nov25frl.txt"),
        "--database",
        &db,
    ]);
    assert!(
        out(&o).contains("121 players read, 2 new, 119 already listed"),
        "{}",
        out(&o)
    );
    assert!(
        out(&o).contains("snapshot 2025-11: 182 players; lists: standard, rapid"),
        "{}",
        out(&o)
    );

    // A file whose month nothing gives, with no --date: refused, nothing stored.
    let o = arbiter(&[
        "rating-list",
        "import",
        &fixture("players_list_foa.txt"),
        "--database",
        &db,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("nothing was imported"), "{}", err(&o));

    let o = arbiter(&["rating-list", "find", "3400042", "--database", &db]);
    assert!(o.status.success(), "{}", err(&o));
    let line = out(&o);
    assert!(line.starts_with("3400042    Vasquez, Rodrigo"), "{line}");
    assert!(
        line.contains(" CHI GM  standard 2558 (4 games, K 10)  rapid 2506 (8 games, K 20)"),
        "{line}"
    );
    assert!(line.contains("born 1969  [list 2025-11]"), "{line}");

    let o = arbiter(&["rating-list", "find", "REZAEI,", "a", "--database", &db]);
    let lines: Vec<String> = out(&o)
        .lines()
        .map(|l| l[11..].trim_end().to_owned())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("Rezaei, Ali "), "{lines:?}");
    assert!(lines[1].starts_with("Rezaei, Amir Hossein "), "{lines:?}");

    let o = arbiter(&["rating-list", "find", "nobody like this", "--database", &db]);
    assert_eq!(o.status.code(), Some(1));
}

//! `arbiter ratings` end to end on the Karl-Mala-Gedenkturnier 2005 (`fixtures/`): the text table,
//! the JSON document and the errors. The figures are computed by hand in
//! `backend/tournament/tests/tournament/rating_change_karl_mala.rs`.

use std::process::{Command, Output};

const KARL_MALA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/karl-mala-2005.trf"
);

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The table line of a pairing number.
fn line(text: &str, pn: u16) -> String {
    text.lines()
        .find(|l| l.split_whitespace().next() == Some(&pn.to_string()))
        .unwrap_or_else(|| panic!("no line for {pn} in\n{text}"))
        .to_owned()
}

#[test]
fn the_text_table() {
    let o = arbiter(&["ratings", KARL_MALA]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    // 284 players, a header, a blank line and the notes.
    assert!(text.lines().count() > 285, "{text}");
    // 1 Vasquez 2558, K 10, 7 games, 6 points, expected 6.08, -0.8, 2557.
    let words: Vec<String> = line(&text, 1)
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        words,
        [
            "1",
            "Vasquez,Rodrigo",
            "2558",
            "10",
            "7",
            "6.0",
            "6.08",
            "-0.8",
            "2557"
        ]
    );
    // 25 Strohhaeker 2251, K 40 (junior), 6 games, 4.5, expected 2.38, +84.8, 2336.
    assert!(
        line(&text, 25).ends_with("2251  40     6  4.5   2.38   +84.8  2336"),
        "{}",
        line(&text, 25)
    );
    // 165 Genis, unrated: initial rating 1865 from 5 games.
    assert!(
        line(&text, 165).ends_with("1865 (initial)"),
        "{}",
        line(&text, 165)
    );
    assert!(text.contains("List: standard (record 122"), "{text}");
    assert!(
        text.contains("K derived from rating and age for 146 players"),
        "{text}"
    );
}

#[test]
fn the_json_document() {
    let o = arbiter(&["ratings", KARL_MALA, "--format", "json", "--list", "rapid"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(doc["list"], "Rapid");
    assert_eq!(doc["inferred"]["list"], "Standard");
    // A 2005 event: the rapid 600-point rule of December 2024 does not apply.
    assert_eq!(doc["rules"]["gap_600"], false);
    let players = doc["players"].as_array().expect("players");
    assert_eq!(players.len(), 284);
    let p1 = &players[0];
    assert_eq!(p1["pairing_number"], 1);
    // The same rules on the rapid list as on the standard one for this event: −0.80, in hundredths.
    assert_eq!(p1["change"], -80);
    assert_eq!(p1["new_rating"], 2557);
    assert_eq!(p1["k"]["value"], 10);
    assert_eq!(p1["games"].as_array().map(Vec::len), Some(7));
    assert_eq!(p1["games"][0]["expected"], 92);
}

#[test]
fn errors() {
    let o = arbiter(&["ratings", "/nonexistent/file.trf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("reading"));
    let o = arbiter(&["ratings", KARL_MALA, "--list", "bullet"]);
    assert!(!o.status.success());
}

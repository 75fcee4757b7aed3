use super::*;

const SMALL: &str = r#"[Event "Test Open"]
[Site "Here"]
[Date "2025.01.02"]
[Round "1.1"]
[White "Alpha, A"]
[Black "Beta, B"]
[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2300"]
[WhiteFideId "100"]
[BlackTitle "IM"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Test Open"]
[Site "Here"]
[Date "2025.01.03"]
[Round "2.1"]
[White "Beta, B"]
[Black "Alpha A"]
[Result "1/2-1/2"]
[BlackFideId "100"]

1. d4 d5 2. c4 e6 1/2-1/2

[Event "Test Open"]
[Round "2.2"]
[White "Gamma, C"]
[Black "Delta, D"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 1-0
"#;

#[test]
fn reads_players_rounds_results_and_scores() {
    let e = read_pgn_event(SMALL.as_bytes()).unwrap();
    let t = &e.tournament;
    assert_eq!(t.name.as_deref(), Some("Test Open"));
    assert_eq!(
        t.start_date.map(|d| d.to_string()).as_deref(),
        Some("2025-01-02")
    );
    assert_eq!(
        t.end_date.map(PartialDate::pgn).as_deref(),
        Some("2025.01.03")
    );
    assert!(e.warnings.is_empty());
    // The FIDE id joins two spellings of one player.
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.players[0].name, "Alpha, A");
    assert_eq!(t.players[0].rating, Some(2400));
    assert_eq!(t.players[1].title, Some(Title::Im));
    assert_eq!(t.rounds.len(), 2);
    assert_eq!(t.rounds[1].games.len(), 2);
    assert_eq!(t.rounds[1].games[0].white, 2);
    assert_eq!(t.rounds[1].games[0].black, 1);
    assert_eq!(t.rounds[1].games[1].board, Some(2));
    assert_eq!(t.rounds[1].games[1].result, GameResult::white_wins());
    assert_eq!(e.games.len(), 3);
    assert_eq!(e.games[0].report.status, "ok");
    assert_eq!(e.games[0].report.outcome, "checkmate");
    // Black mated, but the result says 1-0: the contradiction is kept.
    let g3 = &e.games[2];
    assert_eq!((g3.round, g3.seq), (2, 1));
    assert_eq!(g3.report.status, "result_contradicted");
    assert!(g3.report.contradiction.is_some());
    assert!(g3.report.flagged());
    assert!(g3.pgn.contains("2. g4 Qh4#"), "{}", g3.pgn);
    let m = score_moves(&e.games[0].pgn).unwrap();
    assert_eq!(m.san, ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert_eq!(m.position_at(99).fen(), e.games[0].report.final_fen);
}

#[test]
fn bad_round_tags_name_the_game_and_line() {
    let text = SMALL
        .replace("[Round \"2.1\"]", "[Round \"?\"]")
        .replace("[Round \"2.2\"]", "[Round \"2.x\"]");
    let e = read_pgn_event(text.as_bytes()).unwrap_err();
    assert_eq!(e.issues.len(), 2, "{e:?}");
    assert_eq!(e.issues[0].game, 2);
    assert_eq!(e.issues[0].line, 15);
    assert!(e.issues[0].message.contains("no `Round` tag"));
    assert_eq!(e.issues[1].game, 3);
    assert!(e.issues[1].message.contains("\"2.x\""), "{e}");
    let twice = SMALL.replace("[Round \"2.2\"]", "[Round \"2.1\"]");
    let e = read_pgn_event(twice.as_bytes()).unwrap_err();
    assert!(e.issues[0].message.contains("board 1 is already taken"));
    assert!(read_pgn_event(b"").is_err());
}

/// The event's name goes through the gate every door uses
/// ([`crate::input::EventName`], issue #22): too long is an error naming the game and the
/// tag, and nothing is read.
#[test]
fn the_event_name_goes_through_the_input_gate() {
    let long = "E".repeat(201);
    let text = SMALL.replacen("Test Open", &long, 1);
    let e = read_pgn_event(text.as_bytes()).unwrap_err();
    assert_eq!(e.issues.len(), 1, "{e:?}");
    assert_eq!((e.issues[0].game, e.issues[0].line), (1, 1));
    assert_eq!(
        e.issues[0].to_string(),
        "game 1 (line 1): `Event` tag: at most 200 characters"
    );
    // Trimmed and in NFC, as the forms store it; 200 characters are taken.
    let text = SMALL.replacen("Test Open", " Cafe\u{301} Open ", 1);
    let t = read_pgn_event(text.as_bytes()).unwrap().tournament;
    assert_eq!(t.name.as_deref(), Some("Caf\u{e9} Open"));
    let text = SMALL.replacen("Test Open", &long[1..], 1);
    let t = read_pgn_event(text.as_bytes()).unwrap().tournament;
    assert_eq!(t.name.map(|n| n.chars().count()), Some(200));
}

#[test]
fn a_score_is_checked_alone() {
    let (pgn, r) = check_score("1. e4 e5 2. Ke3 *").unwrap();
    assert_eq!(r.status, "illegal_move");
    let bad = r.first_bad_move.unwrap();
    assert_eq!((bad.ply, bad.move_number, bad.text.as_str()), (3, 2, "Ke3"));
    assert!(pgn.contains("1. e4 e5 2. Ke3 *"));
    assert!(matches!(check_score(""), Err(ScoreError::Empty)));
}

/// A player's name goes through the names' gate ([`crate::names::hidden`]): a bidi control or
/// another hidden character is an error naming the game, its line and the tag.
#[test]
fn a_name_with_a_hidden_character_is_refused() {
    for (hidden, code) in [
        ("\u{202E}", "202E"),
        ("\u{2066}", "2066"),
        ("\u{200F}", "200F"),
    ] {
        let text = SMALL.replacen("Gamma, C", &format!("Gamma{hidden}, C"), 1);
        let e = read_pgn_event(text.as_bytes()).unwrap_err();
        assert_eq!(e.issues.len(), 1, "{e:?}");
        assert_eq!((e.issues[0].game, e.issues[0].line), (3, 26));
        assert_eq!(
            e.issues[0].message,
            format!("`White` tag: control character U+{code} at character 6 of the name")
        );
    }
    // The zero-width non-joiner of a Persian name is kept.
    let text = SMALL.replacen("Gamma, C", "علی‌رضا، سعیدی", 1);
    let t = read_pgn_event(text.as_bytes()).unwrap().tournament;
    assert!(t.players.iter().any(|p| p.name == "علی‌رضا، سعیدی"));
}

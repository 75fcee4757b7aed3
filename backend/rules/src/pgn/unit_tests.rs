//! Hand-written cases for every reader feature and error kind, and for the writer.

use std::io::{self, BufRead, Read};

use super::*;

fn read_bytes(input: &[u8]) -> Vec<Result<RawGame, PgnError>> {
    PgnReader::new(input).collect()
}

fn read(input: &str) -> Vec<Result<RawGame, PgnError>> {
    read_bytes(input.as_bytes())
}

/// The games of `input`, which must all read without error.
fn games(input: &str) -> Vec<RawGame> {
    read(input)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{input:?}: {e}")))
        .collect()
}

/// The only game of `input`.
fn game(input: &str) -> RawGame {
    let mut all = games(input);
    assert_eq!(all.len(), 1, "{input:?}");
    all.remove(0)
}

fn tokens(g: &RawGame) -> Vec<&str> {
    g.moves().map(|m| m.text).collect()
}

fn lines(g: &RawGame) -> Vec<u64> {
    g.moves().map(|m| m.line).collect()
}

fn comments(g: &RawGame) -> Vec<(usize, &str)> {
    g.comments().map(|c| (c.ply, c.text)).collect()
}

// ---- input encoding and lines ----

#[test]
fn byte_order_mark_is_skipped() {
    let g = game("\u{feff}[Event \"A\"]\n[Site \"?\"]\n\n*\n");
    assert_eq!(g.tags[0], ("Event".to_owned(), "A".to_owned()));
    assert_eq!(g.termination, Some(Termination::Unknown));
    assert_eq!(g.move_count(), 0);
}

#[test]
fn lf_crlf_and_bare_cr_each_end_one_line() {
    let g = game("[Event \"x\"]\r\n[Site \"y\"]\r\r\n1. e4\re5\n2. Nf3 *");
    assert_eq!(g.tags.len(), 2);
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3"]);
    // Lines: 1 Event, 2 Site, 3 empty, 4 "1. e4", 5 "e5", 6 "2. Nf3 *".
    assert_eq!(lines(&g), [4, 5, 6]);
}

#[test]
fn crlf_split_across_buffer_refills_counts_once() {
    // A BufReader of capacity 1 splits every CRLF pair between two refills.
    let input = b"e4\r\ne5\r\nNf3 *".as_slice();
    let mut r = PgnReader::new(io::BufReader::with_capacity(1, input));
    let g = r.next_game().expect("a game").expect("no error");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3"]);
    assert_eq!(lines(&g), [1, 2, 3]);
}

#[test]
fn latin1_is_decoded_and_reported_once() {
    let g = read_bytes(b"[White \"G\xf6ring\"]\n[Black \"M\xfcller\"]\n1. e4 *")
        .remove(0)
        .expect("game");
    assert_eq!(g.tag("White"), Some("Göring"));
    assert_eq!(g.tag("Black"), Some("Müller"));
    assert_eq!(g.warnings.len(), 1);
    assert!(matches!(g.warnings[0], PgnError::NotUtf8 { line: 1 }));
}

#[test]
fn control_characters_between_tokens_are_skipped_with_a_warning() {
    // NUL and ESC between moves, NUL glued to a move, DEL after one: never read as moves.
    let g = read_bytes(b"[Event \"x\"]\n1. e4\x00 e5 2. Nf3\x1b\x1b Nc6 3.Bb5\x00a6 4. Ba4\x7f *")
        .remove(0)
        .expect("game");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    // Once per game, at the first.
    assert_eq!(g.warnings.len(), 1);
    assert!(matches!(
        g.warnings[0],
        PgnError::ControlCharacter { line: 2, byte: 0 }
    ));
    assert_eq!(
        g.warnings[0].to_string(),
        "line 2: control character 0x00 skipped (not PGN text)"
    );
    // Inside a comment or a tag value they are text, not warned about.
    let g = read_bytes(b"[Event \"a\x01b\"]\n1. e4 {x\x02y} e5 *")
        .remove(0)
        .expect("game");
    assert_eq!(g.tag("Event"), Some("a\u{1}b"));
    assert_eq!(tokens(&g), ["e4", "e5"]);
    assert!(g.warnings.is_empty());
}

#[test]
fn control_characters_between_games_make_no_game_and_are_reported_with_the_next() {
    let all = read_bytes(b"[Event \"a\"]\n1. e4 *\n\x00\x00\x00\n[Event \"b\"]\n1. d4 *\n\x00\x00");
    assert_eq!(all.len(), 2, "the padding is no game");
    let first = all[0].as_ref().expect("game 1");
    let second = all[1].as_ref().expect("game 2");
    assert!(first.warnings.is_empty());
    assert_eq!(tokens(second), ["d4"]);
    assert!(matches!(
        second.warnings[..],
        [PgnError::ControlCharacter { line: 3, byte: 0 }]
    ));
}

#[test]
fn the_validator_reports_the_skipped_control_characters_with_the_game() {
    let mut reports = Vec::new();
    let n = crate::replay::validate_pgn(
        &b"[Event \"x\"]\n1. e4\x00 e5 1-0\n"[..],
        crate::replay::ReplayOptions::default(),
        |r| reports.push(r.expect("a game")),
    )
    .expect("read");
    assert_eq!(n, 1);
    // The NUL is no move: two plies, both legal.
    assert_eq!(reports[0].plies, 2);
    assert_eq!(
        reports[0].warnings,
        ["line 2: control character 0x00 skipped (not PGN text)"]
    );
}

#[test]
fn escape_lines_with_percent_in_column_zero_are_dropped() {
    let g = game("% a private line e4 {\n1. d4 %notcol0\n%{ also dropped\nd5 *");
    assert_eq!(tokens(&g), ["d4", "%notcol0", "d5"]);
}

#[test]
fn a_line_of_several_megabytes_is_read() {
    let mut text = String::from("[Event \"long\"]\n");
    for _ in 0..300_000 {
        text.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    text.push_str("1/2-1/2");
    assert!(text.len() > 4_000_000);
    let g = game(&text);
    assert_eq!(g.move_count(), 1_200_000);
    assert_eq!(g.termination, Some(Termination::Draw));
}

// ---- comments ----

#[test]
fn semicolon_comment_runs_to_end_of_line() {
    let g = game("1. e4 ; rest e5 {not a brace\n1... c5 *");
    assert_eq!(tokens(&g), ["e4", "c5"]);
    assert_eq!(comments(&g), [(1, " rest e5 {not a brace")]);
}

#[test]
fn brace_comment_spans_lines() {
    let g = game("{intro} 1. e4 {line one\nline two\n} e5 {(=)} 2. Nf3 *");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3"]);
    assert_eq!(lines(&g), [1, 3, 3]);
    assert_eq!(
        comments(&g),
        [(0, "intro"), (1, "line one\nline two\n"), (2, "(=)")]
    );
    assert_eq!(g.skipped.comments, 3);
}

#[test]
fn percent_line_inside_a_comment_is_kept() {
    let g = game("e4 {a\n%b} *");
    assert_eq!(comments(&g), [(1, "a\n%b")]);
}

#[test]
fn comments_do_not_nest() {
    // As in pgn-extract's nested-comment.pgn: the comment ends at the first `}`.
    let g = game("e4 { a { b } c } *");
    assert_eq!(tokens(&g), ["e4", "c"]);
    assert_eq!(comments(&g), [(1, " a { b ")]);
    assert!(matches!(
        g.warnings[0],
        PgnError::BraceInComment { line: 1 }
    ));
    assert!(matches!(
        g.warnings[1],
        PgnError::UnmatchedClose { line: 1, ch: '}' }
    ));
}

#[test]
fn comments_before_the_tags_belong_to_the_game() {
    let all = games("{intro}\n[Event \"a\"]\n1. e4 1-0 {trailing}\n");
    assert_eq!(all.len(), 1, "a trailing comment is not a game");
    assert_eq!(all[0].tag("Event"), Some("a"));
    assert_eq!(comments(&all[0]), [(0, "intro")]);
    assert_eq!(all[0].line, 1);
}

// ---- variations ----

#[test]
fn variations_of_any_depth_are_skipped() {
    let g =
        game("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4) e5 (1... c5 {x} $1 *) 2. Nf3! *");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3"]);
    assert_eq!(g.comments().len(), 0);
    assert_eq!(g.nags, [(3, 1)]);
    assert_eq!(
        g.skipped,
        Skipped {
            comments: 1,
            variations: 4,
            nags: 2
        }
    );
    assert_eq!(g.termination, Some(Termination::Unknown));
}

#[test]
fn a_result_inside_a_variation_does_not_end_the_game() {
    let g = game("e4 (d4 1-0) e5 0-1");
    assert_eq!(tokens(&g), ["e4", "e5"]);
    assert_eq!(g.termination, Some(Termination::BlackWins));
}

#[test]
fn unmatched_close_paren_is_a_warning() {
    let g = game("1. e4\n) e5 *");
    assert_eq!(tokens(&g), ["e4", "e5"]);
    assert!(matches!(
        g.warnings[..],
        [PgnError::UnmatchedClose { line: 2, ch: ')' }]
    ));
}

#[test]
fn unclosed_variation_is_an_error_and_the_next_game_survives() {
    let all = read("[Event \"a\"]\n1. e4 (1. d4\n\n[Event \"b\"]\n1. c4 *");
    assert_eq!(all.len(), 2);
    assert!(matches!(
        all[0],
        Err(PgnError::UnclosedVariation {
            line: 2,
            end_line: 4
        })
    ));
    let g = all[1].as_ref().expect("second game");
    assert_eq!(g.tag("Event"), Some("b"));
    assert_eq!(tokens(g), ["c4"]);
    assert_eq!(g.index, 2);
    assert_eq!(g.line, 4);
}

// ---- NAGs, suffixes, move numbers, special tokens ----

#[test]
fn nags_and_suffix_annotations() {
    let g = game("1. e4! $1 e5?? 2. Nf3!? Nc6?! 3. Bb5!! a6? 4. Ba4 !? $14 *");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    assert_eq!(
        g.nags,
        [
            (1, 1),
            (1, 1),
            (2, 4),
            (3, 5),
            (4, 6),
            (5, 3),
            (6, 2),
            (7, 5),
            (7, 14)
        ]
    );
    assert_eq!(g.skipped.nags, 9);
    assert!(g.warnings.is_empty());
}

#[test]
fn malformed_nags_and_suffixes_are_warnings() {
    let g = game("e4 $ e5 $300 Nf3!!! $12x *");
    assert_eq!(tokens(&g), ["e4", "e5", "Nf3", "x"]);
    assert_eq!(g.nags, [(3, 12)]);
    let kinds: Vec<String> = g.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        kinds,
        [
            "line 1: malformed NAG `$`",
            "line 1: malformed NAG `$300`",
            "line 1: unknown suffix annotation `!!!`",
        ]
    );
}

#[test]
fn move_number_forms() {
    let g = game("12.e4 12... e5 13. Nf3 13. ... Nc6 14.Bb5 14...a6 15 Ba4 15…Nf6 *");
    assert_eq!(
        tokens(&g),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    );
}

#[test]
fn castling_with_zeros_is_not_a_move_number() {
    let g = game("1. 0-0 0-0-0 O-O *");
    assert_eq!(tokens(&g), ["0-0", "0-0-0", "O-O"]);
}

#[test]
fn null_moves_and_promotions_pass_as_tokens() {
    let g = game("1. e4 -- 2. Z0 Nf6 3. d8Q d1=N+ 4. e8q# 1-0");
    assert_eq!(
        tokens(&g),
        ["e4", "--", "Z0", "Nf6", "d8Q", "d1=N+", "e8q#"]
    );
}

#[test]
fn all_termination_markers() {
    for (text, t) in [
        ("e4 1-0", Termination::WhiteWins),
        ("e4 0-1", Termination::BlackWins),
        ("e4 1/2-1/2", Termination::Draw),
        ("e4 ½-½", Termination::Draw),
        ("e4 *", Termination::Unknown),
        ("e4*", Termination::Unknown),
    ] {
        let g = game(text);
        assert_eq!(tokens(&g), ["e4"], "{text}");
        assert_eq!(g.termination, Some(t), "{text}");
    }
}

#[test]
fn unicode_tokens_are_kept_whole() {
    // Figurines, Cyrillic piece letters, Persian letters and digits; a no-break space separates.
    let g = game("1. ♘f3 ♞f6 2. Кf3\u{a0}Сc5 ۳. اه۴ ۳... سج۶ *");
    assert_eq!(tokens(&g), ["♘f3", "♞f6", "Кf3", "Сc5", "اه۴", "سج۶"]);
}

// ---- game boundaries ----

#[test]
fn games_without_tags_and_without_move_numbers() {
    let all = games("e4 e5 Nf3 *\nd4 d5 1-0\n");
    assert_eq!(all.len(), 2);
    assert!(all[0].tags.is_empty());
    assert_eq!(tokens(&all[0]), ["e4", "e5", "Nf3"]);
    assert_eq!(tokens(&all[1]), ["d4", "d5"]);
    assert_eq!((all[1].index, all[1].line), (2, 2));
}

#[test]
fn blank_lines_never_split_a_game() {
    let g = game("[Event \"a\"]\n\n[Site \"b\"]\n\n\n\n1. e4\n\n e5 *");
    assert_eq!(g.tags.len(), 2);
    assert_eq!(tokens(&g), ["e4", "e5"]);
}

#[test]
fn a_tag_after_movetext_starts_the_next_game() {
    let all = games("[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].termination, None);
    assert_eq!(tokens(&all[0]), ["e4"]);
    assert_eq!(tokens(&all[1]), ["d4"]);
}

#[test]
fn tags_and_moves_on_one_line() {
    let all = games("[Result \"1-0\"] e4 *\n[Result \"0-1\"] [Site \"x\"] e4 0-1");
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].tags.len(), 2);
    assert_eq!(all[1].termination, Some(Termination::BlackWins));
}

#[test]
fn the_last_game_needs_no_result() {
    let all = games("[Event \"a\"]\n1. e4 e5 *\n\n[Event \"b\"]\n1. d4 d5");
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].termination, None);
    assert_eq!(tokens(&all[1]), ["d4", "d5"]);
    assert_eq!(games("[Event \"only tags\"]").len(), 1);
    assert!(games("").is_empty());
    assert!(games("\n\n  \n").is_empty());
}

// ---- tags ----

#[test]
fn tag_values_are_unescaped() {
    let g = game(r#"[Event "a \"b\" \\ c \n"] [Site "The "Big" Open"] *"#);
    assert_eq!(g.tag("Event"), Some(r#"a "b" \ c \n"#));
    assert_eq!(g.tag("Site"), Some(r#"The "Big" Open"#));
}

// ---- errors, each with its line, and recovery ----

#[test]
fn unterminated_tag_pair() {
    let all =
        read("[Event \"ok\"]\n[Site \"abc\n[Round \"1\"]\n1. e4 *\n[Event \"next\"]\n1. d4 *");
    assert_eq!(all.len(), 2);
    assert!(matches!(all[0], Err(PgnError::UnterminatedTag { line: 2 })));
    let g = all[1].as_ref().expect("recovered");
    assert_eq!((g.index, g.tag("Event")), (2, Some("next")));
}

#[test]
fn malformed_tag_pairs() {
    let all = read("[Event abc]\n*\n[ \"x\"]\n*\n[Event \"fine\"] *");
    assert_eq!(all.len(), 3);
    assert!(matches!(
        all[0],
        Err(PgnError::MalformedTag {
            line: 1,
            what: "the tag value is not a quoted string"
        })
    ));
    assert!(matches!(
        all[1],
        Err(PgnError::MalformedTag {
            line: 3,
            what: "the tag name is missing"
        })
    ));
    assert!(all[2].is_ok());
}

#[test]
fn unterminated_comment_at_end_of_file() {
    let all = read("[Event \"a\"]\n1. e4 e5 *\n[Event \"b\"]\n1. e4 {never\nclosed");
    assert_eq!(all.len(), 2);
    assert!(all[0].is_ok());
    assert!(matches!(
        all[1],
        Err(PgnError::UnterminatedComment { line: 4 })
    ));
    assert_eq!(
        all[1].as_ref().err().map(ToString::to_string).as_deref(),
        Some("line 4: comment opened here is not closed before the end of the file")
    );
}

#[test]
fn an_unclosed_comment_does_not_swallow_the_next_games() {
    let all = read("[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 *\n[Event \"c\"]\n*");
    assert_eq!(all.len(), 3);
    assert!(matches!(
        all[0],
        Err(PgnError::CommentRunsIntoTags {
            line: 2,
            tag_line: 4
        })
    ));
    assert_eq!(
        all[1].as_ref().map(|g| tokens(g).join(" ")).ok().as_deref(),
        Some("d4")
    );
    assert!(all[2].is_ok());
    // A comment line that merely starts with `[` is not a tag pair.
    let g = game("e4 {see\n[%clk 0:01:00]\n} e5 *");
    assert_eq!(tokens(&g), ["e4", "e5"]);
}

/// Gives some bytes, then fails.
struct Failing(&'static [u8]);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Failing {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.0.is_empty() {
            Err(io::Error::other("disk on fire"))
        } else {
            Ok(self.0)
        }
    }
    fn consume(&mut self, n: usize) {
        self.0 = &self.0[n..];
    }
}

#[test]
fn io_error_is_reported_and_ends_reading() {
    let mut r = PgnReader::new(Failing(b"e4 e5 *\n[Event \"cut\"]\n1. d4"));
    assert!(r.next_game().expect("first").is_ok());
    let err = r.next_game().expect("second").expect_err("I/O error");
    assert!(matches!(err, PgnError::Io { line: 2, .. }), "{err}");
    assert!(r.next_game().is_none());
}

// ---- the visitor ----

#[derive(Default)]
struct Counter {
    tags: usize,
    moves: usize,
    skip_second: bool,
    game: u64,
}

impl Visitor for Counter {
    type Output = (u64, usize);

    fn begin_game(&mut self, start: GameStart) {
        self.game = start.index;
        self.moves = 0;
    }

    fn tag(&mut self, _name: &str, _value: &str, _line: u64) {
        self.tags += 1;
    }

    fn end_tags(&mut self) -> Control {
        if self.skip_second && self.game == 2 {
            Control::SkipMovetext
        } else {
            Control::Continue
        }
    }

    fn move_token(&mut self, _token: &str, _line: u64) {
        self.moves += 1;
    }

    fn end_game(&mut self, _end: GameEnd) -> (u64, usize) {
        (self.game, self.moves)
    }
}

#[test]
fn visitor_can_skip_a_games_movetext() {
    let text = "[Event \"a\"]\n1. e4 e5 *\n[Event \"b\"]\n1. d4 d5 2. c4 *\n[Event \"c\"]\n1. c4 *";
    let mut r = PgnReader::new(text.as_bytes());
    let mut v = Counter {
        skip_second: true,
        ..Counter::default()
    };
    let mut out = Vec::new();
    while let Some(g) = r.read_game(&mut v) {
        out.push(g.expect("no error"));
    }
    assert_eq!(out, [(1, 2), (2, 0), (3, 1)]);
    assert_eq!(v.tags, 3);
    assert_eq!(r.games_read(), 3);
}

// ---- the writer ----

fn write(game: &RawGame) -> String {
    let mut w = PgnWriter::new(Vec::new());
    w.write_game(game).expect("write");
    String::from_utf8(w.into_inner()).expect("utf-8")
}

#[test]
fn writer_puts_the_seven_tag_roster_first_with_defaults() {
    let g = game("[ECO \"C20\"]\n[White \"A \\\"B\\\"\"]\n[Event \"E\"]\n1. e4 e5 1-0");
    let out = write(&g);
    assert_eq!(
        out,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A \\\"B\\\"\"]\n\
         [Black \"?\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n1. e4 e5 1-0\n\n"
    );
}

#[test]
fn writer_numbers_black_moves_after_comments_and_in_fen_games() {
    let g = game(
        "[FEN \"8/8/8/8/8/8/8/k6K b - - 0 12\"]\n12... Ka2 {first} 13. Kg2 {(=)} Ka3 $1 14. Kg3 *",
    );
    let out = write(&g);
    let movetext = out.split("\n\n").nth(1).expect("movetext");
    assert_eq!(
        movetext,
        "12... Ka2 {first} 13. Kg2 {(=)} 13... Ka3 $1 14. Kg3 *"
    );
}

#[test]
fn writer_wraps_at_80_columns_and_round_trips() {
    let mut text = String::from("[Event \"wrap\"]\n");
    for i in 1..=60 {
        text.push_str(&format!(
            "{i}. Nf3 {{a comment with several words}} Nf6 Ng1 Ng8 "
        ));
    }
    text.push_str("1/2-1/2");
    let g = game(&text);
    let out = write(&g);
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.ends_with("1/2-1/2\n\n") && !out.ends_with("\n\n\n"));
    let again = game(&out);
    assert_eq!(tokens(&again), tokens(&g));
    // Comments are rewrapped: the same words, whitespace normalised.
    let words = |g: &RawGame| -> Vec<(usize, Vec<String>)> {
        g.comments()
            .map(|c| {
                (
                    c.ply,
                    c.text.split_whitespace().map(str::to_owned).collect(),
                )
            })
            .collect()
    };
    assert_eq!(words(&again), words(&g));
    assert_eq!(write(&again), out);
}

#[test]
fn writer_rejects_what_would_not_read_back() {
    let mut w = PgnWriter::new(Vec::new());
    w.begin_game::<&str, &str>(&[], Termination::Unknown)
        .expect("tags");
    assert_eq!(
        w.write_move("e4 e5").map_err(|e| e.kind()),
        Err(io::ErrorKind::InvalidInput)
    );
    assert_eq!(
        w.write_move("").map_err(|e| e.kind()),
        Err(io::ErrorKind::InvalidInput)
    );
    assert_eq!(
        w.write_comment("a } b").map_err(|e| e.kind()),
        Err(io::ErrorKind::InvalidInput)
    );
    w.write_move("e4").expect("move");
    w.end_game().expect("end");
    let out = String::from_utf8(w.into_inner()).expect("utf-8");
    assert!(out.ends_with("[Result \"*\"]\n\n1. e4 *\n\n"), "{out}");
}

#[test]
fn en_passant_mark_and_draw_offer_from_scoresheets() {
    let g = game("1. e4 Nf6 2. e5 d5 3. exd6 e.p. (=) Nc6 4. dxc7e.p. *");
    assert_eq!(tokens(&g), ["e4", "Nf6", "e5", "d5", "exd6", "Nc6", "dxc7"]);
    assert_eq!(comments(&g), [(5, "(=)")]);
    assert_eq!(g.skipped.variations, 0);
    assert_eq!(g.skipped.comments, 1);
}

#[test]
fn line_ends_are_found_at_every_offset() {
    // The line scanner works eight bytes at a time: put the line end at every offset of a word.
    for len in 0..40 {
        for end in ["\n", "\r", "\r\n"] {
            let first = "a".repeat(len);
            let text = format!("{first}{end}b{end}{first}{end}*");
            let g = game(&text);
            let expected: Vec<&str> = [first.as_str(), "b", first.as_str()]
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect();
            assert_eq!(tokens(&g), expected, "{len} {end:?}");
            let last_line = g.moves().last().map(|m| m.line);
            assert_eq!(
                last_line,
                Some(if len == 0 { 2 } else { 3 }),
                "{len} {end:?}"
            );
        }
    }
}

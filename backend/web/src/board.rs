//! A chess diagram as SVG, drawn on the server: a pure function from a position to an SVG string,
//! no JavaScript and no images. 8x8 squares with White at the bottom (Art. 2.1: a light square at
//! each player's right), the pieces as Unicode chess glyphs in `<text>`, files `a`-`h` and ranks
//! `1`-`8` along the edges, the last move's squares tinted, and a `<title>` and `<desc>` that name
//! the position and list every piece for readers who cannot see it.

use std::fmt::Write as _;

use arbiter_rules::{Board, Color, PieceKind, Square};

/// The side of one square, in SVG user units.
const SQ: u32 = 45;
/// The margin that holds the coordinates.
const MARGIN: u32 = 18;

/// Escapes text for an XML text node or attribute.
#[must_use]
pub fn escape_xml(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

/// The glyph drawn for a piece kind (the filled forms, U+265A-U+265F; White's are filled white
/// with a dark outline, Black's dark).
const fn glyph(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '\u{265A}',
        PieceKind::Queen => '\u{265B}',
        PieceKind::Rook => '\u{265C}',
        PieceKind::Bishop => '\u{265D}',
        PieceKind::Knight => '\u{265E}',
        PieceKind::Pawn => '\u{265F}',
    }
}

/// A piece's letter in the piece lists (Appendix E.1), empty for a pawn.
const fn letter(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::King => "K",
        PieceKind::Queen => "Q",
        PieceKind::Rook => "R",
        PieceKind::Bishop => "B",
        PieceKind::Knight => "N",
        PieceKind::Pawn => "",
    }
}

/// The pieces of one side as a list: `Kg1, Qd1, Ra1, e4` (kings first, pawns last).
fn piece_list(board: &Board, side: Color) -> String {
    let mut items: Vec<(usize, String)> = board
        .iter()
        .filter(|(_, p)| p.color == side)
        .map(|(sq, p)| (p.kind.index(), format!("{}{sq}", letter(p.kind))))
        .collect();
    // PieceKind's index runs pawn first; list the king first as a scoresheet would.
    items.sort_by_key(|(k, name)| (std::cmp::Reverse(*k), name.clone()));
    items
        .into_iter()
        .map(|(_, s)| s)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Draws `board` as an SVG diagram. `title` names it (for example "Position after 23. Nf4"); it
/// is escaped. `last_move` tints the from- and to-squares of the move that led to it.
#[must_use]
pub fn board_svg(board: &Board, title: &str, last_move: Option<(Square, Square)>) -> String {
    let size = SQ * 8 + MARGIN * 2;
    let mut s = String::with_capacity(8 * 1024);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {size} {size}" width="{size}" height="{size}" role="img" aria-labelledby="board-title board-desc"><title id="board-title">{}</title><desc id="board-desc">White: {}. Black: {}.</desc>"#,
        escape_xml(title),
        piece_list(board, Color::White),
        piece_list(board, Color::Black),
    );
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{size}" height="{size}" fill="#f4f1ea"/>"##
    );
    for sq in Square::all() {
        let x = MARGIN + u32::from(sq.file()) * SQ;
        let y = MARGIN + (7 - u32::from(sq.rank())) * SQ;
        let tinted = last_move.is_some_and(|(a, b)| a == sq || b == sq);
        let fill = match (sq.is_light(), tinted) {
            (true, false) => "#f0d9b5",
            (false, false) => "#b58863",
            (true, true) => "#cdd26a",
            (false, true) => "#aaa23a",
        };
        let _ = write!(
            s,
            r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
        );
    }
    for (sq, p) in board.iter() {
        let x = MARGIN + u32::from(sq.file()) * SQ + SQ / 2;
        let y = MARGIN + (7 - u32::from(sq.rank())) * SQ + SQ * 4 / 5;
        let (fill, stroke) = match p.color {
            Color::White => ("#fff", "#222"),
            Color::Black => ("#222", "#222"),
        };
        let _ = write!(
            s,
            r#"<text x="{x}" y="{y}" text-anchor="middle" font-size="38" fill="{fill}" stroke="{stroke}" stroke-width="1.2" font-family="'DejaVu Sans','Segoe UI Symbol','Noto Sans Symbols2',serif">{}</text>"#,
            glyph(p.kind)
        );
    }
    for i in 0..8u8 {
        let file = char::from(b'a' + i);
        let rank = char::from(b'1' + i);
        let fx = MARGIN + u32::from(i) * SQ + SQ / 2;
        let ry = MARGIN + (7 - u32::from(i)) * SQ + SQ / 2 + 5;
        let bottom = MARGIN + 8 * SQ + 13;
        let _ = write!(
            s,
            r##"<text x="{fx}" y="{bottom}" text-anchor="middle" font-size="12" fill="#555">{file}</text><text x="{}" y="{ry}" text-anchor="middle" font-size="12" fill="#555">{rank}</text>"##,
            MARGIN / 2
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_rules::Position;

    #[test]
    fn the_initial_position_has_32_pieces_64_squares_and_a_title() {
        let pos = Position::new();
        let svg = board_svg(pos.board(), "Start <&>", None);
        assert!(svg.starts_with("<svg"));
        assert!(svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<rect").count(), 65);
        assert_eq!(svg.matches('\u{265F}').count(), 16);
        assert_eq!(svg.matches('\u{265A}').count(), 2);
        assert!(svg.contains("<title id=\"board-title\">Start &lt;&amp;&gt;</title>"));
        assert!(svg.contains("White: Ke1, Qd1,"), "{svg}");
        assert!(svg.contains(">a</text>") && svg.contains(">8</text>"));
        assert!(!svg.contains("<script"));
    }

    #[test]
    fn the_last_move_is_tinted_and_pieces_are_where_they_stand() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let e1: Square = "e1".parse().unwrap();
        let h1: Square = "h1".parse().unwrap();
        let svg = board_svg(pos.board(), "x", Some((e1, h1)));
        assert_eq!(
            svg.matches("#cdd26a").count() + svg.matches("#aaa23a").count(),
            2
        );
        // The rook on h1: the last file, the bottom rank.
        let x = MARGIN + 7 * SQ + SQ / 2;
        let y = MARGIN + 7 * SQ + SQ * 4 / 5;
        assert!(svg.contains(&format!("<text x=\"{x}\" y=\"{y}\"")));
        assert!(svg.contains("White: Ke1, Rh1. Black: Ke8."), "{svg}");
    }
}

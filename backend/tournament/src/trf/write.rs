//! The TRF writer.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::date::PartialDate;
use crate::model::{PairingNumber, Player, RoundNumber, Tournament};
use crate::points::Points;
use crate::result::{Colour, ResultCode};
use crate::scoring::ScoringSystem;

use super::{TrfVersion, fmt_points};

/// Writes a tournament as TRF16 or TRF-2026, one record per line, each ending in `\n`.
///
/// Order: header records `012`-`132`; then the number of rounds, the initial colour and the
/// scoring (TRF16: `XXR`, `XXC`, `BBW`...`BBU` when not the default; TRF-2026: `142`, `152`,
/// `162`); records `172`-`222`; accelerations (`XXA` / `250`; a team event's `250` in both
/// versions), forbidden pairs (`260` for a range of rounds, `XXP` in both versions for all
/// rounds: TRF-2026 has no all-rounds form; `250` and `260` in TRF-2026's columns),
/// announced byes (`240`); a team event's `352`/`362`; the `001` records in pairing-number
/// order; the team records (`013` or `310`, `320`, `330`, `300`; see `trf/team_write.rs`); then
/// the records kept verbatim. `001` records use the fixed columns of FIDE Handbook C.04 Annex 2 (round blocks from
/// column 92, `0000 - X` for a result without opponent, `-` as colour when colours are unknown),
/// without trailing spaces. Names longer than 33 characters are cut; points of 100 or more do not
/// fit columns 81-84 and overflow to the left.
///
/// TRF16 numbers teams by the order of their `013` records: an event whose team numbers have
/// gaps is written with its teams renumbered 1, 2, ... throughout (see
/// [`Tournament::number_teams_by_order`]: the forbidden pairs and accelerations too). A `013` record kept verbatim (from a file
/// whose teams came from `310` records) is written only beside `310` records, in TRF-2026: anywhere
/// else it would define the teams on reading.
///
/// What TRF cannot carry is not written: player status, board numbers, who recorded a result,
/// penalties' reasons, a scoring system for which [`ScoringSystem::is_trf_representable`] is
/// false (the win's and draw's points are written), rounds' states and times of day; in TRF16, a
/// team's nickname, strength and rank (TRF-2026's `310` fields: TRF16's `013` has none).
#[must_use]
pub fn write_trf(t: &Tournament, version: TrfVersion) -> String {
    let renumbered;
    let t = match &t.team {
        Some(e) if version == TrfVersion::Trf16 && !e.teams_numbered_by_order() => {
            let mut copy = t.clone();
            copy.number_teams_by_order();
            renumbered = copy;
            &renumbered
        }
        _ => t,
    };
    let mut out = String::new();
    // No record carries a hidden character (a bidi control, an invisible format character:
    // crate::names::hidden) that older data may still hold: each is dropped before the fixed
    // columns are laid out.
    let mut line = |code: &str, value: &str| {
        let l = format!("{code} {}", crate::names::visible(value));
        out.push_str(l.trim_end());
        out.push('\n');
    };
    let text = [
        ("012", &t.name),
        ("022", &t.city),
        ("032", &t.federation),
        ("062", &t.declared_players),
        ("072", &t.declared_rated_players),
        ("082", &t.declared_teams),
        ("092", &t.tournament_type),
        ("102", &t.chief_arbiter),
    ];
    for (code, v) in text {
        if let Some(v) = v {
            line(code, v);
        }
        if code == "032" {
            // Dates in TRF's own form, `YYYY/MM/DD` (a partial one with `00`).
            for (code, d) in [("042", t.start_date), ("052", t.end_date)] {
                if let Some(d) = d {
                    line(code, &d.trf());
                }
            }
        }
    }
    for d in &t.deputy_arbiters {
        line("112", d);
    }
    if let Some(v) = &t.time_control {
        line("122", v);
    }
    if let Some(v) = &t.round_dates {
        line("132", v);
    } else if t.rounds.iter().any(|r| r.scheduled.is_some()) {
        let mut s = String::new();
        for r in &t.rounds {
            let col = 92 + 10 * usize::from(r.number.saturating_sub(1));
            while s.chars().count() + 5 < col {
                s.push(' ');
            }
            let date = r
                .scheduled
                .map(|d| d.format("%y/%m/%d").to_string())
                .unwrap_or_default();
            let _ = write!(s, "{date:<8}  ");
        }
        line("132", &s);
    }
    let colour_word = |c: Colour| match c {
        Colour::White => "white1",
        Colour::Black => "black1",
    };
    let mut xxc: Vec<&str> = Vec::new();
    match version {
        TrfVersion::Trf16 => {
            if let Some(n) = t.rounds_planned {
                line("XXR", &n.to_string());
            }
            if let Some(c) = t.initial_colour {
                xxc.push(colour_word(c));
            }
            if t.scoring != ScoringSystem::default() {
                let names = ["BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"];
                for (code, p) in names.iter().zip(t.scoring.bbx()) {
                    line(code, &fmt_points(p));
                }
            }
        }
        TrfVersion::Trf2026 => {
            if let Some(n) = t.rounds_planned {
                line("142", &n.to_string());
            }
            if let Some(c) = t.initial_colour {
                line(
                    "152",
                    match c {
                        Colour::White => "W",
                        Colour::Black => "B",
                    },
                );
            }
            let s = &t.scoring;
            line("162", &record_162(s));
            // 162's `A` cannot tell a forfeit loss from a zero-point bye: the engines' codes can.
            if s.forfeit_loss != s.zero_bye {
                line("BBZ", &fmt_points(s.zero_bye));
                line("BBF", &fmt_points(s.forfeit_loss));
            }
        }
    }
    if t.pair_by_rank {
        xxc.push("rank");
    }
    xxc.extend(t.other_xxc.iter().map(String::as_str));
    if !xxc.is_empty() {
        line("XXC", &xxc.join(" "));
    }
    // A team event whose pairing system is known says it in `192`, with its primary score and
    // colour preferences (the only record that carries them).
    let system_192 = match &t.team {
        Some(e) => e.system.map(|system| {
            super::team_system::code_192(t.pairing_system.as_deref(), system, &e.settings)
        }),
        None => None,
    }
    .or_else(|| t.pairing_system.clone());
    let text26 = [
        ("172", &t.starting_rank_method),
        ("182", &t.pairing_controller),
        ("192", &system_192),
        ("202", &t.tiebreaks_202),
        ("212", &t.tiebreaks),
        ("222", &t.encoded_time_control),
    ];
    for (code, v) in text26 {
        if let Some(v) = v {
            line(code, v);
        }
    }
    for a in &t.accelerations {
        match version {
            TrfVersion::Trf16 => {
                let mut v = format!("{:>4}", a.player);
                for p in &a.points {
                    let _ = write!(v, " {:>5}", fmt_points(*p));
                }
                line("XXA", &v);
            }
            TrfVersion::Trf2026 => {
                for (from, to, p) in runs(&a.points) {
                    line(
                        "250",
                        &super::acceleration::player_250(p, (from, to), a.player),
                    );
                }
            }
        }
    }
    for v in super::acceleration::team_250(t) {
        line("250", &v);
    }
    for fp in &t.forbidden_pairs {
        let players: Vec<String> = fp.players.iter().map(ToString::to_string).collect();
        match fp.rounds {
            None => line("XXP", &players.join(" ")),
            Some(rounds) => line("260", &super::acceleration::value_260(fp, rounds)),
        }
    }
    for b in &t.announced_byes {
        let players: Vec<String> = b.players.iter().map(ToString::to_string).collect();
        let v = format!("{} {} {}", b.code.trf_char(), b.round, players.join(" "));
        line("240", &v);
    }
    super::team_write::settings_records(t, version, &mut out);
    let last = t.last_round();
    let blocks = round_blocks(t);
    for p in &t.players {
        let mut l = player_line(p);
        for r in 1..=last {
            let block = blocks
                .get(&(p.pairing_number, r))
                .map_or_else(|| " ".repeat(8), String::clone);
            let _ = write!(l, "  {block}");
        }
        out.push_str(l.trim_end());
        out.push('\n');
    }
    super::team_write::team_records(t, version, &mut out);
    let keeps_013 =
        version == TrfVersion::Trf2026 && t.team.as_ref().is_some_and(|e| !e.teams.is_empty());
    for raw in &t.other_records {
        if raw.line.starts_with("013") && !keeps_013 {
            continue;
        }
        out.push_str(&crate::names::visible(&raw.line));
        out.push('\n');
    }
    out
}

/// Runs of equal non-zero points: `(first round, last round, points)`.
fn runs(points: &[Points]) -> Vec<(usize, usize, Points)> {
    let mut out: Vec<(usize, usize, Points)> = Vec::new();
    for (i, &p) in points.iter().enumerate() {
        let r = i + 1;
        if p == Points::ZERO {
            continue;
        }
        match out.last_mut() {
            Some((_, to, q)) if *q == p && *to + 1 == r => *to = r,
            _ => out.push((r, r, p)),
        }
    }
    out
}

/// The 8-character round blocks (`oooo c r`) by (player, round).
fn round_blocks(t: &Tournament) -> BTreeMap<(PairingNumber, RoundNumber), String> {
    let mut m = BTreeMap::new();
    for r in &t.rounds {
        for g in &r.games {
            for (me, other, colour) in [
                (g.white, g.black, Colour::White),
                (g.black, g.white, Colour::Black),
            ] {
                let c = if g.colours_known {
                    colour.trf_char()
                } else {
                    '-'
                };
                let code = g.result.code(colour).trf_char();
                m.insert((me, r.number), format!("{other:>4} {c} {code}"));
            }
        }
        for b in &r.byes {
            let code = match b.code {
                ResultCode::Blank => ResultCode::ZeroBye,
                c => c,
            };
            m.insert((b.player, r.number), format!("0000 - {}", code.trf_char()));
        }
    }
    m
}

/// Columns 1-89 of a `001` record.
fn player_line(p: &Player) -> String {
    let sex = match p.sex {
        Some(crate::model::Sex::Male) => 'm',
        Some(crate::model::Sex::Female) => 'w',
        None => ' ',
    };
    let title = p.title.as_ref().map_or("", |t| t.as_str());
    let title: String = title.chars().take(3).collect();
    let name: String = crate::names::visible(&p.name).chars().take(33).collect();
    let opt = |v: Option<String>| v.unwrap_or_default();
    let fed: String = opt(p.federation.clone()).chars().take(3).collect();
    let birth = opt(p.birth_date.map(PartialDate::trf));
    format!(
        "001 {:>4} {}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.pairing_number,
        sex,
        title,
        name,
        opt(p.rating.map(|v| v.to_string())),
        fed,
        opt(p.fide_id.map(|v| v.to_string())),
        birth,
        opt(p.reported_points.map(fmt_points)),
        opt(p.rank.map(|v| v.to_string())),
    )
}

/// Record `162`'s value in TRF26's columns: a result code at column 6, its points in columns 7-10
/// (right-aligned, `11.5`), the next code at column 15, 24, ... (nine columns apart); the value
/// starts at column 5, after `162 `.
fn record_162(s: &ScoringSystem) -> String {
    let pairs = [
        ('W', s.win),
        ('D', s.draw),
        ('L', s.loss),
        ('A', s.zero_bye),
        ('P', s.pab),
        ('X', s.unknown),
    ];
    let fields: Vec<String> = pairs
        .iter()
        .map(|(code, p)| format!("{code}{:>4}", fmt_points(*p)))
        .collect();
    format!(" {}", fields.join("    "))
}

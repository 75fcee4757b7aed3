//! The reader of the team Swiss event files in `tests/data/team_swiss/` (the format is described
//! in the README there): an event's settings, then per round the absences, the oracle's scores,
//! the expected pairing and the results, replayed into [`TeamPairingState`]s.

use std::fs;
use std::path::{Path, PathBuf};

use arbiter_pairing::team_swiss::{
    TeamColourPreferences, TeamPairingState, TeamRoundRecord, TeamScore, TeamState,
};
use arbiter_pairing::{Colour, PointSystem, RoundKind};

/// An expected pairing: pairs (white, black) and the bye; `None` when no legal pairing exists.
pub type Expected = Option<(Vec<(u16, u16)>, Option<u16>)>;

/// One round of an event: the state to pair, what the oracle paired, and (when the oracle is
/// shown wrong) what the articles give, with the reason.
pub struct RoundCase {
    pub file: String,
    pub state: TeamPairingState,
    pub expect: Expected,
    pub article: Option<(Expected, String)>,
    /// The oracle's pairing with its brackets read in TPN order (art. 3.6.1), when it differs.
    pub tpn_order: Option<Expected>,
    /// The oracle's (primary, secondary) scores per present team, in the file's units.
    pub scores: Vec<(u16, String, String)>,
}

pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/team_swiss")
}

fn parse_pairing(words: &[&str]) -> Expected {
    if words == ["none"] {
        return None;
    }
    let mut pairs = Vec::new();
    let mut bye = None;
    let mut it = words.iter();
    while let Some(w) = it.next() {
        if *w == "bye" {
            bye = it.next().map(|b| b.parse().expect("a bye TPN"));
        } else {
            let (a, b) = w.split_once('-').expect("white-black");
            pairs.push((a.parse().expect("TPN"), b.parse().expect("TPN")));
        }
    }
    Some((pairs, bye))
}

fn record(
    opponent: Option<u16>,
    colour: Option<Colour>,
    kind: RoundKind,
    mp: u32,
    gp: u32,
) -> TeamRoundRecord {
    TeamRoundRecord {
        opponent,
        colour,
        kind,
        match_points: mp,
        game_points: gp,
    }
}

/// Every round of one event file.
pub fn read_event(path: &Path) -> Vec<RoundCase> {
    let text = fs::read_to_string(path).expect("readable event");
    let file = path
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let mut state = TeamPairingState {
        match_points: PointSystem {
            win: 2,
            draw: 1,
            loss: 0,
        },
        ..TeamPairingState::default()
    };
    let mut boards = 4u32;
    let mut out: Vec<RoundCase> = Vec::new();
    let mut absent: Vec<(u16, char)> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&key, rest)) = words.split_first() else {
            continue;
        };
        match key {
            "teams" => {
                let n: u16 = rest[0].parse().expect("a count");
                state.teams = (1..=n)
                    .map(|tpn| TeamState {
                        pairing_number: tpn,
                        ..TeamState::default()
                    })
                    .collect();
            }
            "rounds" => state.rounds_planned = rest[0].parse().expect("a count"),
            "boards" => boards = rest[0].parse().expect("a count"),
            "colours" => {
                state.colour_preferences = match rest[0] {
                    "A" => TeamColourPreferences::TypeA,
                    "B" => TeamColourPreferences::TypeB,
                    _ => TeamColourPreferences::None,
                };
            }
            "primary" => {
                state.primary = if rest[0] == "GP" {
                    TeamScore::GamePoints
                } else {
                    TeamScore::MatchPoints
                };
            }
            "secondary" => state.use_secondary_for_colour = rest[0] == "yes",
            "initial" => {
                state.initial_colour = Some(if rest[0] == "B" {
                    Colour::Black
                } else {
                    Colour::White
                });
            }
            "points" => {
                let p: Vec<u32> = rest.iter().map(|x| x.parse().expect("points")).collect();
                state.match_points = PointSystem {
                    win: p[0],
                    draw: p[1],
                    loss: p[2],
                };
            }
            "pab" => state.pab = (rest[0].parse().expect("MP"), rest[1].parse().expect("GP")),
            "round" => {
                state.round = rest[0].parse().expect("a round");
                absent.clear();
                for t in &mut state.teams {
                    t.absent = false;
                }
            }
            "absent" => {
                for a in rest {
                    let (t, k) = a.split_once(':').expect("tpn:kind");
                    let tpn: u16 = t.parse().expect("TPN");
                    absent.push((tpn, k.chars().next().expect("a kind")));
                    state.teams[usize::from(tpn) - 1].absent = true;
                }
            }
            "scores" => {
                let scores = rest
                    .iter()
                    .map(|s| {
                        let mut p = s.split(':');
                        let t = p.next().expect("TPN").parse().expect("TPN");
                        (
                            t,
                            p.next().expect("primary").to_owned(),
                            p.next().expect("secondary").to_owned(),
                        )
                    })
                    .collect();
                out.push(RoundCase {
                    file: file.clone(),
                    state: state.clone(),
                    expect: None,
                    article: None,
                    tpn_order: None,
                    scores,
                });
            }
            "expect" => {
                let e = parse_pairing(rest);
                match out.last_mut() {
                    Some(c) if c.state.round == state.round => c.expect = e,
                    _ => out.push(RoundCase {
                        file: file.clone(),
                        state: state.clone(),
                        expect: e,
                        article: None,
                        tpn_order: None,
                        scores: Vec::new(),
                    }),
                }
            }
            "tpnorder" => {
                if let Some(c) = out.last_mut() {
                    c.tpn_order = Some(parse_pairing(rest));
                }
            }
            "article" => {
                let (pairing, why) = line["article".len()..]
                    .split_once('#')
                    .unwrap_or((&line["article".len()..], ""));
                let words: Vec<&str> = pairing.split_whitespace().collect();
                if let Some(c) = out.last_mut() {
                    c.article = Some((parse_pairing(&words), why.trim().to_owned()));
                }
            }
            "result" => {
                let played: Vec<u16> = apply_results(&mut state, rest, boards);
                let bye = out.last().and_then(|c| c.expect.as_ref()).and_then(|e| e.1);
                for t in &mut state.teams {
                    if played.contains(&t.pairing_number) {
                        continue;
                    }
                    let rec = if Some(t.pairing_number) == bye {
                        record(None, None, RoundKind::Pab, state.pab.0, state.pab.1)
                    } else {
                        match absent.iter().find(|a| a.0 == t.pairing_number).map(|a| a.1) {
                            Some('H') => record(
                                None,
                                None,
                                RoundKind::HalfBye,
                                state.match_points.draw,
                                boards,
                            ),
                            Some('F') => record(
                                None,
                                None,
                                RoundKind::FullBye,
                                state.match_points.win,
                                2 * boards,
                            ),
                            _ => record(None, None, RoundKind::Absent, 0, 0),
                        }
                    };
                    t.history.push(rec);
                }
            }
            _ => {}
        }
    }
    out
}

/// Appends each result's records; returns the teams that had a match.
fn apply_results(state: &mut TeamPairingState, results: &[&str], boards: u32) -> Vec<u16> {
    let mut seen = Vec::new();
    let mp = state.match_points;
    for r in results {
        let (pair, score) = r.split_once(':').expect("w-b:result");
        let (w, b) = pair.split_once('-').expect("w-b");
        let (w, b): (u16, u16) = (w.parse().expect("TPN"), b.parse().expect("TPN"));
        let (rw, rb) = match score {
            "+-" => (
                record(Some(b), None, RoundKind::ForfeitWin, mp.win, 2 * boards),
                record(Some(w), None, RoundKind::ForfeitLoss, mp.loss, 0),
            ),
            "-+" => (
                record(Some(b), None, RoundKind::ForfeitLoss, mp.loss, 0),
                record(Some(w), None, RoundKind::ForfeitWin, mp.win, 2 * boards),
            ),
            _ => {
                let (gw, gb) = score.split_once(':').expect("gw:gb");
                let (gw, gb): (u32, u32) = (gw.parse().expect("GP"), gb.parse().expect("GP"));
                let (mw, mb) = match gw.cmp(&gb) {
                    std::cmp::Ordering::Greater => (mp.win, mp.loss),
                    std::cmp::Ordering::Equal => (mp.draw, mp.draw),
                    std::cmp::Ordering::Less => (mp.loss, mp.win),
                };
                (
                    record(Some(b), Some(Colour::White), RoundKind::Played, mw, gw),
                    record(Some(w), Some(Colour::Black), RoundKind::Played, mb, gb),
                )
            }
        };
        state.teams[usize::from(w) - 1].history.push(rw);
        state.teams[usize::from(b) - 1].history.push(rb);
        seen.extend([w, b]);
    }
    seen
}

/// Every round of every event file, in file order.
pub fn all_rounds() -> Vec<RoundCase> {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir())
        .expect("the data folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files.iter().flat_map(|f| read_event(f)).collect()
}

/// A decimal score of the oracle ("4.5") in our units: match points as they are, game points
/// doubled.
pub fn oracle_units(text: &str, game_points: bool) -> u32 {
    let (int, frac) = text.split_once('.').unwrap_or((text, "0"));
    let whole: u32 = int.parse().expect("a score");
    let half = u32::from(frac.starts_with('5'));
    if game_points { 2 * whole + half } else { whole }
}

//! `arbiter standings` for a team event (TRF16 `013` or TRF-2026 `310` team records): each
//! team's rank and team tie-breaks (FIDE Handbook C.07 with the team codes of C.07 Art. 10-11:
//! MP, GP, MPvGP, BC, TBR, BBE, EDE (and EDEC, EDET, EDEB, EDEBT, EDEBB), EMMSB, EMGSB, EGMSB, EGGSB, SSSC, and BH, SB, PS, WIN with
//! their modifiers), ranked by the primary score of C.04.6 art. 1.2 and then the list in order,
//! in the individual command's three formats (`start_number` is the team number) and with
//! `--explain TEAM`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, bail};
use arbiter_tournament::Tournament;
use arbiter_tournament::team::{
    PrimaryScore, TeamEvent, TeamStandingsOptions, default_team_tiebreaks, explain_team,
    team_standings,
};
use arbiter_tournament::tiebreak::{Kind, Value, parse_list};

use super::{Format, Primary, StandingsArgs, tiebreak_map};

/// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Runs `arbiter standings` on the team event `event` of `t`.
pub(super) fn run(
    args: &StandingsArgs,
    t: &Tournament,
    event: TeamEvent,
) -> anyhow::Result<ExitCode> {
    let mut event = event;
    match args.primary {
        Some(Primary::Mp) => event.settings.primary = PrimaryScore::MatchPoints,
        Some(Primary::Gp) => event.settings.primary = PrimaryScore::GamePoints,
        None => {}
    }
    if let Some(r) = args.after_round {
        if r > event.last_round() {
            bail!(
                "--after-round {r}: the team event has {} rounds",
                event.last_round()
            );
        }
    }
    let options = TeamStandingsOptions {
        edition: args.edition,
        after_round: args.after_round,
        round_robin: None,
    };
    let tbs = if let Some(list) = &args.tiebreaks {
        parse_list(list).context("--tiebreaks")?
    } else {
        default_team_tiebreaks(t)
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(team) = args.explain {
        let Some((_, e)) = explain_team(t, &event, &tbs, &options, team) else {
            bail!("--explain {team}: no such team");
        };
        write!(out, "{e}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.crosstable {
        bail!("--crosstable: not available for a team event");
    }
    let s = team_standings(t, &event, &tbs, &options);
    let names: Vec<String> = tbs.iter().map(ToString::to_string).collect();
    let fmt_value = |i: usize, v: Option<Value>| {
        let d = tbs.get(i).map_or(1, |tb| tb.kind.decimals());
        v.map_or_else(|| "-".to_owned(), |v| v.format(d))
    };
    match args.format {
        Format::Text => {
            write!(out, "{:>4} {:>4}  {:<30}", "Rk", "TNo", "Team")?;
            for n in &names {
                write!(out, " {n:>9}")?;
            }
            writeln!(out)?;
            for row in &s.rows {
                write!(out, "{:>4} {:>4}  {:<30}", row.rank, row.team, row.name)?;
                for (i, v) in row.values.iter().enumerate() {
                    write!(out, " {:>9}", fmt_value(i, *v))?;
                }
                writeln!(out)?;
            }
        }
        Format::Csv => {
            let mut head = vec!["rank".to_owned(), "team".to_owned(), "name".to_owned()];
            head.extend(names.iter().map(|n| csv_field(n)));
            writeln!(out, "{}", head.join(","))?;
            for row in &s.rows {
                let mut cells = vec![
                    row.rank.to_string(),
                    row.team.to_string(),
                    csv_field(&row.name),
                ];
                cells.extend(row.values.iter().enumerate().map(|(i, v)| fmt_value(i, *v)));
                writeln!(out, "{}", cells.join(","))?;
            }
        }
        Format::Json => {
            let arr: Vec<serde_json::Value> = s
                .rows
                .iter()
                .map(|row| {
                    let map = tiebreak_map(&names, &tbs, &row.values);
                    serde_json::json!({
                        "start_number": row.team,
                        "rank": row.rank,
                        "name": row.name,
                        "tiebreaks": map,
                    })
                })
                .collect();
            serde_json::to_writer_pretty(&mut out, &arr)?;
            writeln!(out)?;
        }
    }
    if tbs.first().map(|tb| tb.kind) != Some(Kind::Pts) {
        eprintln!("note: the list does not start with PTS; ranks follow the list as given");
    }
    Ok(ExitCode::SUCCESS)
}

//! Crosstables: for a Swiss, one row per player by rank with each round's opponent (by rank and
//! pairing number), colour and result; for a round robin, the square table of results.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Standings;
use crate::model::{PairingNumber, Tournament};
use crate::result::{Colour, ResultCode};

/// One round of one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossCell {
    /// The round, from 1.
    pub round: usize,
    /// The opponent (a forfeit too has one).
    pub opponent: Option<PairingNumber>,
    /// The opponent's rank in the standings.
    pub opponent_rank: Option<u32>,
    /// The colour, when known.
    pub colour: Option<Colour>,
    /// The result code (TRF).
    pub code: ResultCode,
}

/// One player's row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossRow {
    /// Rank.
    pub rank: u32,
    /// Pairing number.
    pub pairing_number: PairingNumber,
    /// Name.
    pub name: String,
    /// Round by round.
    pub cells: Vec<CrossCell>,
}

/// A crosstable, rows by rank.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// Whether it is a round robin (then [`Crosstable::square`] is filled).
    pub round_robin: bool,
    /// The rows by rank.
    pub rows: Vec<CrossRow>,
    /// Round robin: `square[i][j]` is row `i`'s result codes against row `j` (rows by rank;
    /// several games for a double round robin; empty on the diagonal).
    pub square: Vec<Vec<Vec<ResultCode>>>,
}

/// Builds the crosstable of a tournament in the order of `standings`.
#[must_use]
pub fn crosstable(t: &Tournament, standings: &Standings) -> Crosstable {
    let r = usize::from(standings.after_round);
    let ctx = super::context::Ctx::new(t, r, standings.round_robin);
    let max_pn = ctx.pn.last().map_or(0, |&m| usize::from(m));
    let mut rank_of = vec![None; max_pn + 1];
    let mut pos_of = vec![None; max_pn + 1];
    for (i, row) in standings.rows.iter().enumerate() {
        if let Some(slot) = rank_of.get_mut(usize::from(row.pairing_number)) {
            *slot = Some(row.rank);
        }
        if let Some(slot) = pos_of.get_mut(usize::from(row.pairing_number)) {
            *slot = Some(i);
        }
    }
    let index_of = |pn: PairingNumber| ctx.pn.binary_search(&pn).ok();
    let mut rows = Vec::with_capacity(standings.rows.len());
    let m = standings.rows.len();
    let mut square = if standings.round_robin {
        vec![vec![Vec::new(); m]; m]
    } else {
        Vec::new()
    };
    for (i, row) in standings.rows.iter().enumerate() {
        let Some(p) = index_of(row.pairing_number) else {
            continue;
        };
        let cells = ctx
            .rounds(p)
            .iter()
            .enumerate()
            .map(|(k, d)| {
                let opponent = (d.opp != super::context::NONE).then(|| ctx.pn[d.opp as usize]);
                if let Some(o) = opponent {
                    if let Some(j) = pos_of.get(usize::from(o)).copied().flatten() {
                        if let Some(cell) = square.get_mut(i).and_then(|r| r.get_mut(j)) {
                            cell.push(d.code);
                        }
                    }
                }
                CrossCell {
                    round: k + 1,
                    opponent,
                    opponent_rank: opponent
                        .and_then(|o| rank_of.get(usize::from(o)).copied().flatten()),
                    colour: d.colour,
                    code: d.code,
                }
            })
            .collect();
        rows.push(CrossRow {
            rank: row.rank,
            pairing_number: row.pairing_number,
            name: row.name.clone(),
            cells,
        });
    }
    Crosstable {
        round_robin: standings.round_robin,
        rows,
        square,
    }
}

fn cell_text(c: &CrossCell) -> String {
    let colour = c.colour.map_or('-', Colour::trf_char);
    match c.opponent_rank {
        Some(r) => format!("{r:>4}{colour}{}", c.code.trf_char()),
        None => format!("{:>6}", c.code.trf_char()),
    }
}

impl fmt::Display for Crosstable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.round_robin {
            write!(f, "{:>4} {:<28}", "Rk", "Name")?;
            for j in 1..=self.rows.len() {
                write!(f, "{j:>4}")?;
            }
            writeln!(f)?;
            for (i, row) in self.rows.iter().enumerate() {
                write!(f, "{:>4} {:<28}", row.rank, row.name)?;
                for j in 0..self.rows.len() {
                    let codes: String = self
                        .square
                        .get(i)
                        .and_then(|r| r.get(j))
                        .map(|c| c.iter().map(|x| x.trf_char()).collect())
                        .unwrap_or_default();
                    let text = if i == j { "X".to_owned() } else { codes };
                    write!(f, "{text:>4}")?;
                }
                writeln!(f)?;
            }
            return Ok(());
        }
        for row in &self.rows {
            write!(
                f,
                "{:>4} {:>4} {:<28}",
                row.rank, row.pairing_number, row.name
            )?;
            for c in &row.cells {
                write!(f, " {}", cell_text(c))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

//! The player card (`GET /tournaments/{id}/players/{pn}`): the player's facts, the rating change
//! of the event (FIDE Rating Regulations B.02), every round, and each tie-break explained round
//! by round (C.07), with what separates the player from the neighbours in the standings.

use actix_web::{HttpRequest, HttpResponse, web};
use arbiter_tournament::tiebreak::explain;
use arbiter_tournament::{Colour, ResultCode};
use askama::Template;
use uuid::Uuid;

use crate::error::WebError;
use crate::l10n::L10n;
use crate::respond::html;
use crate::state::AppState;
use crate::views::{
    Head, bye_in, format_value, head_in, note_in, rating_change_fact, standings_for, titled_name,
};
use crate::visibility::public_page;

struct CardRound {
    round: u16,
    round_label: String,
    colour: String,
    opponent: Option<u16>,
    opponent_name: String,
    result: String,
}

struct CardTieBreak {
    name: String,
    value: String,
    contributions: Vec<CardContribution>,
}

struct CardContribution {
    round: String,
    opponent: String,
    code: String,
    basis: String,
    value: String,
    note: String,
    cut: bool,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    l: L10n,
    head: Head,
    pairing_number: u16,
    number_label: String,
    name: String,
    facts: Vec<(String, String)>,
    rank: String,
    points: String,
    rounds: Vec<CardRound>,
    tiebreaks: Vec<CardTieBreak>,
    above: String,
    below: String,
}

/// `GET /tournaments/{id}/players/{pn}`: the player card: facts, every round, and each tie-break
/// explained round by round (C.07), with what separates the player from his neighbours; in the
/// reader's language.
///
/// # Errors
/// [`WebError::NotFound`] for an unknown tournament or pairing number, [`WebError::Database`].
pub async fn player(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<(Uuid, u16)>,
) -> Result<HttpResponse, WebError> {
    let (id, pn) = path.into_inner();
    public_page(&state, &req, id, async |stored, v| {
        let l = L10n::negotiate(&req);
        let t = &stored.tournament;
        let p = t.player(pn).ok_or_else(|| WebError::no_player(pn))?;
        let data = standings_for(t, None);
        let (_, e) = explain(t, &data.tiebreaks, &data.options, pn)
            .ok_or_else(|| WebError::no_player(pn))?;
        let name_of = |o: u16| t.player(o).map_or_else(|| format!("#{o}"), titled_name);
        let mut facts = vec![];
        if let Some(r) = p.rating.filter(|&r| r > 0) {
            facts.push((l.t("fact-rating"), l.int(r)));
        }
        if let Some(fact) = rating_change_fact(t, pn, &l) {
            facts.push(fact);
        }
        if let Some(f) = &p.federation {
            facts.push((l.t("fact-federation"), f.clone()));
        }
        if let Some(f) = p.fide_id.filter(|&f| f > 0) {
            // FIDE ids keep ASCII digits, so that they can be copied (glossary).
            facts.push((l.t("fact-fide-id"), f.to_string()));
        }
        let rounds = t
            .player_rounds(pn)
            .iter()
            .map(|r| CardRound {
                round: r.round,
                round_label: l.int(r.round),
                colour: match r.colour {
                    Some(Colour::White) => l.t("colour-white"),
                    Some(Colour::Black) => l.t("colour-black"),
                    None => String::new(),
                },
                opponent: r.opponent,
                opponent_name: r.opponent.map(name_of).unwrap_or_default(),
                result: match (r.opponent, r.code) {
                    (Some(_), ResultCode::Blank) => l.t("result-pending"),
                    (Some(_), code) => crate::marks::result_mark(code, &l),
                    (None, ResultCode::Blank) => bye_in(ResultCode::Blank, &l),
                    // The points the bye gave, and its name.
                    (None, code) => format!(
                        "{} ({})",
                        l.digits(&t.scoring.points(code).to_string()),
                        bye_in(code, &l)
                    ),
                },
            })
            .collect();
        let tiebreaks = e
            .tiebreaks
            .iter()
            .map(|x| {
                let tb = Some(&x.tiebreak);
                CardTieBreak {
                    name: crate::views::tiebreak_with_edition(&x.tiebreak, x.edition, &l),
                    value: l.digits(&format_value(tb, x.value)),
                    contributions: x
                        .contributions
                        .iter()
                        .map(|c| CardContribution {
                            round: l.int(c.round),
                            opponent: c.opponent.map(name_of).unwrap_or_default(),
                            code: crate::marks::result_word(c.code, &l),
                            basis: c
                                .basis
                                .map(|b| l.digits(&format_value(tb, Some(b))))
                                .unwrap_or_default(),
                            value: l.digits(&format_value(tb, Some(c.value))),
                            note: note_in(c.note, &l),
                            cut: c.cut.is_some(),
                        })
                        .collect(),
                }
            })
            .collect();
        let neighbour = |n: &Option<(u16, Option<arbiter_tournament::tiebreak::TieBreak>)>,
                         key: &str| {
            n.as_ref().map_or_else(String::new, |(o, tb)| match tb {
                Some(tb) => l.ta(
                    key,
                    &[
                        ("name", l.data(&name_of(*o))),
                        ("tiebreak", l.ltr(&tb.to_string())),
                    ],
                ),
                None => l.t1("player-shares-rank", "name", &l.data(&name_of(*o))),
            })
        };
        let points = t
            .scores_after_round(data.standings.after_round)
            .get(&pn)
            .map(|s| l.digits(&s.to_string()))
            .unwrap_or_default();
        let page = PlayerPage {
            head: head_in(id, t, &l),
            pairing_number: pn,
            number_label: l.ta("player-number", &[("n", l.int(pn))]),
            name: titled_name(p),
            facts,
            rank: l.int(e.rank),
            points,
            rounds,
            tiebreaks,
            above: neighbour(&e.above, "player-above"),
            below: neighbour(&e.below, "player-below"),
            l,
        };
        html(&page, &v, state.config.public_max_age)
    })
    .await
}

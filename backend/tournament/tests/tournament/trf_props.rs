//! Property tests: arbitrary bytes never panic the TRF reader; arbitrary valid tournaments
//! survive a write-read round trip in both TRF versions.

use arbiter_tournament::{
    Acceleration, AnnouncedBye, Bye, Colour, ForbiddenPairs, Game, GameResult, IssueKind, Player,
    Points, RawRecord, ResultCode, Round, RoundState, ScoringSystem, Sex, Title, Tournament,
    TrfVersion, read_trf, write_trf,
};
use proptest::prelude::*;

/// A small deterministic generator for the details, seeded by proptest.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next() % n }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        let i = usize::try_from(self.below(items.len() as u64)).unwrap_or(0);
        items[i].clone()
    }
    fn text(&mut self, max: u64) -> String {
        const CHARS: [char; 16] = [
            'a', 'Z', 'é', 'Ø', ' ', ',', '.', '-', '1', 'q', 'ß', 'x', 'M', '(', ')', '/',
        ];
        let n = self.below(max + 1);
        let s: String = (0..n).map(|_| self.pick(&CHARS)).collect();
        s.trim().to_owned()
    }
}

const PAIRS: [(ResultCode, ResultCode); 16] = {
    use ResultCode as R;
    [
        (R::Win, R::Loss),
        (R::Loss, R::Win),
        (R::Draw, R::Draw),
        (R::Win, R::Loss),
        (R::Loss, R::Win),
        (R::UnratedWin, R::UnratedLoss),
        (R::UnratedLoss, R::UnratedWin),
        (R::UnratedDraw, R::UnratedDraw),
        (R::ForfeitWin, R::ForfeitLoss),
        (R::ForfeitLoss, R::ForfeitWin),
        (R::ForfeitLoss, R::ForfeitLoss),
        (R::Loss, R::Loss),
        (R::Unknown, R::Unknown),
        (R::Blank, R::Blank),
        (R::Draw, R::Loss),
        (R::Win, R::Draw),
    ]
};

fn tournament(seed: u64, players: u16, rounds: u16) -> Tournament {
    let mut g = Rng(seed | 1);
    let mut t = Tournament {
        name: Some(g.text(30)),
        city: g.chance(50).then(|| g.text(20)),
        start_date: g.chance(50).then(|| "2025-09-01".parse().unwrap()),
        chief_arbiter: g.chance(50).then(|| g.text(20)),
        deputy_arbiters: (0..g.below(3)).map(|_| g.text(10)).collect(),
        rounds_planned: g
            .chance(80)
            .then(|| rounds + u16::try_from(g.below(3)).unwrap_or(0)),
        initial_colour: g
            .chance(60)
            .then(|| g.pick(&[Colour::White, Colour::Black])),
        pair_by_rank: g.chance(10),
        pairing_system: g.chance(30).then(|| "FIDE_DUTCH_2025".to_owned()),
        tiebreaks: g.chance(30).then(|| "PTS, BH/C1, SB".to_owned()),
        ..Tournament::default()
    };
    let win = g.pick(&[
        Points::ONE,
        Points::from_tenths(20),
        Points::from_tenths(30),
    ]);
    let draw = g.pick(&[Points::HALF, Points::ONE]);
    t.scoring = ScoringSystem {
        pab: g.pick(&[win, draw]),
        ..ScoringSystem::from_main(win, draw, Points::ZERO)
    };
    for pn in 1..=players {
        let mut p = Player::new(pn, g.text(33));
        p.sex = g.pick(&[None, Some(Sex::Male), Some(Sex::Female)]);
        p.title = g.pick(&[
            None,
            Some(Title::Gm),
            Some(Title::Wfm),
            Some(Title::Other("AGM".into())),
        ]);
        p.rating = g
            .chance(70)
            .then(|| u16::try_from(g.below(3000)).unwrap_or(0));
        p.federation = g
            .chance(50)
            .then(|| g.pick(&["ESP", "GER", "NOR"]).to_owned());
        p.fide_id = g.chance(50).then(|| g.below(99_999_999_999));
        // Birth dates in the layouts real files use, partial ones too.
        p.birth_date = g
            .chance(40)
            .then(|| {
                g.pick(&[
                    "1978",
                    "1969.12.06",
                    "2001/02/03",
                    "1985/07/00",
                    "1990.??.??",
                ])
            })
            .and_then(|s| arbiter_tournament::PartialDate::read(s).ok().flatten());
        p.rank = g
            .chance(50)
            .then(|| u16::try_from(g.below(9999)).unwrap_or(0));
        t.players.push(p);
    }
    for rn in 1..=rounds {
        let mut order: Vec<u16> = (1..=players).collect();
        for i in (1..order.len()).rev() {
            let j = usize::try_from(g.below(i as u64 + 1)).unwrap_or(0);
            order.swap(i, j);
        }
        let mut round = Round::new(rn);
        let mut pab_given = false;
        let mut rest: Vec<u16> = Vec::new();
        for chunk in order.chunks(2) {
            match chunk {
                [a, b] if g.chance(85) => {
                    let (white, black) = if a < b { (*a, *b) } else { (*b, *a) };
                    let colours_known = g.chance(90);
                    let (white, black) = if colours_known && g.chance(50) {
                        (black, white)
                    } else {
                        (white, black)
                    };
                    let (w, b) = g.pick(&PAIRS);
                    round.games.push(Game {
                        board: None,
                        white,
                        black,
                        colours_known,
                        result: GameResult::new(w, b),
                    });
                }
                _ => rest.extend_from_slice(chunk),
            }
        }
        for pn in rest {
            let mut code = g.pick(&[
                ResultCode::Pab,
                ResultCode::HalfBye,
                ResultCode::FullBye,
                ResultCode::ZeroBye,
                ResultCode::ForfeitLoss,
            ]);
            if code == ResultCode::Pab && pab_given {
                code = ResultCode::ZeroBye;
            }
            pab_given |= code == ResultCode::Pab;
            if g.chance(90) {
                round.byes.push(Bye::new(pn, code));
            }
        }
        round.games.sort_by_key(|g| g.white.min(g.black));
        round.byes.sort_by_key(|b| b.player);
        round.state = if round.games.is_empty() {
            RoundState::Planned
        } else if round
            .games
            .iter()
            .any(|g| g.result.white == ResultCode::Blank)
        {
            RoundState::Paired
        } else {
            RoundState::Complete
        };
        t.rounds.push(round);
    }
    // The reader creates rounds up to the last one holding anything.
    while t
        .rounds
        .last()
        .is_some_and(|r| r.games.is_empty() && r.byes.is_empty())
    {
        t.rounds.pop();
    }
    let scores = t.scores_after_round(u16::MAX);
    for p in &mut t.players {
        if g.chance(80) {
            p.reported_points = scores.get(&p.pairing_number).copied();
        }
    }
    if players >= 2 && g.chance(30) {
        t.accelerations.push(Acceleration {
            player: 1,
            points: vec![Points::ONE, Points::ZERO, Points::HALF],
        });
    }
    if players >= 2 && g.chance(30) {
        let rounds = g.chance(50).then_some((1, 3));
        t.forbidden_pairs.push(ForbiddenPairs {
            rounds,
            players: vec![1, 2],
        });
    }
    if g.chance(20) {
        t.announced_byes.push(AnnouncedBye {
            code: ResultCode::HalfBye,
            round: rounds + 1,
            players: vec![1],
        });
    }
    if g.chance(20) {
        t.other_records.push(RawRecord {
            line: "### generated".into(),
        });
    }
    t
}

proptest! {
    #![proptest_config(crate::beside_source(ProptestConfig::with_cases(256)))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let _ = read_trf(&bytes);
    }

    #[test]
    fn trf_like_lines_never_panic(
        lines in proptest::collection::vec(
            (
                prop_oneof![
                    Just("001"), Just("012"), Just("XXR"), Just("XXC"), Just("XXA"), Just("XXP"),
                    Just("132"), Just("142"), Just("152"), Just("162"), Just("240"), Just("250"),
                    Just("260"), Just("BBW"), Just("###"), Just("")
                ],
                "[0-9 wbWB=+XUHFZD.,\t\r\né-]{0,140}",
            ),
            0..30,
        )
    ) {
        let text: String = lines.iter().map(|(c, rest)| format!("{c} {rest}\n")).collect();
        let _ = read_trf(text.as_bytes());
    }

    #[test]
    fn valid_tournaments_round_trip(seed in any::<u64>(), players in 0u16..40, rounds in 0u16..8) {
        let t = tournament(seed, players, rounds);
        if players == 0 {
            // No player record: the file holds no tournament, and every door refuses it.
            for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
                let back = read_trf(write_trf(&t, version).as_bytes());
                let refused = back
                    .err()
                    .is_some_and(|e| e.errors.iter().any(|i| i.kind == IssueKind::NoPlayers));
                prop_assert!(refused);
            }
            return Ok(());
        }
        for version in [TrfVersion::Trf16, TrfVersion::Trf2026] {
            let text = write_trf(&t, version);
            let back = read_trf(text.as_bytes());
            prop_assert!(back.is_ok(), "{version:?}: {:?}\n{text}", back.err());
            let back = back.unwrap_or_else(|_| unreachable!());
            prop_assert_eq!(&back.tournament, &t, "{:?}\n{}", version, text);
        }
    }
}

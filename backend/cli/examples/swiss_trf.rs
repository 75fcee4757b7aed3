//! Writes a realistic Swiss event as a TRF-2026 file, for the load benchmark
//! (`backend/web/bench/standings_load.sh`) and for trying the web service on a big event.
//!
//! `cargo run --release -p arbiter-cli --example swiss_trf -- [--players N] [--rounds R]
//! [--seed S] OUT.trf`: N players (default 500) with ratings spread like an open (about
//! 1200-2700, titles by rating), R rounds (default 9) each paired by the FIDE Dutch system
//! (`Tournament::propose_next_round`, `arbiter_pairing::pair`), results drawn from the players'
//! expected scores (Elo formula, FIDE Handbook B.02 8.1, with 35 points for White), about one
//! game in a hundred lost by forfeit, and a few half-point byes requested each round except the
//! last. The same seed gives the same file. Prints one line per round with the pairing time.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use arbiter_tournament::{
    Bye, Colour, GameResult, Player, ResultCode, Round, RoundState, Title, Tournament, TrfVersion,
    write_trf,
};
use clap::Parser;

/// A generated Swiss event written as TRF-2026.
#[derive(Debug, Parser)]
struct Args {
    /// Number of players.
    #[arg(long, default_value_t = 500)]
    players: u16,
    /// Number of rounds, all paired and played.
    #[arg(long, default_value_t = 9)]
    rounds: u16,
    /// Seed of the random results (xorshift64).
    #[arg(long, default_value_t = 20_260_521)]
    seed: u64,
    /// The TRF file to write.
    out: PathBuf,
}

/// xorshift64: a fixed, reproducible sequence (no dependency; quality is ample for results).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        // 53 random bits, exactly representable.
        #[expect(
            clippy::cast_precision_loss,
            reason = "53 bits fit an f64's mantissa exactly"
        )]
        let x = (self.next() >> 11) as f64;
        x / (1u64 << 53) as f64
    }

    /// Uniform in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const SURNAMES: [&str; 40] = [
    "Müller",
    "Schmidt",
    "Jansen",
    "de Vries",
    "Kowalski",
    "Nowak",
    "García",
    "Fernández",
    "Rossi",
    "Bianchi",
    "Dubois",
    "Martin",
    "Novák",
    "Horváth",
    "Popescu",
    "Ivanov",
    "Petrov",
    "Smirnov",
    "Andersen",
    "Nielsen",
    "Johansson",
    "Larsen",
    "Virtanen",
    "Korhonen",
    "Smith",
    "Jones",
    "Murphy",
    "Kelly",
    "Silva",
    "Santos",
    "Yilmaz",
    "Kaya",
    "Papadopoulos",
    "Georgiou",
    "Cohen",
    "Levi",
    "Kumar",
    "Sharma",
    "Nguyen",
    "Tanaka",
];
const GIVEN: [&str; 25] = [
    "Anna", "Boris", "Carla", "David", "Eva", "Felix", "Greta", "Hugo", "Ines", "Jan", "Katarina",
    "Lukas", "Maria", "Nikolai", "Olga", "Pavel", "Quentin", "Rosa", "Stefan", "Tamara", "Uwe",
    "Vera", "Wojciech", "Xenia", "Yusuf",
];
const FEDERATIONS: [&str; 12] = [
    "GER", "NED", "POL", "ESP", "ITA", "FRA", "CZE", "HUN", "ROU", "NOR", "ENG", "IND",
];

/// The players: ratings from about 2700 down to 1200 with noise, pairing numbers in rating order
/// (C.04.2 initial ranking), titles by rating, a unique "Surname, Given" each.
fn players(n: u16, rng: &mut Rng) -> Vec<Player> {
    let mut ratings: Vec<u16> = (0..n)
        .map(|i| {
            let base = 2700.0 - 1500.0 * f64::from(i) / f64::from(n.max(1));
            let noise = (rng.unit() - 0.5) * 120.0;
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "clamped to 1000..=2850 first"
            )]
            let r = (base + noise).clamp(1000.0, 2850.0) as u16;
            r
        })
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    ratings
        .iter()
        .zip(1u16..)
        .map(|(&rating, pn)| {
            let i = usize::from(pn - 1);
            let name = format!(
                "{}, {}{}",
                SURNAMES[i % SURNAMES.len()],
                GIVEN[(i / SURNAMES.len()) % GIVEN.len()],
                // Beyond 1,000 players the combinations repeat: a suffix keeps names unique.
                if i >= SURNAMES.len() * GIVEN.len() {
                    format!(" {}", i / (SURNAMES.len() * GIVEN.len()) + 1)
                } else {
                    String::new()
                }
            );
            let mut p = Player::new(pn, name);
            p.rating = Some(rating);
            p.title = match rating {
                2500.. => Some(Title::Gm),
                2400..2500 => Some(Title::Im),
                2300..2400 => Some(Title::Fm),
                _ => None,
            };
            p.federation = Some(FEDERATIONS[i % FEDERATIONS.len()].to_owned());
            p.fide_id = Some(4_000_000 + u64::from(pn) * 7);
            p
        })
        .collect()
}

/// A result drawn from the expected score of White (B.02 8.1 with 35 points for the first
/// move): draws likeliest between equals (up to 30 %), about 1 % forfeits.
fn result(white: u16, black: u16, rng: &mut Rng) -> GameResult {
    if rng.below(100) == 0 {
        let winner = if rng.below(2) == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        return GameResult::forfeit(winner);
    }
    let diff = f64::from(black) - f64::from(white) - 35.0;
    let expected = 1.0 / (1.0 + 10f64.powf(diff / 400.0));
    let draw = 0.3 * 4.0 * expected * (1.0 - expected);
    let win = expected - draw / 2.0;
    let u = rng.unit();
    if u < win {
        GameResult::white_wins()
    } else if u < win + draw {
        GameResult::draw()
    } else {
        GameResult::black_wins()
    }
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    anyhow::ensure!(args.players >= 2, "--players: at least 2");
    anyhow::ensure!(args.rounds >= 1, "--rounds: at least 1");
    let mut rng = Rng(args.seed.max(1));
    let mut t = Tournament {
        name: Some(format!("Generated Open ({} players)", args.players)),
        city: Some("Utrecht".to_owned()),
        federation: Some("NED".to_owned()),
        start_date: "2026-05-01".parse().ok(),
        end_date: "2026-05-09".parse().ok(),
        tournament_type: Some("Individual: Swiss-System".to_owned()),
        chief_arbiter: Some("Arbiter, Chief".to_owned()),
        time_control: Some("90 min + 30 s per move".to_owned()),
        rounds_planned: Some(args.rounds),
        pairing_system: Some("FIDE_DUTCH_2025".to_owned()),
        tiebreaks: Some("PTS,BH/C1,BH,SB,DE,WIN".to_owned()),
        tiebreak_edition: Some("2024".to_owned()),
        ..Tournament::default()
    };
    t.players = players(args.players, &mut rng);
    let rating = |t: &Tournament, pn: u16| t.player(pn).and_then(|p| p.rating).unwrap_or(0);
    for number in 1..=args.rounds {
        // A few half-point byes requested before the pairing (not in the last round).
        let mut requested = Round::new(number);
        if number < args.rounds {
            for _ in 0..=(args.players / 200) {
                let pn = u16::try_from(rng.below(u64::from(args.players)) + 1)
                    .context("a pairing number")?;
                if requested.byes.iter().all(|b| b.player != pn) {
                    requested.byes.push(Bye::new(pn, ResultCode::HalfBye));
                }
            }
        }
        t.rounds.push(requested);
        let start = Instant::now();
        let (n, pairing) = t
            .propose_next_round()
            .with_context(|| format!("pairing round {number}"))?;
        anyhow::ensure!(n == number, "the engine pairs round {n}, not {number}");
        let mut round = t.round_from_pairing(n, &pairing);
        for g in &mut round.games {
            g.result = result(rating(&t, g.white), rating(&t, g.black), &mut rng);
        }
        round.state = RoundState::Complete;
        eprintln!(
            "round {number}: {} boards, bye {:?}, {} requested byes, paired in {:.2} s",
            round.games.len(),
            pairing.bye,
            round
                .byes
                .iter()
                .filter(|b| b.code != ResultCode::Pab)
                .count(),
            start.elapsed().as_secs_f64()
        );
        t.rounds.pop();
        t.rounds.push(round);
    }
    std::fs::write(&args.out, write_trf(&t, TrfVersion::Trf2026))
        .with_context(|| format!("writing {}", args.out.display()))?;
    println!("{}", args.out.display());
    Ok(())
}

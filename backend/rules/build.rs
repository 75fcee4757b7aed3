//! Generates the sliding-piece attack tables (fancy magic bitboards) for `src/attacks.rs`.
//!
//! The magic multipliers are found here, at build time, by a seeded random search, so the tables
//! are plain `static` arrays with no start-up cost and the output is the same on every build.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// Squares attacked from `sq` along `dirs`, stopping at (and including) the first occupied square.
fn slide(sq: usize, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f, r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The occupancy squares that matter for a slider on `sq`: every ray square but the last one.
fn relevant(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        while on_board(f + df, r + dr) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Found {
    mask: u64,
    magic: u64,
    shift: u32,
    table: Vec<u64>,
}

fn find_magic(sq: usize, dirs: &[(i32, i32)], rng: &mut Rng) -> Found {
    let mask = relevant(sq, dirs);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut occupancies = Vec::new();
    let mut attacks = Vec::new();
    let mut occ = 0u64;
    loop {
        occupancies.push(occ);
        attacks.push(slide(sq, occ, dirs));
        occ = occ.wrapping_sub(mask) & mask;
        if occ == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (&occ, &att) in occupancies.iter().zip(&attacks) {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                table[idx] = att;
            } else if table[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            // Entries no occupancy maps to stay unused; fill them with 0.
            for (slot, e) in table.iter_mut().zip(&epoch) {
                if *e != attempt {
                    *slot = 0;
                }
            }
            return Found {
                mask,
                magic,
                shift,
                table,
            };
        }
    }
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::new();
    let mut all = Vec::<u64>::new();
    for (name, dirs) in [("ROOK_MAGICS", &ROOK_DIRS), ("BISHOP_MAGICS", &BISHOP_DIRS)] {
        writeln!(out, "/// Magic lookup parameters per square (a1 = 0).").unwrap();
        writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            let found = find_magic(sq, dirs, &mut rng);
            writeln!(
                out,
                "    Magic {{ mask: {}, magic: {}, shift: {}, offset: {} }},",
                hex(found.mask),
                hex(found.magic),
                found.shift,
                decimal(all.len())
            )
            .unwrap();
            all.extend_from_slice(&found.table);
        }
        writeln!(out, "];").unwrap();
    }
    writeln!(
        out,
        "/// Attack sets of every magic index, rooks then bishops."
    )
    .unwrap();
    writeln!(
        out,
        "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [",
        decimal(all.len())
    )
    .unwrap();
    for chunk in all.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {},", hex(*v)).unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();
    let path = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("magics.rs");
    std::fs::write(path, out).unwrap();
}

/// Digits grouped by `group` from the right with `_`, as clippy's `unreadable_literal` asks of
/// the generated tables.
fn grouped(digits: &str, group: usize) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % group == 0 {
            out.push('_');
        }
        out.push(c);
    }
    out
}

/// A 64-bit value as a hexadecimal literal, 16 digits in groups of four.
fn hex(v: u64) -> String {
    format!("0x{}", grouped(&format!("{v:016x}"), 4))
}

/// A count as a decimal literal in groups of three.
fn decimal(n: usize) -> String {
    grouped(&n.to_string(), 3)
}

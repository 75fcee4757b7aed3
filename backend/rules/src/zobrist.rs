//! Zobrist keys: 64-bit hashes of positions, for repetition detection (Art. 9.2).
//!
//! The keys are fixed at compile time (a seeded generator), so hashes are stable across runs.

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub(crate) struct Keys {
    pub(crate) pieces: [[u64; 64]; 12],
    pub(crate) castling: [u64; 16],
    pub(crate) en_passant_file: [u64; 8],
    pub(crate) black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x0A2B_17E2_2026_0001u64;
    let mut pieces = [[0u64; 64]; 12];
    let mut p = 0;
    while p < 12 {
        let mut s = 0;
        while s < 64 {
            pieces[p][s] = splitmix(&mut state);
            s += 1;
        }
        p += 1;
    }
    // Castling keys: one per right, combined by xor for every subset (index = rights bit set).
    let single = [
        splitmix(&mut state),
        splitmix(&mut state),
        splitmix(&mut state),
        splitmix(&mut state),
    ];
    let mut castling = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        let mut bit = 0;
        while bit < 4 {
            if i & (1 << bit) != 0 {
                castling[i] ^= single[bit];
            }
            bit += 1;
        }
        i += 1;
    }
    let mut en_passant_file = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        en_passant_file[f] = splitmix(&mut state);
        f += 1;
    }
    Keys {
        pieces,
        castling,
        en_passant_file,
        black_to_move: splitmix(&mut state),
    }
}

pub(crate) static KEYS: Keys = make_keys();

//! Zobrist keys for the Art. 10.10 repetition key, generated at compile time
//! from a fixed SplitMix64 stream (deterministic across builds and machines).

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub(crate) struct Keys {
    /// `[color * 8 + role][square]` (rows 6, 7, 14 and 15 unused).
    pub piece: [[u64; 64]; 16],
    /// By castling-rights bits (0..16).
    pub castling: [u64; 16],
    /// By file of the en-passant square, used only when the capture is legal.
    pub ep_file: [u64; 8],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x4152_4249_5445_5221; // "ARBITER!"
    let mut piece = [[0u64; 64]; 16];
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            piece[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    // Castling keys are XOR-combinations of one key per right, so that the
    // key for a set of rights is the XOR of its members.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = splitmix(state);
        state = s;
        single[i] = k;
        i += 1;
    }
    let mut castling = [0u64; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut j = 0;
        while j < 4 {
            if bits & (1 << j) != 0 {
                castling[bits] ^= single[j];
            }
            j += 1;
        }
        bits += 1;
    }
    let mut ep_file = [0u64; 8];
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix(state);
        state = s;
        ep_file[f] = k;
        f += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        piece,
        castling,
        ep_file,
        black_to_move,
    }
}

pub(crate) static KEYS: Keys = make_keys();

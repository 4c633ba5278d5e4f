//! Verifiable randomness. The game commits to its seed at the start and reveals it at the
//! end. A seed is one of two kinds ([`Seed`]): a script's 64-bit integer (commitment: SHA-256
//! of its eight little-endian bytes; ChaCha20 seeded with `seed_from_u64`) or the 256-bit
//! seed a real game draws from the OS (commitment: SHA-256 of its 32 bytes; ChaCha20 seeded
//! directly with them). Draw `i` uses stream `i` of that generator, so each draw can be
//! recomputed on its own: draw 0 deals the roles (when the seed deals), later draws pick
//! random successors. An anonymous game's names, seating and elevator order are drawn from
//! streams at the top of the range, named here ([`NAME_STREAM`], [`SEAT_STREAM`],
//! [`elevator_stream`]) so that no two uses of a seed share a stream.

use std::fmt;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The stream of an anonymous game's character names: far from the engine's draws (0, 1,
/// 2, …, counted in the game's state).
pub const NAME_STREAM: u64 = u64::MAX;

/// The stream of an anonymous game's seating (which member plays which seat).
pub const SEAT_STREAM: u64 = u64::MAX / 2;

/// The stream of day `day`'s elevator (the order of the day's index of posts): one per
/// day, counting down from just below [`NAME_STREAM`].
pub fn elevator_stream(day: u32) -> u64 {
    u64::MAX - 1 - u64::from(day)
}

// UNO (crates/uno, docs/rules.md §5): a UNO game's seed feeds only its shuffles. Shuffle `k` of
// the game (counted from 0 in its state, in the order they happen: the deck for the draw for
// the dealer, the deck again after that draw, each round's deck, each reshuffle of the
// discard pile) uses stream `UNO_SHUFFLE_BASE + k`, far from the draws above.

/// The stream of a UNO game's first shuffle.
pub const UNO_SHUFFLE_BASE: u64 = 1 << 62;

/// The stream of a UNO game's shuffle number `k`.
pub fn uno_shuffle_stream(k: u64) -> u64 {
    UNO_SHUFFLE_BASE + k
}

/// A game's seed. Serialized as the integer for [`Seed::U64`] (as every seed was before the
/// 256-bit kind existed, so stored events still read) and as 64 lowercase hex digits for
/// [`Seed::Bytes`]; displayed the same way (the reveal prints it).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seed {
    /// A script's (or the simulator's, or a configured fixed) 64-bit seed.
    U64(u64),
    /// A real game's 256-bit seed, drawn from the OS.
    Bytes([u8; 32]),
}

impl Default for Seed {
    fn default() -> Seed {
        Seed::U64(0)
    }
}

impl From<u64> for Seed {
    fn from(seed: u64) -> Seed {
        Seed::U64(seed)
    }
}

impl Seed {
    /// 32 bytes from the OS's random source. Like the 64-bit draw it replaces, this panics
    /// only when the OS has no random source at all (`getrandom` failing), which no game
    /// could be dealt without.
    pub fn from_os() -> Seed {
        let mut bytes = [0u8; 32];
        rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
        Seed::Bytes(bytes)
    }

    /// Parses 64 hex digits (either case) as a 256-bit seed.
    pub fn from_hex(text: &str) -> Option<Seed> {
        let mut bytes = [0u8; 32];
        hex::decode_to_slice(text, &mut bytes).ok()?;
        Some(Seed::Bytes(bytes))
    }

    /// The ChaCha20 generator the seed gives (stream 0).
    fn chacha(&self) -> ChaCha20Rng {
        match self {
            Seed::U64(s) => ChaCha20Rng::seed_from_u64(*s),
            Seed::Bytes(b) => ChaCha20Rng::from_seed(*b),
        }
    }

    fn stream(&self, index: u64) -> ChaCha20Rng {
        let mut rng = self.chacha();
        rng.set_stream(index);
        rng
    }

    /// Draw `index`: a number in `0..n` (`n` > 0; 0 when `n` is 0).
    pub fn pick(&self, index: u64, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        self.stream(index).gen_range(0..n)
    }

    /// Draw `index` used to shuffle `items` in place (the deal; an anonymous game's names,
    /// seating and elevator order on their own streams).
    pub fn shuffle<T>(&self, index: u64, items: &mut [T]) {
        items.shuffle(&mut self.stream(index));
    }

    /// The published commitment: SHA-256 of the seed's bytes (eight little-endian bytes for
    /// a 64-bit seed, the 32 bytes for a 256-bit one), in hex.
    pub fn commitment(&self) -> String {
        match self {
            Seed::U64(s) => hex::encode(Sha256::digest(s.to_le_bytes())),
            Seed::Bytes(b) => hex::encode(Sha256::digest(b)),
        }
    }

    /// The 64-bit seed, for what only a script seed has (the simulator's players).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Seed::U64(s) => Some(*s),
            Seed::Bytes(_) => None,
        }
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seed::U64(s) => write!(f, "{s}"),
            Seed::Bytes(b) => f.write_str(&hex::encode(b)),
        }
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Seed::U64(n) => s.serialize_u64(*n),
            Seed::Bytes(b) => s.serialize_str(&hex::encode(b)),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            U64(u64),
            Hex(String),
        }
        match Raw::deserialize(d)? {
            Raw::U64(n) => Ok(Seed::U64(n)),
            Raw::Hex(h) => Seed::from_hex(&h)
                .ok_or_else(|| serde::de::Error::custom("a seed is an integer or 64 hex digits")),
        }
    }
}

/// Draw `index` of a 64-bit seed: [`Seed::pick`].
pub fn pick(seed: u64, index: u64, n: usize) -> usize {
    Seed::U64(seed).pick(index, n)
}

/// Draw `index` of a 64-bit seed, shuffling `items`: [`Seed::shuffle`].
pub fn shuffle<T>(seed: u64, index: u64, items: &mut [T]) {
    Seed::U64(seed).shuffle(index, items);
}

/// The published commitment to a 64-bit seed: [`Seed::commitment`].
pub fn commitment(seed: u64) -> String {
    Seed::U64(seed).commitment()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_are_reproducible_and_independent() {
        assert_eq!(pick(7, 3, 10), pick(7, 3, 10));
        let draws: Vec<usize> = (0..32).map(|i| pick(7, i, 1000)).collect();
        assert!(draws.iter().any(|d| *d != draws[0]), "streams differ");
        assert_eq!(commitment(42).len(), 64);
        assert_ne!(commitment(42), commitment(43));
    }
}

/// Known answers: fixed seeds give these draws for ever. A published game is verified by
/// recomputing its draws, so a change of `rand`/`rand_chacha` (pinned in Cargo.toml) or of
/// how a draw uses them that moved any of these would make `verify` reject games already
/// played. The commitments were computed independently (Python's hashlib over the seed's
/// eight little-endian bytes).
#[cfg(test)]
mod known_answers {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_the_seeds_little_endian_bytes() {
        assert_eq!(
            commitment(42),
            "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c"
        );
        assert_eq!(
            commitment(u64::MAX),
            "12a3ae445661ce5dee78d0650d33362dec29c4f82af05e7e57fb595bbbacf0ca"
        );
    }

    #[test]
    fn the_deal_and_later_draws_of_a_fixed_seed_never_change() {
        let mut deal: Vec<u32> = (0..12).collect();
        shuffle(42, 0, &mut deal);
        assert_eq!(deal, [11, 3, 7, 8, 4, 2, 1, 9, 0, 6, 5, 10]);
        let picks: Vec<usize> = (1..6).map(|i| pick(42, i, 12)).collect();
        assert_eq!(picks, [0, 10, 9, 5, 6]);
        let mut sixteen: Vec<u32> = (0..16).collect();
        shuffle(u64::MAX, 0, &mut sixteen);
        assert_eq!(
            sixteen,
            [11, 7, 4, 12, 8, 2, 10, 13, 14, 15, 9, 1, 5, 0, 3, 6]
        );
    }
}

/// Known answers for the 256-bit kind: 32 fixed bytes give this commitment (computed
/// independently: `hashlib.sha256(bytes(range(32))).hexdigest()` in Python) and these draws
/// for ever, and the seed reads back from what the events and the reveal write.
#[cfg(test)]
mod known_answers_256 {
    use super::*;

    fn counting() -> Seed {
        let mut b = [0u8; 32];
        for (i, x) in b.iter_mut().enumerate() {
            *x = i as u8;
        }
        Seed::Bytes(b)
    }

    #[test]
    fn the_commitment_is_sha256_of_the_32_bytes() {
        assert_eq!(
            counting().commitment(),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
        );
        assert_eq!(
            Seed::Bytes([0xff; 32]).commitment(),
            "af9613760f72635fbdb44a5a0a63c39f12af30f950a6ee5c971be188e89c4051"
        );
    }

    #[test]
    fn the_deal_and_later_draws_of_fixed_bytes_never_change() {
        let mut deal: Vec<u32> = (0..12).collect();
        counting().shuffle(0, &mut deal);
        assert_eq!(deal, [1, 11, 10, 0, 8, 9, 6, 2, 7, 4, 3, 5]);
        let picks: Vec<usize> = (1..6).map(|i| counting().pick(i, 12)).collect();
        assert_eq!(picks, [6, 1, 7, 7, 2]);
    }

    #[test]
    fn a_256_bit_seed_is_written_as_hex_and_reads_back() {
        let hex = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
        assert_eq!(counting().to_string(), hex);
        let json = serde_json::to_string(&counting()).expect("serializes");
        assert_eq!(json, format!("\"{hex}\""));
        assert_eq!(serde_json::from_str::<Seed>(&json).ok(), Some(counting()));
        // A 64-bit seed stays the integer every stored event holds.
        assert_eq!(
            serde_json::to_string(&Seed::U64(42)).ok(),
            Some("42".into())
        );
        assert_eq!(serde_json::from_str::<Seed>("42").ok(), Some(Seed::U64(42)));
        assert!(serde_json::from_str::<Seed>("\"abc\"").is_err());
        // The 64-bit kind is not the 256-bit one with the same low bytes.
        assert_ne!(Seed::U64(0).commitment(), Seed::Bytes([0; 32]).commitment());
    }
}

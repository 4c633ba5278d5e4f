//! Verifiable randomness. The game commits to its seed at the start (SHA-256 of the seed's
//! eight little-endian bytes) and reveals it at the end. Draw `i` uses stream `i` of a
//! ChaCha20 generator seeded with the seed, so each draw can be recomputed on its own:
//! draw 0 deals the roles (when the seed deals), later draws pick random successors.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha2::{Digest, Sha256};

fn stream(seed: u64, index: u64) -> ChaCha20Rng {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(index);
    rng
}

/// Draw `index`: a number in `0..n` (`n` > 0; 0 when `n` is 0).
pub fn pick(seed: u64, index: u64, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    stream(seed, index).gen_range(0..n)
}

/// Draw `index` used to shuffle `items` in place (the deal).
pub fn shuffle<T>(seed: u64, index: u64, items: &mut [T]) {
    items.shuffle(&mut stream(seed, index));
}

/// The published commitment to a seed.
pub fn commitment(seed: u64) -> String {
    hex::encode(Sha256::digest(seed.to_le_bytes()))
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

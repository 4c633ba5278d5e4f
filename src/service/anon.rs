//! Anonymous characters (马甲): names and avatars from `config/characters.toml`, drawn per
//! game from its seed, and what may not appear in a relayed post (account mentions).

use crate::engine::rng::Seed;
use rand::seq::SliceRandom;
use serde::Deserialize;

/// The ChaCha20 stream for character names: far from the engine's draws (0, 1, 2, …).
const NAME_STREAM: u64 = u64::MAX;
/// The stream for an anonymous game's seating.
const SEAT_STREAM: u64 = u64::MAX / 2;

#[derive(Debug, Deserialize)]
struct Theme {
    names: Vec<String>,
    avatars: Vec<String>,
}

fn theme() -> Theme {
    // Built in, like the rulesets: the list is data, checked by a test.
    toml::from_str(include_str!("../../config/characters.toml")).unwrap_or(Theme {
        names: Vec::new(),
        avatars: Vec::new(),
    })
}

/// `n` character names for a game with `seed`, or `None` when the list is too short.
pub fn names(seed: Seed, n: usize) -> Option<Vec<String>> {
    let mut names = theme().names;
    if names.len() < n {
        return None;
    }
    let mut rng = seed.chacha();
    rng.set_stream(NAME_STREAM);
    names.shuffle(&mut rng);
    names.truncate(n);
    Some(names)
}

/// The order in which an anonymous game seats its members (indexes into the sign-up
/// order), drawn from the seed on a stream of its own.
pub fn seating(seed: Seed, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut rng = seed.chacha();
    rng.set_stream(SEAT_STREAM);
    order.shuffle(&mut rng);
    order
}

/// The avatar of a character name from the list (`None` for other names).
pub fn avatar(name: &str) -> Option<String> {
    let t = theme();
    let i = t.names.iter().position(|n| n == name)?;
    t.avatars.get(i % t.avatars.len().max(1)).cloned()
}

/// The order of characters in day `day`'s index (电梯): drawn from the game's seed on a
/// stream of its own per day, apart from the rules' draws and the names'.
pub fn elevator_order(seed: Seed, characters: usize, day: u32) -> Vec<crate::engine::CharId> {
    let mut order: Vec<crate::engine::CharId> = (0..characters)
        .map(|i| crate::engine::CharId(i as u16))
        .collect();
    let mut rng = seed.chacha();
    rng.set_stream(u64::MAX - 1 - u64::from(day));
    order.shuffle(&mut rng);
    order
}

/// A relayed post with account and role mentions and mass pings made inert; `true` when
/// there were any (which could tell who plays a character: the judge is told).
pub fn scrub(text: &str) -> (String, bool) {
    let mut out = String::with_capacity(text.len());
    let mut found = false;
    let mut rest = text;
    while let Some(i) = rest.find("<@") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        match tail.find('>') {
            Some(j)
                if tail[2..j]
                    .trim_start_matches(['!', '&'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
                    && j > 2 =>
            {
                out.push_str("@?");
                found = true;
                rest = &tail[j + 1..];
            }
            _ => {
                out.push_str("<@");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    for ping in ["@everyone", "@here"] {
        if out.contains(ping) {
            found = true;
            out = out.replace(ping, "@\u{200b}");
        }
    }
    (out, found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_drawn_from_the_seed_and_cover_the_largest_game() {
        let a = names(Seed::U64(7), 16).expect("16 names");
        assert_eq!(a, names(Seed::U64(7), 16).expect("again"));
        assert_ne!(a, names(Seed::U64(8), 16).expect("another seed"));
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 16);
        assert!(avatar(&a[0]).is_some_and(|u| u.starts_with("https://")));
        assert!(names(Seed::U64(1), 100).is_none());
    }

    #[test]
    fn seating_is_a_permutation_drawn_from_the_seed() {
        let a = seating(Seed::U64(7), 12);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..12).collect::<Vec<_>>());
        assert_eq!(a, seating(Seed::U64(7), 12));
        assert_ne!(a, (0..12).collect::<Vec<_>>());
    }

    #[test]
    fn mentions_of_accounts_are_scrubbed_from_relayed_posts() {
        let (t, found) = scrub("ask <@123456> and <@!42>, not <@&9>; @everyone");
        assert!(found);
        assert!(!t.contains("123456") && !t.contains("42") && !t.contains("<@"));
        assert!(!t.contains("@everyone"));
        let (t, found) = scrub("a < b <@x> fine");
        assert!(!found);
        assert_eq!(t, "a < b <@x> fine");
    }
}

//! Anonymous characters (马甲): names and avatars from `config/characters.toml`, drawn per
//! game from its seed, and what may not appear in a relayed post (account mentions).

use engine::rng::{self, Seed};
use engine::CharId;
use i18n::Lang;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
struct Theme {
    names: Vec<String>,
    /// `names` as Traditional Chinese writes them, place for place.
    #[serde(default)]
    names_zh_tw: Vec<String>,
    avatars: Vec<String>,
}

impl Theme {
    /// The names in `lang`: Traditional Chinese has its own spelling of each; the others
    /// read the list as it is.
    fn names_in(&self, lang: Lang) -> &[String] {
        match lang {
            Lang::ZhTw if self.names_zh_tw.len() == self.names.len() => &self.names_zh_tw,
            _ => &self.names,
        }
    }
}

fn theme() -> Theme {
    // Built in, like the rulesets: the list is data, checked by a test.
    toml::from_str(include_str!("../../../config/characters.toml")).unwrap_or_default()
}

/// `n` character names for a game with `seed` in `lang`, or `None` when the list is too
/// short. The seed draws the same places of the list in every language.
pub fn names(seed: Seed, n: usize, lang: Lang) -> Option<Vec<String>> {
    let theme = theme();
    let list = theme.names_in(lang);
    if list.len() < n {
        return None;
    }
    let mut places: Vec<usize> = (0..list.len()).collect();
    seed.shuffle(rng::NAME_STREAM, &mut places);
    Some(
        places
            .into_iter()
            .take(n)
            .map(|i| list[i].clone())
            .collect(),
    )
}

/// The order in which an anonymous game seats its members (indexes into the sign-up
/// order), drawn from the seed on a stream of its own.
pub fn seating(seed: Seed, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    seed.shuffle(rng::SEAT_STREAM, &mut order);
    order
}

/// The avatar of a character name from the list, in any of its spellings (`None` for other
/// names).
pub fn avatar(name: &str) -> Option<String> {
    let t = theme();
    let i = t
        .names
        .iter()
        .position(|n| n == name)
        .or_else(|| t.names_zh_tw.iter().position(|n| n == name))?;
    t.avatars.get(i % t.avatars.len().max(1)).cloned()
}

/// The order of characters in day `day`'s index (电梯): drawn from the game's seed on a
/// stream of its own per day, apart from the rules' draws and the names'.
pub fn elevator_order(seed: Seed, characters: usize, day: u32) -> Vec<CharId> {
    let mut order: Vec<CharId> = (0..characters).map(|i| CharId(i as u16)).collect();
    seed.shuffle(rng::elevator_stream(day), &mut order);
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
        let a = names(Seed::U64(7), 16, Lang::Zh).expect("16 names");
        assert_eq!(a, names(Seed::U64(7), 16, Lang::Zh).expect("again"));
        assert_ne!(a, names(Seed::U64(8), 16, Lang::Zh).expect("another seed"));
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 16);
        assert!(avatar(&a[0]).is_some_and(|u| u.starts_with("https://")));
        assert!(names(Seed::U64(1), 100, Lang::Zh).is_none());
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

    /// Known answers: an anonymous game's names, seating and elevator order are drawn from
    /// its seed, and a published game's must come out the same for ever (its reveal names
    /// the characters). Recorded from the draws as they were before they moved behind
    /// `engine::rng`.
    #[test]
    fn the_names_seating_and_elevator_of_a_fixed_seed_never_change() {
        let names = names(Seed::U64(42), 3, Lang::Zh).expect("three names");
        assert_eq!(names, ["栀子", "玉兰", "百合"]);
        assert_eq!(
            seating(Seed::U64(42), 12),
            [9, 1, 5, 4, 0, 11, 6, 7, 2, 8, 10, 3]
        );
        let order: Vec<u16> = elevator_order(Seed::U64(42), 12, 2)
            .into_iter()
            .map(|c| c.0)
            .collect();
        assert_eq!(order, [11, 9, 4, 8, 2, 0, 5, 3, 7, 1, 10, 6]);
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = i as u8;
        }
        let big = Seed::Bytes(bytes);
        assert_eq!(seating(big, 12), [5, 10, 7, 0, 8, 11, 1, 2, 9, 6, 3, 4]);
        let order: Vec<u16> = elevator_order(big, 12, 1)
            .into_iter()
            .map(|c| c.0)
            .collect();
        assert_eq!(order, [1, 7, 2, 3, 8, 4, 5, 11, 10, 9, 6, 0]);
        assert_eq!(
            super::names(big, 3, Lang::Zh).expect("three names"),
            ["芙蓉", "丁香", "紫藤"]
        );
    }

    /// A zh-TW game draws the same places of the list, spelled as Traditional Chinese
    /// writes them, each with its avatar.
    #[test]
    fn a_traditional_chinese_game_draws_the_same_names_in_its_spelling() {
        let zh = names(Seed::U64(42), 16, Lang::Zh).expect("16 names");
        let tw = names(Seed::U64(42), 16, Lang::ZhTw).expect("16 names");
        assert_eq!(&tw[..3], ["梔子", "玉蘭", "百合"]);
        for (a, b) in zh.iter().zip(&tw) {
            assert_eq!(a.chars().count(), b.chars().count(), "{a} {b}");
            assert_eq!(avatar(a), avatar(b));
            assert!(avatar(b).is_some());
        }
        assert_eq!(names(Seed::U64(42), 16, Lang::En), Some(zh));
        let t = theme();
        assert_eq!(t.names.len(), t.names_zh_tw.len());
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

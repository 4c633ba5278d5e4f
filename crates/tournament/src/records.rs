//! Records across a server's games as people read them (`/stats`, `/leaderboard`): the
//! camps line and win rates of a member's record, the server's record, and a leaderboard
//! page, in the reader's language. Pure text through the catalogs.

use std::collections::BTreeMap;

use super::stats::{RankBy, Ranked, ServerStats};
use engine::Winner;
use i18n::{self, Lang};

fn t(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    i18n::text(lang, id, args)
}

/// A win rate ("67%"), or the catalog's word for none yet.
pub fn rate_text(rate: Option<u32>, lang: Lang) -> String {
    match rate {
        Some(r) => t(lang, "stats-percent", &[("rate", r.to_string())]),
        None => t(lang, "stats-no-rate", &[]),
    }
}

/// "the village 2/3 (67%), the wolves 0/1 (0%)", in the order of [`Winner::ALL`]; "-" when
/// empty.
pub fn camps_text(camps: &BTreeMap<Winner, (u32, u32)>, lang: Lang) -> String {
    let parts: Vec<String> = Winner::ALL
        .into_iter()
        .filter_map(|w| {
            let (played, won) = camps.get(&w)?;
            Some(t(
                lang,
                "stats-camp",
                &[
                    ("camp", i18n::winner_name(w, lang)),
                    ("won", won.to_string()),
                    ("played", played.to_string()),
                    (
                        "rate",
                        rate_text(super::stats::percent(*won, *played), lang),
                    ),
                ],
            ))
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(&t(lang, "stats-list-sep", &[]))
    }
}

/// The server's record (`/stats server:True`) in `lang`.
pub fn render_server_stats(s: &ServerStats, lang: Lang) -> String {
    let winners: Vec<String> = Winner::ALL
        .into_iter()
        .filter_map(|w| {
            s.winners.get(&w).map(|n| {
                t(
                    lang,
                    "stats-server-winner",
                    &[
                        ("winner", i18n::winner_name(w, lang)),
                        ("count", n.to_string()),
                    ],
                )
            })
        })
        .collect();
    [
        t(lang, "stats-server-title", &[]),
        t(
            lang,
            "stats-server-games",
            &[
                ("games", s.games.to_string()),
                ("finished", s.finished.to_string()),
                ("none", s.no_result.to_string()),
                ("players", s.players.to_string()),
            ],
        ),
        t(
            lang,
            "stats-server-winners",
            &[(
                "winners",
                if winners.is_empty() {
                    "-".to_string()
                } else {
                    winners.join(&t(lang, "stats-list-sep", &[]))
                },
            )],
        ),
        t(
            lang,
            "stats-server-cards",
            &[
                ("blue", s.cards.blue.to_string()),
                ("yellow", s.cards.yellow.to_string()),
                ("red", s.cards.red.to_string()),
            ],
        ),
    ]
    .join("\n")
}

/// Lines a leaderboard page shows: one message stays far inside Discord's 2,000 characters
/// (a line is a rank, a mention of at most 22 characters and a few numbers).
pub const PAGE_LINES: usize = 20;

/// How many pages `rows` fill (at least one: an empty board says so on its one page).
pub fn pages(rows: usize) -> usize {
    rows.div_ceil(PAGE_LINES).max(1)
}

/// Page `page` (1 the first; past the last shows the last) of a leaderboard, each player
/// named by `name`.
pub fn render_leaderboard(
    rows: &[Ranked],
    by: RankBy,
    min_games: u32,
    page: usize,
    name: impl Fn(&str) -> String,
    lang: Lang,
) -> String {
    let count = pages(rows.len());
    let page = page.clamp(1, count);
    let mut lines = vec![t(
        lang,
        "leaderboard-title",
        &[
            ("by", by.key().to_string()),
            ("min", min_games.max(1).to_string()),
        ],
    )];
    if rows.is_empty() {
        lines.push(t(
            lang,
            "leaderboard-empty",
            &[("min", min_games.max(1).to_string())],
        ));
    }
    for r in rows.iter().skip((page - 1) * PAGE_LINES).take(PAGE_LINES) {
        lines.push(t(
            lang,
            "leaderboard-line",
            &[
                ("rank", r.rank.to_string()),
                ("player", name(&r.player)),
                ("won", r.won.to_string()),
                ("games", r.finished.to_string()),
                ("rate", r.win_rate().to_string()),
            ],
        ));
    }
    if count > 1 {
        lines.push(t(
            lang,
            "leaderboard-page",
            &[("page", page.to_string()), ("pages", count.to_string())],
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(n: usize) -> Vec<Ranked> {
        (0..n)
            .map(|i| Ranked {
                rank: i as u32 + 1,
                player: format!("{}", 100_000_000_000_000_000_u64 + i as u64),
                won: 99,
                finished: 999,
            })
            .collect()
    }

    #[test]
    fn a_full_page_fits_one_discord_message_and_pages_are_numbered() {
        for lang in Lang::ALL {
            let all = rows(45);
            let mention = |p: &str| format!("<@{p}>");
            let first = render_leaderboard(&all, RankBy::Rate, 3, 1, mention, lang);
            assert!(first.chars().count() <= 2000, "{}", first.chars().count());
            assert!(first.contains("<@100000000000000019>"), "{first}");
            assert!(!first.contains("<@100000000000000020>"), "{first}");
            let last = render_leaderboard(&all, RankBy::Rate, 3, 9, mention, lang);
            assert!(last.contains("<@100000000000000044>"), "{last}");
            assert!(
                last.ends_with(&t(
                    lang,
                    "leaderboard-page",
                    &[("page", "3".into()), ("pages", "3".into())]
                )),
                "{last}"
            );
        }
        assert_eq!((pages(0), pages(20), pages(21)), (1, 1, 2));
    }
}

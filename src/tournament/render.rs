//! The standings as people read them: a plain-text table (headings from the Fluent
//! catalogs, zh-CN or en) and a PNG line chart of cumulative points per player, drawn
//! in-process with plotters (text with the DejaVu Sans font compiled in from `assets/`,
//! which has no CJK glyphs: Chinese names come out as boxes in the chart).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use plotters::prelude::*;

use super::standings::{Award, PlayerStanding, Standings, TieBreak};
use super::stats::MemberStats;
use super::TournamentError;
use crate::engine::Role;
use crate::i18n::{self, Lang};

/// How many columns `s` takes in a terminal: East Asian wide characters take two.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let c = c as u32;
            let wide = matches!(c,
                0x1100..=0x115F
                | 0x2E80..=0x303E
                | 0x3041..=0x33FF
                | 0x3400..=0x4DBF
                | 0x4E00..=0x9FFF
                | 0xA000..=0xA4CF
                | 0xAC00..=0xD7A3
                | 0xF900..=0xFAFF
                | 0xFE30..=0xFE4F
                | 0xFF00..=0xFF60
                | 0xFFE0..=0xFFE6
                | 0x1F300..=0x1F64F
                | 0x20000..=0x3FFFD);
            if wide {
                2
            } else {
                1
            }
        })
        .sum()
}

fn pad(s: &str, w: usize, right: bool) -> String {
    let fill = " ".repeat(w.saturating_sub(width(s)));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}

fn t(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    i18n::text(lang, id, args)
}

/// "police×2 killer×1", in the order of [`Role::ALL`].
fn wins_by_role(wins: &BTreeMap<Role, u32>, lang: Lang) -> Vec<String> {
    Role::ALL
        .into_iter()
        .filter_map(|r| {
            wins.get(&r)
                .map(|n| format!("{}×{n}", i18n::role_name(r, lang)))
        })
        .collect()
}

/// "police×2 killer×1 judge×5"; "-" when empty.
fn wins_cell(p: &PlayerStanding, lang: Lang) -> String {
    let mut parts = wins_by_role(&p.wins, lang);
    if p.games_judged > 0 {
        parts.push(t(
            lang,
            "tournament-judged",
            &[("count", p.games_judged.to_string())],
        ));
    }
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

fn roles_named(roles: &[Role], lang: Lang) -> String {
    roles
        .iter()
        .map(|r| i18n::role_name(*r, lang))
        .collect::<Vec<_>>()
        .join("/")
}

/// An award line, with the tie-break that decided it when one did.
fn with_tie(line: String, award: &Award, lang: Lang) -> String {
    let Some(tie) = &award.tie else {
        return line;
    };
    let id = match tie.rule {
        TieBreak::FewerGames => "tournament-tie-games",
        TieBreak::EarlierSignup => "tournament-tie-signup",
        TieBreak::Name => "tournament-tie-name",
    };
    let note = t(
        lang,
        id,
        &[
            ("other", tie.other.clone()),
            ("games", tie.games.to_string()),
            ("other_games", tie.other_games.to_string()),
        ],
    );
    t(
        lang,
        "tournament-with-tie",
        &[("line", line), ("tie", note)],
    )
}

/// The standings as a plain-text table followed by the awards, in `lang`.
pub fn render_table(s: &Standings, lang: Lang) -> String {
    let tour = &s.tournament;
    let mut out = t(
        lang,
        "tournament-title",
        &[
            ("name", tour.name.clone()),
            ("ruleset", tour.ruleset.clone()),
            ("played", s.games.len().to_string()),
            ("planned", tour.games_planned.to_string()),
            ("judge", tour.judge.clone()),
        ],
    );
    out.push('\n');
    // (cells, right-aligned) per column
    let mut header = vec![
        (t(lang, "tournament-col-rank", &[]), true),
        (t(lang, "tournament-col-player", &[]), false),
    ];
    for g in &s.games {
        header.push((
            t(lang, "tournament-col-game", &[("n", g.ordinal.to_string())]),
            true,
        ));
    }
    for (id, right) in [
        ("tournament-col-total", true),
        ("tournament-col-games", true),
        ("tournament-col-killer", true),
        ("tournament-col-detective", true),
        ("tournament-col-wins", false),
    ] {
        header.push((t(lang, id, &[]), right));
    }
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        let mut row = vec![(i + 1).to_string(), p.player.clone()];
        row.extend(
            p.per_game
                .iter()
                .map(|x| x.map_or_else(|| "-".to_string(), |v| v.to_string())),
        );
        row.push(p.total.to_string());
        row.push(p.games().to_string());
        row.push(p.killer_points.to_string());
        row.push(p.detective_points.to_string());
        row.push(wins_cell(p, lang));
        rows.push(row);
    }
    let widths: Vec<usize> = header
        .iter()
        .enumerate()
        .map(|(c, (h, _))| {
            rows.iter()
                .map(|r| width(&r[c]))
                .chain([width(h)])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| -> String {
        let last = cells.len() - 1;
        cells
            .iter()
            .enumerate()
            .map(|(c, v)| {
                if c == last && !header[c].1 {
                    v.clone()
                } else {
                    pad(v, widths[c], header[c].1)
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    out.push_str(&line(header.iter().map(|(h, _)| h.clone()).collect()));
    out.push('\n');
    let rule_len = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
    out.push_str(&"-".repeat(rule_len));
    out.push('\n');
    for r in rows {
        out.push_str(&line(r));
        out.push('\n');
    }
    if !s.unfinished.is_empty() {
        let list = s
            .unfinished
            .iter()
            .map(|o| t(lang, "tournament-col-game", &[("n", o.to_string())]))
            .collect::<Vec<_>>()
            .join(", ");
        out.push_str(&t(lang, "tournament-unfinished", &[("games", list)]));
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&t(lang, "tournament-awards", &[]));
    out.push('\n');
    for (id, award, roles) in [
        (
            "tournament-award-killer-king",
            &s.awards.killer_king,
            &s.scoring.killer_roles,
        ),
        (
            "tournament-award-master-detective",
            &s.awards.master_detective,
            &s.scoring.detective_roles,
        ),
    ] {
        let name = t(lang, id, &[]);
        let text = match award {
            Some(a) => with_tie(
                t(
                    lang,
                    "tournament-award-line",
                    &[
                        ("award", name),
                        ("player", a.player.clone()),
                        ("points", a.points.to_string()),
                        ("roles", roles_named(roles, lang)),
                    ],
                ),
                a,
                lang,
            ),
            None => t(lang, "tournament-award-none", &[("award", name)]),
        };
        out.push_str(&text);
        out.push('\n');
    }
    if s.awards.top.is_empty() {
        let name = t(lang, "tournament-award-top", &[]);
        out.push_str(&t(lang, "tournament-award-none", &[("award", name)]));
        out.push('\n');
    }
    for (i, a) in s.awards.top.iter().enumerate() {
        let text = t(
            lang,
            "tournament-top-line",
            &[
                ("rank", (i + 1).to_string()),
                ("player", a.player.clone()),
                ("points", a.points.to_string()),
            ],
        );
        out.push_str(&with_tie(text, a, lang));
        out.push('\n');
    }
    out
}

/// A member's record (`/stats`) in `lang`; `member` is how to name them (a mention).
pub fn render_stats(s: &MemberStats, member: &str, lang: Lang) -> String {
    let wins = wins_by_role(&s.wins, lang);
    let mut lines = vec![
        t(lang, "stats-title", &[("member", member.to_string())]),
        t(
            lang,
            "stats-games",
            &[
                ("games", s.games.to_string()),
                ("finished", s.finished.to_string()),
                ("won", s.won().to_string()),
                ("lost", s.losses.to_string()),
                ("none", s.no_result.to_string()),
            ],
        ),
        t(
            lang,
            "stats-wins",
            &[(
                "wins",
                if wins.is_empty() {
                    "-".to_string()
                } else {
                    wins.join(" ")
                },
            )],
        ),
        t(
            lang,
            "stats-cards",
            &[
                ("blue", s.cards.blue.to_string()),
                ("yellow", s.cards.yellow.to_string()),
                ("red", s.cards.red.to_string()),
            ],
        ),
    ];
    if s.judged > 0 {
        lines.push(t(lang, "stats-judged", &[("count", s.judged.to_string())]));
    }
    lines.join("\n")
}

/// Line colours, distinct on white (Tableau 10, then darker ones); they repeat after 16.
const COLORS: [(u8, u8, u8); 16] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
    (0, 0, 128),
    (128, 0, 0),
    (0, 110, 110),
    (85, 107, 47),
    (0, 0, 0),
    (204, 0, 204),
];

const FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

fn font_ready() -> Result<(), TournamentError> {
    static READY: OnceLock<bool> = OnceLock::new();
    let ok = *READY.get_or_init(|| {
        plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).is_ok()
    });
    if ok {
        Ok(())
    } else {
        Err(TournamentError::Chart(
            "the bundled font cannot be read".into(),
        ))
    }
}

fn chart_err<E: std::fmt::Display>(e: E) -> TournamentError {
    TournamentError::Chart(e.to_string())
}

/// Writes a `width`×`height` PNG line chart of every player's cumulative points over the
/// finished games (x: 0 = before the first game, then G1, G2, ...) to `path`.
///
/// # Errors
/// [`TournamentError::Chart`] when it cannot be drawn or written.
pub fn render_chart(
    s: &Standings,
    path: &Path,
    width: u32,
    height: u32,
) -> Result<(), TournamentError> {
    font_ready()?;
    let games = u32::try_from(s.games.len()).unwrap_or(u32::MAX);
    let top = s.players.iter().map(|p| p.total).max().unwrap_or(0).max(1);
    let root = BitMapBackend::new(path, (width, height)).into_drawing_area();
    root.fill(&WHITE).map_err(chart_err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{}: cumulative points", s.tournament.name),
            ("sans-serif", 22),
        )
        .margin(14)
        .margin_right(32)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(0..games.max(1), 0..top + 1)
        .map_err(chart_err)?;
    let labels = usize::try_from(games).unwrap_or(0) + 1;
    chart
        .configure_mesh()
        .x_labels(labels)
        .x_label_formatter(&|x| {
            if *x == 0 {
                "start".to_string()
            } else {
                format!("G{x}")
            }
        })
        .y_labels(usize::try_from(top).unwrap_or(10).clamp(2, 12) + 1)
        .x_desc("game")
        .y_desc("points")
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(chart_err)?;
    for (i, p) in s.players.iter().enumerate() {
        let (r, g, b) = COLORS[i % COLORS.len()];
        let color = RGBColor(r, g, b);
        let points: Vec<(u32, u32)> = std::iter::once((0, 0))
            .chain((1..).zip(p.series.iter().copied()))
            .collect();
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)).point_size(3))
            .map_err(chart_err)?
            .label(format!("{} ({})", p.player, p.total))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 13))
        .draw()
        .map_err(chart_err)?;
    root.present().map_err(chart_err)?;
    Ok(())
}

/// The chart of [`render_chart`] as PNG bytes (drawn through a temporary file, removed
/// afterwards), e.g. to upload it.
///
/// # Errors
/// [`TournamentError::Chart`] when it cannot be drawn, written or read back.
pub fn render_chart_png(
    s: &Standings,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, TournamentError> {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "wolfjudge-standings-{}-{n}.png",
        std::process::id()
    ));
    let drawn = render_chart(s, &path, width, height)
        .and_then(|()| std::fs::read(&path).map_err(chart_err));
    let _ = std::fs::remove_file(&path);
    drawn
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::engine::{Game, Phase, Ruleset, Winner};
    use crate::tournament::{compute, score_game, Scoring, Tournament};

    /// A one-game m32 tournament with Chinese names (drawn as boxes by DejaVu Sans).
    fn chinese_standings() -> Standings {
        let scoring = Scoring::builtin("m32").expect("m32");
        let mut g = Game {
            ruleset: Ruleset::builtin("m32", &BTreeMap::new()).expect("m32"),
            phase: Phase::Ended,
            winner: Some(Winner::Village),
            ..Game::default()
        };
        for (name, role) in [
            ("小明", Role::Seer),
            ("阿狼", Role::Wolf),
            ("Bob", Role::Villager),
        ] {
            g.chars.push(crate::engine::state::Character {
                name: name.into(),
                player: name.into(),
                role,
                alive: true,
                ..Default::default()
            });
        }
        let t = Tournament {
            id: 1,
            name: "春季赛".into(),
            ruleset: "m32".into(),
            games_planned: 2,
            judge: "法官".into(),
            created_at: chrono::DateTime::default(),
        };
        let games = vec![score_game(&scoring, 1, 1, &g, "法官", &[]).expect("ended")];
        compute(&t, &scoring, games, vec![2], &[])
    }

    #[test]
    fn chinese_names_line_up_in_the_table_and_draw_in_the_chart() {
        let s = chinese_standings();
        let table = render_table(&s, Lang::Zh);
        assert!(!table.contains(i18n::MISSING_OPEN), "{table}");
        assert!(
            table.contains("神警探：小明，以预言家身份得 3 分"),
            "{table}"
        );
        assert!(table.contains("杀人王：无人获得"), "{table}");
        // The total column ends at the same display column on every line, header included.
        let end_of_fourth = |l: &str| {
            let mut tokens = 0;
            let mut prev_space = true;
            for (i, c) in l.char_indices() {
                if c == ' ' && !prev_space {
                    tokens += 1;
                    if tokens == 4 {
                        return width(&l[..i]);
                    }
                }
                prev_space = c == ' ';
            }
            width(l)
        };
        let ends: Vec<usize> = table
            .lines()
            .skip(1)
            .take(6)
            .filter(|l| !l.starts_with('-'))
            .map(end_of_fourth)
            .collect();
        assert_eq!(ends.len(), 5);
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{ends:?}\n{table}");
        let path = std::env::temp_dir().join(format!("wolfjudge-chart-{}.png", std::process::id()));
        render_chart(&s, &path, 480, 320).expect("drawn");
        let bytes = std::fs::read(&path).expect("written");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(width("Ann"), 3);
        assert_eq!(width("杀人王"), 6);
        assert_eq!(width("第1局"), 5);
        assert_eq!(width("police×2"), 8);
    }
}

//! The standings as people read them: a plain-text table (headings from the Fluent
//! catalogs and the scoring's award names, zh-CN or en) and a PNG line chart of cumulative
//! points per player, drawn and encoded in memory (plotters, then `image`: PNG bytes, no
//! file), every label in the reader's language, with the CJK font compiled in from
//! `assets/` (a character it lacks, e.g. an emoji in a name, is drawn as `?` and noted under
//! the chart, never as an empty box).

use std::collections::{BTreeMap, BTreeSet};

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::standings::{Award, PlayerStanding, Standings, TieBreak};
use super::stats::MemberStats;
use super::uno::UnoStandings;
use chart::font::{drawable, font, FAMILY};
use chart::{chart_err, PALETTE};
use engine::Role;
use i18n::{self, Lang};

pub use chart::font::{FALLBACK, FONT};
pub use chart::ChartError;

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

/// A standings row's cells for its games, in order: the points, `-` for a game the player
/// did not play.
pub(crate) fn game_cells(per_game: &[Option<u32>]) -> impl Iterator<Item = String> + '_ {
    per_game
        .iter()
        .map(|x| x.map_or_else(|| "-".to_string(), |v| v.to_string()))
}

/// A table of `rows` under `header` (each column's title and whether it is right-aligned;
/// the last column may run on), padded to the widest cell, CJK characters counting double,
/// with a rule under the header.
pub(crate) fn table(header: &[(String, bool)], rows: Vec<Vec<String>>) -> String {
    let mut out = String::new();
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
    out
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
    for id in ["tournament-col-total", "tournament-col-games"] {
        header.push((t(lang, id, &[]), true));
    }
    // One column per award of this ruleset (Mafia: 杀手得分, 警探得分; M32: 狼人得分, 神职得分).
    for a in &s.scoring.awards {
        header.push((a.column.get(lang).to_string(), true));
    }
    header.push((t(lang, "tournament-col-wins", &[]), false));
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (i, p) in s.players.iter().enumerate() {
        let mut row = vec![(i + 1).to_string(), p.player.clone()];
        row.extend(game_cells(&p.per_game));
        row.push(p.total.to_string());
        row.push(p.games().to_string());
        row.extend(p.award_points.iter().map(u32::to_string));
        row.push(wins_cell(p, lang));
        rows.push(row);
    }
    out.push_str(&table(&header, rows));
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
    for (i, rule) in s.scoring.awards.iter().enumerate() {
        let name = rule.name.get(lang).to_string();
        let roles = &rule.roles;
        let text = match s.awards.by_role.get(i).and_then(Option::as_ref) {
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
            "stats-camps",
            &[("camps", super::records::camps_text(&s.camps, lang))],
        ),
        t(
            lang,
            "stats-win-rate",
            &[("rate", super::records::rate_text(s.win_rate(), lang))],
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

/// Every text of the chart, in `lang`, as drawn: each with the characters the font lacks
/// replaced by [`FALLBACK`] (those characters are in `missing`, and `note` says so under
/// the chart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartText {
    pub title: String,
    /// Below the x axis: the start, then each finished game.
    pub x_labels: Vec<String>,
    pub x_desc: String,
    pub y_desc: String,
    /// One per player, best first: "rank. name (points)".
    pub legend: Vec<String>,
    pub note: Option<String>,
    pub missing: Vec<char>,
}

impl ChartText {
    /// Every string the chart draws (the y axis's numbers aside).
    pub fn all(&self) -> Vec<&str> {
        let mut v = vec![
            self.title.as_str(),
            self.x_desc.as_str(),
            self.y_desc.as_str(),
        ];
        v.extend(self.x_labels.iter().map(String::as_str));
        v.extend(self.legend.iter().map(String::as_str));
        v.extend(self.note.as_deref());
        v
    }
}

/// The texts [`render_chart_png`] draws for `s` in `lang`.
///
/// # Errors
/// [`ChartError`] when the bundled font cannot be read.
pub fn chart_text(s: &Standings, lang: Lang) -> Result<ChartText, ChartError> {
    let players = s.players.iter().map(|p| (p.player.as_str(), p.total));
    texts(
        lang,
        ("tournament-chart-title", "tournament-chart-y"),
        &s.tournament.name,
        s.games.len(),
        players,
    )
}

/// A chart's texts: its title and y axis (catalog ids `ids`) for contest `name` of `games`
/// finished games, and the legend of `players` (name, total) in ranking order.
fn texts<'a>(
    lang: Lang,
    ids: (&str, &str),
    name: &str,
    games: usize,
    players: impl Iterator<Item = (&'a str, u32)>,
) -> Result<ChartText, ChartError> {
    let font = font()?;
    let mut missing = BTreeSet::new();
    let mut d = |text: String| drawable(font, &text, &mut missing);
    let title = d(t(lang, ids.0, &[("name", name.to_string())]));
    let x_labels = std::iter::once(t(lang, "tournament-chart-start", &[]))
        .chain((1..=games).map(|n| t(lang, "tournament-col-game", &[("n", n.to_string())])))
        .map(&mut d)
        .collect();
    let x_desc = d(t(lang, "tournament-chart-x", &[]));
    let y_desc = d(t(lang, ids.1, &[]));
    let legend = players
        .enumerate()
        .map(|(i, (player, total))| {
            d(t(
                lang,
                "tournament-chart-legend",
                &[
                    ("rank", (i + 1).to_string()),
                    ("player", player.to_string()),
                    ("points", total.to_string()),
                ],
            ))
        })
        .collect();
    let note = (!missing.is_empty()).then(|| {
        t(
            lang,
            "tournament-chart-missing",
            &[("count", missing.len().to_string())],
        )
    });
    Ok(ChartText {
        title,
        x_labels,
        x_desc,
        y_desc,
        legend,
        note,
        missing: missing.into_iter().collect(),
    })
}

/// The point markers, so that lines of the same colour (players 1 and 17) or lines drawn
/// over each other can still be told apart.
#[derive(Debug, Clone, Copy)]
enum Marker {
    Circle,
    Triangle,
    Square,
    Cross,
    Ring,
}

const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Triangle,
    Marker::Square,
    Marker::Cross,
    Marker::Ring,
];

/// Player `i`'s colour and marker: 16 colours × 5 markers give 80 distinct pairs.
fn look(i: usize) -> (RGBColor, Marker) {
    let (r, g, b) = PALETTE[i % PALETTE.len()];
    (RGBColor(r, g, b), MARKERS[i % MARKERS.len()])
}

/// Draws marker `m` at each of `at` on `area` (the plot, or the legend in pixels).
fn draw_markers<DB: DrawingBackend, X: CoordTranslate>(
    area: &DrawingArea<DB, X>,
    m: Marker,
    at: &[X::From],
    color: RGBColor,
    size: i32,
) -> Result<(), ChartError>
where
    X::From: Clone,
{
    let (fill, ring) = (color.filled(), color.stroke_width(2));
    for p in at {
        let at = EmptyElement::at(p.clone());
        match m {
            Marker::Circle => area.draw(&(at + Circle::new((0, 0), size, fill))),
            Marker::Triangle => area.draw(&(at + TriangleMarker::new((0, 0), size + 1, fill))),
            Marker::Square => {
                area.draw(&(at + Rectangle::new([(-size, -size), (size, size)], fill)))
            }
            Marker::Cross => area.draw(&(at + Cross::new((0, 0), size, ring))),
            Marker::Ring => area.draw(&(at + Circle::new((0, 0), size, ring))),
        }
        .map_err(chart_err)?;
    }
    Ok(())
}

/// Where player `p`'s line passes at each x, in points: the true value, moved up or down a
/// little when several players have the same value there, so that equal trajectories run
/// side by side instead of hiding each other. Players sharing a value are spread over at
/// most `±0.35` points (so a line stays nearest its true value), `step` apart at most,
/// in ranking order (the best on top). The start (x = 0) is left alone.
fn spread(series: &[Vec<u32>], step: f64) -> Vec<Vec<f64>> {
    let len = series.iter().map(Vec::len).max().unwrap_or(0);
    let mut out: Vec<Vec<f64>> = series
        .iter()
        .map(|s| s.iter().map(|v| f64::from(*v)).collect())
        .collect();
    // Not at the start: everyone starts from 0 there, and the lines fan out from one point.
    for x in 1..len {
        let mut by_value: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for (p, s) in series.iter().enumerate() {
            if let Some(v) = s.get(x) {
                by_value.entry(*v).or_default().push(p);
            }
        }
        for players in by_value.values().filter(|ps| ps.len() > 1) {
            let k = players.len() as f64;
            let step = step.min(0.7 / (k - 1.0));
            for (j, p) in players.iter().enumerate() {
                // The first (best ranked) on top.
                if let Some(y) = out[*p].get_mut(x) {
                    *y += ((k - 1.0) / 2.0 - j as f64) * step;
                }
            }
        }
    }
    out
}

/// Draws the chart of [`render_chart_png`] into `buf`, `width`×`height` pixels of RGB
/// (3 bytes each, row by row).
fn draw_chart(
    text: &ChartText,
    series: &[Vec<u32>],
    buf: &mut [u8],
    width: u32,
    height: u32,
) -> Result<(), ChartError> {
    let games = u32::try_from(
        series
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(1)
            .saturating_sub(1),
    )
    .unwrap_or(u32::MAX);
    let top = series.iter().flatten().copied().max().unwrap_or(0).max(1);
    // Sizes follow the image's height (the README's chart is 900×560).
    let scale = f64::from(height.max(120)) / 560.0;
    let px = |n: f64| (n * scale).round().max(8.0);
    let root = BitMapBackend::with_buffer(buf, (width, height)).into_drawing_area();
    root.fill(&WHITE).map_err(chart_err)?;
    let root = root
        .titled(&text.title, (FAMILY, px(24.0)))
        .map_err(chart_err)?;
    let root = match &text.note {
        Some(note) => {
            let size = px(13.0);
            let (_, h) = root.dim_in_pixel();
            let (upper, lower) = root.split_vertically(h.saturating_sub((size * 1.6) as u32));
            lower
                .draw(&Text::new(
                    note.clone(),
                    (8, (size * 0.3) as i32),
                    (FAMILY, size).into_font().color(&RGBColor(150, 0, 0)),
                ))
                .map_err(chart_err)?;
            upper
        }
        None => root,
    };

    // The legend: one line per player, best first, in a column right of the plot.
    let n = text.legend.len().max(1);
    let (area_w, area_h) = root.dim_in_pixel();
    let line_h = (f64::from(area_h) * 0.9 / n as f64).min(px(22.0)).max(7.0);
    let legend_font = TextStyle::from((FAMILY, (line_h * 0.72).max(6.0)).into_font())
        .pos(Pos::new(HPos::Left, VPos::Center));
    let widest = text
        .legend
        .iter()
        .filter_map(|l| root.estimate_text_size(l, &legend_font).ok())
        .map(|(w, _)| w)
        .max()
        .unwrap_or(0);
    let legend_w = (widest + 40).min(area_w * 2 / 5);
    let (plot, legend) = root.split_horizontally(area_w - legend_w);
    let mark = (line_h / 5.0).clamp(2.0, 4.0) as i32;
    for (i, label) in text.legend.iter().enumerate() {
        let (color, m) = look(i);
        let y = (line_h * (i as f64 + 0.5) + f64::from(area_h) * 0.04) as i32;
        legend
            .draw(&PathElement::new(
                vec![(4, y), (26, y)],
                color.stroke_width(2),
            ))
            .map_err(chart_err)?;
        draw_markers(&legend, m, &[(15, y)], color, mark)?;
        legend
            .draw(&Text::new(label.clone(), (32, y), legend_font.clone()))
            .map_err(chart_err)?;
    }

    let x_labels = text.x_labels.clone();
    let mut chart = ChartBuilder::on(&plot)
        .margin(px(14.0) as u32)
        .margin_right(px(24.0) as u32)
        .x_label_area_size(px(44.0) as u32)
        .y_label_area_size(px(52.0) as u32)
        .build_cartesian_2d(0..games.max(1), -0.5f64..f64::from(top) + 0.7)
        .map_err(chart_err)?;
    chart
        .configure_mesh()
        .x_labels(x_labels.len())
        .x_label_formatter(&|x| {
            usize::try_from(*x)
                .ok()
                .and_then(|i| x_labels.get(i).cloned())
                .unwrap_or_default()
        })
        .y_labels(usize::try_from(top).unwrap_or(10).clamp(2, 12) + 2)
        // Only whole points: the half-point lines of the spread are not values.
        .light_line_style(TRANSPARENT)
        .y_label_formatter(&|y| {
            if y.fract().abs() < 1e-9 && *y >= 0.0 {
                format!("{y:.0}")
            } else {
                String::new()
            }
        })
        .x_desc(text.x_desc.clone())
        .y_desc(text.y_desc.clone())
        .label_style((FAMILY, px(15.0)))
        .axis_desc_style((FAMILY, px(16.0)))
        .draw()
        .map_err(chart_err)?;
    // About 4 pixels between lines that share a value, in points.
    let (_, plot_h) = chart.plotting_area().dim_in_pixel();
    let step = 4.0 * (f64::from(top) + 1.2) / f64::from(plot_h.max(1));
    // The worst ranked first, so the leaders' lines are drawn on top.
    for (i, ys) in spread(series, step).into_iter().enumerate().rev() {
        let (color, m) = look(i);
        let points: Vec<(u32, f64)> = (0..).zip(ys).collect();
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                color.stroke_width(2),
            ))
            .map_err(chart_err)?;
        draw_markers(chart.plotting_area(), m, &points, color, mark)?;
    }
    root.present().map_err(chart_err)
}

/// A `width`×`height` PNG line chart of every player's cumulative points over the finished
/// games (x: the start, then G1, G2, ...), every label in `lang`, with a legend beside it
/// that ranks the players as the table does; names' characters the font lacks are drawn as
/// [`FALLBACK`], with a note under the chart ([`chart_text`] lists them). Drawn and encoded
/// in memory: the caller uploads the bytes or writes them where it wants.
///
/// # Errors
/// [`ChartError`] when it cannot be drawn or encoded (e.g. too large a size).
pub fn render_chart_png(
    s: &Standings,
    lang: Lang,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ChartError> {
    let series = s.players.iter().map(|p| p.series.as_slice());
    png_of(&chart_text(s, lang)?, series, (width, height))
}

/// The chart of `text` with each player's running totals `series` (from the start's 0), as
/// a PNG of `size` pixels.
fn png_of<'a>(
    text: &ChartText,
    series: impl Iterator<Item = &'a [u32]>,
    (width, height): (u32, u32),
) -> Result<Vec<u8>, ChartError> {
    let series: Vec<Vec<u32>> = series
        .map(|s| std::iter::once(0).chain(s.iter().copied()).collect())
        .collect();
    chart::png(width, height, |buf| {
        draw_chart(text, &series, buf, width, height)
    })
}

/// The texts [`render_uno_chart_png`] draws for UNO contest `s` in `lang`: the title and
/// the y axis say that fewer points are better.
///
/// # Errors
/// [`ChartError`] when the bundled font cannot be read.
pub fn uno_chart_text(s: &UnoStandings, lang: Lang) -> Result<ChartText, ChartError> {
    let players = s.players.iter().map(|p| (p.player.as_str(), p.total));
    texts(
        lang,
        ("uno-chart-title", "uno-chart-y"),
        &s.name,
        s.games.len(),
        players,
    )
}

/// A UNO contest's chart: every player's cumulative points left in hand over the finished
/// games, the legend ranking them lowest first, the title and the y axis saying that lower
/// is better (as [`render_chart_png`] otherwise).
///
/// # Errors
/// [`ChartError`] when it cannot be drawn or encoded.
pub fn render_uno_chart_png(
    s: &UnoStandings,
    lang: Lang,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ChartError> {
    let series = s.players.iter().map(|p| p.series.as_slice());
    png_of(&uno_chart_text(s, lang)?, series, (width, height))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{compute, score_game, Scoring, Tournament};
    use engine::{Ruleset, Winner};

    /// Catalog message `id` with `args`, as the tests expect it; a missing message fails.
    fn said(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
        let args: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, v.to_string())).collect();
        i18n::try_text(lang, id, &args).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A one-game m32 tournament with Chinese names.
    fn chinese_standings() -> Standings {
        let scoring = Scoring::builtin("m32").expect("m32");
        let seats: Vec<(String, String, Role)> = [
            ("小明", Role::Seer),
            ("阿狼", Role::Wolf),
            ("Bob", Role::Villager),
        ]
        .into_iter()
        .map(|(name, role)| (name.into(), name.into(), role))
        .collect();
        let g = crate::testing::game("m32", &seats, Some(Some(Winner::Village)));
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
        // An M32 tournament: M32's awards (the village won: no wolf points).
        let gods = [Role::Seer, Role::Witch, Role::Hunter].map(|r| i18n::role_name(r, Lang::Zh));
        let top_god = [
            ("award", "最佳神职"),
            ("player", "小明"),
            ("roles", &gods.join("/")),
            ("points", "3"),
        ];
        let top_god = said(Lang::Zh, "tournament-award-line", &top_god);
        assert!(table.contains(&top_god), "{table}");
        let no_wolf = said(Lang::Zh, "tournament-award-none", &[("award", "最佳狼人")]);
        assert!(table.contains(&no_wolf), "{table}");
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
        let png = render_chart_png(&s, Lang::Zh, 480, 320).expect("drawn");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }

    /// Accounts of a 16-player m32 tournament, as Chinese forum members name themselves:
    /// simplified and traditional hanzi, mixed with Latin letters, digits and punctuation.
    const MEMBERS: [&str; 16] = [
        "阿狸",
        "白菜",
        "龍貓",
        "豆包",
        "饿了么",
        "番茄炒蛋",
        "鬱金香",
        "海苔",
        "酱油君",
        "可乐Cola",
        "辣条_007",
        "馒头·白",
        "奶茶（少糖）",
        "泡芙",
        "青团",
        "肉松小贝",
    ];

    /// Two m32 games among [`MEMBERS`] (the village wins the first, the wolves the second),
    /// so several players end on the same points along the same trajectory.
    fn sixteen(members: &[&str]) -> Standings {
        let scoring = Scoring::builtin("m32").expect("m32");
        // The m32 board's roles but its villagers (the rest are villagers).
        let roles: Vec<Role> = Ruleset::builtin("m32", &BTreeMap::new())
            .ok()
            .and_then(|rs| rs.board_for(12))
            .expect("m32 seats 12")
            .into_iter()
            .filter(|r| *r != Role::Villager)
            .collect();
        let game = |shift: usize, winner| {
            let seats: Vec<(String, String, Role)> = members
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let role = roles
                        .get((i + shift) % members.len())
                        .copied()
                        .unwrap_or(Role::Villager);
                    (format!("{}号", i + 1), name.to_string(), role)
                })
                .collect();
            crate::testing::game("m32", &seats, Some(Some(winner)))
        };
        let t = Tournament {
            id: 1,
            name: "狼人杀春季赛".into(),
            ruleset: "m32".into(),
            games_planned: 3,
            judge: "汤圆".into(),
            created_at: chrono::DateTime::default(),
        };
        let games = vec![
            score_game(&scoring, 1, 1, &game(0, Winner::Village), "汤圆", &[]).expect("ended"),
            score_game(&scoring, 2, 2, &game(3, Winner::Wolves), "汤圆", &[]).expect("ended"),
        ];
        compute(&t, &scoring, games, vec![3], &[])
    }

    #[test]
    fn every_character_of_every_text_drawn_has_a_glyph_in_the_bundled_font() {
        use ab_glyph::{Font, GlyphId};
        // Loaded here from the file, not through the chart's own code.
        let font = ab_glyph::FontRef::try_from_slice(include_bytes!(
            "../../../assets/NotoSansCJKsc-Regular-subset.otf"
        ))
        .expect("the bundled font parses");
        let s = sixteen(&MEMBERS);
        assert_eq!(s.players.len(), 17, "16 players and the judge");
        for lang in Lang::ALL {
            let text = chart_text(&s, lang).expect("texts");
            assert_eq!(text.missing, Vec::<char>::new(), "{lang:?}");
            assert_eq!(text.note, None);
            // Every name is drawn as it is, in the legend.
            for p in &s.players {
                assert!(
                    text.legend.iter().any(|l| l.contains(&p.player)),
                    "{} in {:?}",
                    p.player,
                    text.legend
                );
            }
            for drawn in text.all() {
                assert!(!drawn.contains(i18n::MISSING_OPEN), "{drawn}");
                for c in drawn.chars().filter(|c| *c != ' ') {
                    assert_ne!(font.glyph_id(c), GlyphId(0), "{c:?} in {drawn:?}");
                }
            }
        }
        // Traditional forms of common hanzi are there too (Big5's frequent ones).
        for c in "龍鬱豐灣體說話們這個".chars() {
            assert_ne!(font.glyph_id(c), GlyphId(0), "{c}");
        }
    }

    #[test]
    fn the_chart_is_a_png_of_the_asked_size_in_the_readers_language() {
        let s = sixteen(&MEMBERS);
        let zh = render_chart_png(&s, Lang::Zh, 900, 560).expect("drawn");
        let en = render_chart_png(&s, Lang::En, 900, 560).expect("drawn");
        for png in [&zh, &en] {
            let img = image::load_from_memory(png).expect("decodes");
            assert_eq!((img.width(), img.height()), (900, 560));
        }
        // (Not assert_ne: the bytes would fill the screen.)
        assert!(
            zh != en,
            "the zh and en charts differ (title, axes, legend)"
        );
        if let Ok(dir) = std::env::var("WOLFJUDGE_CHART_DIR") {
            let _ = std::fs::write(format!("{dir}/sixteen-zh.png"), &zh);
            let _ = std::fs::write(format!("{dir}/sixteen-en.png"), &en);
        }
        let zt = chart_text(&s, Lang::Zh).expect("zh");
        let et = chart_text(&s, Lang::En).expect("en");
        let first = &s.players[0];
        let total = first.total.to_string();
        for (lang, text) in [(Lang::Zh, &zt), (Lang::En, &et)] {
            let title = said(lang, "tournament-chart-title", &[("name", "狼人杀春季赛")]);
            assert_eq!(text.title, title);
            let game = |n: &str| said(lang, "tournament-col-game", &[("n", n)]);
            let start = said(lang, "tournament-chart-start", &[]);
            assert_eq!(text.x_labels, vec![start, game("1"), game("2")]);
            assert_eq!(text.x_desc, said(lang, "tournament-chart-x", &[]));
            assert_eq!(text.y_desc, said(lang, "tournament-chart-y", &[]));
            // The legend ranks as the table does, with the points.
            let legend = [
                ("rank", "1"),
                ("player", first.player.as_str()),
                ("points", &total),
            ];
            assert_eq!(
                text.legend[0],
                said(lang, "tournament-chart-legend", &legend)
            );
        }
    }

    #[test]
    fn a_character_the_font_lacks_is_drawn_as_a_question_mark_and_noted() {
        let mut members = MEMBERS;
        members[0] = "猫猫😺";
        members[1] = "❤\u{fe0f}小红";
        let s = sixteen(&members);
        let text = chart_text(&s, Lang::Zh).expect("texts");
        assert_eq!(text.missing, vec!['❤', '😺']);
        assert!(
            text.legend.iter().any(|l| l.contains("猫猫?")),
            "{:?}",
            text.legend
        );
        // The variation selector draws nothing: dropped, not a second `?`.
        assert!(
            text.legend.iter().any(|l| l.contains(". ?小红")),
            "{:?}",
            text.legend
        );
        let note = |lang| said(lang, "tournament-chart-missing", &[("count", "2")]);
        assert_eq!(text.note, Some(note(Lang::Zh)));
        let en = chart_text(&s, Lang::En).expect("texts");
        assert_eq!(en.note, Some(note(Lang::En)));
        // The chart says so too, and still draws.
        let png = render_chart_png(&s, Lang::Zh, 640, 400).expect("drawn");
        let img = image::load_from_memory(&png).expect("decodes");
        assert_eq!((img.width(), img.height()), (640, 400));
    }

    #[test]
    fn equal_trajectories_run_side_by_side() {
        // Three players at 0, 3, 3; one at 0, 2, 2; x = 0 shared by all four.
        let series = vec![vec![0, 3, 3], vec![0, 3, 3], vec![0, 2, 2], vec![0, 3, 3]];
        let ys = spread(&series, 0.1);
        // The three equal lines: 0.1 apart, best ranked on top, centred on 3.
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(
            near(ys[0][1], 3.1) && near(ys[1][1], 3.0) && near(ys[3][1], 2.9),
            "{ys:?}"
        );
        assert_eq!(ys[2][1..], [2.0, 2.0], "alone on its value: not moved");
        assert!(ys.iter().all(|y| y[0] == 0.0), "all start from 0: {ys:?}");
        // Many players at one value stay within ±0.35 of it.
        let many = vec![vec![0, 5]; 16];
        let ys = spread(&many, 0.1);
        assert!(
            ys.iter().all(|y| (y[1] - 5.0).abs() <= 0.35 + 1e-9),
            "{ys:?}"
        );
        let mut distinct: Vec<i64> = ys.iter().map(|y| (y[1] * 1e6) as i64).collect();
        distinct.dedup();
        assert_eq!(distinct.len(), 16);
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(width("Ann"), 3);
        assert_eq!(width("杀人王"), 6);
        assert_eq!(width("第1局"), 5);
        assert_eq!(width("police×2"), 8);
    }
}

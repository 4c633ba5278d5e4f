//! A vote's picture: one row per voter along the vote's time, each ballot a bar in its
//! target's colour from when it was cast until it was changed or the vote closed (a changed
//! vote struck through, a proxy vote marked, the sheriff's row with the weight); beside it
//! the count (weighted) and the abstentions; above, the result.

use chrono::{DateTime, TimeZone, Utc};
use plotters::style::text_anchor::{HPos, VPos};
use plotters::style::RGBColor;

use super::canvas::{FAINT, GRID, INK, MARGIN};
use super::read::{Outcome, Vote};
use super::{seat_color, tint, votes_text, Canvas, ChartError, Png, Words};
use engine::event::NoOut;
use engine::{CharId, Game, Phase};
use i18n::{self, Lang};

pub use super::canvas::{ROW_H, WIDTH};

/// Above the rows: the title and the result.
const HEADER: u32 = 96;
/// Below the rows: the time axis, its labels and caption.
const AXIS: u32 = 60;
/// The legend line, and the note about missing characters when there is one.
const LINE: u32 = 26;
/// The count beside the rows.
const TALLY_W: i32 = 330;

/// An abstention's colour.
const ABSTAIN: RGBColor = RGBColor(150, 150, 150);
const RESULT: RGBColor = RGBColor(150, 20, 20);

/// One ballot's bar in its voter's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// `None`: an abstention.
    pub target: Option<CharId>,
    /// The target's name (or the abstention), marked when a proxy vote.
    pub label: String,
    /// A later ballot of the voter replaced it: drawn struck through.
    pub replaced: bool,
    pub proxy: bool,
}

/// A voter's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub voter: CharId,
    /// The voter's name (the sheriff's with the weight, a voter who left marked so).
    pub label: String,
    pub segments: Vec<Segment>,
    /// Said in the row when there is no ballot: did not vote, may not vote.
    pub empty: Option<String>,
    /// Left the game before the vote ended.
    pub gone: bool,
}

/// One target's count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    pub target: CharId,
    /// In thousandths of a vote.
    pub votes: i64,
    pub label: String,
    /// The result fell on it (out, sheriff, tied).
    pub top: bool,
}

/// A vote's picture, laid out: every text as drawn, and where the bars go in time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoteChart {
    /// Its file name: `vote-day-2.png`, `vote-day-2-round-1.png`.
    pub name: String,
    pub day: u32,
    pub round: u32,
    pub title: String,
    pub result: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// The time axis's labels, in the game's time zone, and its caption (the zone).
    pub ticks: Vec<(DateTime<Utc>, String)>,
    pub axis: String,
    pub rows: Vec<Row>,
    pub tally_title: String,
    pub bars: Vec<Bar>,
    /// Under the count: how many abstained, how many did not vote.
    pub counts: Vec<String>,
    pub legend: String,
    /// Says that some characters the font lacks are drawn as `?`.
    pub note: Option<String>,
    pub missing: Vec<char>,
}

impl VoteChart {
    /// Lays out the picture of `v`, a vote of the game `g` (its state at the end), in `lang`.
    ///
    /// # Errors
    /// [`ChartError`] when the bundled font cannot be read.
    pub fn of(v: &Vote, g: &Game, lang: Lang) -> Result<VoteChart, ChartError> {
        let mut w = Words::new(lang)?;
        let name = |c: CharId| {
            g.chars()
                .get(c.idx())
                .map_or_else(|| format!("#{}", c.0), |ch| ch.name.clone())
        };
        let phase = i18n::phase_name(
            Phase::Day {
                day: v.day,
                round: v.round,
            },
            lang,
        );
        let title = w.t("chart-vote-title", &[("phase", phase)]);
        let (start, end) = (v.opened, v.end());
        let zone = g.ruleset().options.time_zone;
        let ticks = ticks(start, end, zone.0)
            .into_iter()
            .map(|(t, label)| (t, w.d(&label)))
            .collect();
        // "2026-12-01 20:00 UTC+8": the zone is the last word.
        let zone_name = i18n::time(start, zone)
            .rsplit(' ')
            .next()
            .unwrap_or("UTC")
            .to_string();
        let axis = w.t("chart-time-axis", &[("zone", zone_name)]);
        let abstain = w.t("chart-abstain", &[]);
        let rows = v
            .voters
            .iter()
            .map(|&voter| {
                let ballots = v.ballots_of(voter);
                let segments = ballots
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        let what = match b.target {
                            Some(t) => w.d(&name(t)),
                            None => abstain.clone(),
                        };
                        let label = if b.proxy {
                            w.t("chart-proxy", &[("what", what)])
                        } else {
                            what
                        };
                        let next = ballots.get(i + 1).map(|n| n.at);
                        Segment {
                            from: b.at,
                            to: next.unwrap_or(end),
                            target: b.target,
                            label,
                            replaced: next.is_some(),
                            proxy: b.proxy,
                        }
                    })
                    .collect::<Vec<_>>();
                let gone = v.gone.contains(&voter);
                let voter_name = name(voter);
                let label = if gone {
                    w.t("chart-voter-gone", &[("name", voter_name)])
                } else if v.sheriff == Some(voter) {
                    w.t(
                        "chart-voter-sheriff",
                        &[("name", voter_name), ("weight", votes_text(v.weight))],
                    )
                } else {
                    w.d(&voter_name)
                };
                let empty = match (segments.is_empty(), v.barred.contains(&voter)) {
                    (false, _) => None,
                    (true, true) => Some(w.t("chart-cannot-vote", &[])),
                    (true, false) => Some(w.t("chart-no-vote", &[])),
                };
                Row {
                    voter,
                    label,
                    segments,
                    empty,
                    gone,
                }
            })
            .collect();
        let tally = v.tally.clone().unwrap_or_default();
        let top_votes = tally.first().map_or(0, |(_, n)| *n);
        let tied: Vec<CharId> = tally
            .iter()
            .filter(|(_, n)| *n == top_votes && top_votes > 0)
            .map(|(c, _)| *c)
            .collect();
        let sep = i18n::text(lang, "list-sep", &[]);
        let names = |cs: &[CharId]| cs.iter().map(|c| name(*c)).collect::<Vec<_>>().join(&sep);
        let votes_of =
            |c: CharId| votes_text(tally.iter().find(|(t, _)| *t == c).map_or(0, |(_, n)| *n));
        let (result, top) = match &v.outcome {
            Outcome::Out(c) => (
                w.t(
                    "chart-result-out",
                    &[("name", name(*c)), ("votes", votes_of(*c))],
                ),
                vec![*c],
            ),
            Outcome::IdiotRevealed(c) => (
                w.t(
                    "chart-result-idiot",
                    &[("name", name(*c)), ("votes", votes_of(*c))],
                ),
                vec![*c],
            ),
            Outcome::Sheriff(Some(c)) => (
                w.t(
                    "chart-result-sheriff",
                    &[("name", name(*c)), ("votes", votes_of(*c))],
                ),
                vec![*c],
            ),
            Outcome::Sheriff(None) if tied.len() > 1 => (
                w.t("chart-result-no-sheriff-tie", &[("names", names(&tied))]),
                tied.clone(),
            ),
            Outcome::Sheriff(None) => (w.t("chart-result-no-sheriff", &[]), Vec::new()),
            Outcome::Nobody(NoOut::NoVotes) => (w.t("chart-result-no-votes", &[]), Vec::new()),
            Outcome::Nobody(NoOut::Tie) => (
                w.t("chart-result-tie", &[("names", names(&tied))]),
                tied.clone(),
            ),
            Outcome::Runoff(cs) => (
                w.t("chart-result-runoff", &[("names", names(cs))]),
                cs.clone(),
            ),
            Outcome::Cut => (w.t("chart-result-cut", &[]), Vec::new()),
            Outcome::Ended => (w.t("chart-result-ended", &[]), Vec::new()),
            Outcome::Open => (w.t("chart-result-open", &[]), Vec::new()),
        };
        let bars = tally
            .iter()
            .map(|(c, n)| Bar {
                target: *c,
                votes: *n,
                label: w.t(
                    "chart-tally-line",
                    &[("name", name(*c)), ("votes", votes_text(*n))],
                ),
                top: top.contains(c),
            })
            .collect();
        let standing = v.standing();
        let abstained = standing.iter().filter(|b| b.target.is_none()).count();
        let silent = v
            .voters
            .iter()
            .filter(|c| !v.barred.contains(c) && !v.gone.contains(c))
            .filter(|c| !standing.iter().any(|b| b.by == **c))
            .count();
        let mut counts = Vec::new();
        if abstained > 0 {
            counts.push(w.t("chart-count-abstain", &[("count", abstained.to_string())]));
        }
        if silent > 0 {
            counts.push(w.t("chart-count-none", &[("count", silent.to_string())]));
        }
        let tally_title = w.t("chart-tally", &[]);
        let legend = w.t("chart-vote-legend", &[]);
        let (note, missing) = w.finish();
        Ok(VoteChart {
            name: if v.round == 0 {
                format!("vote-day-{}.png", v.day)
            } else {
                format!("vote-day-{}-round-{}.png", v.day, v.round)
            },
            day: v.day,
            round: v.round,
            title,
            result,
            start,
            end,
            ticks,
            axis,
            rows,
            tally_title,
            bars,
            counts,
            legend,
            note,
            missing,
        })
    }

    /// Every text the picture draws.
    pub fn texts(&self) -> Vec<&str> {
        let mut v = vec![
            self.title.as_str(),
            self.result.as_str(),
            self.axis.as_str(),
            self.tally_title.as_str(),
            self.legend.as_str(),
        ];
        v.extend(self.ticks.iter().map(|(_, t)| t.as_str()));
        for r in &self.rows {
            v.push(&r.label);
            v.extend(r.empty.as_deref());
            v.extend(r.segments.iter().map(|s| s.label.as_str()));
        }
        v.extend(self.bars.iter().map(|b| b.label.as_str()));
        v.extend(self.counts.iter().map(String::as_str));
        v.extend(self.note.as_deref());
        v
    }

    /// Rows the picture has: the voters', or as many as the count needs beside them.
    fn row_count(&self) -> u32 {
        let tally = 1 + self.bars.len() + self.counts.len();
        u32::try_from(self.rows.len().max(tally)).unwrap_or(u32::MAX / ROW_H)
    }

    /// The picture's size in pixels: [`WIDTH`] wide, and tall enough for its rows.
    pub fn size(&self) -> (u32, u32) {
        let lines = if self.note.is_some() { 2 } else { 1 };
        (
            WIDTH,
            HEADER + self.row_count() * ROW_H + AXIS + lines * LINE + 8,
        )
    }

    /// The picture, drawn and encoded.
    ///
    /// # Errors
    /// [`ChartError`] when it cannot be drawn or encoded.
    pub fn render(&self) -> Result<Png, ChartError> {
        Png::drawn(self.name.clone(), self.size(), |c, w, h| self.draw(c, w, h))
    }

    fn draw(&self, c: &Canvas<'_>, w: i32, h: i32) -> Result<(), ChartError> {
        let row_h = ROW_H as i32;
        let top = HEADER as i32;
        let rows = i32::try_from(self.row_count()).unwrap_or(0);
        let bottom = top + rows * row_h;
        c.title(&self.title)?;
        c.text(
            &self.result,
            (MARGIN, 70),
            19.0,
            RESULT,
            (HPos::Left, VPos::Center),
        )?;

        // The voters' names, then the time band.
        let label_w = self
            .rows
            .iter()
            .map(|r| c.width(&r.label, 15.0))
            .max()
            .unwrap_or(0)
            .min(260) as i32
            + 14;
        let x0 = MARGIN + label_w;
        let x1 = w - MARGIN - TALLY_W - MARGIN;
        let span = (self.end - self.start).num_seconds().max(1) as f64;
        let x_at = |t: DateTime<Utc>| {
            let f = ((t - self.start).num_seconds() as f64 / span).clamp(0.0, 1.0);
            x0 + (f * f64::from(x1 - x0)).round() as i32
        };
        for (i, _) in self.rows.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
            let y = top + i as i32 * row_h;
            c.fill((MARGIN, y), (x1, y + row_h), RGBColor(246, 246, 246))?;
        }
        for (t, label) in &self.ticks {
            let x = x_at(*t);
            c.line(vec![(x, top), (x, bottom + 4)], GRID, 1)?;
            c.text(
                label,
                (x, bottom + 16),
                13.0,
                FAINT,
                (HPos::Center, VPos::Center),
            )?;
        }
        c.line(vec![(x0, top), (x0, bottom)], FAINT, 1)?;
        c.line(vec![(x1, top), (x1, bottom)], FAINT, 1)?;
        c.line(vec![(x0, bottom), (x1, bottom)], FAINT, 1)?;
        c.text(
            &self.axis,
            ((x0 + x1) / 2, bottom + 42),
            14.0,
            FAINT,
            (HPos::Center, VPos::Center),
        )?;
        for (i, r) in self.rows.iter().enumerate() {
            let y = top + i as i32 * row_h;
            let mid = y + row_h / 2;
            let ink = if r.gone { FAINT } else { INK };
            let label = c.fit(&r.label, 15.0, (label_w - 14) as u32);
            c.text(&label, (MARGIN, mid), 15.0, ink, (HPos::Left, VPos::Center))?;
            if let Some(empty) = &r.empty {
                c.text(
                    empty,
                    (x0 + 8, mid),
                    13.0,
                    FAINT,
                    (HPos::Left, VPos::Center),
                )?;
            }
            for s in &r.segments {
                self.draw_segment(c, s, (x_at(s.from), x_at(s.to)), y)?;
            }
        }

        // The count.
        let tx = x1 + MARGIN;
        let name_w = 160;
        let most = self.bars.iter().map(|b| b.votes).max().unwrap_or(1).max(1);
        let mid = |i: i32| top + i * row_h + row_h / 2;
        c.text(
            &self.tally_title,
            (tx, mid(0)),
            16.0,
            INK,
            (HPos::Left, VPos::Center),
        )?;
        for (i, b) in self.bars.iter().enumerate() {
            let y = mid(i as i32 + 1);
            let label = c.fit(&b.label, 14.0, name_w - 6);
            c.text(&label, (tx, y), 14.0, INK, (HPos::Left, VPos::Center))?;
            let bx = tx + name_w as i32;
            let len = ((w - MARGIN - bx) as f64 * b.votes as f64 / most as f64).round() as i32;
            let color = seat_color(b.target);
            c.fill((bx, y - 8), (bx + len.max(2), y + 8), tint(color, 0.2))?;
            if b.top {
                c.frame((bx, y - 8), (bx + len.max(2), y + 8), INK, 2)?;
            }
        }
        for (i, line) in self.counts.iter().enumerate() {
            let y = mid((self.bars.len() + 1 + i) as i32);
            c.text(line, (tx, y), 14.0, FAINT, (HPos::Left, VPos::Center))?;
        }

        let mut y = h - (LINE as i32) / 2 - 4;
        if let Some(note) = &self.note {
            c.text(note, (MARGIN, y), 13.0, RESULT, (HPos::Left, VPos::Center))?;
            y -= LINE as i32;
        }
        c.text(
            &self.legend,
            (MARGIN, y),
            13.0,
            FAINT,
            (HPos::Left, VPos::Center),
        )?;
        Ok(())
    }

    /// One ballot's bar between `xs` in the row at `y`: its target's colour (an abstention
    /// grey), paler and struck through when replaced, a proxy vote outlined thick; a dot when
    /// it was cast.
    fn draw_segment(
        &self,
        c: &Canvas<'_>,
        s: &Segment,
        (from, to): (i32, i32),
        y: i32,
    ) -> Result<(), ChartError> {
        let row_h = ROW_H as i32;
        let color = s.target.map_or(ABSTAIN, seat_color);
        let (a, b) = ((from, y + 4), (to.max(from + 2), y + row_h - 4));
        c.fill(a, b, fill(s.target, s.replaced))?;
        c.frame(a, b, color, if s.proxy { 3 } else { 1 })?;
        let mid = y + row_h / 2;
        let room = (to - from - 12).max(0) as u32;
        let label = c.fit(&s.label, 13.0, room);
        if !label.is_empty() {
            let ink = if s.replaced { FAINT } else { INK };
            c.text(
                &label,
                (from + 8, mid),
                13.0,
                ink,
                (HPos::Left, VPos::Center),
            )?;
            if s.replaced {
                let len = c.width(&label, 13.0) as i32;
                c.line(vec![(from + 6, mid), (from + 10 + len, mid)], INK, 1)?;
            }
        }
        c.dot((from, mid), 3, INK)
    }
}

/// The fill of a ballot's bar: its target's colour (an abstention's grey), paler when a
/// later ballot replaced it.
pub fn fill(target: Option<CharId>, replaced: bool) -> RGBColor {
    let color = target.map_or(ABSTAIN, seat_color);
    tint(color, if replaced { 0.8 } else { 0.55 })
}

/// Steps the time axis may take, in seconds.
const STEPS: [i64; 12] = [
    60,
    300,
    600,
    900,
    1800,
    3600,
    2 * 3600,
    3 * 3600,
    6 * 3600,
    12 * 3600,
    24 * 3600,
    48 * 3600,
];

/// The time axis's labels between `start` and `end`: at most 8, on round times of the
/// zone (whole hours, quarter hours…), `HH:MM`, with the date when the span is long.
pub fn ticks<Z: TimeZone>(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    zone: Z,
) -> Vec<(DateTime<Utc>, String)>
where
    Z::Offset: std::fmt::Display,
{
    let span = (end - start).num_seconds().max(1);
    let step = STEPS
        .into_iter()
        .find(|s| span / s <= 7)
        .unwrap_or(STEPS[STEPS.len() - 1]);
    let local = |t: DateTime<Utc>| t.with_timezone(&zone);
    let offset = local(start).naive_local().and_utc().timestamp() - start.timestamp();
    let first = (start.timestamp() + offset + step - 1).div_euclid(step) * step - offset;
    let format = if span > 20 * 3600 {
        "%m-%d %H:%M"
    } else {
        "%H:%M"
    };
    (0..)
        .map(|k| first + k * step)
        .take_while(|t| *t <= end.timestamp())
        .filter_map(|t| DateTime::from_timestamp(t, 0))
        .map(|t| (t, local(t).format(format).to_string()))
        .collect()
}

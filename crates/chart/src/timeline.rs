//! The game's timeline: one column per day and night in order (nights shaded), one row per
//! character with the role the reveal shows, a bar in the colour of its side for as long as
//! it was in the game, ending with a cross and the cause where it left (the survivors'
//! bars run to the end).

use plotters::style::text_anchor::{HPos, VPos};
use plotters::style::RGBColor;

use super::canvas::{FAINT, GRID, INK, MARGIN};
use super::read::Timeline;
use super::{tint, Canvas, ChartError, Png, Words};
use engine::{CharId, Game, Phase, Role, Winner};
use i18n::{self, Lang};

pub use super::canvas::{ROW_H, WIDTH};

/// Above the rows: the title, then the phases' names.
const HEADER: u32 = 100;
/// Below the rows: the legend, and the note about missing characters when there is one.
const LINE: u32 = 30;
/// Right of the last column: the survivors' and the last phase's causes.
const TAIL: i32 = 150;

const DEATH: RGBColor = RGBColor(150, 20, 20);
const NIGHT: RGBColor = RGBColor(232, 235, 245);

/// The sides as the timeline colours them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// Wolves, the white wolf king, killers.
    Wolves,
    /// Gods and the police: the roles with an ability on the other side.
    Gods,
    /// Villagers and civilians.
    Plain,
}

impl Side {
    pub fn of(r: Role) -> Side {
        if r.is_wolfish() {
            Side::Wolves
        } else if r.is_god() || r == Role::Police {
            Side::Gods
        } else {
            Side::Plain
        }
    }

    /// Its bars' fill.
    pub fn fill(self) -> RGBColor {
        tint(self.color(), 0.35)
    }

    pub fn color(self) -> RGBColor {
        match self {
            Side::Wolves => RGBColor(214, 39, 40),
            Side::Gods => RGBColor(31, 119, 180),
            Side::Plain => RGBColor(44, 160, 44),
        }
    }
}

/// One character's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Life {
    pub character: CharId,
    /// "name (role)".
    pub label: String,
    pub side: Side,
    /// The column it left in, and how; `None` for a survivor.
    pub death: Option<(usize, String)>,
    /// The column a vote revealed it as the idiot, and the word for it.
    pub revealed: Option<(usize, String)>,
}

/// The timeline's picture, laid out: every text as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineChart {
    pub title: String,
    /// The phases' names, one a column; nights are marked for shading.
    pub columns: Vec<(String, bool)>,
    pub rows: Vec<Life>,
    /// Said after a survivor's bar.
    pub survived: String,
    /// Each side present, with its roles' names.
    pub legend: Vec<(Side, String)>,
    pub note: Option<String>,
    pub missing: Vec<char>,
}

impl TimelineChart {
    /// Lays out the timeline `t` of the game `g` (its state at the end) in `lang`.
    ///
    /// # Errors
    /// [`ChartError`] when the bundled font cannot be read.
    pub fn of(t: &Timeline, g: &Game, lang: Lang) -> Result<TimelineChart, ChartError> {
        let mut w = Words::new(lang)?;
        let result = match t.winner {
            Some(Winner::Draw) => w.t("chart-result-draw", &[]),
            Some(win) => w.t(
                "chart-result-winner",
                &[("winner", i18n::winner_name(win, lang))],
            ),
            None if t.ended => w.t("chart-result-no-winner", &[]),
            None => w.t("chart-result-unfinished", &[]),
        };
        let title = w.t("chart-timeline-title", &[("result", result)]);
        let columns = t
            .phases
            .iter()
            .map(|p| {
                (
                    w.d(&i18n::phase_name(*p, lang)),
                    matches!(p, Phase::Night { .. }),
                )
            })
            .collect();
        let column = |p: Phase| t.phases.iter().position(|q| *q == p);
        let rows = g
            .chars()
            .iter()
            .enumerate()
            .map(|(i, ch)| {
                let c = CharId(u16::try_from(i).unwrap_or(u16::MAX));
                let label = w.t(
                    "chart-timeline-row",
                    &[
                        ("name", ch.name.clone()),
                        ("role", i18n::role_name(ch.role, lang)),
                    ],
                );
                let death = t.deaths.iter().find(|d| d.character == c).map(|d| {
                    let col = column(d.phase).unwrap_or(t.phases.len().saturating_sub(1));
                    (col, w.t(&format!("chart-cause-{}", d.cause.key()), &[]))
                });
                let revealed = t
                    .revealed
                    .iter()
                    .find(|(r, _)| *r == c)
                    .and_then(|(_, p)| column(*p))
                    .map(|col| (col, w.t("chart-idiot-revealed", &[])));
                Life {
                    character: c,
                    label,
                    side: Side::of(ch.role),
                    death,
                    revealed,
                }
            })
            .collect();
        let survived = w.t("chart-survived", &[]);
        let mut legend: Vec<(Side, String)> = Vec::new();
        for side in [Side::Wolves, Side::Gods, Side::Plain] {
            let mut roles: Vec<Role> = g
                .chars()
                .iter()
                .map(|ch| ch.role)
                .filter(|r| Side::of(*r) == side)
                .collect();
            roles.sort_by_key(|r| Role::ALL.iter().position(|a| a == r));
            roles.dedup();
            if !roles.is_empty() {
                let sep = i18n::text(lang, "list-sep", &[]);
                let names: Vec<String> = roles.iter().map(|r| i18n::role_name(*r, lang)).collect();
                legend.push((side, w.d(&names.join(&sep))));
            }
        }
        let (note, missing) = w.finish();
        Ok(TimelineChart {
            title,
            columns,
            rows,
            survived,
            legend,
            note,
            missing,
        })
    }

    /// Every text the picture draws.
    pub fn texts(&self) -> Vec<&str> {
        let mut v = vec![self.title.as_str(), self.survived.as_str()];
        v.extend(self.columns.iter().map(|(c, _)| c.as_str()));
        for r in &self.rows {
            v.push(&r.label);
            v.extend(r.death.as_ref().map(|(_, d)| d.as_str()));
            v.extend(r.revealed.as_ref().map(|(_, d)| d.as_str()));
        }
        v.extend(self.legend.iter().map(|(_, l)| l.as_str()));
        v.extend(self.note.as_deref());
        v
    }

    /// The picture's size in pixels: [`WIDTH`] wide, one row per character.
    pub fn size(&self) -> (u32, u32) {
        let rows = u32::try_from(self.rows.len().max(1)).unwrap_or(u32::MAX / ROW_H);
        let lines = if self.note.is_some() { 2 } else { 1 };
        (WIDTH, HEADER + rows * ROW_H + 16 + lines * LINE)
    }

    /// The picture, drawn and encoded, as `timeline.png`.
    ///
    /// # Errors
    /// [`ChartError`] when it cannot be drawn or encoded.
    pub fn render(&self) -> Result<Png, ChartError> {
        Png::drawn("timeline.png".into(), self.size(), |c, w, h| {
            self.draw(c, w, h)
        })
    }

    fn draw(&self, c: &Canvas<'_>, w: i32, h: i32) -> Result<(), ChartError> {
        let row_h = ROW_H as i32;
        let top = HEADER as i32;
        let bottom = top + i32::try_from(self.rows.len().max(1)).unwrap_or(0) * row_h;
        c.title(&self.title)?;
        let label_w = self
            .rows
            .iter()
            .map(|r| c.width(&r.label, 15.0))
            .max()
            .unwrap_or(0)
            .min(300) as i32
            + 24;
        let x0 = MARGIN + label_w;
        let x1 = w - MARGIN - TAIL;
        let n = i32::try_from(self.columns.len().max(1)).unwrap_or(1);
        let col_w = f64::from(x1 - x0) / f64::from(n);
        let left = |i: usize| x0 + (i as f64 * col_w).round() as i32;
        let centre = |i: usize| x0 + ((i as f64 + 0.5) * col_w).round() as i32;
        for (i, (name, night)) in self.columns.iter().enumerate() {
            if *night {
                c.fill((left(i), top - 30), (left(i + 1), bottom), NIGHT)?;
            }
            let name = c.fit(name, 13.0, (col_w as u32).saturating_sub(4));
            c.text(
                &name,
                (centre(i), top - 15),
                13.0,
                INK,
                (HPos::Center, VPos::Center),
            )?;
            c.line(vec![(left(i), top - 30), (left(i), bottom)], GRID, 1)?;
        }
        c.line(vec![(x1, top - 30), (x1, bottom)], GRID, 1)?;
        for (i, r) in self.rows.iter().enumerate() {
            let y = top + i as i32 * row_h;
            let mid = y + row_h / 2;
            let label = c.fit(&r.label, 15.0, (label_w - 24) as u32);
            let ink = if r.death.is_some() { FAINT } else { INK };
            c.text(&label, (MARGIN, mid), 15.0, ink, (HPos::Left, VPos::Center))?;
            let end = r.death.as_ref().map_or(x1, |(col, _)| centre(*col));
            c.fill((x0, y + 7), (end, y + row_h - 7), r.side.fill())?;
            if let Some((col, word)) = &r.revealed {
                c.dot((centre(*col), mid), 5, INK)?;
                c.text(
                    word,
                    (centre(*col) + 9, mid),
                    12.0,
                    INK,
                    (HPos::Left, VPos::Center),
                )?;
            }
            match &r.death {
                Some((_, cause)) => {
                    let s = 6;
                    c.line(vec![(end - s, mid - s), (end + s, mid + s)], DEATH, 3)?;
                    c.line(vec![(end - s, mid + s), (end + s, mid - s)], DEATH, 3)?;
                    c.text(
                        cause,
                        (end + 12, mid),
                        13.0,
                        DEATH,
                        (HPos::Left, VPos::Center),
                    )?;
                }
                None => {
                    c.text(
                        &self.survived,
                        (x1 + 8, mid),
                        13.0,
                        INK,
                        (HPos::Left, VPos::Center),
                    )?;
                }
            }
        }
        let mut y = h - (LINE as i32) / 2 - 4;
        if let Some(note) = &self.note {
            c.text(note, (MARGIN, y), 13.0, DEATH, (HPos::Left, VPos::Center))?;
            y -= LINE as i32;
        }
        let mut x = MARGIN;
        for (side, roles) in &self.legend {
            c.fill((x, y - 7), (x + 22, y + 7), side.fill())?;
            c.text(roles, (x + 28, y), 14.0, INK, (HPos::Left, VPos::Center))?;
            x += 28 + c.width(roles, 14.0) as i32 + 28;
        }
        Ok(())
    }
}

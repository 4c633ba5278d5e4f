//! Pictures of a game for its reveal: one PNG per vote (who voted for whom and when, the
//! changes, the proxy votes, the sheriff's weight, the count and the result) and one of the
//! game's timeline (who left in which day or night, and how). Drawn with plotters and
//! encoded as PNG in memory (no file, no I/O: the caller uploads the bytes or writes them),
//! every text in the game's language from the catalogs, with the CJK font compiled in from
//! `assets/` ([`font`], shared with the standings chart). A character the font lacks is
//! drawn as `?` and noted under the picture, never as an empty box.
//!
//! - [`read`]: the votes and the timeline, read from the game's events.
//! - [`votes`]: a vote's picture; [`timeline`]: the timeline's.
//! - `canvas`: the surface both pictures are drawn on, with their common measures and inks.
//! - Here: [`game_charts`], every picture of a game, and what the pictures share.

mod canvas;
pub mod font;
pub mod read;
pub mod timeline;
pub mod votes;

use std::collections::BTreeSet;

use plotters::prelude::*;

use engine::{CharId, Event, Game};
use i18n::{self, Lang};

pub(crate) use canvas::Canvas;
pub use canvas::BACKGROUND;
pub use timeline::TimelineChart;
pub use votes::VoteChart;

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("chart: {0}")]
pub struct ChartError(pub String);

/// A drawing error as a [`ChartError`].
pub fn chart_err<E: std::fmt::Display>(e: E) -> ChartError {
    ChartError(e.to_string())
}

/// Colours distinct on white (Tableau 10, then darker ones), one per seat (a vote's
/// target) or line (the standings); they repeat after 16.
pub const PALETTE: [(u8, u8, u8); 16] = [
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

/// The colour of a vote for `c`, in every picture of the game.
pub fn seat_color(c: CharId) -> RGBColor {
    let (r, g, b) = PALETTE[usize::from(c.0) % PALETTE.len()];
    RGBColor(r, g, b)
}

/// `c` mixed with white: `white` = 0.0 is `c`, 1.0 is white.
pub(crate) fn tint(c: RGBColor, white: f64) -> RGBColor {
    let mix = |v: u8| (f64::from(v) + (255.0 - f64::from(v)) * white).round() as u8;
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

/// A picture, encoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Png {
    /// A file name for it: `vote-day-2.png`, `vote-day-2-round-1.png`, `timeline.png`.
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

impl Png {
    /// The picture `name` of `size` (width, height), drawn by `draw` on a canvas of that
    /// size (given its width and height as coordinates) and encoded.
    ///
    /// # Errors
    /// [`ChartError`] when it cannot be drawn or encoded.
    pub(crate) fn drawn(
        name: String,
        (width, height): (u32, u32),
        draw: impl FnOnce(&Canvas<'_>, i32, i32) -> Result<(), ChartError>,
    ) -> Result<Png, ChartError> {
        let bytes = png(width, height, |buf| {
            let c = Canvas::new(buf, width, height)?;
            let w = i32::try_from(width).unwrap_or(i32::MAX);
            let h = i32::try_from(height).unwrap_or(i32::MAX);
            draw(&c, w, h)?;
            c.present()
        })?;
        Ok(Png {
            name,
            width,
            height,
            bytes,
        })
    }
}

/// Every picture of a game, laid out with its texts: one per vote, then the timeline.
#[derive(Debug, Clone)]
pub struct Charts {
    pub votes: Vec<VoteChart>,
    pub timeline: TimelineChart,
}

impl Charts {
    /// Lays out the pictures of the game `events` in `lang`.
    ///
    /// # Errors
    /// [`ChartError`] when the bundled font cannot be read.
    pub fn of(events: &[Event], lang: Lang) -> Result<Charts, ChartError> {
        let g = Game::replay(events);
        let weight = g.ruleset().sheriff_weight_milli();
        let votes = read::votes(events, weight)
            .iter()
            .map(|v| VoteChart::of(v, &g, lang))
            .collect::<Result<_, _>>()?;
        let timeline = TimelineChart::of(&read::timeline(events), &g, lang)?;
        Ok(Charts { votes, timeline })
    }

    /// Every text drawn, in every picture.
    pub fn texts(&self) -> Vec<&str> {
        self.votes
            .iter()
            .flat_map(VoteChart::texts)
            .chain(self.timeline.texts())
            .collect()
    }

    /// The pictures, drawn and encoded: the votes in order, then the timeline.
    ///
    /// # Errors
    /// [`ChartError`] when one cannot be drawn or encoded.
    pub fn render(&self) -> Result<Vec<Png>, ChartError> {
        let mut out: Vec<Png> = self
            .votes
            .iter()
            .map(VoteChart::render)
            .collect::<Result<_, _>>()?;
        out.push(self.timeline.render()?);
        Ok(out)
    }
}

/// Every picture of the game `events` for its reveal, in `lang`: one PNG per vote, then the
/// timeline.
///
/// # Errors
/// [`ChartError`] when the font cannot be read or a picture cannot be drawn.
pub fn game_charts(events: &[Event], lang: Lang) -> Result<Vec<Png>, ChartError> {
    Charts::of(events, lang)?.render()
}

/// A `width`×`height` RGB picture drawn by `draw` into its pixels (3 bytes each, row by
/// row), encoded as PNG in memory.
///
/// # Errors
/// [`ChartError`] when `draw` fails, or the picture is too large or cannot be encoded.
pub fn png(
    width: u32,
    height: u32,
    draw: impl FnOnce(&mut [u8]) -> Result<(), ChartError>,
) -> Result<Vec<u8>, ChartError> {
    use image::ImageEncoder;
    // u32 × u32 fits in a u64; × 3 bytes may not, on any machine.
    let len = usize::try_from(u64::from(width) * u64::from(height))
        .ok()
        .and_then(|n| n.checked_mul(3))
        .ok_or_else(|| ChartError(format!("{width}×{height} is too large")))?;
    let mut pixels = vec![0u8; len];
    draw(&mut pixels)?;
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(&pixels, width, height, image::ColorType::Rgb8)
        .map_err(chart_err)?;
    Ok(png)
}

/// Texts in `lang` through the catalogs, as the font can draw them; the characters it
/// lacks are collected for the note under the picture.
pub(crate) struct Words {
    lang: Lang,
    font: &'static ab_glyph::FontRef<'static>,
    missing: BTreeSet<char>,
}

impl Words {
    pub(crate) fn new(lang: Lang) -> Result<Words, ChartError> {
        Ok(Words {
            lang,
            font: font::font()?,
            missing: BTreeSet::new(),
        })
    }

    /// Catalog message `id` with `args`, drawable.
    pub(crate) fn t(&mut self, id: &str, args: &[(&str, String)]) -> String {
        let text = i18n::text(self.lang, id, args);
        self.d(&text)
    }

    /// `text` (a name, a phase's name), drawable.
    pub(crate) fn d(&mut self, text: &str) -> String {
        font::drawable(self.font, text, &mut self.missing)
    }

    /// The note under the picture when characters were missing, and which.
    pub(crate) fn finish(self) -> (Option<String>, Vec<char>) {
        let note = (!self.missing.is_empty()).then(|| {
            i18n::text(
                self.lang,
                "chart-missing",
                &[("count", self.missing.len().to_string())],
            )
        });
        (note, self.missing.into_iter().collect())
    }
}

/// A vote count in thousandths as people write it: 1500 → "1.5", 3000 → "3".
pub fn votes_text(milli: i64) -> String {
    format!("{}", milli as f64 / 1000.0)
}

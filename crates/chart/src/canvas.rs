//! The surface both pictures (a vote's and the timeline) are drawn on, in the bundled font,
//! with the measures and inks they share.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{chart_err, font, ChartError};

/// The pictures' background.
pub const BACKGROUND: RGBColor = WHITE;

/// A picture's width, in pixels.
pub const WIDTH: u32 = 1200;
/// One row: a voter's, or a character's.
pub const ROW_H: u32 = 28;
/// Around the picture's edges, and between its parts.
pub(crate) const MARGIN: i32 = 20;

/// Texts and marks.
pub(crate) const INK: RGBColor = RGBColor(30, 30, 30);
/// What is less important: what is over, replaced or explained.
pub(crate) const FAINT: RGBColor = RGBColor(120, 120, 120);
/// The grid's lines (between columns, at the time axis's ticks).
pub(crate) const GRID: RGBColor = RGBColor(215, 215, 215);

/// Pixel drawing on a picture, in the bundled font.
pub(crate) struct Canvas<'a> {
    pub(crate) area: DrawingArea<BitMapBackend<'a>, Shift>,
}

impl<'a> Canvas<'a> {
    /// A `width`×`height` canvas over `buf`, filled with the background.
    pub(crate) fn new(
        buf: &'a mut [u8],
        width: u32,
        height: u32,
    ) -> Result<Canvas<'a>, ChartError> {
        let area = BitMapBackend::with_buffer(buf, (width, height)).into_drawing_area();
        area.fill(&BACKGROUND).map_err(chart_err)?;
        Ok(Canvas { area })
    }

    fn style(size: f64, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
        TextStyle {
            font: (font::FAMILY, size).into_font(),
            color: color.to_backend_color(),
            pos: Pos::new(h, v),
        }
    }

    /// `text` at `(x, y)`, anchored there by `h` and `v`.
    pub(crate) fn text(
        &self,
        text: &str,
        (x, y): (i32, i32),
        size: f64,
        color: RGBColor,
        (h, v): (HPos, VPos),
    ) -> Result<(), ChartError> {
        if text.is_empty() {
            return Ok(());
        }
        self.area
            .draw(&Text::new(
                text.to_string(),
                (x, y),
                Self::style(size, color, h, v),
            ))
            .map_err(chart_err)
    }

    /// How wide `text` is drawn at `size`, in pixels.
    pub(crate) fn width(&self, text: &str, size: f64) -> u32 {
        if text.is_empty() {
            return 0;
        }
        let style = Self::style(size, BLACK, HPos::Left, VPos::Top);
        self.area
            .estimate_text_size(text, &style)
            .map_or(0, |(w, _)| w)
    }

    /// `text` cut (with `…`) to fit in `max` pixels at `size`; empty when not even one
    /// character fits.
    pub(crate) fn fit(&self, text: &str, size: f64, max: u32) -> String {
        if self.width(text, size) <= max {
            return text.to_string();
        }
        let chars: Vec<char> = text.chars().collect();
        (1..chars.len())
            .rev()
            .map(|n| format!("{}…", chars[..n].iter().collect::<String>()))
            .find(|t| self.width(t, size) <= max)
            .unwrap_or_default()
    }

    /// A filled rectangle between two corners.
    pub(crate) fn fill(
        &self,
        a: (i32, i32),
        b: (i32, i32),
        color: RGBColor,
    ) -> Result<(), ChartError> {
        self.area
            .draw(&Rectangle::new([a, b], color.filled()))
            .map_err(chart_err)
    }

    /// A rectangle's outline.
    pub(crate) fn frame(
        &self,
        a: (i32, i32),
        b: (i32, i32),
        color: RGBColor,
        width: u32,
    ) -> Result<(), ChartError> {
        self.area
            .draw(&Rectangle::new([a, b], color.stroke_width(width)))
            .map_err(chart_err)
    }

    /// A line through `points`.
    pub(crate) fn line(
        &self,
        points: Vec<(i32, i32)>,
        color: RGBColor,
        width: u32,
    ) -> Result<(), ChartError> {
        self.area
            .draw(&PathElement::new(points, color.stroke_width(width)))
            .map_err(chart_err)
    }

    /// A filled dot.
    pub(crate) fn dot(&self, at: (i32, i32), r: i32, color: RGBColor) -> Result<(), ChartError> {
        self.area
            .draw(&Circle::new(at, r, color.filled()))
            .map_err(chart_err)
    }

    /// The picture's title, top left.
    pub(crate) fn title(&self, title: &str) -> Result<(), ChartError> {
        self.text(title, (MARGIN, 30), 26.0, INK, (HPos::Left, VPos::Center))
    }

    pub(crate) fn present(&self) -> Result<(), ChartError> {
        self.area.present().map_err(chart_err)
    }
}

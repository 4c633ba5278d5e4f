//! The charts' font and what it can draw: a subset of Noto Sans CJK SC compiled in, so every
//! chart draws Chinese and Latin text the same way on every machine without system fonts;
//! a character it lacks is drawn as [`FALLBACK`], never as the font's empty box.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use plotters::style::FontStyle;

use super::ChartError;

/// The charts' font: a subset of Noto Sans CJK SC (Latin, GB2312, Big5's common hanzi,
/// punctuation), compiled in so the charts draw Chinese the same way on every machine
/// without system fonts; `assets/README.md` says where it comes from and how it was cut.
pub const FONT: &[u8] = include_bytes!("../../../assets/NotoSansCJKsc-Regular-subset.otf");

/// The family name the font is registered under with plotters (its own, so that nothing
/// else registered as "sans-serif" can replace it).
pub const FAMILY: &str = "wolfjudge-noto-sans-cjk-sc";

/// What a character the font lacks is drawn as: a visible question mark, never the font's
/// empty box (a box looks like a rendering bug; a note under the chart says what it is).
pub const FALLBACK: char = '?';

/// The bundled font, registered with plotters on first use.
///
/// # Errors
/// [`ChartError`] when the bundled font cannot be read.
pub fn font() -> Result<&'static ab_glyph::FontRef<'static>, ChartError> {
    static FONT_REF: OnceLock<Option<ab_glyph::FontRef<'static>>> = OnceLock::new();
    FONT_REF
        .get_or_init(|| {
            let registered =
                plotters::style::register_font(FAMILY, FontStyle::Normal, FONT).is_ok();
            ab_glyph::FontRef::try_from_slice(FONT)
                .ok()
                .filter(|_| registered)
        })
        .as_ref()
        .ok_or_else(|| ChartError("the bundled font cannot be read".into()))
}

/// Characters that draw nothing and would only come out as `?`: variation selectors (the
/// emoji/text choice after ❤), zero-width joiners and spaces, skin-tone modifiers, tags.
fn invisible(c: char) -> bool {
    matches!(c as u32,
        0x200B..=0x200F | 0x2060..=0x2064 | 0xFE00..=0xFE0F | 0xFEFF
        | 0x1F3FB..=0x1F3FF | 0xE0000..=0xE007F | 0xE0100..=0xE01EF)
        || c.is_control()
}

/// `text` as a chart can draw it with `font`: invisible characters dropped, each character
/// the font has no glyph for replaced by [`FALLBACK`] and added to `missing`.
pub fn drawable(font: &ab_glyph::FontRef<'_>, text: &str, missing: &mut BTreeSet<char>) -> String {
    use ab_glyph::Font;
    text.chars()
        .filter(|c| !invisible(*c))
        .map(|c| {
            if c == ' ' || font.glyph_id(c).0 != 0 {
                c
            } else {
                missing.insert(c);
                FALLBACK
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hanzi and CJK punctuation mark a catalog's texts use (Traditional Chinese
    /// included) has a glyph: a chart never draws its own words as `?`. (Emoji and symbols
    /// such as ⚠ are left out: the charts draw none.)
    #[test]
    fn the_font_draws_every_chinese_character_of_every_catalog() {
        let font = font().expect("the bundled font");
        for lang in i18n::Lang::ALL {
            let texts: String = i18n::catalog_source(lang)
                .lines()
                .filter(|l| !l.starts_with('#'))
                .flat_map(str::chars)
                .filter(
                    |c| matches!(*c as u32, 0x3000..=0x303F | 0x3400..=0x9FFF | 0xFF00..=0xFFEF),
                )
                .collect();
            let mut missing = BTreeSet::new();
            drawable(font, &texts, &mut missing);
            assert!(missing.is_empty(), "{lang:?}: no glyph for {missing:?}");
        }
        // A character outside the subset is caught (a rare hanzi).
        let mut missing = BTreeSet::new();
        assert_eq!(drawable(font, "䶵", &mut missing), "?");
        assert_eq!(missing, BTreeSet::from(['䶵']));
    }
}

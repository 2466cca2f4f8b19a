//! Text as both drawings measure and write it: a width from the glyph
//! count (text is measured, not rendered, here), a baseline from a centre,
//! and content escaped for XML.

use std::fmt::{self, Write};

/// Advance of one monospace glyph per pixel of font size.
pub(super) const CHAR_EM: f64 = 0.62;
/// Where a baseline sits below a text's vertical centre, per pixel of font size.
pub(super) const BASELINE_DROP: f64 = 0.35;

/// The width of `text` in a monospace font of size `font`.
pub(super) fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * CHAR_EM
}

/// `text` safe inside an XML element or a double-quoted attribute (and so
/// inside HTML too: the animation's page escapes its title with it).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// One `<text>` element at `(x, y)` with `attrs` after its position.
pub(super) fn write_text(out: &mut String, (x, y): (f64, f64), attrs: &str, content: &str) -> fmt::Result {
    writeln!(out, r#"<text x="{x:.1}" y="{y:.1}" {attrs}>{}</text>"#, escape(content))
}

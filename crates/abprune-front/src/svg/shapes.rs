//! The figure's shapes (MAX and MIN triangles, chance circles, leaf boxes),
//! their styles, and the legend that names them.

use super::*;

pub(super) fn shape_style(kind: Kind, state: State) -> String {
    let fill = if state == State::Pruned { PRUNED_FILL } else { KIND_FILL[kind as usize] };
    let (ink, width, dash) = match state {
        State::Searched => (INK, STROKE_W, "none"),
        State::Pruned => (PRUNED_INK, STROKE_W, DASH),
        State::Pv => (PV_INK, PV_NODE_W, "none"),
    };
    format!(r#"fill="{fill}" stroke="{ink}" stroke-width="{width}" stroke-dasharray="{dash}""#)
}

/// MAX points up and MIN down, as in the textbooks; chance nodes are
/// circles, as Ballard draws them; leaves are boxes. `before` goes before
/// the coordinates (ending in a space), `after` after them (starting with
/// one): the figure styles its shapes by attributes, the stage by class.
pub(super) fn write_shape(
    out: &mut String,
    kind: Kind,
    (x, y): (f64, f64),
    (w, h): (f64, f64),
    (before, after): (&str, &str),
) -> fmt::Result {
    let (hw, hh) = (w / 2.0, h / 2.0);
    let corners = match kind {
        Kind::Chance => {
            let radius = hh;
            return writeln!(out, r#"<circle {before}cx="{x:.1}" cy="{y:.1}" r="{radius:.1}"{after}/>"#);
        }
        Kind::Max => [(x, y - hh), (x + hw, y + hh), (x - hw, y + hh)],
        Kind::Min => [(x - hw, y - hh), (x + hw, y - hh), (x, y + hh)],
        Kind::Leaf => {
            let (left, top) = (x - hw, y - hh);
            return writeln!(
                out,
                r#"<rect {before}x="{left:.1}" y="{top:.1}" width="{w:.1}" height="{h:.1}"{after}/>"#
            );
        }
    };
    let points: Vec<String> = corners.iter().map(|(px, py)| format!("{px:.1},{py:.1}")).collect();
    writeln!(out, r#"<polygon {before}points="{}"{after}/>"#, points.join(" "))
}

pub(super) const LEGEND: [(&str, Kind, State); 5] = [
    ("MAX", Kind::Max, State::Searched),
    ("MIN", Kind::Min, State::Searched),
    ("leaf", Kind::Leaf, State::Searched),
    ("pruned", Kind::Leaf, State::Pruned),
    ("PV", Kind::Max, State::Pv),
];
/// The legend's sample of a chance node, shown for trees that have one.
const CHANCE_LEGEND: (&str, Kind, State) = ("chance", Kind::Chance, State::Searched);
const LEGEND_NOTE: &str = "≤ ≥ bound   (α, β) window";
/// The note of a searched tree with chance nodes: Star1's and Star2's marks.
const CHANCE_LEGEND_NOTE: &str =
    "≤ ≥ bound · (α, β) window · red, cut: cut-off at a chance node · dotted: Star2's probe";

/// The legend's samples: the chance node's after MIN for a tree with
/// chance nodes; the search's marks (pruned, PV) only for a searched figure.
fn legend(chance: bool, searched: bool) -> Vec<(&'static str, Kind, State)> {
    let mut items = LEGEND.to_vec();
    if !searched {
        items.retain(|&(_, _, state)| state == State::Searched);
    }
    if chance {
        items.insert(2, CHANCE_LEGEND);
    }
    items
}

/// The legend's note on bounds and windows, for a searched figure (a
/// searched tree with chance nodes was searched by expectiminimax, Star1 or
/// Star2, whose marks it names too).
fn legend_note(chance: bool, searched: bool) -> &'static str {
    match (chance, searched) {
        (_, false) => "",
        (false, true) => LEGEND_NOTE,
        (true, true) => CHANCE_LEGEND_NOTE,
    }
}

pub(super) fn legend_width(chance: bool, searched: bool) -> f64 {
    let items = legend(chance, searched);
    let widths = items.iter().map(|(name, ..)| LEGEND_SHAPE + LABEL_PAD + text_width(name, SMALL_FONT) + LEGEND_GAP);
    widths.sum::<f64>() + text_width(legend_note(chance, searched), SMALL_FONT)
}

/// One row of samples; the PV sample is a bold edge because that is what marks the line.
pub(super) fn write_legend(out: &mut String, y: f64, chance: bool, searched: bool) -> fmt::Result {
    writeln!(out, r#"<g class="legend" font-size="{SMALL_FONT}" fill="{INK}">"#)?;
    let (mut x, size, baseline) =
        (MARGIN, (LEGEND_SHAPE, LEGEND_SHAPE * TRI_H / TRI_W), y + SMALL_FONT * BASELINE_DROP);
    for (name, kind, state) in legend(chance, searched) {
        if state == State::Pv {
            let (x2, style) = (x + LEGEND_SHAPE, format!(r#"stroke="{PV_INK}" stroke-width="{PV_EDGE_W}""#));
            writeln!(out, r#"<line x1="{x:.1}" y1="{y:.1}" x2="{x2:.1}" y2="{y:.1}" {style}/>"#)?;
        } else {
            write_shape(out, kind, (x + LEGEND_SHAPE / 2.0, y), size, ("", &format!(" {}", shape_style(kind, state))))?;
        }
        x += LEGEND_SHAPE + LABEL_PAD;
        write_text(out, (x, baseline), "", name)?;
        x += text_width(name, SMALL_FONT) + LEGEND_GAP;
    }
    if searched {
        write_text(out, (x, baseline), &format!(r#"fill="{WINDOW_INK}""#), legend_note(chance, searched))?;
    }
    writeln!(out, "</g>")
}

//! Searched trees drawn as textbook figures, in SVG.
//!
//! The figure replays one recorded search over the whole explicit tree, so a
//! reader sees at once what alpha-beta did: searched nodes carry the value
//! they returned (as a bound when they failed outside their window), pruned
//! subtrees stay grey and dashed, and the principal variation is bold. The SVG
//! is written by hand to keep the front ends free of drawing libraries, and numbers
//! are printed with fixed precision so that the same search always gives the
//! same bytes (figures can be kept in version control and diffed).
//!
//! Elements carry classes for styling and for tests: each node is a
//! `<g class="node K[ S]">` with `K` one of `max`, `min`, `leaf` and `S` one
//! of `pruned` (never entered) or `pv`; each edge is a `<line class="edge[ S]">`
//! classed by its child; labels and windows are `<text class="label">` and
//! `<text class="window">`. The document ends at `</svg>`, without a newline.

use abprune::trace::root_view;
use abprune::{Score, TraceEvent};
use abprune_games::tree::{NodeId, Tree};
use std::cmp::Ordering;
use std::fmt::{self, Write};

/// Values stay readable when a few hundred nodes share one page.
const VALUE_FONT: f64 = 10.0;
/// Windows and leaf labels are secondary information.
const SMALL_FONT: f64 = 8.0;
const TITLE_FONT: f64 = 15.0;
/// Advance of one monospace glyph per pixel of font size: text is measured, not rendered, here.
const CHAR_EM: f64 = 0.62;
/// Advance of one bold sans-serif glyph (the title's) per pixel of font
/// size, taken generously (DejaVu Sans Bold: about 0.65 on average, 0.87 for
/// `m` and `w`): a title measured short is cut off at the picture's edge.
const TITLE_CHAR_EM: f64 = 0.75;
const MONO: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";
const SANS: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Triangles wide enough to hold a bound such as "≥ 12" on their wide side.
const TRI_W: f64 = 44.0;
const TRI_H: f64 = 30.0;
const LEAF_MIN_W: f64 = 26.0;
const LEAF_H: f64 = 18.0;
/// Horizontal padding around text inside a leaf box.
const LEAF_PAD: f64 = 6.0;
const LEVEL_GAP: f64 = 80.0;
/// Clear space between the widest things of two neighbouring columns.
const SLOT_GAP: f64 = 10.0;
const LABEL_PAD: f64 = 4.0;
const MARGIN: f64 = 20.0;
/// Below the title, the legend row; below that, the root.
const LEGEND_DROP: f64 = 22.0;
const TREE_TOP: f64 = MARGIN + TITLE_FONT + 2.0 * LEGEND_DROP;
/// Where a baseline sits below a text's vertical centre, per pixel of font size.
const BASELINE_DROP: f64 = 0.35;
const LEGEND_SHAPE: f64 = 14.0;
const LEGEND_GAP: f64 = 18.0;

const INK: &str = "#222222";
/// Indexed by [`Kind`]: MAX, MIN, leaf.
const KIND_FILL: [&str; 3] = ["#dce8f6", "#f8e1da", "#ffffff"];
const KIND_CLASS: [&str; 3] = ["max", "min", "leaf"];
const PRUNED_INK: &str = "#a8a8a8";
const PRUNED_FILL: &str = "#f4f4f4";
const PV_INK: &str = "#1a56b0";
const WINDOW_INK: &str = "#7a7a7a";
const BACKGROUND: &str = "#ffffff";
const DASH: &str = "4 3";
const STROKE_W: f64 = 1.2;
const PV_NODE_W: f64 = 2.5;
const PV_EDGE_W: f64 = 3.5;

/// The most nodes drawn: a larger picture is megabytes of SVG that no
/// viewer shows readably (each node is a few hundred bytes; a node with
/// thousands of children is a line miles wide).
pub const MAX_DRAWN_NODES: usize = 20_000;

/// Refuses a tree too large to draw readably, saying the limit.
pub fn check_size(tree: &Tree) -> Result<(), String> {
    if tree.len() > MAX_DRAWN_NODES {
        return Err(format!(
            "the tree has {} nodes, too many to draw readably (the limit is {MAX_DRAWN_NODES}): try a smaller one",
            tree.len()
        ));
    }
    Ok(())
}

/// Draws `tree` as searched: `trace` is the full event list of one search from the root, `pv` the principal
/// variation (node ids from the root, may be empty). Values are shown from MAX's (the root's) point of view.
pub fn render_search(tree: &Tree, trace: &[TraceEvent<NodeId>], pv: &[NodeId], title: &str) -> String {
    let mut svg = String::new();
    // Writing into a String cannot fail, so the Result carries no information.
    let _ = Figure::new(tree, trace, pv, title).write(&mut svg, title);
    svg
}

/// What the trace says about one node; a node without one was never entered.
#[derive(Clone, Copy)]
struct Visit {
    ply: u32,
    alpha: Score,
    beta: Score,
    /// Evaluated statically, so its value is exact whatever the window.
    is_leaf: bool,
    /// `None` if the trace ended before the node returned.
    value: Option<Score>,
}

/// Rebuilds per-node visits from the event stream, following its stack discipline.
fn replay(tree: &Tree, trace: &[TraceEvent<NodeId>]) -> Vec<Option<Visit>> {
    let mut visits: Vec<Option<Visit>> = vec![None; tree.len()];
    let mut stack: Vec<usize> = Vec::new();
    for event in trace {
        match *event {
            TraceEvent::Enter { ply, mv, alpha, beta } => {
                let id = mv.unwrap_or(Tree::ROOT) as usize;
                if let Some(slot) = visits.get_mut(id) {
                    *slot = Some(Visit { ply, alpha, beta, is_leaf: false, value: None });
                }
                stack.push(id);
            }
            TraceEvent::Leaf { .. } => {
                if let Some(Some(visit)) = stack.last().and_then(|&id| visits.get_mut(id)) {
                    visit.is_leaf = true;
                }
            }
            // Skipped children are recognised by never being entered.
            TraceEvent::Cutoff { .. } => {}
            TraceEvent::Exit { value, .. } => {
                if let Some(Some(visit)) = stack.pop().and_then(|id| visits.get_mut(id)) {
                    visit.value = Some(value);
                }
            }
        }
    }
    visits
}

/// The returned value in MAX's view, marked as a bound when the search proved only one.
fn value_text(visit: &Visit) -> Option<String> {
    let value = visit.value?;
    // `Less` means "at most" in negamax terms: the node failed low.
    let bound = match (visit.is_leaf, value <= visit.alpha, value >= visit.beta) {
        (false, true, _) => Ordering::Less,
        (false, _, true) => Ordering::Greater,
        _ => Ordering::Equal,
    };
    // MAX's view negates odd plies, which turns an upper bound into a lower one.
    let bound = if visit.ply % 2 == 1 { bound.reverse() } else { bound };
    let shown = root_view(visit.ply, value);
    Some(match bound {
        Ordering::Less => format!("≤ {shown}"),
        Ordering::Greater => format!("≥ {shown}"),
        Ordering::Equal => shown.to_string(),
    })
}

/// The entry window in MAX's view: negation swaps and negates the ends at odd plies.
fn window_text(visit: &Visit) -> String {
    let (low, high) = if visit.ply % 2 == 1 { (-visit.beta, -visit.alpha) } else { (visit.alpha, visit.beta) };
    format!("({low}, {high})")
}

fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * CHAR_EM
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Node positions in leaf columns and levels: leaves take consecutive columns in
/// depth-first order, and each parent sits midway over its first and last child.
struct Layout {
    preorder: Vec<NodeId>,
    depth: Vec<u32>,
    column: Vec<f64>,
    /// Distance in columns to the nearest node on the same level.
    room: Vec<f64>,
    leaves: usize,
    height: u32,
}

impl Layout {
    /// Iterative, because trees may nest deeper than the call stack allows.
    fn new(tree: &Tree) -> Layout {
        let nodes = tree.len();
        let (mut depth, mut column) = (vec![0u32; nodes], vec![0.0; nodes]);
        let mut preorder = Vec::with_capacity(nodes);
        let mut stack = if tree.is_empty() { Vec::new() } else { vec![Tree::ROOT] };
        let mut leaves = 0;
        while let Some(id) = stack.pop() {
            preorder.push(id);
            let children = tree.children(id);
            if children.is_empty() {
                column[id as usize] = leaves as f64;
                leaves += 1;
            }
            for &child in children.iter().rev() {
                depth[child as usize] = depth[id as usize] + 1;
                stack.push(child);
            }
        }
        for &id in preorder.iter().rev() {
            if let (Some(&first), Some(&last)) = (tree.children(id).first(), tree.children(id).last()) {
                column[id as usize] = (column[first as usize] + column[last as usize]) / 2.0;
            }
        }
        let height = depth.iter().copied().max().unwrap_or(0);
        let room = rooms(&preorder, &depth, &column, height);
        Layout { preorder, depth, column, room, leaves, height }
    }
}

/// Preorder visits each level left to right, so neighbours are consecutive in it.
fn rooms(preorder: &[NodeId], depth: &[u32], column: &[f64], height: u32) -> Vec<f64> {
    let mut room = vec![f64::INFINITY; column.len()];
    let mut previous: Vec<Option<usize>> = vec![None; height as usize + 1];
    for &id in preorder {
        let id = id as usize;
        if let Some(left) = previous[depth[id] as usize] {
            let gap = column[id] - column[left];
            room[id] = room[id].min(gap);
            room[left] = room[left].min(gap);
        }
        previous[depth[id] as usize] = Some(id);
    }
    room
}

/// Marks the root and every node of `pv` that really continues the line from it.
fn pv_flags(tree: &Tree, pv: &[NodeId]) -> Vec<bool> {
    let mut flags = vec![false; tree.len()];
    if pv.is_empty() || tree.is_empty() {
        return flags;
    }
    flags[Tree::ROOT as usize] = true;
    let mut parent = Tree::ROOT;
    for &id in pv {
        if !tree.children(parent).contains(&id) {
            break;
        }
        flags[id as usize] = true;
        parent = id;
    }
    flags
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Max,
    Min,
    Leaf,
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Searched,
    Pruned,
    Pv,
}

/// Everything the drawing needs, measured once so that every column gets the same width.
struct Figure<'a> {
    tree: &'a Tree,
    visits: Vec<Option<Visit>>,
    on_pv: Vec<bool>,
    layout: Layout,
    /// Widest shape or value text, which a window beside a node must clear.
    core: f64,
    /// Widest interior label plus its padding, which sits left of its node.
    label_room: f64,
    /// Width of one leaf column, wide enough that no two nodes' texts meet.
    slot: f64,
    /// Left edge of column 0, centring the tree on the canvas.
    origin: f64,
    width: f64,
}

impl<'a> Figure<'a> {
    /// The figure of `tree` as searched, wide enough for the tree, the
    /// legend and `title`.
    fn new(tree: &'a Tree, trace: &[TraceEvent<NodeId>], pv: &[NodeId], title: &str) -> Figure<'a> {
        let (visits, on_pv, layout) = (replay(tree, trace), pv_flags(tree, pv), Layout::new(tree));
        let mut figure =
            Figure { tree, visits, on_pv, layout, core: TRI_W, label_room: 0.0, slot: 0.0, origin: 0.0, width: 0.0 };
        for id in 0..tree.len() {
            let (value, label) = (figure.value_width(id), figure.label_width(id));
            if figure.kind(id) == Kind::Leaf {
                figure.core = figure.core.max(figure.leaf_width(id)).max(label);
            } else {
                figure.core = figure.core.max(value);
                figure.label_room = figure.label_room.max(label);
            }
        }
        figure.slot = figure.core + figure.label_room + SLOT_GAP;
        let tree_width = figure.layout.leaves as f64 * figure.slot;
        let title_width = title.chars().count() as f64 * TITLE_FONT * TITLE_CHAR_EM;
        figure.width = tree_width.max(legend_width()).max(title_width) + 2.0 * MARGIN;
        figure.origin = (figure.width - tree_width) / 2.0;
        figure
    }

    fn kind(&self, id: usize) -> Kind {
        match (self.tree.is_leaf(id as NodeId), self.layout.depth[id] % 2) {
            (true, _) => Kind::Leaf,
            (false, 0) => Kind::Max,
            (false, _) => Kind::Min,
        }
    }

    fn state(&self, id: usize) -> State {
        match (&self.visits[id], self.on_pv[id]) {
            (None, _) => State::Pruned,
            (Some(_), true) => State::Pv,
            (Some(_), false) => State::Searched,
        }
    }

    /// Pruned leaves keep their static value (drawn faint): textbook figures print every leaf.
    fn value(&self, id: usize) -> Option<String> {
        match &self.visits[id] {
            Some(visit) => value_text(visit),
            None => self.tree.value(id as NodeId).map(|value| value.to_string()),
        }
    }

    fn value_width(&self, id: usize) -> f64 {
        self.value(id).map_or(0.0, |text| text_width(&text, VALUE_FONT))
    }

    /// Includes the gap between an interior node and its label, harmless under a leaf.
    fn label_width(&self, id: usize) -> f64 {
        self.tree.label(id as NodeId).map_or(0.0, |text| text_width(text, VALUE_FONT) + LABEL_PAD)
    }

    fn leaf_width(&self, id: usize) -> f64 {
        LEAF_MIN_W.max(self.value_width(id) + LEAF_PAD)
    }

    fn centre(&self, id: usize) -> (f64, f64) {
        let x = self.origin + (self.layout.column[id] + 0.5) * self.slot;
        (x, TREE_TOP + TRI_H / 2.0 + f64::from(self.layout.depth[id]) * LEVEL_GAP)
    }

    fn size(&self, id: usize) -> (f64, f64) {
        if self.kind(id) == Kind::Leaf {
            (self.leaf_width(id), LEAF_H)
        } else {
            (TRI_W, TRI_H)
        }
    }

    fn write(&self, out: &mut String, title: &str) -> fmt::Result {
        let width = self.width;
        let height = TREE_TOP + TRI_H + f64::from(self.layout.height) * LEVEL_GAP + VALUE_FONT + MARGIN;
        write!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" "#)?;
        writeln!(out, r#"viewBox="0 0 {width:.0} {height:.0}" font-family="{MONO}">"#)?;
        writeln!(out, r#"<rect width="100%" height="100%" fill="{BACKGROUND}"/>"#)?;
        let title_font = format!(r#"class="title" font-family="{SANS}" font-size="{TITLE_FONT}" font-weight="bold""#);
        write_text(out, (MARGIN, MARGIN + TITLE_FONT), &title_font, title)?;
        write_legend(out, MARGIN + TITLE_FONT + LEGEND_DROP)?;
        writeln!(out, r#"<g class="edges">"#)?;
        for &id in &self.layout.preorder {
            for &child in self.tree.children(id) {
                self.write_edge(out, id as usize, child as usize)?;
            }
        }
        writeln!(out, r#"</g>{}<g class="nodes" font-size="{VALUE_FONT}" text-anchor="middle">"#, '\n')?;
        for &id in &self.layout.preorder {
            self.write_node(out, id as usize)?;
        }
        write!(out, "</g>\n</svg>")
    }

    fn write_edge(&self, out: &mut String, parent: usize, child: usize) -> fmt::Result {
        let ((x1, y1), (x2, y2)) = (self.centre(parent), self.centre(child));
        let (y1, y2) = (y1 + self.size(parent).1 / 2.0, y2 - self.size(child).1 / 2.0);
        let (class, style) = match self.state(child) {
            State::Searched => ("edge", format!(r#"stroke="{INK}" stroke-width="{STROKE_W}""#)),
            State::Pruned => {
                ("edge pruned", format!(r#"stroke="{PRUNED_INK}" stroke-width="{STROKE_W}" stroke-dasharray="{DASH}""#))
            }
            State::Pv => ("edge pv", format!(r#"stroke="{PV_INK}" stroke-width="{PV_EDGE_W}""#)),
        };
        writeln!(out, r#"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"#)
    }

    fn write_node(&self, out: &mut String, id: usize) -> fmt::Result {
        let (kind, state) = (self.kind(id), self.state(id));
        writeln!(out, r#"<g class="node {}{}">"#, KIND_CLASS[kind as usize], ["", " pruned", " pv"][state as usize])?;
        let (x, y) = self.centre(id);
        write_shape(out, kind, (x, y), self.size(id), &shape_style(kind, state))?;
        let ink = if state == State::Pruned { PRUNED_INK } else { INK };
        if let Some(value) = self.value(id) {
            let baseline = match kind {
                Kind::Max => y + TRI_H / 2.0 - 3.0,
                Kind::Min => y - TRI_H / 2.0 + VALUE_FONT + 1.0,
                Kind::Leaf => y + VALUE_FONT * BASELINE_DROP,
            };
            let weight = if state == State::Pruned { "normal" } else { "bold" };
            write_text(out, (x, baseline), &format!(r#"font-weight="{weight}" fill="{ink}""#), &value)?;
        }
        self.write_label(out, id, (x, y), ink)?;
        self.write_window(out, id, (x, y))?;
        writeln!(out, "</g>")
    }

    /// Leaf labels go below the box, where the leaf's own column is always free.
    fn write_label(&self, out: &mut String, id: usize, (x, y): (f64, f64), ink: &str) -> fmt::Result {
        let Some(label) = self.tree.label(id as NodeId) else { return Ok(()) };
        let (at, anchor) = if self.kind(id) == Kind::Leaf {
            ((x, y + LEAF_H / 2.0 + VALUE_FONT + 2.0), "middle")
        } else {
            ((x - TRI_W / 2.0 - LABEL_PAD, y + VALUE_FONT * BASELINE_DROP), "end")
        };
        let attrs = format!(r#"class="label" font-style="italic" text-anchor="{anchor}" fill="{ink}""#);
        write_text(out, at, &attrs, label)
    }

    /// Windows of interior nodes, beside them where no edge passes, only where the right neighbour leaves room.
    fn write_window(&self, out: &mut String, id: usize, (x, y): (f64, f64)) -> fmt::Result {
        let Some(visit) = self.visits[id].filter(|_| self.kind(id) != Kind::Leaf) else { return Ok(()) };
        let text = window_text(&visit);
        let needed = TRI_W / 2.0 + LABEL_PAD + text_width(&text, SMALL_FONT) + SLOT_GAP + self.core / 2.0;
        if needed + self.label_room > self.layout.room[id] * self.slot {
            return Ok(());
        }
        let attrs = format!(r#"class="window" font-size="{SMALL_FONT}" text-anchor="start" fill="{WINDOW_INK}""#);
        write_text(out, (x + TRI_W / 2.0 + LABEL_PAD, y + SMALL_FONT * BASELINE_DROP), &attrs, &text)
    }
}

fn write_text(out: &mut String, (x, y): (f64, f64), attrs: &str, content: &str) -> fmt::Result {
    writeln!(out, r#"<text x="{x:.1}" y="{y:.1}" {attrs}>{}</text>"#, escape(content))
}

fn shape_style(kind: Kind, state: State) -> String {
    let fill = if state == State::Pruned { PRUNED_FILL } else { KIND_FILL[kind as usize] };
    let (ink, width, dash) = match state {
        State::Searched => (INK, STROKE_W, "none"),
        State::Pruned => (PRUNED_INK, STROKE_W, DASH),
        State::Pv => (PV_INK, PV_NODE_W, "none"),
    };
    format!(r#"fill="{fill}" stroke="{ink}" stroke-width="{width}" stroke-dasharray="{dash}""#)
}

/// MAX points up and MIN down, as in the textbooks; leaves are boxes.
fn write_shape(out: &mut String, kind: Kind, (x, y): (f64, f64), (w, h): (f64, f64), style: &str) -> fmt::Result {
    let (hw, hh) = (w / 2.0, h / 2.0);
    let corners = match kind {
        Kind::Max => [(x, y - hh), (x + hw, y + hh), (x - hw, y + hh)],
        Kind::Min => [(x - hw, y - hh), (x + hw, y - hh), (x, y + hh)],
        Kind::Leaf => {
            let (left, top) = (x - hw, y - hh);
            return writeln!(out, r#"<rect x="{left:.1}" y="{top:.1}" width="{w:.1}" height="{h:.1}" {style}/>"#);
        }
    };
    let points: Vec<String> = corners.iter().map(|(px, py)| format!("{px:.1},{py:.1}")).collect();
    writeln!(out, r#"<polygon points="{}" {style}/>"#, points.join(" "))
}

const LEGEND: [(&str, Kind, State); 5] = [
    ("MAX", Kind::Max, State::Searched),
    ("MIN", Kind::Min, State::Searched),
    ("leaf", Kind::Leaf, State::Searched),
    ("pruned", Kind::Leaf, State::Pruned),
    ("PV", Kind::Max, State::Pv),
];
const LEGEND_NOTE: &str = "≤ ≥ bound   (α, β) window";

fn legend_width() -> f64 {
    let items = LEGEND.iter().map(|(name, ..)| LEGEND_SHAPE + LABEL_PAD + text_width(name, SMALL_FONT) + LEGEND_GAP);
    items.sum::<f64>() + text_width(LEGEND_NOTE, SMALL_FONT)
}

/// One row of samples; the PV sample is a bold edge because that is what marks the line.
fn write_legend(out: &mut String, y: f64) -> fmt::Result {
    writeln!(out, r#"<g class="legend" font-size="{SMALL_FONT}" fill="{INK}">"#)?;
    let (mut x, size, baseline) =
        (MARGIN, (LEGEND_SHAPE, LEGEND_SHAPE * TRI_H / TRI_W), y + SMALL_FONT * BASELINE_DROP);
    for (name, kind, state) in LEGEND {
        if state == State::Pv {
            let (x2, style) = (x + LEGEND_SHAPE, format!(r#"stroke="{PV_INK}" stroke-width="{PV_EDGE_W}""#));
            writeln!(out, r#"<line x1="{x:.1}" y1="{y:.1}" x2="{x2:.1}" y2="{y:.1}" {style}/>"#)?;
        } else {
            write_shape(out, kind, (x + LEGEND_SHAPE / 2.0, y), size, &shape_style(kind, state))?;
        }
        x += LEGEND_SHAPE + LABEL_PAD;
        write_text(out, (x, baseline), "", name)?;
        x += text_width(name, SMALL_FONT) + LEGEND_GAP;
    }
    write_text(out, (x, baseline), &format!(r#"fill="{WINDOW_INK}""#), LEGEND_NOTE)?;
    writeln!(out, "</g>")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use abprune_games::tree::TreeGame;
    use abprune_games::RandomTreeSpec;

    fn searched(tree: &Tree, alpha: Score, beta: Score) -> String {
        let mut trace = abprune::Trace::default();
        let result = abprune::alphabeta(&mut TreeGame::new(tree), abprune::UNLIMITED_DEPTH, alpha, beta, &mut trace);
        render_search(tree, &trace.events, &result.pv, "α-β <test> & co")
    }

    /// The `<g>` of the `n`th node drawn (preorder) with this class.
    fn node<'s>(svg: &'s str, class: &str, n: usize) -> &'s str {
        let start = svg.match_indices(&format!(r#"<g class="{class}">"#)).nth(n).unwrap().0;
        &svg[start..start + svg[start..].find("</g>").unwrap()]
    }

    #[test]
    fn textbook_tree_shows_pruning_bounds_and_pv() {
        let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )").unwrap();
        let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
        assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
        assert_eq!(svg.matches(r#"class="node leaf pruned""#).count(), 2);
        assert_eq!(svg.matches(r#"class="edge pruned""#).count(), 2);
        assert!(node(&svg, "node max pv", 0).contains(">3</text>"), "the root's exact value");
        let c = node(&svg, "node min", 0);
        assert!(c.contains(">≤ 2</text>") && c.contains(">(3, +inf)</text>") && c.contains(">c</text>"));
        assert!(node(&svg, "node min pv", 0).contains(">b</text>"));
        assert_eq!(svg.matches(r#"class="edge pv""#).count(), 2, "a-b and b-3");
        assert_eq!(svg.matches(r#"class="label""#).count(), 4);
        assert!(svg.contains(">α-β &lt;test&gt; &amp; co</text>"));
    }

    /// Issue 35: `r:( a:(5 b:(8 2)) c:(3 d:(9 1)) e:(4 7) )` was drawn 554
    /// px wide, its title cut off at "fail-hard — valu".
    #[test]
    fn picture_of_a_small_tree_is_wide_enough_for_its_title() {
        let tree = Tree::parse("r:( a:(5 b:(8 2)) c:(3 d:(9 1)) e:(4 7) )").unwrap();
        let mut trace = abprune::Trace::default();
        let (alpha, beta) = (-Score::INFINITY, Score::INFINITY);
        let result = abprune::alphabeta(&mut TreeGame::new(&tree), abprune::UNLIMITED_DEPTH, alpha, beta, &mut trace);
        for title in ["alphabeta: Knuth & Moore's F2(p, alpha, beta), fail-hard — value 4", &"m".repeat(120)] {
            let svg = render_search(&tree, &trace.events, &result.pv, title);
            let width = svg.split(r#"width=""#).nth(1).and_then(|rest| rest.split('"').next()).unwrap();
            let width: f64 = width.parse().unwrap();
            // DejaVu Sans Bold's mean advance is about 0.65 em.
            let needed = title.chars().count() as f64 * TITLE_FONT * 0.65 + 2.0 * MARGIN;
            assert!(width >= needed, "{width} px for a title of {needed} px");
        }
    }

    #[test]
    fn failing_low_at_the_root_shows_an_upper_bound() {
        let tree = Tree::parse("(3 1)").unwrap();
        let svg = searched(&tree, Score::new(5), Score::new(9));
        assert!(node(&svg, "node max pv", 0).contains(">≤ 5</text>"));
        assert!(svg.contains(r#"<g class="node leaf">"#) && !svg.contains("pruned\""));
    }

    #[test]
    fn min_nodes_show_their_bounds_in_max_view() {
        // Both MIN nodes are entered with (4, +inf) in MAX's view and fall below 4: at most 1, at most 2.
        let tree = Tree::parse("(4 (1 9) (7 2))").unwrap();
        let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
        assert!(node(&svg, "node min", 0).contains(">≤ 1</text>"));
        assert!(node(&svg, "node min", 1).contains(">≤ 2</text>"));
        // Here the MIN node's window is (-inf, 3) and both leaves lie above it: at least 3.
        let lower = searched(&Tree::parse("((5 6) 1)").unwrap(), -Score::INFINITY, Score::new(3));
        assert!(node(&lower, "node min pv", 0).contains(">≥ 3</text>"), "{lower}");
    }

    #[test]
    fn random_tree_is_complete_and_deterministic() {
        let tree = RandomTreeSpec::new(3, 4, 5).generate().unwrap();
        let svg = searched(&tree, -Score::INFINITY, Score::INFINITY);
        assert_eq!(svg, searched(&tree, -Score::INFINITY, Score::INFINITY));
        assert_eq!(svg.matches(r#"class="node "#).count(), tree.len());
        assert_eq!(svg.matches("<polygon").count() + svg.matches("<rect x").count(), tree.len() + LEGEND.len() - 1);
        let pruned = svg.matches(r#" pruned">"#).count();
        assert!(pruned > 0 && pruned < tree.len());
    }
}

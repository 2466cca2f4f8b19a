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
//! `<g class="node K[ S]">` with `K` one of `max`, `min`, `chance`, `leaf`
//! and `S` one of `pruned` (never entered) or `pv`; each edge is a
//! `<line class="edge[ S]">` classed by its child; labels, windows and the
//! probabilities on a chance node's edges are `<text class="label">`,
//! `<text class="window">` and `<text class="probability">`. The document
//! ends at `</svg>`, without a newline.
//!
//! Chance nodes (Ballard's *-minimax trees) are circles, with each
//! outcome's probability on its edge; MAX and MIN are told apart by the
//! decision nodes above them, as the tree format says, not by depth.
//! [`render_tree`] draws a tree's structure alone, before any search;
//! [`stage::render_stage`] draws it for a page that replays a search on it
//! (the same shapes, text and probabilities, in a compact layout).

use abprune::{ChanceEvent, TraceEvent};
use abprune_games::tree::{NodeId, Tree};
use std::cmp::Ordering;
use std::fmt::{self, Write};

/// Values stay readable when a few hundred nodes share one page.
const VALUE_FONT: f64 = 10.0;
/// Windows and leaf labels are secondary information.
const SMALL_FONT: f64 = 8.0;
const TITLE_FONT: f64 = 15.0;
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
const LEGEND_SHAPE: f64 = 14.0;
const LEGEND_GAP: f64 = 18.0;

const INK: &str = "#222222";
/// Indexed by [`Kind`]: MAX, MIN, leaf.
const KIND_FILL: [&str; 4] = ["#dce8f6", "#f8e1da", "#ffffff", "#e3f1dc"];
const KIND_CLASS: [&str; 4] = ["max", "min", "leaf", "chance"];
/// Where along a chance node's edge its probability sits (0 at the chance node).
const PROBABILITY_ALONG: f64 = 0.45;
const PRUNED_INK: &str = "#a8a8a8";
const PRUNED_FILL: &str = "#f4f4f4";
const PV_INK: &str = "#1a56b0";
const WINDOW_INK: &str = "#7a7a7a";
/// A chance node that cut off: the mark of Ballard's pruning.
const CUT_INK: &str = "#c0392b";
/// The outline of a node Star2 only probed.
const PROBE_DASH: &str = "1.5 2";
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
    let _ = Figure::new(tree, Some(replay(tree, trace)), pv, title).write(&mut svg, title);
    svg
}

/// Draws `tree` as searched by expectiminimax, Star1 or Star2: `trace` is
/// the full event list of one search from the root, `best_move` the root's
/// best move. Values and windows are shown from MAX's point of view as
/// exact fractions (`≤ 7/2` where the search proved a bound); a chance
/// node that cut off is drawn in red and marked `cut`, and a node Star2
/// only probed is dotted (its value a bound from its first move).
pub fn render_chance_search(
    tree: &Tree,
    trace: &[ChanceEvent<NodeId>],
    best_move: Option<NodeId>,
    title: &str,
) -> String {
    let mut svg = String::new();
    let pv: Vec<NodeId> = best_move.into_iter().collect();
    // Writing into a String cannot fail, so the Result carries no information.
    let mut figure = Figure::new(tree, Some(replay_chance(tree, trace)), &pv, title);
    figure.show_leaf_windows();
    let _ = figure.write(&mut svg, title);
    svg
}

/// Draws `tree` unsearched: its shape, the leaves' values, the chance
/// nodes' probabilities and the labels, every node in plain ink (what a
/// reader sees before the search; Python shows a chance tree so).
pub fn render_tree(tree: &Tree, title: &str) -> String {
    let mut svg = String::new();
    // Writing into a String cannot fail, so the Result carries no information.
    let _ = Figure::new(tree, None, &[], title).write(&mut svg, title);
    svg
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
    fn new(tree: &Tree) -> Layout {
        let (preorder, depth) = walk(tree);
        let mut column = vec![0.0; tree.len()];
        let mut leaves = 0;
        for &id in &preorder {
            if tree.is_leaf(id) {
                column[id as usize] = leaves as f64;
                leaves += 1;
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

/// The nodes of `tree` in preorder and the depth of each, both drawings'
/// first pass; iterative, because trees may nest deeper than the call
/// stack allows.
fn walk(tree: &Tree) -> (Vec<NodeId>, Vec<u32>) {
    let mut depth = vec![0u32; tree.len()];
    let mut preorder = Vec::with_capacity(tree.len());
    let mut stack = if tree.is_empty() { Vec::new() } else { vec![Tree::ROOT] };
    while let Some(id) = stack.pop() {
        preorder.push(id);
        for &child in tree.children(id).iter().rev() {
            depth[child as usize] = depth[id as usize] + 1;
            stack.push(child);
        }
    }
    (preorder, depth)
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
    Chance,
}

impl Kind {
    /// What node `id` of `tree` is, `max_to_move` saying who moves at each
    /// node (MAX and MIN by the decision nodes above, as the tree format says).
    fn of(tree: &Tree, max_to_move: &[bool], id: usize) -> Kind {
        if tree.is_leaf(id as NodeId) {
            Kind::Leaf
        } else if tree.is_chance(id as NodeId) {
            Kind::Chance
        } else if max_to_move[id] {
            Kind::Max
        } else {
            Kind::Min
        }
    }
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
    /// False for the structure alone ([`render_tree`]): nothing is pruned.
    searched: bool,
    /// Leaves show the window they were searched in too, below them: in a
    /// search for games with chance a leaf's window is Ballard's window of
    /// its outcome, what the figure is there to show.
    leaf_windows: bool,
    /// Whether MAX is to move at each node (chance does not pass the move).
    max_to_move: Vec<bool>,
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
    fn new(tree: &'a Tree, visits: Option<Vec<Option<Visit>>>, pv: &[NodeId], title: &str) -> Figure<'a> {
        let (on_pv, layout) = (pv_flags(tree, pv), Layout::new(tree));
        let (searched, max_to_move) = (visits.is_some(), tree.max_to_move());
        let visits = visits.unwrap_or_else(|| vec![None; tree.len()]);
        let mut figure = Figure {
            tree,
            searched,
            leaf_windows: false,
            max_to_move,
            visits,
            on_pv,
            layout,
            core: TRI_W,
            label_room: 0.0,
            slot: 0.0,
            origin: 0.0,
            width: 0.0,
        };
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
        let legend = legend_width(tree.has_chance_nodes(), searched);
        figure.width = tree_width.max(legend).max(title_width) + 2.0 * MARGIN;
        figure.origin = (figure.width - tree_width) / 2.0;
        figure
    }

    /// Makes room for the leaves' windows and draws them (before `write`).
    fn show_leaf_windows(&mut self) {
        self.leaf_windows = true;
        let widest = (0..self.tree.len())
            .filter(|&id| self.kind(id) == Kind::Leaf)
            .filter_map(|id| {
                self.visits[id].map(|visit| text_width(&window_text(&visit, self.max_to_move[id]), SMALL_FONT))
            })
            .fold(0.0, f64::max);
        if widest > self.core {
            let tree_width = self.layout.leaves as f64 * self.slot;
            self.slot += widest - self.core;
            self.core = widest;
            let new_width = self.layout.leaves as f64 * self.slot;
            self.width = (self.width - 2.0 * MARGIN).max(tree_width).max(new_width) + 2.0 * MARGIN;
            self.origin = (self.width - new_width) / 2.0;
        }
    }

    fn kind(&self, id: usize) -> Kind {
        Kind::of(self.tree, &self.max_to_move, id)
    }

    fn state(&self, id: usize) -> State {
        if !self.searched {
            return State::Searched;
        }
        match (&self.visits[id], self.on_pv[id]) {
            (None, _) => State::Pruned,
            (Some(_), true) => State::Pv,
            (Some(_), false) => State::Searched,
        }
    }

    /// Pruned leaves keep their static value (drawn faint): textbook figures print every leaf.
    fn value(&self, id: usize) -> Option<String> {
        if !self.searched {
            return self.tree.value(id as NodeId).map(|value| value.to_string());
        }
        match &self.visits[id] {
            Some(visit) => value_text(visit, self.max_to_move[id]),
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
        let below = if self.leaf_windows { SMALL_FONT + LABEL_PAD } else { 0.0 };
        let height = TREE_TOP + TRI_H + f64::from(self.layout.height) * LEVEL_GAP + VALUE_FONT + below + MARGIN;
        write!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" "#)?;
        writeln!(out, r#"viewBox="0 0 {width:.0} {height:.0}" font-family="{MONO}">"#)?;
        writeln!(out, r#"<rect width="100%" height="100%" fill="{BACKGROUND}"/>"#)?;
        let title_font = format!(r#"class="title" font-family="{SANS}" font-size="{TITLE_FONT}" font-weight="bold""#);
        write_text(out, (MARGIN, MARGIN + TITLE_FONT), &title_font, title)?;
        write_legend(out, MARGIN + TITLE_FONT + LEGEND_DROP, self.tree.has_chance_nodes(), self.searched)?;
        writeln!(out, r#"<g class="edges">"#)?;
        for &id in &self.layout.preorder {
            for &child in self.tree.children(id) {
                self.write_edge(out, id as usize, child as usize)?;
            }
        }
        writeln!(out, "</g>")?;
        self.write_probabilities(out)?;
        writeln!(out, r#"<g class="nodes" font-size="{VALUE_FONT}" text-anchor="middle">"#)?;
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

    /// Each chance node's outcome probabilities, on their edges, beside
    /// the line (right of an edge going right, left of one going left).
    fn write_probabilities(&self, out: &mut String) -> fmt::Result {
        if !self.tree.has_chance_nodes() {
            return Ok(());
        }
        let look = ProbabilityLook {
            font: SMALL_FONT,
            along: PROBABILITY_ALONG,
            pad: LABEL_PAD,
            class: r#"class="probability" "#,
        };
        write_probabilities(out, self.tree, self.layout.preorder.iter().copied(), |id| self.centre(id), &look)
    }

    fn write_node(&self, out: &mut String, id: usize) -> fmt::Result {
        let (kind, state) = (self.kind(id), self.state(id));
        let visit = self.visits[id].filter(|_| kind != Kind::Leaf);
        let (cut, probe) = visit.map_or((false, false), |visit| (visit.chance_cutoff, visit.probe));
        let marks = match (cut, probe) {
            (true, _) => " cut",
            (false, true) => " probe",
            (false, false) => "",
        };
        let class = format!("{}{}{marks}", KIND_CLASS[kind as usize], ["", " pruned", " pv"][state as usize]);
        writeln!(out, r#"<g class="node {class}">"#)?;
        let (x, y) = self.centre(id);
        let mut style = shape_style(kind, state);
        if cut {
            style = style.replacen(
                &format!(r#"stroke="{}""#, if state == State::Pv { PV_INK } else { INK }),
                &format!(r#"stroke="{CUT_INK}""#),
                1,
            );
        } else if probe {
            style = style.replacen(r#"stroke-dasharray="none""#, &format!(r#"stroke-dasharray="{PROBE_DASH}""#), 1);
        }
        write_shape(out, kind, (x, y), self.size(id), ("", &format!(" {style}")))?;
        if cut {
            // Above the label's row, left of the node, where no edge passes.
            let attrs = format!(r#"class="cutoff" font-size="{SMALL_FONT}" text-anchor="end" fill="{CUT_INK}""#);
            write_text(
                out,
                (x - TRI_W / 2.0 - LABEL_PAD, y - TRI_H / 2.0 + SMALL_FONT * BASELINE_DROP),
                &attrs,
                "cut",
            )?;
        }
        let ink = if state == State::Pruned { PRUNED_INK } else { INK };
        if let Some(value) = self.value(id) {
            let baseline = match kind {
                Kind::Max => y + TRI_H / 2.0 - 3.0,
                Kind::Min => y - TRI_H / 2.0 + VALUE_FONT + 1.0,
                Kind::Leaf | Kind::Chance => y + VALUE_FONT * BASELINE_DROP,
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

    /// Windows of interior nodes, beside them where no edge passes, only
    /// where the right neighbour leaves room; a leaf's below it (below its
    /// label), where its column is free, when the figure shows them.
    fn write_window(&self, out: &mut String, id: usize, (x, y): (f64, f64)) -> fmt::Result {
        let Some(visit) = self.visits[id] else { return Ok(()) };
        let text = window_text(&visit, self.max_to_move[id]);
        if self.kind(id) == Kind::Leaf {
            if !self.leaf_windows {
                return Ok(());
            }
            let label = if self.tree.label(id as NodeId).is_some() { VALUE_FONT + 2.0 } else { 0.0 };
            let attrs = format!(r#"class="window" font-size="{SMALL_FONT}" text-anchor="middle" fill="{WINDOW_INK}""#);
            return write_text(out, (x, y + LEAF_H / 2.0 + label + SMALL_FONT + 2.0), &attrs, &text);
        }
        let needed = TRI_W / 2.0 + LABEL_PAD + text_width(&text, SMALL_FONT) + SLOT_GAP + self.core / 2.0;
        if needed + self.label_room > self.layout.room[id] * self.slot {
            return Ok(());
        }
        let attrs = format!(r#"class="window" font-size="{SMALL_FONT}" text-anchor="start" fill="{WINDOW_INK}""#);
        write_text(out, (x + TRI_W / 2.0 + LABEL_PAD, y + SMALL_FONT * BASELINE_DROP), &attrs, &text)
    }
}

/// How a drawing places the probabilities on its chance nodes' edges.
struct ProbabilityLook {
    font: f64,
    /// Where along the edge (0 at the chance node).
    along: f64,
    /// The gap between the edge and the text.
    pad: f64,
    /// The text's class attribute (with its trailing space), or nothing.
    class: &'static str,
}

/// Each chance node's outcome probabilities, on their edges, beside the
/// line (right of an edge going right, left of one going left), the chance
/// nodes taken in `order`; nothing for a tree without chance nodes.
fn write_probabilities(
    out: &mut String,
    tree: &Tree,
    order: impl Iterator<Item = NodeId>,
    centre: impl Fn(usize) -> (f64, f64),
    look: &ProbabilityLook,
) -> fmt::Result {
    if !tree.has_chance_nodes() {
        return Ok(());
    }
    writeln!(out, r#"<g class="probabilities" font-size="{}" fill="{WINDOW_INK}">"#, look.font)?;
    for id in order {
        let Some(probabilities) = tree.probabilities(id) else { continue };
        let (x1, y1) = centre(id as usize);
        for (&child, probability) in tree.children(id).iter().zip(probabilities) {
            let (x2, y2) = centre(child as usize);
            let (x, y) = (x1 + (x2 - x1) * look.along, y1 + (y2 - y1) * look.along);
            let (dx, anchor) = match x2.partial_cmp(&x1) {
                Some(Ordering::Less) => (-look.pad, "end"),
                _ => (look.pad, "start"),
            };
            let attrs = format!(r#"{}text-anchor="{anchor}""#, look.class);
            write_text(out, (x + dx, y), &attrs, &probability.to_string())?;
        }
    }
    writeln!(out, "</g>")
}

mod visits;
use visits::{replay, replay_chance, value_text, window_text, Visit};

mod shapes;
use shapes::{legend_width, shape_style, write_legend, write_shape};

pub mod stage;

mod text;
pub use text::escape;
use text::{text_width, write_text, BASELINE_DROP};

#[cfg(test)]
mod tests;

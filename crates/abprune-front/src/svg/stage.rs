//! The stage: a tree drawn for a page that replays a search on it
//! (`abprune tree --animate`, the teaching page of `abprune serve`).
//!
//! Unlike the figure of [`super::render_search`], which is the search's
//! result, the stage shows every node in its neutral state, and the page's
//! stylesheet and script mark what the search does step by step: each node
//! is `<g id="nK" class="node KIND">` (`KIND` as in the figure) with its
//! name in `<title>`, its shape classed `shape` and its value a
//! `<text class="value">`; the edge into it is `<line id="eK"
//! class="edge">`; its window is an empty `<text id="wK" class="win">` the
//! script fills. The layout is compact (each subtree as wide as it needs)
//! rather than the figure's even leaf columns, so that a page's tree fits
//! beside its controls; the shapes, the chance nodes' probabilities and the
//! text are the figure's.

use super::{
    escape, text_width, walk, write_probabilities, write_shape, Kind, ProbabilityLook, BASELINE_DROP, KIND_CLASS,
};
use abprune_games::tree::{NodeId, Tree};
use std::fmt::{self, Write};

/// Node values.
const VALUE_FONT: f64 = 11.0;
/// Node names, beside interior nodes and under leaves.
const LABEL_FONT: f64 = 10.0;
/// Windows beside the nodes of the current path.
const WINDOW_FONT: f64 = 9.0;
/// Triangles wide enough for a bound such as "≥ 12"; wider when a value needs it.
const TRI_W: f64 = 40.0;
const TRI_H: f64 = 28.0;
const LEAF_MIN_W: f64 = 28.0;
const LEAF_H: f64 = 20.0;
/// Horizontal padding around a value inside a node.
const TEXT_PAD: f64 = 8.0;
const LABEL_PAD: f64 = 3.0;
const LEVEL_GAP: f64 = 72.0;
/// Clear space between the extents of two neighbouring subtrees.
const SUBTREE_GAP: f64 = 8.0;
const MARGIN: f64 = 16.0;
/// Room above the root for its window, which sits above its node like every window.
const TOP: f64 = MARGIN + WINDOW_FONT + 4.0 + TRI_H / 2.0;
/// How far a window starts beside its node's centre, clear of the edge coming down into the node.
const WINDOW_SHIFT: f64 = 6.0;
/// A window's baseline above its node's top.
const WINDOW_RISE: f64 = 4.0;
/// Where along a chance node's edge its probability sits (0 at the chance node): near the child, where
/// neighbouring edges have drawn apart in this compact layout.
const PROBABILITY_ALONG: f64 = 0.7;
/// A chance node's fill and outline, as attributes (see [`Layout::write_node`]).
const CHANCE_LOOK: &str = r##" fill="#e3f1dc" stroke="#222" stroke-width="1.2""##;

/// The stage of `tree`, its nodes called `names` (by id; they become
/// tooltips): the triangles wide enough for the widest of `values`, the
/// texts the replay will write into them.
pub fn render_stage<'v>(tree: &Tree, names: &[String], values: impl Iterator<Item = &'v str>) -> String {
    let tri_w = values.map(|value| text_width(value, VALUE_FONT)).fold(TRI_W, |w, value| w.max(value + TEXT_PAD));
    let layout = Layout::new(tree, tri_w);
    let mut picture = String::new();
    // Writing into a String cannot fail, so the Result carries no information.
    let _ = layout.write_svg(&mut picture, tree, names);
    picture
}

/// Node centres: subtrees sit side by side, each as wide as its leaves or its own node and label need, and
/// each parent sits midway over its first and last child, as textbook trees are drawn.
struct Layout {
    /// Whether MAX is to move at each node (chance does not pass the move).
    max_to_move: Vec<bool>,
    x: Vec<f64>,
    y: Vec<f64>,
    tri_w: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(tree: &Tree, tri_w: f64) -> Layout {
        let count = tree.len();
        let (preorder, depth) = walk(tree);
        // Extents left and right of each node's centre, and each child's offset from its parent's centre.
        let (mut left, mut right, mut offset) = (vec![0.0; count], vec![0.0; count], vec![0.0; count]);
        for &id in preorder.iter().rev() {
            let (i, children) = (id as usize, tree.children(id));
            let label = tree.label(id).map_or(0.0, |text| text_width(text, LABEL_FONT) + LABEL_PAD);
            if children.is_empty() {
                let half = (leaf_width(tree, id) / 2.0).max(label / 2.0) + SUBTREE_GAP / 2.0;
                (left[i], right[i]) = (half, half);
                continue;
            }
            let mut at = Vec::with_capacity(children.len());
            let mut next = 0.0;
            for (k, &child) in children.iter().enumerate() {
                if k > 0 {
                    next += left[child as usize];
                }
                at.push(next);
                next += right[child as usize];
            }
            let (first, last) = (children[0] as usize, children[children.len() - 1] as usize);
            let centre = (at[0] + at[at.len() - 1]) / 2.0;
            for (&child, position) in children.iter().zip(&at) {
                offset[child as usize] = position - centre;
            }
            let (span_left, span_right) = (centre + left[first], at[at.len() - 1] + right[last] - centre);
            left[i] = span_left.max(tri_w / 2.0 + LABEL_PAD + label + SUBTREE_GAP / 2.0);
            right[i] = span_right.max(tri_w / 2.0 + SUBTREE_GAP / 2.0);
        }
        let (mut x, mut y) = (vec![0.0; count], vec![0.0; count]);
        let mut deepest = 0;
        for &id in &preorder {
            let i = id as usize;
            if id == Tree::ROOT {
                x[i] = MARGIN + left[i];
            }
            for &child in tree.children(id) {
                x[child as usize] = x[i] + offset[child as usize];
            }
            y[i] = TOP + f64::from(depth[i]) * LEVEL_GAP;
            deepest = deepest.max(depth[i]);
        }
        let root = Tree::ROOT as usize;
        let width = if tree.is_empty() { 2.0 * MARGIN } else { left[root] + right[root] + 2.0 * MARGIN };
        let height = TOP + f64::from(deepest) * LEVEL_GAP + LEAF_H / 2.0 + LABEL_FONT + 4.0 + MARGIN;
        Layout { max_to_move: tree.max_to_move(), x, y, tri_w, width, height }
    }

    fn size(&self, tree: &Tree, id: NodeId) -> (f64, f64) {
        if tree.is_leaf(id) {
            (leaf_width(tree, id), LEAF_H)
        } else {
            (self.tri_w, TRI_H)
        }
    }

    /// Nodes in their neutral state (not reached yet); the page's stylesheet and script do the rest.
    fn write_svg(&self, out: &mut String, tree: &Tree, names: &[String]) -> fmt::Result {
        let (width, height) = (self.width, self.height);
        write!(out, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" "#)?;
        writeln!(out, r#"viewBox="0 0 {width:.0} {height:.0}" role="img" aria-label="the searched tree">"#)?;
        writeln!(out, r#"<g class="edges">"#)?;
        for parent in 0..tree.len() as NodeId {
            for &child in tree.children(parent) {
                let (x1, y1) = (self.x[parent as usize], self.y[parent as usize] + TRI_H / 2.0);
                let (x2, y2) = (self.x[child as usize], self.y[child as usize] - self.size(tree, child).1 / 2.0);
                writeln!(
                    out,
                    r#"<line id="e{child}" class="edge" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                )?;
            }
        }
        writeln!(out, "</g>")?;
        self.write_probabilities(out, tree)?;
        writeln!(out, "<g class=\"nodes\">")?;
        for id in 0..tree.len() as NodeId {
            self.write_node(out, tree, id, &names[id as usize])?;
        }
        // Windows last, so that no node's label is drawn over them. Each sits above its node, in the gap between
        // levels where only edges pass, on the side away from the edge that comes down from its parent.
        writeln!(out, "</g>\n<g class=\"windows\">")?;
        let mut parent_x = vec![None; tree.len()];
        for parent in 0..tree.len() as NodeId {
            for &child in tree.children(parent) {
                parent_x[child as usize] = Some(self.x[parent as usize]);
            }
        }
        for id in 0..tree.len() as NodeId {
            let (x, y) = (self.x[id as usize], self.y[id as usize]);
            let wy = y - self.size(tree, id).1 / 2.0 - WINDOW_RISE;
            let (wx, anchor) = match parent_x[id as usize] {
                Some(parent) if parent > x => (x - WINDOW_SHIFT, "end"),
                _ => (x + WINDOW_SHIFT, "start"),
            };
            writeln!(out, r#"<text id="w{id}" class="win" x="{wx:.1}" y="{wy:.1}" text-anchor="{anchor}"></text>"#)?;
        }
        write!(out, "</g>\n</svg>")
    }

    /// Each chance node's outcome probabilities, on their edges beside the line (none without chance nodes).
    fn write_probabilities(&self, out: &mut String, tree: &Tree) -> fmt::Result {
        let look = ProbabilityLook { font: WINDOW_FONT, along: PROBABILITY_ALONG, pad: LABEL_PAD, class: "" };
        write_probabilities(out, tree, 0..tree.len() as NodeId, |id| (self.x[id], self.y[id]), &look)
    }

    fn write_node(&self, out: &mut String, tree: &Tree, id: NodeId, name: &str) -> fmt::Result {
        let (x, y) = (self.x[id as usize], self.y[id as usize]);
        let (w, h) = self.size(tree, id);
        let (hw, hh) = (w / 2.0, h / 2.0);
        let kind = Kind::of(tree, &self.max_to_move, id as usize);
        writeln!(out, r#"<g id="n{id}" class="node {}">"#, KIND_CLASS[kind as usize])?;
        writeln!(out, "<title>{}</title>", escape(name))?;
        // Its colours as attributes for a chance node: the stylesheet's states (current, done, pruned) override
        // them, and the pages of trees without chance nodes keep their stylesheet byte for byte.
        let after = if kind == Kind::Chance { CHANCE_LOOK } else { "" };
        write_shape(out, kind, (x, y), (w, h), (r#"class="shape" "#, after))?;
        // Values sit in the wide part of a triangle.
        let baseline = match kind {
            Kind::Leaf | Kind::Chance => y + VALUE_FONT * BASELINE_DROP,
            Kind::Max => y + hh - 4.0,
            Kind::Min => y - hh + VALUE_FONT + 1.0,
        };
        // Leaves print their static value from the start, as textbook figures do; interior values come with the search.
        let value = tree.value(id).map(|v| v.to_string()).unwrap_or_default();
        writeln!(out, r#"<text class="value" x="{x:.1}" y="{baseline:.1}">{value}</text>"#)?;
        if let Some(label) = tree.label(id) {
            let (lx, ly, anchor) = if kind == Kind::Leaf {
                (x, y + hh + LABEL_FONT + 1.0, "middle")
            } else {
                (x - hw - LABEL_PAD, y + LABEL_FONT * BASELINE_DROP, "end")
            };
            let label = escape(label);
            writeln!(out, r#"<text class="label" x="{lx:.1}" y="{ly:.1}" text-anchor="{anchor}">{label}</text>"#)?;
        }
        writeln!(out, "</g>")
    }
}

fn leaf_width(tree: &Tree, id: NodeId) -> f64 {
    let value = tree.value(id).map_or(0.0, |v| text_width(&v.to_string(), VALUE_FONT));
    LEAF_MIN_W.max(value + TEXT_PAD)
}

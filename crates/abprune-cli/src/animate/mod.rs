//! `abprune tree --animate`: the search as a self-contained HTML page that replays it event by event.
//!
//! A textbook figure (see [`abprune_front::svg`]) shows a search once it is over; the page shows how it got there: which
//! node is entered with which window, where a cut-off strikes and what it skips, what each node returns, and the
//! windows along the current path, one trace event per step.
//!
//! All the game-tree reasoning happens here, in Rust: which node an event concerns, windows and values in MAX's
//! view, which children a cut-off skips, and the sentence that describes each event. The page gets a list of
//! ready-made steps, and its script only replays them onto the drawing, so the script stays small and the
//! semantics stay in tested code. The page needs nothing but itself: CSS, script, data and the tree (inline SVG)
//! are all in the one file, so it works offline and can be mailed or archived as it is.
//!
//! State hooks, for tests and for anyone scripting the page: `<body>` carries `data-steps` (the number of events),
//! `data-step` (0-based index of the event shown), `data-current` (the id of the node that event concerns) and
//! `data-event` (its kind); the buttons are `#start`, `#prev`, `#play`, `#next`, `#end`; each node is
//! `<g id="nK">` and the edge into it `<line id="eK">`, classed by state; a URL fragment `#steps=N` clicks Next
//! `N` times once the page has loaded, and `#steps=N&prev=M` then clicks Previous `M` times.

use abprune::trace::root_view;
use abprune::{Score, TraceEvent};
use abprune_front::svg::{self, stage};
use abprune_games::tree::{NodeId, Tree};
use serde_json::{json, Value};

/// Beyond this a browser crawls through the drawing and no one can follow the animation anyway.
pub const MAX_ANIMATED_NODES: usize = 50_000;

/// Whether the page can be made for `tree`, before searching it with a trace.
pub fn check_size(tree: &Tree) -> Result<(), String> {
    if tree.len() > MAX_ANIMATED_NODES {
        return Err(format!(
            "the tree has {} nodes, too many to animate (the limit is {MAX_ANIMATED_NODES}): try a smaller one",
            tree.len()
        ));
    }
    Ok(())
}

/// The page for one search of `tree`: `events` is its full trace from the root, `pv` its principal variation
/// (node ids from the root, may be empty), `title` the heading and `source` a line saying what was searched.
pub fn render_page(tree: &Tree, events: &[TraceEvent<NodeId>], pv: &[NodeId], title: &str, source: &str) -> String {
    let names = names(tree);
    let steps = steps(tree, &names, events);
    page_of(tree, &names, steps, pv, title, source)
}

/// The page of `steps` (one per trace event) over the drawing of `tree`.
fn page_of(tree: &Tree, names: &[String], steps: Vec<Value>, pv: &[NodeId], title: &str, source: &str) -> String {
    let values = steps.iter().filter_map(|step| step["value"].as_str());
    let picture = stage::render_stage(tree, names, values);
    let step_count = steps.len().to_string();
    let data = json!({ "events": steps, "pv": pv_nodes(tree, pv) });
    // `<` only ever occurs inside JSON strings, where `\u003c` means the same, and without it no text from the
    // tree could close the script element early.
    let data = data.to_string().replace('<', "\\u003c");
    fill(
        PAGE,
        &[
            ("title", &svg::escape(title)),
            ("source", &svg::escape(source)),
            ("steps", &step_count),
            ("style", STYLE),
            ("svg", &picture),
            ("data", &data),
            ("script", SCRIPT),
        ],
    )
}

/// `template` with each `{{key}}` replaced by its value, in one pass, so that no value is ever scanned for keys.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + values.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let key = after.find("}}").map(|end| (&after[..end], &after[end + 2..]));
        match key.and_then(|(key, tail)| values.iter().find(|(k, _)| *k == key).map(|(_, value)| (*value, tail))) {
            Some((value, tail)) => {
                out.push_str(value);
                rest = tail;
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether `id` is a node of `tree`: the trace comes from searching it, but the page must not panic if not.
fn is_node(tree: &Tree, id: usize) -> bool {
    id < tree.len()
}

/// What each node is called in the page: its label, or its parent's name and its child index (`A11.0`, `2.1`),
/// which a reader can find in the drawing without ids.
fn names(tree: &Tree) -> Vec<String> {
    let mut names = vec![String::new(); tree.len()];
    if tree.is_empty() {
        return names;
    }
    names[Tree::ROOT as usize] = tree.label(Tree::ROOT).unwrap_or("root").to_string();
    // Preorder ids: every parent comes before its children.
    for id in 0..tree.len() as NodeId {
        for (index, &child) in tree.children(id).iter().enumerate() {
            names[child as usize] = match tree.label(child) {
                Some(label) => label.to_string(),
                None if id == Tree::ROOT && tree.label(id).is_none() => index.to_string(),
                None => format!("{}.{index}", names[id as usize]),
            };
        }
    }
    names
}

fn name_of(names: &[String], id: usize) -> String {
    names.get(id).cloned().unwrap_or_else(|| format!("#{id}"))
}

/// The root, then each node of `pv` that really continues the line from it.
fn pv_nodes(tree: &Tree, pv: &[NodeId]) -> Vec<NodeId> {
    if pv.is_empty() || tree.is_empty() {
        return Vec::new();
    }
    let mut line = vec![Tree::ROOT];
    for &id in pv {
        if !tree.children(line[line.len() - 1]).contains(&id) {
            break;
        }
        line.push(id);
    }
    line
}

/// A node on the search's current path, as the replay keeps it.
struct Frame {
    id: usize,
    ply: u32,
    alpha: Score,
    beta: Score,
    /// Best value of the children returned so far (negamax view of this node); a leaf's static value.
    best: Option<Score>,
    /// Children entered in this visit: at a cut-off the others are the skipped ones, whatever the move order.
    entered: Vec<NodeId>,
    evaluated: bool,
}

/// `(low, high)` in MAX's view: at MIN nodes negation swaps the ends.
fn max_window(ply: u32, alpha: Score, beta: Score) -> (Score, Score) {
    if ply % 2 == 1 {
        (-beta, -alpha)
    } else {
        (alpha, beta)
    }
}

fn side(ply: u32) -> &'static str {
    if ply % 2 == 0 {
        "MAX"
    } else {
        "MIN"
    }
}

/// A returned value in MAX's view, marked `≤`/`≥` when it lies outside the node's window and so proves only a bound.
fn value_text(frame: &Frame, value: Score) -> String {
    let shown = root_view(frame.ply, value);
    let (fails_low, fails_high) = (value <= frame.alpha, value >= frame.beta);
    // In MAX's view a MIN node's "at most" (negamax) turns into "at least".
    let upper = if frame.ply % 2 == 0 { fails_low } else { fails_high };
    match (frame.evaluated, fails_low || fails_high) {
        (false, true) if upper => format!("≤ {shown}"),
        (false, true) => format!("≥ {shown}"),
        _ => shown.to_string(),
    }
}

/// Every node in the subtrees of `roots`, in preorder.
fn subtrees(tree: &Tree, roots: &[NodeId]) -> Vec<NodeId> {
    let mut nodes = Vec::new();
    let mut stack: Vec<NodeId> = roots.iter().rev().copied().collect();
    while let Some(id) = stack.pop() {
        nodes.push(id);
        stack.extend(tree.children(id).iter().rev());
    }
    nodes
}

/// One step of the page per trace event: the node it concerns, what to show, and the sentence describing it.
fn steps(tree: &Tree, names: &[String], events: &[TraceEvent<NodeId>]) -> Vec<Value> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut pass = 0;
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        let step = match *event {
            TraceEvent::Enter { ply, mv, alpha, beta } => {
                let id = mv.unwrap_or(Tree::ROOT) as usize;
                if let (Some(parent), Some(mv)) = (stack.last_mut(), mv) {
                    parent.entered.push(mv);
                }
                let (low, high) = max_window(ply, alpha, beta);
                let window = format!("({low}, {high})");
                let name = name_of(names, id);
                let mut text = format!("enter {name} with window {window}");
                if mv.is_none() {
                    pass += 1;
                    if pass > 1 {
                        text = format!("pass {pass}: {text}");
                    }
                }
                stack.push(Frame { id, ply, alpha, beta, best: None, entered: Vec::new(), evaluated: false });
                // `fresh` starts a new pass from the root: MTD(f) searches the tree several times.
                json!({ "kind": "enter", "node": id, "text": text, "name": name, "side": side(ply),
                        "window": window, "fresh": mv.is_none() })
            }
            TraceEvent::Leaf { ply, value } => {
                let id = stack.last().map_or(Tree::ROOT as usize, |frame| frame.id);
                if let Some(frame) = stack.last_mut() {
                    frame.evaluated = true;
                    frame.best = Some(value);
                }
                let shown = root_view(ply, value).to_string();
                json!({ "kind": "leaf", "node": id, "text": format!("leaf {shown} at {}", name_of(names, id)),
                        "value": shown })
            }
            TraceEvent::Cutoff { ply, skipped } => match stack.last() {
                Some(frame) => cutoff_step(tree, names, frame, ply, skipped),
                None => unmatched(event),
            },
            TraceEvent::Exit { value, .. } => match stack.pop() {
                Some(frame) => exit_step(tree, names, frame, stack.last_mut(), value),
                None => unmatched(event),
            },
        };
        out.push(step);
    }
    out
}

/// An event the stack discipline cannot place (the trace of a search never has one): still one step, so that
/// the page's steps stay the trace's events, but one that changes nothing.
fn unmatched(event: &TraceEvent<NodeId>) -> Value {
    unmatched_text(&format!("{event:?}"))
}

/// The step of an unmatched event, described by `event`.
fn unmatched_text(event: &str) -> Value {
    json!({ "kind": "note", "node": Tree::ROOT, "text": format!("unmatched event {event}") })
}

mod chance;
pub use chance::render_chance_page;

/// The node at the top of the stack stops early: its children not entered in this visit are greyed, with
/// their subtrees.
fn cutoff_step(tree: &Tree, names: &[String], frame: &Frame, ply: u32, skipped: usize) -> Value {
    let unsearched: Vec<NodeId> = if is_node(tree, frame.id) {
        let children = tree.children(frame.id as NodeId);
        children.iter().copied().filter(|child| !frame.entered.contains(child)).collect()
    } else {
        Vec::new()
    };
    let kind = if ply % 2 == 0 { "beta" } else { "alpha" };
    let children = if skipped == 1 { "child" } else { "children" };
    let text = format!("{kind} cut-off at {}{}: {skipped} {children} skipped", name_of(names, frame.id), reason(frame));
    json!({ "kind": "cutoff", "node": frame.id, "pruned": subtrees(tree, &unsearched), "text": text })
}

/// `frame` returns `value`, which its parent (if any) takes into its value so far.
fn exit_step(tree: &Tree, names: &[String], frame: Frame, parent: Option<&mut Frame>, value: Score) -> Value {
    let shown = value_text(&frame, value);
    let mut text = format!("{} returns {shown}", name_of(names, frame.id));
    let interior = is_node(tree, frame.id) && !tree.is_leaf(frame.id as NodeId);
    if interior && !frame.evaluated && frame.entered.is_empty() {
        text.push_str(", settled by the table without searching its children");
    }
    let parent_best = parent.map(|parent| {
        let best = parent.best.map_or(-value, |best| best.max(-value));
        parent.best = Some(best);
        root_view(parent.ply, best).to_string()
    });
    json!({ "kind": "exit", "node": frame.id, "text": text, "value": shown, "parentBest": parent_best })
}

/// Why the node at the top of the stack stops, as the textbooks say it, when its entry window shows it.
fn reason(frame: &Frame) -> String {
    let Some(best) = frame.best.filter(|&best| best >= frame.beta) else { return String::new() };
    let (low, high) = max_window(frame.ply, frame.alpha, frame.beta);
    let shown = root_view(frame.ply, best);
    if frame.ply % 2 == 0 {
        format!(" ({shown} ≥ beta {high})")
    } else {
        format!(" ({shown} ≤ alpha {low})")
    }
}

/// The page around the drawing and the data. Placeholders are `{{key}}`; see [`fill`].
const PAGE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>abprune: {{title}}</title>
<style>
{{style}}</style>
</head>
<body data-steps="{{steps}}" data-step="0" data-current="0" data-event="">
<header>
<h1>{{title}}</h1>
<p class="source">{{source}}</p>
</header>
<nav id="controls">
<button id="start" title="first event (Home)">&#x21E4; Start</button>
<button id="prev" title="previous event (&#x2190;)">&#x25C0; Previous</button>
<button id="play" title="play or pause (space)">&#x25B6; Play</button>
<button id="next" title="next event (&#x2192;)">Next &#x25B6;</button>
<button id="end" title="last event (End)">End &#x21E5;</button>
<label>speed <input id="speed" type="range" min="1" max="20" value="3"> <span id="speed-value">3</span> events/s</label>
<span id="counter"></span>
</nav>
<p id="event" aria-live="polite"></p>
<div id="stage">
<div id="tree">
{{svg}}
</div>
<aside>
<div id="pathbox">
<table id="path">
<caption>The current path, root first</caption>
<thead><tr><th>ply</th><th>node</th><th>to move</th><th>window (&#x3B1;, &#x3B2;)</th><th>value so far</th></tr></thead>
<tbody></tbody>
</table>
</div>
<div id="help">
<ul id="legend">
<li><span class="swatch current"></span>current node</li>
<li><span class="swatch onpath"></span>on the current path (window above it)</li>
<li><span class="swatch done"></span>returned</li>
<li><span class="swatch pruned"></span>skipped by a cut-off</li>
<li><span class="swatch pv"></span>principal variation (at the end)</li>
</ul>
<p class="note">Windows and values are in MAX's view (the root is MAX, &#x25B2;; MIN is &#x25BC;).
A value marked &#x2264; or &#x2265; is a bound: the node failed outside its window.
Keys: &#x2190; &#x2192; step, Home / End, space plays.</p>
</div>
</aside>
</div>
<script type="application/json" id="trace">{{data}}</script>
<script>
{{script}}</script>
</body>
</html>
"##;

/// The look of the page and of each node state; the script only switches classes.
const STYLE: &str = r##"body { font: 15px/1.4 "DejaVu Sans", Helvetica, Arial, sans-serif; color: #222; margin: 16px 20px; }
h1 { font-size: 19px; margin: 0; }
.source { margin: 2px 0 10px; color: #666; }
#controls { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
button { font: inherit; padding: 4px 12px; border: 1px solid #9aa5b5; border-radius: 4px; background: #f4f7fb; cursor: pointer; }
button:hover:enabled { background: #e3ebf6; }
button:disabled { color: #aaa; cursor: default; }
#controls label { margin-left: 12px; color: #444; }
#speed { vertical-align: middle; width: 110px; }
#counter { margin-left: 12px; color: #666; font-variant-numeric: tabular-nums; }
#event { font: bold 17px "DejaVu Sans Mono", Menlo, Consolas, monospace; margin: 12px 0; padding: 8px 12px;
  background: #fff6e8; border-left: 5px solid #e07000; min-height: 1.4em; }
#stage { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
#tree { max-width: 100%; overflow-x: auto; border: 1px solid #e2e2e2; border-radius: 4px; }
#tree svg { display: block; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
/* Beside the tree when there is room, else below it with the legend beside the table. */
aside { flex: 1 1 330px; display: flex; flex-wrap: wrap; gap: 4px 32px; align-items: flex-start; }
#pathbox { flex: 1 1 330px; max-width: 560px; }
#help { flex: 1 1 260px; max-width: 480px; }
table { border-collapse: collapse; width: 100%; font: 13px "DejaVu Sans Mono", Menlo, Consolas, monospace; }
caption { text-align: left; font: bold 14px "DejaVu Sans", Helvetica, Arial, sans-serif; margin-bottom: 4px; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 6px; text-align: left; white-space: nowrap; }
th { font-weight: normal; color: #666; }
tbody tr:last-child { background: #fff0d9; font-weight: bold; }
tbody tr.empty { background: none; font-weight: normal; color: #888; }
#legend { list-style: none; padding: 0; margin: 12px 0 6px; font-size: 13px; }
#legend li { margin: 2px 0; }
.swatch { display: inline-block; width: 22px; height: 12px; margin-right: 8px; vertical-align: middle; border: 2px solid; }
.swatch.current { border-color: #e07000; border-width: 3px; background: #fff0d9; }
.swatch.onpath { border-color: #1a56b0; }
.swatch.done { border-color: #222; border-width: 1px; background: #dce8f6; }
.swatch.pruned { border: 1px dashed #a8a8a8; background: #f4f4f4; }
.swatch.pv { border: 0; border-top: 4px solid #1a56b0; height: 0; }
.note { font-size: 13px; color: #555; }
/* Nodes not reached yet are faint; reached ones are drawn in full. */
.edge { stroke: #c9c9c9; stroke-width: 1.2; }
.edge.reached { stroke: #444; }
.edge.onpath, .edge.pv { stroke: #1a56b0; stroke-width: 3; }
.edge.pruned { stroke: #b0b0b0; stroke-dasharray: 4 3; }
.edge.cut { stroke: #d03030; }
.shape { stroke: #b5b5b5; stroke-width: 1.2; }
.max .shape { fill: #eef3fa; } .min .shape { fill: #fbf0ec; } .leaf .shape { fill: #fff; }
.reached.max .shape { fill: #dce8f6; } .reached.min .shape { fill: #f8e1da; }
.reached .shape { stroke: #222; }
.onpath .shape, .pv .shape { stroke: #1a56b0; stroke-width: 2.5; }
.node.pruned .shape { fill: #f4f4f4; stroke: #a8a8a8; stroke-dasharray: 4 3; }
.cut .shape { stroke: #d03030; stroke-width: 2; }
.current .shape { stroke: #e07000; stroke-width: 3.5; filter: drop-shadow(0 0 4px #f0a040); }
.value { font-size: 11px; font-weight: bold; text-anchor: middle; fill: #222; }
.leaf .value { font-weight: normal; fill: #9a9a9a; }
.leaf.reached .value { font-weight: bold; fill: #222; }
.pruned .value, .pruned .label { fill: #b0b0b0; }
.label { font-size: 10px; font-style: italic; fill: #555; }
.win { font-size: 9px; fill: #1a56b0; paint-order: stroke; stroke: #fff; stroke-width: 4px; display: none; }
.win.onpath { display: inline; }
"##;

/// Replays the steps onto the drawing. Going back replays from the first step: steps are cheap, and one way of
/// reaching a state means Previous can never disagree with Next.
const SCRIPT: &str = r##""use strict";
const DATA = JSON.parse(document.getElementById("trace").textContent);
const EVENTS = DATA.events;
const LAST = EVENTS.length - 1;
const $ = (id) => document.getElementById(id);
// Node k's drawing: its group, the edge into it (none at the root), its window and value texts.
const nodes = [];
for (const g of document.querySelectorAll("#tree g.node")) {
  const id = Number(g.id.slice(1));
  const value = g.querySelector(".value");
  nodes[id] = { g, edge: $("e" + id), win: $("w" + id), value, initial: value.textContent,
                leaf: g.classList.contains("leaf") };
}
// Classes that describe the search so far; "current", "cut" and "pv" describe only the step shown.
const STATES = ["reached", "onpath", "done", "pruned"];
let step = -1;        // index of the last event applied
let path = [];        // rows of the path table, root first
let current = null;   // node of the event shown
let flashed = [];     // nodes greyed by the cut-off shown
let timer = null;

// Node, edge and window share the node's state classes.
function mark(id, cls, on) {
  const n = nodes[id];
  if (!n) return;
  for (const el of [n.g, n.edge, n.win]) if (el) el.classList.toggle(cls, on);
}

function resetAll() {
  nodes.forEach((n, id) => {
    STATES.forEach((cls) => mark(id, cls, false));
    n.value.textContent = n.initial;
    n.win.textContent = "";
  });
  path = [];
}

function apply(ev) {
  const n = nodes[ev.node];
  if (ev.kind === "enter") {
    if (ev.fresh) resetAll();
    ["pruned", "done"].forEach((cls) => mark(ev.node, cls, false));
    ["reached", "onpath"].forEach((cls) => mark(ev.node, cls, true));
    if (n) {
      if (!n.leaf) n.value.textContent = "";
      n.win.textContent = ev.window;
    }
    path.push({ node: ev.node, name: ev.name, side: ev.side, window: ev.window, best: "" });
  } else if (ev.kind === "leaf") {
    if (path.length) path[path.length - 1].best = ev.value;
  } else if (ev.kind === "cutoff") {
    ev.pruned.forEach((id) => mark(id, "pruned", true));
  } else if (ev.kind === "exit") {
    mark(ev.node, "onpath", false);
    mark(ev.node, "done", true);
    if (n) n.value.textContent = ev.value;
    path.pop();
    if (path.length && ev.parentBest !== null) path[path.length - 1].best = ev.parentBest;
  }
}

function renderPath() {
  const body = document.querySelector("#path tbody");
  if (!path.length) {
    // Between MTD(f)'s passes, and at the end.
    const tr = document.createElement("tr"), td = document.createElement("td");
    tr.className = "empty";
    td.colSpan = 5;
    td.textContent = "(empty: the root has returned)";
    tr.append(td);
    body.replaceChildren(tr);
    return;
  }
  body.replaceChildren(...path.map((row, ply) => {
    const tr = document.createElement("tr");
    for (const text of [ply, row.name, row.side, row.window, row.best || "\u2014"]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }));
}

// Keeps the current node in view when the tree is wider than the page.
function scrollToCurrent() {
  const box = $("tree"), n = nodes[current];
  if (!n) return;
  const r = n.g.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.left < b.left || r.right > b.right) box.scrollLeft += r.left - b.left - b.width / 2;
}

function show() {
  const ev = EVENTS[step];
  if (current !== null) mark(current, "current", false);
  current = ev.node;
  mark(current, "current", true);
  flashed.forEach((id) => mark(id, "cut", false));
  flashed = ev.kind === "cutoff" ? ev.pruned : [];
  flashed.forEach((id) => mark(id, "cut", true));
  DATA.pv.forEach((id) => mark(id, "pv", step === LAST));
  Object.assign(document.body.dataset, { step, current, event: ev.kind });
  $("event").textContent = ev.text;
  $("counter").textContent = `event ${step + 1} of ${EVENTS.length}`;
  renderPath();
  $("start").disabled = $("prev").disabled = step === 0;
  $("next").disabled = $("end").disabled = step === LAST;
  scrollToCurrent();
}

function goTo(target) {
  target = Math.max(0, Math.min(LAST, target));
  if (target < step) {
    resetAll();
    step = -1;
  }
  while (step < target) apply(EVENTS[++step]);
  show();
}

function play(on) {
  clearInterval(timer);
  timer = null;
  if (on && step < LAST) {
    timer = setInterval(() => (step < LAST ? goTo(step + 1) : play(false)), 1000 / Number($("speed").value));
  }
  $("play").textContent = timer ? "\u275A\u275A Pause" : "\u25B6 Play";
}

$("start").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => goTo(step - 1));
$("next").addEventListener("click", () => goTo(step + 1));
$("end").addEventListener("click", () => goTo(LAST));
$("play").addEventListener("click", () => play(timer === null));
$("speed").addEventListener("input", () => {
  $("speed-value").textContent = $("speed").value;
  if (timer !== null) play(true);
});
document.addEventListener("keydown", (e) => {
  // The speed slider keeps its arrows, and a focused button its own space bar.
  if (e.target.tagName === "INPUT" || (e.target.tagName === "BUTTON" && e.key === " ")) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const keys = { ArrowRight: "next", ArrowDown: "next", ArrowLeft: "prev", ArrowUp: "prev",
                 Home: "start", End: "end", " ": "play" };
  if (!keys[e.key]) return;
  e.preventDefault();
  $(keys[e.key]).click();
});

if (EVENTS.length) {
  goTo(0);
  // "#steps=N" clicks Next N times, and "&prev=M" then Previous M times, through the buttons as a reader
  // would: tests, and links to a moment of the search, use them.
  const count = (key) => Number((new RegExp(`[#&]${key}=(\\d+)`).exec(location.hash) || [])[1] || 0);
  for (let i = count("steps"); i > 0 && step < LAST; i--) $("next").click();
  for (let i = count("prev"); i > 0 && step > 0; i--) $("prev").click();
} else {
  $("event").textContent = "the trace is empty";
}
"##;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use abprune_games::tree::TreeGame;

    fn page(text: &str) -> (String, Vec<TraceEvent<NodeId>>) {
        let tree = Tree::parse(text).unwrap();
        let mut trace = abprune::Trace::default();
        let result = abprune::alphabeta(
            &mut TreeGame::new(&tree),
            abprune::UNLIMITED_DEPTH,
            -Score::INFINITY,
            Score::INFINITY,
            &mut trace,
        );
        (render_page(&tree, &trace.events, &result.pv, "t <1>", "s & co"), trace.events)
    }

    fn data(page: &str) -> Value {
        let start = page.find(r#"<script type="application/json" id="trace">"#).unwrap();
        let start = start + page[start..].find('>').unwrap() + 1;
        let end = start + page[start..].find("</script>").unwrap();
        serde_json::from_str(&page[start..end]).unwrap()
    }

    #[test]
    fn textbook_tree_steps_describe_the_search() {
        let (page, events) = page("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )");
        let data = data(&page);
        let steps = data["events"].as_array().unwrap();
        assert_eq!(steps.len(), events.len());
        assert!(page.contains(&format!(r#"data-steps="{}""#, events.len())));
        let texts: Vec<&str> = steps.iter().map(|step| step["text"].as_str().unwrap()).collect();
        assert_eq!(texts[0], "enter a with window (-inf, +inf)");
        assert_eq!(texts[1], "enter b with window (-inf, +inf)");
        assert_eq!(texts[2], "enter b.0 with window (-inf, +inf)");
        assert_eq!(texts[3], "leaf 3 at b.0");
        assert_eq!(texts[4], "b.0 returns 3");
        assert!(texts.contains(&"enter c with window (3, +inf)"), "{texts:?}");
        assert!(texts.contains(&"alpha cut-off at c (2 ≤ alpha 3): 2 children skipped"), "{texts:?}");
        assert!(texts.contains(&"c returns ≤ 2"), "{texts:?}");
        assert_eq!(texts[texts.len() - 1], "a returns 3");
        let cut = steps.iter().find(|step| step["kind"] == "cutoff").unwrap();
        assert_eq!(cut["pruned"], json!([7, 8]), "c's last two leaves");
        assert_eq!(data["pv"], json!([0, 1, 2]));
        assert!(page.contains("<h1>t &lt;1&gt;</h1>") && page.contains("s &amp; co"));
    }

    #[test]
    fn nodes_and_edges_have_ids_for_the_script() {
        let (page, _) = page("(1 (2 3) 4)");
        for id in 0..5 {
            assert!(page.contains(&format!(r#"<g id="n{id}" class="node "#)), "node {id}");
        }
        for id in 1..5 {
            assert!(page.contains(&format!(r#"<line id="e{id}" class="edge""#)), "edge {id}");
        }
        assert!(!page.contains(r#"id="e0""#));
    }

    #[test]
    fn fill_replaces_each_key_once_and_leaves_values_alone() {
        assert_eq!(fill("a{{x}}b{{y}}c{{z}}", &[("x", "{{y}}"), ("y", "2")]), "a{{y}}b2c{{z}}");
        assert_eq!(fill("{{x", &[("x", "1")]), "{{x");
    }

    #[test]
    fn names_fall_back_to_child_indices() {
        let tree = Tree::parse("((1 2) x:(3 y:4))").unwrap();
        let names = names(&tree);
        assert_eq!(names, ["root", "0", "0.0", "0.1", "x", "x.0", "y"]);
    }
}

//! `abprune tree --animate`: the page on its own, and the page alive in a real headless Chromium.
//!
//! The browser is driven without a WebDriver client: the page itself clicks Next `N` times when its URL ends in
//! `#steps=N` (and Previous `M` times for `&prev=M`), and Chromium's `--dump-dom` prints the DOM after the load,
//! which carries the page's state in `data-` attributes and classes. Without Chromium that part says it skipped.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

const ALGORITHMS: [&str; 7] = ["minimax", "negamax", "f1", "alphabeta", "failsoft", "pvs", "mtdf"];
/// Chromium starts in a few seconds; past this it is stuck, and the test must never hang.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(60);
const POLL: Duration = Duration::from_millis(50);
/// A blank 1200×800 PNG compresses to well under a kilobyte; a drawn page is far larger.
const MIN_SCREENSHOT_BYTES: u64 = 5 * 1024;
/// Headless, and quiet on this machine's closed network: without the background flags Chromium keeps
/// trying to reach Google's hosts.
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];
/// The one address a self-contained page may name: the SVG namespace, which is an identifier, never fetched.
const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("abprune-animate-test-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `abprune tree --animate NAME ARGS...` and returns the page's path and text.
fn write_page(name: &str, args: &[&str]) -> (PathBuf, String) {
    let path = scratch_dir().join(name);
    let out = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(["tree", "--animate", path.to_str().expect("utf-8 temp path")])
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(&format!("animation       {}", path.display())), "{stdout}");
    let html = fs::read_to_string(&path).expect("the page is written");
    (path, html)
}

/// The search's own counts, from `--json`.
fn counts(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(["tree", "--json"])
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The steps the page replays.
fn trace_data(html: &str) -> serde_json::Value {
    let open = r#"<script type="application/json" id="trace">"#;
    let start = html.find(open).expect("the data block") + open.len();
    let end = start + html[start..].find("</script>").expect("the data block ends");
    serde_json::from_str(&html[start..end]).expect("the data is JSON")
}

/// The value of `name` on the element whose start tag begins at `tag` (e.g. `<body`, `<g id="n3"`).
fn attribute(html: &str, tag: &str, name: &str) -> Option<String> {
    let start = html.find(tag)?;
    let element = &html[start..start + html[start..].find('>')?];
    let value_start = element.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(element[value_start..value_start + element[value_start..].find('"')?].to_string())
}

fn body(html: &str, name: &str) -> String {
    attribute(html, "<body", name).unwrap_or_else(|| panic!("<body> has no {name}"))
}

fn node_classes(html: &str, id: &str) -> String {
    attribute(html, &format!(r#"<g id="n{id}""#), "class").unwrap_or_else(|| panic!("no node n{id}"))
}

/// The text of the element with this id (no nested elements).
fn text_of(html: &str, id: &str) -> String {
    let start = html.find(&format!(r#"id="{id}""#)).expect("the element");
    let start = start + html[start..].find('>').expect("its start tag ends") + 1;
    html[start..start + html[start..].find('<').expect("its end tag")].to_string()
}

/// From `<div id="tree">` to the end of the path table: the drawing and the panel, everything a step changes.
fn state_part(html: &str) -> &str {
    let start = html.find(r#"<div id="tree">"#).expect("the tree");
    &html[start..start + html[start..].find("</tbody>").expect("the path table")]
}

#[test]
fn page_is_self_contained_with_one_step_per_event() {
    let tree_text = Command::new(env!("CARGO_BIN_EXE_abprune")).args(["tree", "--print-tree"]).output().unwrap();
    let tree = abprune_games::Tree::parse(&String::from_utf8_lossy(&tree_text.stdout)).expect("the built-in tree");
    for algo in ALGORITHMS {
        let (_, html) = write_page(&format!("{algo}.html"), &["--algo", algo]);
        assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"), "{algo}");
        for (at, _) in html.match_indices("http") {
            let rest = &html[at..];
            assert!(
                !(rest.starts_with("http://") || rest.starts_with("https://")) || rest.starts_with(SVG_NAMESPACE),
                "{algo}: an external address at {}",
                &rest[..rest.len().min(60)]
            );
        }
        for external in ["<script src", "<link", " src=", "url(", "@import"] {
            assert!(!html.contains(external), "{algo}: {external}");
        }
        assert_eq!(html.matches("<svg").count(), 1, "{algo}: the tree as inline SVG");
        assert_eq!(html.matches(r#"<g id="n"#).count(), tree.len(), "{algo}: every node drawn");
        for button in ["start", "prev", "play", "next", "end"] {
            assert!(html.contains(&format!(r#"<button id="{button}""#)), "{algo}: button {button}");
        }

        // One step per trace event: the engine counts an entered node, a leaf and a cut-off once each, and every
        // entered node also exits.
        let stats = counts(&["--algo", algo]);
        let count = |key: &str| stats[key].as_u64().expect("a count");
        let events = 2 * count("nodes") + count("leaves") + count("alpha_cutoffs") + count("beta_cutoffs");
        let data = trace_data(&html);
        let steps = data["events"].as_array().expect("the steps");
        assert_eq!(steps.len() as u64, events, "{algo}");
        assert_eq!(body(&html, "data-steps"), events.to_string(), "{algo}");
        assert_eq!(steps[0]["kind"], "enter", "{algo}");
        assert_eq!(steps[0]["node"], 0, "{algo}: the search starts at the root");
        assert_eq!(steps[steps.len() - 1]["kind"], "exit", "{algo}");
        assert_eq!(steps[steps.len() - 1]["node"], 0, "{algo}: and ends when the root returns");
        let passes = steps.iter().filter(|step| step["kind"] == "enter" && step["node"] == 0).count();
        assert!(passes == 1 || algo == "mtdf", "{algo}: {passes} passes");
        // MTD(f)'s last pass is a null-window search, which proves the value 6 only as a bound ("R returns ≤ 6").
        let last = steps[steps.len() - 1]["text"].as_str().expect("a text");
        assert!(last.starts_with("R returns ") && last.ends_with(" 6"), "{algo}: {last}");
    }
    let (_, html) = write_page("mtdf.html", &["--algo", "mtdf"]);
    let data = trace_data(&html);
    let texts: Vec<&str> = data["events"].as_array().unwrap().iter().filter_map(|step| step["text"].as_str()).collect();
    assert!(texts.iter().any(|text| text.starts_with("pass 2: enter R with window")), "{texts:?}");
}

#[test]
fn random_trees_and_limits() {
    let (_, html) = write_page("random.html", &["--random", "3,4", "--seed", "7", "--algo", "pvs"]);
    assert_eq!(html.matches(r#"<g id="n"#).count(), 121);
    assert!(trace_data(&html)["events"].as_array().is_some_and(|steps| steps.len() > 20));
    let path = scratch_dir().join("huge.html");
    let out = Command::new(env!("CARGO_BIN_EXE_abprune"))
        .args(["tree", "--random", "10,6", "--animate", path.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--animate: the tree has 1111111 nodes, too many to animate"), "{err}");
    assert!(!path.exists());
}

/// `/usr/bin/chromium`, or `chromium` on the PATH.
fn find_chromium() -> Option<PathBuf> {
    let standard = PathBuf::from("/usr/bin/chromium");
    if standard.is_file() {
        return Some(standard);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("chromium")).find(|candidate| candidate.is_file())
}

/// Ends Chromium and the helpers it started, which share its process group.
fn kill_browser(child: &mut Child) {
    #[cfg(unix)]
    let _ = Command::new("kill").args(["-KILL", &format!("-{}", child.id())]).status();
    let _ = child.kill();
    let _ = child.wait();
}

/// Runs Chromium on `url` with `extra` arguments and a fresh profile; returns what it printed.
fn chromium(browser: &Path, extra: &[&str], url: &str, run: &str) -> String {
    let dir = scratch_dir();
    let profile = dir.join(format!("profile-{run}"));
    let _ = fs::remove_dir_all(&profile);
    fs::create_dir_all(&profile).expect("profile dir");
    // Files, not pipes: a helper process that outlives Chromium can never block the test on a pipe.
    let (out_path, err_path) = (dir.join(format!("{run}.out")), dir.join(format!("{run}.err")));
    let mut command = Command::new(browser);
    command
        .args(CHROMIUM_FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_path).expect("stdout file"))
        .stderr(fs::File::create(&err_path).expect("stderr file"));
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().expect("chromium starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("chromium's status") {
            break status;
        }
        if started.elapsed() > BROWSER_TIMEOUT {
            kill_browser(&mut child);
            panic!(
                "{run}: chromium took more than {BROWSER_TIMEOUT:?}: {}",
                fs::read_to_string(&err_path).unwrap_or_default()
            );
        }
        sleep(POLL);
    };
    let _ = fs::remove_dir_all(&profile);
    assert!(
        status.success(),
        "{run}: chromium failed ({status}): {}",
        fs::read_to_string(&err_path).unwrap_or_default()
    );
    fs::read_to_string(&out_path).expect("chromium's output")
}

#[test]
fn page_steps_through_the_search_in_headless_chromium() {
    let Some(browser) = find_chromium() else {
        println!("skipped: chromium not found (neither /usr/bin/chromium nor chromium on the PATH)");
        return;
    };
    let started = Instant::now();
    let (path, html) = write_page("browser.html", &[]);
    let data = trace_data(&html);
    let steps = data["events"].as_array().expect("the steps");
    let url = format!("file://{}", path.display());
    let dump = |fragment: &str, run: &str| chromium(&browser, &["--dump-dom"], &format!("{url}#{fragment}"), run);

    // Step 0: the root is entered, and it is the node highlighted.
    let first = dump("steps=0", "step0");
    assert_eq!(body(&first, "data-step"), "0");
    assert_eq!(body(&first, "data-steps"), steps.len().to_string());
    assert_eq!(body(&first, "data-current"), "0");
    assert!(node_classes(&first, "0").contains("current"), "{}", node_classes(&first, "0"));
    assert_eq!(text_of(&first, "event"), "enter R with window (-inf, +inf)");

    // Three Next clicks later another node is current, on the path, and described.
    let third = dump("steps=3", "step3");
    assert_eq!(body(&third, "data-step"), "3");
    let current = body(&third, "data-current");
    assert_ne!(current, "0");
    assert_eq!(current, steps[3]["node"].to_string());
    let classes = node_classes(&third, &current);
    assert!(classes.contains("current") && classes.contains("onpath"), "{classes}");
    assert!(!node_classes(&third, "0").contains("current"));
    assert_eq!(text_of(&third, "event"), steps[3]["text"].as_str().unwrap());
    assert_eq!(third.matches("<tr><td>").count(), 4, "the path table shows R, A, A1, A11");

    // Previous undoes Next exactly: five forward and two back is the same page as three forward.
    let back = dump("steps=5&prev=2", "back");
    assert_eq!(body(&back, "data-step"), "3");
    assert_eq!(state_part(&back), state_part(&third));

    // Past the end the page stops at the root's return, with the principal variation marked.
    let end = dump("steps=100000", "end");
    assert_eq!(body(&end, "data-step"), (steps.len() - 1).to_string());
    assert_eq!(body(&end, "data-current"), "0");
    assert_eq!(text_of(&end, "event"), "R returns 6");
    assert!(node_classes(&end, "0").contains("pv"));
    assert!(end.contains(r#"<button id="next" title="next event (→)" disabled="""#), "Next is disabled at the end");

    // A picture of the first cut-off, to look at.
    let cut = steps.iter().position(|step| step["kind"] == "cutoff").expect("alpha-beta cuts the built-in tree");
    let target = Path::new(env!("CARGO_BIN_EXE_abprune")).parent().and_then(Path::parent).expect("target dir");
    let screenshot = target.join("animate-screenshot.png");
    let _ = fs::remove_file(&screenshot);
    let shot_flag = format!("--screenshot={}", screenshot.display());
    chromium(&browser, &[&shot_flag, "--window-size=1200,800"], &format!("{url}#steps={cut}"), "screenshot");
    let size = fs::metadata(&screenshot).map(|meta| meta.len()).unwrap_or(0);
    assert!(size > MIN_SCREENSHOT_BYTES, "screenshot {} has {size} bytes", screenshot.display());
    println!(
        "browser test: 5 chromium runs in {:.1} s; screenshot {}",
        started.elapsed().as_secs_f64(),
        screenshot.display()
    );
}

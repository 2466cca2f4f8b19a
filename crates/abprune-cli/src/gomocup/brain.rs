//! The brain's state and its answer to each protocol command.

use super::line::{Input, Interrupts};
use crate::gomoku::{format_line, Player, PlayerSettings, DEFAULT_TABLE_MIB};
use crate::quote::excerpt;
use abprune_games::gomoku::player::TimeControl;
use abprune_games::{Gomoku, Point, Rule};
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the brain says to `ABOUT`.
const ABOUT: &str = concat!(
    "name=\"abprune\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"the abprune developers\", country=\"International\", www=\"https://github.com/abprune\""
);
/// The share of `max_memory` given to the transposition table (the rest
/// is the program, its threads and their move lists): a third. With half,
/// the brain's peak under `INFO max_memory 10000000` and two threads came
/// within 3% of the budget and passed it in 3 of 9 runs of
/// `failure_8_the_brain_stays_within_max_memory` (peak 16.4 MB against
/// 10 MB plus a 6.0 MB idle baseline); with a third, 0 of 10.
const TABLE_SHARE_OF_MEMORY: usize = 3;
/// The most `BOARD` lines kept until `DONE`: more stones than the largest
/// board has points cannot be a position, and are not kept in memory.
const MAX_BOARD_LINES: usize = 32 * 32;
/// `rule` bits (Gomocup): exactly five wins.
const RULE_EXACTLY_FIVE: u32 = 1;
/// `rule` bits: a continuous game (play on after a five).
const RULE_CONTINUOUS: u32 = 2;
/// `rule` bits: renju.
const RULE_RENJU: u32 = 4;
/// `rule` bits: caro (five not blocked at both ends).
const RULE_CARO: u32 = 8;

/// Whether the brain goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Read the next command.
    Continue,
    /// `END`: exit.
    End,
}

/// The brain between commands.
pub struct Brain {
    board: Option<Gomoku>,
    rule: Rule,
    time: TimeControl,
    table_mib: usize,
    threads: usize,
    /// Player switches from the command line (checked there), applied to
    /// every player made.
    switches: String,
    /// Made when the first search needs it (so that a `max_memory` sent
    /// before it is respected from the start) and dropped when the memory
    /// or the threads change, before the next one is made.
    player: Option<Player>,
    interrupts: Arc<Interrupts>,
    /// The number of the line being answered (from 1), as the input
    /// thread counts them for [`Interrupts`].
    line: u64,
    debug: bool,
    /// Stones read since `BOARD`, until `DONE`: `(point, field)`.
    pending_board: Option<Vec<Result<(Point, u8), String>>>,
}

impl Brain {
    /// A brain with no board yet, searching on `threads` threads (its
    /// table is made when the first search needs it).
    pub fn new(interrupts: Arc<Interrupts>, debug: bool, threads: usize) -> Brain {
        Brain {
            board: None,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            table_mib: DEFAULT_TABLE_MIB,
            threads,
            switches: String::new(),
            player: None,
            interrupts,
            line: 0,
            debug,
            pending_board: None,
        }
    }

    /// Answers one input from the manager: a line, or a line it cannot
    /// read (`ERROR`, or inside `BOARD` an error reported at `DONE`).
    pub fn handle_input(&mut self, input: &Input, out: &mut impl Write) -> io::Result<Control> {
        self.line += 1;
        match input {
            Input::Line(line) => self.handle(line, out),
            Input::Unreadable(why) => {
                match &mut self.pending_board {
                    Some(stones) => push_bounded(stones, Err(why.clone())),
                    None => writeln!(out, "ERROR {why}")?,
                }
                Ok(Control::Continue)
            }
        }
    }

    /// Answers one line from the manager.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> io::Result<Control> {
        let line = crate::quote::strip_bom(line).trim();
        if line.eq_ignore_ascii_case("END") {
            // Wherever it comes, inside BOARD too.
            return Ok(Control::End);
        }
        if let Some(stones) = &mut self.pending_board {
            if line.eq_ignore_ascii_case("DONE") {
                return self.board_done(out).map(|()| Control::Continue);
            }
            push_bounded(stones, parse_stone(line));
            return Ok(Control::Continue);
        }
        if line.is_empty() {
            return Ok(Control::Continue);
        }
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command.to_ascii_uppercase().as_str() {
            "START" => match rest.parse::<usize>() {
                Ok(size) => self.start(size, size, out)?,
                Err(_) => {
                    writeln!(out, "ERROR START needs the board size, a number such as 15, not '{}'", excerpt(rest))?
                }
            },
            "RECTSTART" => {
                match rest.split_once(',').map(|(w, h)| (w.trim().parse::<usize>(), h.trim().parse::<usize>())) {
                    Some((Ok(width), Ok(height))) => self.start(width, height, out)?,
                    _ => writeln!(
                        out,
                        "ERROR RECTSTART needs width,height, two numbers such as 20,15, not '{}'",
                        excerpt(rest)
                    )?,
                }
            }
            "RESTART" => self.restart(out)?,
            "BEGIN" => self.think(out)?,
            "TURN" => self.turn(rest, out)?,
            "BOARD" => self.pending_board = Some(Vec::new()),
            "TAKEBACK" => self.takeback(rest, out)?,
            "INFO" => self.info(rest, out)?,
            "ABOUT" => writeln!(out, "{ABOUT}")?,
            // Said to a search in progress (the input thread stops it at
            // once); between searches there is nothing to stop.
            "STOP" | "YXSTOP" => {}
            _ => writeln!(out, "UNKNOWN command '{}'", excerpt(command))?,
        }
        Ok(Control::Continue)
    }

    /// The player, made now if there is none: with the table asked for, or
    /// a smaller one when that cannot be had (said in `notes`).
    /// Sets the player switches (see [`PlayerSettings::apply`]) for the
    /// players made from now on.
    pub fn set_switches(&mut self, switches: String) {
        self.switches = switches;
        self.player = None;
    }

    fn make_player(&mut self, notes: &mut Vec<String>) -> Result<(), String> {
        if self.player.is_none() {
            let mut table_mib = self.table_mib;
            if let Some(available) = abprune_front::memory::available_bytes() {
                let fits = usize::try_from(available >> 20).unwrap_or(usize::MAX) / TABLE_SHARE_OF_MEMORY;
                if fits < table_mib {
                    notes.push(format!("only {fits} MiB of table fit in the memory available, not {table_mib}"));
                    table_mib = fits;
                }
            }
            loop {
                match Player::new(player_settings(table_mib, self.threads, &self.switches)?) {
                    Ok(player) => break self.player = Some(player),
                    Err(error) if table_mib > 0 => {
                        notes.push(format!("{error:#}: the table is {} MiB instead", table_mib / 2));
                        table_mib /= 2;
                    }
                    Err(error) => return Err(format!("the engine cannot start: {error:#}")),
                }
            }
        }
        Ok(())
    }

    fn start(&mut self, width: usize, height: usize, out: &mut impl Write) -> io::Result<()> {
        match Gomoku::with_dimensions(width, height, self.rule) {
            Ok(board) => {
                self.board = Some(board);
                if let Some(player) = &mut self.player {
                    player.clear();
                }
                writeln!(out, "OK")
            }
            Err(error) => writeln!(out, "ERROR unsupported size {width}x{height}: {error}"),
        }
    }

    fn restart(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(board) = &self.board else { return writeln!(out, "ERROR RESTART before START") };
        match Gomoku::with_dimensions(board.width(), board.height(), self.rule) {
            Ok(board) => {
                self.board = Some(board);
                if let Some(player) = &mut self.player {
                    player.clear();
                }
                writeln!(out, "OK")
            }
            Err(error) => writeln!(out, "ERROR {error}"),
        }
    }

    fn turn(&mut self, rest: &str, out: &mut impl Write) -> io::Result<()> {
        let Some(board) = &mut self.board else { return writeln!(out, "ERROR TURN before START") };
        let point = match parse_point(rest, board) {
            Ok(point) => point,
            Err(error) => return writeln!(out, "ERROR TURN {}: {error}", excerpt(rest)),
        };
        if let Err(error) = board.try_play(point) {
            return writeln!(out, "ERROR TURN {}: {}", xy(point), in_xy(&error.to_string(), &[point]));
        }
        self.think(out)
    }

    fn takeback(&mut self, rest: &str, out: &mut impl Write) -> io::Result<()> {
        let Some(board) = &mut self.board else { return writeln!(out, "ERROR TAKEBACK before START") };
        let point = match parse_point(rest, board) {
            Ok(point) => point,
            Err(error) => return writeln!(out, "ERROR TAKEBACK {}: {error}", excerpt(rest)),
        };
        let last = board.history().last().copied();
        match board.try_undo(point) {
            Ok(()) => writeln!(out, "OK"),
            Err(error) => {
                let points: Vec<Point> = [Some(point), last].into_iter().flatten().collect();
                writeln!(out, "ERROR TAKEBACK {}: {}", xy(point), in_xy(&error.to_string(), &points))
            }
        }
    }

    /// `DONE`: the stones of `BOARD` become the position, the brain to move.
    fn board_done(&mut self, out: &mut impl Write) -> io::Result<()> {
        let stones = self.pending_board.take().unwrap_or_default();
        let Some(board) = &self.board else { return writeln!(out, "ERROR BOARD before START") };
        match position_from_stones(board.width(), board.height(), self.rule, stones) {
            Ok(position) => {
                self.board = Some(position);
                self.think(out)
            }
            Err(error) => writeln!(out, "ERROR BOARD: {error}"),
        }
    }

    fn info(&mut self, rest: &str, out: &mut impl Write) -> io::Result<()> {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        let key = excerpt(key);
        let number = || crate::limits::whole_number::<u64>(value).map_err(|error| format!("INFO {key}: {error}"));
        let result = match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => number().map(|ms| self.time.turn = Some(Duration::from_millis(ms))),
            "timeout_match" => number().map(|ms| self.time.match_total = Some(Duration::from_millis(ms))),
            "time_left" => number().map(|ms| self.time.left = Some(Duration::from_millis(ms))),
            "max_memory" => number().and_then(|bytes| self.set_memory(bytes)),
            "thread_num" => number().and_then(|threads| self.set_threads(threads)),
            "rule" => number().and_then(|bits| self.set_rule(bits)),
            "game_type" => number().map(drop),
            // Cursor position, folder for files: nothing for this brain to do.
            "evaluate" | "folder" => Ok(()),
            // Unknown keys are ignored, as the protocol asks.
            _ => Ok(()),
        };
        match result {
            Ok(()) => Ok(()),
            Err(error) => writeln!(out, "ERROR {error}"),
        }
    }

    fn set_memory(&mut self, bytes: u64) -> Result<(), String> {
        let table_mib = if bytes == 0 {
            DEFAULT_TABLE_MIB
        } else {
            (usize::try_from(bytes >> 20).unwrap_or(usize::MAX) / TABLE_SHARE_OF_MEMORY).min(DEFAULT_TABLE_MIB)
        };
        if table_mib != self.table_mib {
            // Freed now: the next search makes the new one.
            self.player = None;
            self.table_mib = table_mib;
        }
        Ok(())
    }

    fn set_threads(&mut self, threads: u64) -> Result<(), String> {
        let limit = crate::limits::MAX_THREADS;
        let threads = match usize::try_from(threads) {
            Ok(0) => 1,
            Ok(threads) if threads <= limit => threads,
            _ => return Err(format!("INFO thread_num: {threads} threads: the range is 1 to {limit}")),
        };
        if threads != self.threads {
            self.player = None;
            self.threads = threads;
        }
        Ok(())
    }

    fn set_rule(&mut self, bits: u64) -> Result<(), String> {
        let known = RULE_EXACTLY_FIVE | RULE_CONTINUOUS | RULE_RENJU | RULE_CARO;
        let bits = u32::try_from(bits).ok().filter(|bits| bits & !known == 0).ok_or_else(|| {
            format!("INFO rule: {bits} is not a rule (its bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro)")
        })?;
        if bits & RULE_CONTINUOUS != 0 {
            return Err(
                "INFO rule: a continuous game (2) is not supported; the rule stays ".to_string() + self.rule.name()
            );
        }
        if bits & RULE_CARO != 0 {
            return Err("INFO rule: caro (8) is not supported; the rule stays ".to_string() + self.rule.name());
        }
        // Renju (4, with or without 1: black's five is exactly five anyway):
        // the brain never plays a forbidden point, and refuses an opponent's
        // forbidden TURN with an ERROR (the manager adjudicates it a loss).
        let rule = if bits & RULE_RENJU != 0 {
            Rule::Renju
        } else if bits & RULE_EXACTLY_FIVE != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        };
        if rule != self.rule {
            if let Some(board) = &self.board {
                let moves = format_line(board.history());
                let replayed = Gomoku::from_moves(board.width(), board.height(), rule, &moves)
                    .map_err(|error| format!("INFO rule: the position is not legal under {}: {error}", rule.name()))?;
                self.board = Some(replayed);
            }
            self.rule = rule;
        }
        Ok(())
    }

    /// Searches the position and answers with the move.
    fn think(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(board) = &mut self.board else { return writeln!(out, "ERROR no board: send START first") };
        if board.is_over() {
            return writeln!(out, "ERROR the game is over: there is no move to make");
        }
        let started = Instant::now();
        let mut notes = Vec::new();
        let made = self.make_player(&mut notes);
        for note in &notes {
            writeln!(out, "MESSAGE {note}")?;
        }
        if let Err(error) = made {
            return writeln!(out, "ERROR {error}");
        }
        let (Some(player), Some(board)) = (&mut self.player, &mut self.board) else {
            return writeln!(out, "ERROR the engine cannot start");
        };
        // Making the table is part of the turn.
        let stop = self.interrupts.arm(self.line);
        if self.interrupts.has_ended() {
            return Ok(());
        }
        let mut lines = Vec::new();
        let decision = player.decide_on_clock(board, &self.time, started, stop, |info| {
            lines.push(format!(
                "depth {} score {} nodes {} nps {} time {}ms pv {}",
                info.depth,
                info.value,
                info.nodes,
                info.nodes_per_second,
                info.elapsed.as_millis(),
                format_line(&info.pv)
            ));
        });
        // After END the manager wants no move: the brain only ends.
        if self.interrupts.has_ended() {
            return Ok(());
        }
        if self.debug {
            for line in &lines {
                writeln!(out, "DEBUG {line}")?;
            }
        }
        let Some(decision) = decision else { return writeln!(out, "ERROR the game is over: there is no move to make") };
        writeln!(
            out,
            "MESSAGE {} score {} depth {} nodes {} time {}ms ({:?}) pv {}",
            Gomoku::format_point(decision.mv),
            decision.score,
            decision.depth,
            decision.nodes,
            decision.elapsed.as_millis(),
            decision.reason,
            format_line(&decision.pv)
        )?;
        match board.try_play(decision.mv) {
            Ok(()) => writeln!(out, "{},{}", decision.mv.x, decision.mv.y),
            Err(error) => writeln!(out, "ERROR internal: the engine chose an illegal move: {error}"),
        }
    }
}

/// Keeps a `BOARD` line until [`MAX_BOARD_LINES`] are kept; past them, one
/// error says so.
fn push_bounded(stones: &mut Vec<Result<(Point, u8), String>>, stone: Result<(Point, u8), String>) {
    match stones.len() {
        length if length < MAX_BOARD_LINES => stones.push(stone),
        MAX_BOARD_LINES => {
            stones.push(Err(format!("more than {MAX_BOARD_LINES} lines: no board has that many stones")))
        }
        _ => {}
    }
}

/// A point in the protocol's notation, `x,y`.
fn xy(point: Point) -> String {
    format!("{},{}", point.x, point.y)
}

/// A message of the game, whose points read like `h8`, with `points` in
/// the protocol's `x,y` instead, so that one reply uses one notation.
fn in_xy(message: &str, points: &[Point]) -> String {
    let mut words: Vec<String> = message.split(' ').map(String::from).collect();
    for word in &mut words {
        for &point in points {
            let name = Gomoku::format_point(point);
            let bare = word.trim_matches(|c: char| !c.is_ascii_alphanumeric());
            if bare == name {
                *word = word.replacen(&name, &xy(point), 1);
                break;
            }
        }
    }
    words.join(" ")
}

/// The player's settings with these switches, this table and these threads.
fn player_settings(table_mib: usize, threads: usize, switches: &str) -> Result<PlayerSettings, String> {
    let mut settings = PlayerSettings::default();
    settings.apply(switches).map_err(|error| format!("{error:#}"))?;
    settings.engine.table.mib = table_mib;
    settings.engine.parallel.threads = threads;
    Ok(settings)
}

/// Parses `x,y` (0-based) on `board`.
fn parse_point(text: &str, board: &Gomoku) -> Result<Point, String> {
    let (x, y) = text.split_once(',').ok_or_else(|| format!("'{}' is not x,y", excerpt(text)))?;
    let (x, y) = (x.trim().parse::<i64>(), y.trim().parse::<i64>());
    let (Ok(x), Ok(y)) = (x, y) else { return Err(format!("'{}' is not two numbers x,y", excerpt(text))) };
    if !board.contains(x, y) {
        return Err(format!("{x},{y} is off the {}x{} board", board.width(), board.height()));
    }
    Ok(Point { x: x as u8, y: y as u8 })
}

/// Parses a `BOARD` line `x,y,field` (bounds are checked at `DONE`).
fn parse_stone(line: &str) -> Result<(Point, u8), String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let line = excerpt(line);
    let [x, y, field] = fields[..] else { return Err(format!("'{line}' is not x,y,field")) };
    let (Ok(x), Ok(y), Ok(field)) = (x.parse::<u8>(), y.parse::<u8>(), field.parse::<u8>()) else {
        return Err(format!("'{line}' is not three numbers x,y,field"));
    };
    match field {
        1 | 2 => Ok((Point { x, y }, field)),
        3 => Err(format!("'{line}': field 3 (a continuous game's winning line) is not supported")),
        _ => Err(format!("'{line}': the field is 1 (own) or 2 (opponent), not {field}")),
    }
}

/// The position the stones of `BOARD` describe, with the brain to move:
/// own and opponent's stones alternate in the order given, starting with
/// the side that began the game.
fn position_from_stones(
    width: usize,
    height: usize,
    rule: Rule,
    stones: Vec<Result<(Point, u8), String>>,
) -> Result<Gomoku, String> {
    let stones: Vec<(Point, u8)> = stones.into_iter().collect::<Result<_, _>>()?;
    let own: Vec<Point> = stones.iter().filter(|(_, field)| *field == 1).map(|&(p, _)| p).collect();
    let theirs: Vec<Point> = stones.iter().filter(|(_, field)| *field == 2).map(|&(p, _)| p).collect();
    // The brain is to move: with as many stones as the opponent it began
    // the game; with one fewer, the opponent did.
    let (first, second) = if own.len() == theirs.len() {
        (&own, &theirs)
    } else if theirs.len() == own.len() + 1 {
        (&theirs, &own)
    } else {
        return Err(format!(
            "{} own and {} opponent stones cannot come from alternate moves with the brain to move",
            own.len(),
            theirs.len()
        ));
    };
    let mut position = Gomoku::with_dimensions(width, height, rule).map_err(|error| error.to_string())?;
    for index in 0..first.len() {
        for &point in [first.get(index), second.get(index)].into_iter().flatten() {
            position
                .try_play(point)
                .map_err(|error| format!("stone {}: {}", xy(point), in_xy(&error.to_string(), &[point])))?;
        }
    }
    if position.is_over() {
        return Err("the position is already decided".into());
    }
    Ok(position)
}

//! Where the searches of Python games run, and who may use an engine when.
//!
//! **Search threads.** A search recurses once per ply, and a Python game can
//! make its lines as long as it likes: on the calling thread's stack (8 MiB
//! on Linux's main thread, less elsewhere) a line of some 25,000 plies
//! overflowed it and killed the process. Every search of a Python game
//! therefore runs on a search thread of its own with a large stack
//! ([`SEARCH_STACK_BYTES`], address space only: the pages are touched as
//! the line grows), taken from a pool so that a search costs no thread
//! start; the line itself is bounded by [`MAX_LINE_PLIES`] (the wrapper
//! refuses a longer one with an exception). The search thread holds the
//! GIL while it runs the game's methods; the calling thread waits without
//! it and, every [`SIGNAL_POLL`], asks Python for signals (only the main
//! thread receives them): on Ctrl-C it raises the search's stop flag, waits
//! for the search to unwind and raises `KeyboardInterrupt`.
//!
//! **Engine use.** One `Engine` serves one search at a time ([`Busy`]).
//! A thread that finds it busy waits, with the GIL released (so that the
//! search it waits for can go on) and Ctrl-C still heard. A thread inside a
//! search (a game's method running on a search thread, or a caller whose
//! search is under way, in a signal handler) never waits: waiting there
//! could wait for itself, so it is refused at once with a `RuntimeError`
//! that says whether the engine is its own search's. A thread is inside
//! from the moment it takes the engine: `rules_key()` and the first
//! `key()` run on the caller before the search starts.
//!
//! **Game objects.** A search plays on the game object itself, so one
//! object is searched by one thread at a time ([`GameClaim`]); a search
//! started from the game's own methods (a look-ahead) is the same line of
//! work and may. Searches nest at most [`MAX_NESTED_SEARCHES`] deep, and a
//! process made by `os.fork()` starts its own search threads (the parent's
//! are not in it). A fork during a search leaves the child an engine and a
//! game object marked as searched by a search that is not in it: the
//! marks name their process, and the child's use of either is a
//! `RuntimeError` at once, never a wait for a search that cannot end.
//!
//! [`MAX_LINE_PLIES`]: crate::args::MAX_LINE_PLIES

use pyo3::exceptions::{PyRuntimeError, PySystemError};
use pyo3::prelude::*;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// The stack of a search thread: address space reserved, touched only as
/// deep as the search goes (a ply takes well under a KiB in a release build,
/// so [`MAX_LINE_PLIES`](crate::args::MAX_LINE_PLIES) plies fit many
/// times over, with the game's own Python calls on top).
pub const SEARCH_STACK_BYTES: usize = 256 << 20;

/// How often a waiting thread looks for a signal: quick enough for a person
/// at the keyboard, rare enough to cost nothing.
pub const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// A job for a search thread.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// Idle search threads, each waiting on its own channel for a job, with
/// the process they belong to: after `os.fork()` the child inherits the
/// list but not the threads, and a job sent to one would never be run.
static IDLE: Mutex<Vec<(u32, Sender<Job>)>> = Mutex::new(Vec::new());

/// The most searches nested in one another (a game's method that starts a
/// search, whose game's method starts another...): each takes a search
/// thread, so a game that does so without end is stopped here.
pub const MAX_NESTED_SEARCHES: usize = 32;

thread_local! {
    /// The engines ([`Busy::id`]) whose searches this thread is part of:
    /// the caller waiting for the search, or the search thread running it.
    /// A search thread running a plain search (no engine) holds [`NO_ENGINE`].
    static HELD: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// How many searches this thread's work is nested in (0 on a thread of the program's own).
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// The game objects (addresses) the searches this thread is part of play on.
    static MY_GAMES: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// A search thread's own channel, on which it takes its jobs.
    static MY_JOBS: RefCell<Option<Sender<Job>>> = const { RefCell::new(None) };
}

/// What a search thread running a search without an engine holds.
const NO_ENGINE: usize = 0;

/// Runs `job` on a search thread holding the GIL, while this thread waits
/// without it and listens for signals: on one (KeyboardInterrupt) it raises
/// `stop` and waits for the job, whose value comes back with the signal's
/// exception. `engine` is the engine whose search this is ([`Busy::id`]),
/// if any: the search thread counts as inside it, as this thread does.
///
/// # Errors
/// When no search thread can be started, or the job panicked (a bug).
pub fn run_search<T: Send + 'static>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    engine: Option<usize>,
    game: &GameClaim,
    job: impl FnOnce(Python<'_>) -> T + Send + 'static,
) -> PyResult<(T, Option<PyErr>)> {
    let mut held = HELD.with(|held| held.borrow().clone());
    let nesting = NESTING.with(std::cell::Cell::get) + 1;
    if nesting > MAX_NESTED_SEARCHES {
        return Err(PyRuntimeError::new_err(format!(
            "searches nested more than {MAX_NESTED_SEARCHES} deep (a game's method that starts a search \
             whose game's method starts another, without end?)"
        )));
    }
    held.push(engine.unwrap_or(NO_ENGINE));
    let games = MY_GAMES.with(|games| games.borrow().clone());
    debug_assert!(games.contains(&game.address), "the caller claimed the game");
    let (done, finished) = mpsc::channel();
    let task: Job = Box::new(move || {
        let previous = HELD.with(|mine| std::mem::replace(&mut *mine.borrow_mut(), held));
        let previous_games = MY_GAMES.with(|mine| std::mem::replace(&mut *mine.borrow_mut(), games));
        let previous_nesting = NESTING.with(|mine| mine.replace(nesting));
        let outcome = catch_unwind(AssertUnwindSafe(|| Python::attach(job)));
        NESTING.with(|mine| mine.set(previous_nesting));
        HELD.with(|mine| *mine.borrow_mut() = previous);
        MY_GAMES.with(|mine| *mine.borrow_mut() = previous_games);
        offer_this_thread();
        // The caller waits for this message; if it is gone, nobody needs the value.
        let _ = done.send(outcome);
    });
    let (outcome, signal) = dispatch(task).map(|()| py.detach(move || wait(finished, stop)))?;
    match outcome {
        Some(Ok(value)) => Ok((value, signal)),
        Some(Err(_)) => Err(PySystemError::new_err("the search panicked (a bug in abprune: please report it)")),
        None => Err(PySystemError::new_err("the search thread ended without an answer (a bug in abprune)")),
    }
}

/// Hands `task` to an idle search thread, or to a new one.
fn dispatch(task: Job) -> PyResult<()> {
    let mut task = task;
    let process = std::process::id();
    loop {
        let idle = {
            let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
            idle.retain(|(owner, _)| *owner == process);
            idle.pop()
        };
        let Some((_, worker)) = idle else { break };
        match worker.send(task) {
            Ok(()) => return Ok(()),
            // A thread that ended (none does, but then try the next one).
            Err(mpsc::SendError(returned)) => task = returned,
        }
    }
    std::thread::Builder::new()
        .name("abprune-search".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || serve(task))
        .map(drop)
        .map_err(|error| PyRuntimeError::new_err(format!("cannot start a search thread: {error}")))
}

/// A search thread: runs its first job, then the jobs sent to it (each job
/// offers the thread again, [`offer_this_thread`], before it answers).
fn serve(first: Job) {
    let (me, jobs) = mpsc::channel::<Job>();
    MY_JOBS.with(|mine| *mine.borrow_mut() = Some(me));
    first();
    while let Ok(job) = jobs.recv() {
        job();
    }
}

/// Puts this search thread back among the idle ones: done before a job
/// answers, so that the caller's next search finds it.
fn offer_this_thread() {
    if let Some(me) = MY_JOBS.with(|mine| mine.borrow().clone()) {
        IDLE.lock().unwrap_or_else(PoisonError::into_inner).push((std::process::id(), me));
    }
}

type Outcome<T> = Option<std::thread::Result<T>>;

/// Waits for the job's answer, asking Python for signals between waits.
fn wait<T>(finished: Receiver<std::thread::Result<T>>, stop: &AtomicBool) -> (Outcome<T>, Option<PyErr>) {
    let mut signal = None;
    loop {
        match finished.recv_timeout(SIGNAL_POLL) {
            Ok(outcome) => return (Some(outcome), signal),
            Err(RecvTimeoutError::Disconnected) => return (None, signal),
            Err(RecvTimeoutError::Timeout) if signal.is_none() => {
                if let Err(error) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    signal = Some(error);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

/// Whether this thread is inside a search (see the module doc).
fn inside_a_search() -> bool {
    HELD.with(|held| !held.borrow().is_empty())
}

/// Whether this thread is inside a search of the engine `id`.
fn inside(id: usize) -> bool {
    HELD.with(|held| held.borrow().contains(&id))
}

/// The game objects being searched: (process, address), one entry per
/// search. The process tells a claim inherited through `os.fork()` (its
/// search is not in the child, but its moves are still played on the
/// object) from one of this process's.
static GAMES_IN_SEARCH: Mutex<Vec<(u32, usize)>> = Mutex::new(Vec::new());

/// A game object claimed for a search, until dropped: a search plays its
/// moves on the object, so two searches of one object at once (from two
/// threads) would play them over each other. A search started from a
/// method of the game during its own search (a look-ahead in `evaluate()`,
/// say) is the same line of work, and may.
pub struct GameClaim {
    address: usize,
}

impl GameClaim {
    /// Claims `game` for a search by `what` (e.g. "abprune.search()"); a
    /// `RuntimeError` when another thread's search has it.
    pub fn new(game: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        let address = game.as_ptr() as usize;
        let me = std::process::id();
        let mut searched = GAMES_IN_SEARCH.lock().unwrap_or_else(PoisonError::into_inner);
        if searched.iter().any(|&(owner, claimed)| claimed == address && owner != me) {
            return Err(PyRuntimeError::new_err(format!(
                "{what}: the game object was being searched when {FORKED_DURING_SEARCH}, and the moves it \
                 played are still on the object; search a fresh game object in the child"
            )));
        }
        if searched.contains(&(me, address)) && !MY_GAMES.with(|mine| mine.borrow().contains(&address)) {
            return Err(PyRuntimeError::new_err(format!(
                "{what}: the game object is being searched by another thread, which plays its moves on it; \
                 give each thread a game object of its own"
            )));
        }
        searched.push((me, address));
        MY_GAMES.with(|mine| mine.borrow_mut().push(address));
        Ok(GameClaim { address })
    }
}

impl Drop for GameClaim {
    fn drop(&mut self) {
        let mut searched = GAMES_IN_SEARCH.lock().unwrap_or_else(PoisonError::into_inner);
        let claim = (std::process::id(), self.address);
        if let Some(index) = searched.iter().position(|&entry| entry == claim) {
            searched.swap_remove(index);
        }
        MY_GAMES.with(|mine| remove_last(&mut mine.borrow_mut(), self.address));
    }
}

/// Removes the last `value` of `list` (the one pushed last, for guards dropped in reverse order).
fn remove_last(list: &mut Vec<usize>, value: usize) {
    if let Some(index) = list.iter().rposition(|&item| item == value) {
        list.remove(index);
    }
}

/// Numbers the engines for [`Busy::id`] (0 is [`NO_ENGINE`]).
static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

/// Whether an engine is searching, for one search at a time.
pub struct Busy {
    id: usize,
    /// The process whose search has the engine (`None`: free). A process
    /// made by `os.fork()` during a search inherits the mark but not the
    /// search, which will never free it there: the child is refused at
    /// once ([`FORKED_DURING_SEARCH`]) instead of waiting forever.
    busy: Mutex<Option<u32>>,
    freed: Condvar,
}

/// What a process made by `os.fork()` while a search ran is told when it
/// uses what that search held.
const FORKED_DURING_SEARCH: &str = "os.fork() made this process while a search was running in the parent, \
     and the search is not in this process: it will never finish here";

/// The right to use an engine, until dropped.
pub struct Held<'a> {
    owner: &'a Busy,
}

impl Default for Busy {
    fn default() -> Self {
        Busy { id: NEXT_ID.fetch_add(1, Ordering::Relaxed), busy: Mutex::new(None), freed: Condvar::new() }
    }
}

impl Busy {
    /// The engine's number, for [`run_search`].
    pub fn id(&self) -> usize {
        self.id
    }

    /// Takes the engine for `what` (the method, e.g. "Engine.solve()"):
    /// at once when it is free, after a wait when another thread's search
    /// has it, never from inside a search (a `RuntimeError` then).
    pub fn take(&self, py: Python<'_>, what: &str) -> PyResult<Held<'_>> {
        if self.try_take()? {
            return Ok(Held::new(self));
        }
        if inside(self.id) {
            return Err(PyRuntimeError::new_err(format!(
                "{what}: the engine is in use by the search that called this (from a method of the game it \
                 searches); an engine runs one search at a time: use another Engine there"
            )));
        }
        if inside_a_search() {
            return Err(PyRuntimeError::new_err(format!(
                "{what}: the engine is in use by another search, and a game's method cannot wait for it \
                 (it could wait for itself); use another Engine there"
            )));
        }
        py.detach(|| self.wait_and_take())?;
        Ok(Held::new(self))
    }

    /// Takes the engine if it is free; a `RuntimeError` when a search of
    /// another process has it (this one was forked during that search).
    fn try_take(&self) -> PyResult<bool> {
        let mut busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        let me = std::process::id();
        match *busy {
            None => {
                *busy = Some(me);
                Ok(true)
            }
            Some(owner) if owner != me => Err(PyRuntimeError::new_err(format!(
                "this Engine was searching when {FORKED_DURING_SEARCH}; make a new Engine in the child (or fork \
                 when no search is running)"
            ))),
            Some(_) => Ok(false),
        }
    }

    /// Waits until the engine is free and takes it; a signal's exception ends the wait.
    fn wait_and_take(&self) -> PyResult<()> {
        let mut busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
        while busy.is_some() {
            let (guard, timeout) = self.freed.wait_timeout(busy, SIGNAL_POLL).unwrap_or_else(PoisonError::into_inner);
            busy = guard;
            if busy.is_some() && timeout.timed_out() {
                drop(busy);
                Python::attach(|py| py.check_signals())?;
                busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
            }
        }
        *busy = Some(std::process::id());
        Ok(())
    }
}

impl<'a> Held<'a> {
    /// The engine taken: this thread is inside its use from now on (so that
    /// a method called before the search starts, `rules_key()` or `key()`,
    /// cannot wait for the engine either).
    fn new(owner: &'a Busy) -> Self {
        HELD.with(|held| held.borrow_mut().push(owner.id));
        Held { owner }
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        HELD.with(|held| remove_last(&mut held.borrow_mut(), self.owner.id));
        *self.owner.busy.lock().unwrap_or_else(PoisonError::into_inner) = None;
        self.owner.freed.notify_one();
    }
}

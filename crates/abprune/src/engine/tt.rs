//! The transposition table: what earlier searches proved about positions.
//!
//! (Over 600 lines with its tests, which are half of it: the table's code
//! is one layout and the operations on it, kept together.)
//!
//! Layout: buckets of four 16-byte slots, one cache line each. A slot is two
//! 64-bit words, `check = key ^ data` and `data`, written and read without
//! locks: a slot torn by two threads writing at once no longer satisfies
//! `check ^ data == key`, so it reads as a miss and is never trusted. (In a
//! single thread the atomics compile to plain loads and stores.)
//!
//! `data` packs, low bits first:
//!
//! ```text
//!  0..32  value     i32, node-relative (win/loss distances counted from the node)
//! 32..40  draft     remaining depth searched; 255 = proven (exact to the end of the game)
//! 40..50  move      the best move's code (`Game::move_code`, else its list index), plus 1 (0 = none)
//! 50..52  bound     1 upper, 2 lower, 3 exact
//! 52..58  work      log2 of the nodes the search of this entry cost
//! 58..64  epoch     the table's epoch when stored; other epochs read as empty
//! ```
//!
//! Replacement: a bucket keeps the entry of the same key up to date; for a
//! new key it evicts an empty or stale slot, else the one with the least
//! (draft, work). Deep and expensive results survive, and every store lands
//! somewhere, so the newest result is always available to the next probe.
//!
//! Growth: a search uses only the first [`INITIAL_ACTIVE_BYTES`] of the
//! budget at first and doubles the part in use when it is under pressure
//! (far more new keys stored than it has slots), moving the entries along. A small search thus stays within
//! the processor's caches instead of scattering a few thousand entries over
//! the whole budget: measured on Connect Four's Test_L1_R1 (3,800 nodes a
//! position), a 2 MiB table solved 1.5 times faster than a 64 MiB one.
//!
//! Memory follows the same plan: a table allocates only its initial part at
//! first, and the whole budget the first time it grows (entries move over,
//! in the order an in-place growth moves them, so every search sees the
//! same entries as with the budget allocated up front). A search that never
//! grows the table, such as `best_move` on a small game, then costs
//! microseconds instead of the milliseconds of writing 64 MiB (issue 22,
//! item 4). The price is one predictable branch a probe: which of the two
//! allocations is in use. When the allocator refuses the whole budget at
//! growth, the table stays at its initial part (slower, never wrong).
//!
//! Threads: probes and stores may run on any number of threads at once (a
//! torn slot is a miss, a lost store a missed chance, never a wrong value).
//! Growth may not: moving an entry recovers its key as `check ^ data`, and a
//! slot read while another thread rewrites it yields a key that was never
//! stored, with a plausible value under it (for Connect Four's dense keys, a
//! neighbouring position's). So growth is for one thread: before a table is
//! shared, [`TranspositionTable::use_whole_budget`] takes the whole budget,
//! and a table in full use never grows (nor counts new keys, so that
//! threads do not fight over the counter's cache line).

use crate::score::Score;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// What kind of bound a stored value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The true value is at most the stored value (the search failed low).
    Upper,
    /// The true value is at least the stored value (the search failed high).
    Lower,
    /// The stored value is the true value.
    Exact,
}

/// The largest move code an entry can hold (a larger one is stored as no move).
pub const MAX_MOVE_CODE: u16 = (1 << MOVE_BITS) - 2;
const MOVE_BITS: u32 = 10;

/// The draft of a proven entry: valid at any depth.
pub const PROVEN_DRAFT: u8 = u8::MAX;

/// The draft of an entry whose search met no horizon but rested on static
/// evaluations of positions without moves (an explicit tree's leaves): a
/// deeper search would find the same value, so it is valid at any depth
/// limit, but it is not proven by the rules and a solve never takes it.
pub const COMPLETE_DRAFT: u8 = PROVEN_DRAFT - 1;

/// The largest draft of a result found to a depth limit.
pub const MAX_LIMITED_DRAFT: u8 = COMPLETE_DRAFT - 1;

/// One stored result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableEntry {
    /// The value, node-relative (see [`Score::to_node_relative`]).
    pub value: Score,
    /// Remaining depth it was searched to (at most [`MAX_LIMITED_DRAFT`]);
    /// [`PROVEN_DRAFT`] when exact to the end, [`COMPLETE_DRAFT`] when
    /// searched to the end of every line but not proven.
    pub draft: u8,
    /// The best move, by the game's code for it ([`crate::Game::move_code`];
    /// for a game without codes, its index in the position's generated
    /// move list). At most [`MAX_MOVE_CODE`]: a larger code is not
    /// remembered.
    pub move_code: Option<u16>,
    /// What `value` says about the true value.
    pub bound: Bound,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    slots: [Slot; SLOTS_PER_BUCKET],
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const SLOTS_PER_BUCKET: usize = 4;
/// 2^64 divided by the golden ratio, made odd: Fibonacci hashing's multiplier.
const KEY_SCATTER: u64 = 0x9E37_79B9_7F4A_7C15;
const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>();
const MIB: usize = 1 << 20;

/// A fixed-size, lock-free transposition table.
pub struct TranspositionTable {
    /// The initial part, the buckets a search uses first; in use until
    /// `whole` is allocated (then freed at the next clear).
    first: Box<[Bucket]>,
    /// The whole budget, allocated when the table first grows past `first`;
    /// from then on the only buckets in use.
    whole: OnceLock<Box<[Bucket]>>,
    /// How many buckets the budget holds.
    budget: usize,
    /// How many buckets the part in use may grow to: `budget`, or `initial`
    /// once the allocator has refused the whole budget.
    limit: AtomicUsize,
    /// How many buckets (a prefix) are in use.
    active: AtomicUsize,
    /// How many buckets are in use after a clear.
    initial: usize,
    /// How many buckets (a prefix) may hold entries written since the memory
    /// was last rewritten: the most ever in use, as of the last clear.
    written: usize,
    /// Entries stored for new keys since the last growth (approximate when
    /// threads race; it only decides when to grow).
    new_keys: AtomicUsize,
    /// Entries of other epochs are invisible: clearing is one increment.
    epoch: u8,
}

/// A table's memory could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAllocError {
    /// The bytes asked for.
    pub bytes: usize,
}

impl std::fmt::Display for TableAllocError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a table of {} MiB does not fit in memory", self.bytes.div_ceil(MIB))
    }
}

impl std::error::Error for TableAllocError {}

/// How many buckets a budget of `kib` KiB holds (at least one).
fn bucket_count(kib: usize) -> usize {
    (kib.saturating_mul(1024) / BUCKET_BYTES).max(1)
}

/// The part of the budget a search starts with.
pub const INITIAL_ACTIVE_BYTES: usize = 1 << 20;

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable").field("buckets", &self.budget).field("epoch", &self.epoch).finish()
    }
}

impl TranspositionTable {
    // The engine makes its tables with the `try_` constructors, which
    // report a refused allocation; the unit tests use these three.

    /// A table that uses at most `mib` MiB (at least one bucket).
    ///
    /// # Panics
    /// Aborts, as any allocation, when the memory cannot be had: for a
    /// budget a user chose, use [`TranspositionTable::try_with_mib`].
    #[cfg(test)]
    pub(crate) fn with_mib(mib: usize) -> Self {
        Self::with_kib(mib.saturating_mul(MIB / 1024))
    }

    /// A table that uses at most `kib` KiB (at least one bucket): the size
    /// of a processor cache, for a near-leaf table.
    #[cfg(test)]
    pub(crate) fn with_kib(kib: usize) -> Self {
        Self::growing_from(kib, INITIAL_ACTIVE_BYTES / 1024)
    }

    /// A table of at most `kib` KiB that uses only its first `initial_kib`
    /// KiB after each clear, until pressure makes it grow (see the module
    /// documentation).
    #[cfg(test)]
    pub(crate) fn growing_from(kib: usize, initial_kib: usize) -> Self {
        let budget = bucket_count(kib);
        let initial = initial_active(budget, initial_kib.saturating_mul(1024));
        Self::from_first(new_buckets(initial).unwrap_or_else(|| alloc_failed(initial)), budget)
    }

    /// [`TranspositionTable::with_mib`], or an error when the memory cannot
    /// be had.
    ///
    /// # Errors
    /// When the allocator refuses `mib` MiB.
    pub(crate) fn try_with_mib(mib: usize) -> Result<Self, TableAllocError> {
        Self::try_growing_from(mib.saturating_mul(MIB / 1024), INITIAL_ACTIVE_BYTES / 1024)
    }

    /// [`TranspositionTable::growing_from`], or an error when the memory
    /// cannot be had.
    ///
    /// # Errors
    /// When the allocator refuses `kib` KiB.
    ///
    /// Only the initial part is allocated now; the whole budget is asked of
    /// the allocator (and given back at once, untouched: a few
    /// microseconds) so that a refusal is known before the first search.
    pub(crate) fn try_growing_from(kib: usize, initial_kib: usize) -> Result<Self, TableAllocError> {
        let budget = bucket_count(kib);
        let refused = TableAllocError { bytes: budget.saturating_mul(BUCKET_BYTES) };
        Vec::<Bucket>::new().try_reserve_exact(budget).map_err(|_| refused.clone())?;
        let initial = initial_active(budget, initial_kib.saturating_mul(1024));
        Ok(Self::from_first(new_buckets(initial).ok_or(refused)?, budget))
    }

    fn from_first(first: Box<[Bucket]>, budget: usize) -> Self {
        let initial = first.len();
        TranspositionTable {
            first,
            whole: OnceLock::new(),
            budget,
            limit: AtomicUsize::new(budget),
            active: AtomicUsize::new(initial),
            initial,
            written: 0,
            new_keys: AtomicUsize::new(0),
            epoch: 1,
        }
    }

    /// The memory the entries may take, in bytes: the budget (never more
    /// than asked for), allocated as the table grows.
    pub fn size_bytes(&self) -> usize {
        self.budget * BUCKET_BYTES
    }

    /// How many entries fit in the budget.
    pub fn capacity(&self) -> usize {
        self.budget * SLOTS_PER_BUCKET
    }

    /// The buckets in use: the whole budget once allocated, else the
    /// initial part.
    #[inline(always)]
    fn buckets(&self) -> &[Bucket] {
        match self.whole.get() {
            Some(whole) => whole,
            None => &self.first,
        }
    }

    /// Forgets every entry in O(1) by moving to a new epoch; the memory is
    /// rewritten only once every 63 clears, when the epoch counter wraps, and
    /// then only the part ever in use since the last rewrite (no entry is
    /// stored beyond the active part). Searches that never grew the table
    /// thus rewrite its first MiB, not the whole budget: for 16 MiB, 0.8 ms
    /// every 63 clears, which doubled the fixed cost of a short solve.
    pub(crate) fn clear(&mut self) {
        let active = std::mem::replace(self.active.get_mut(), self.initial);
        self.written = self.written.max(active);
        self.new_keys = AtomicUsize::new(0);
        self.epoch = (self.epoch + 1) & EPOCH_MASK;
        if self.whole.get().is_some() && !self.first.is_empty() {
            self.first = Box::default(); // everything lives in `whole` now
        }
        if self.epoch == 0 {
            let buckets = match self.whole.get_mut() {
                Some(whole) => whole,
                None => &mut self.first,
            };
            for bucket in &mut buckets[..self.written] {
                *bucket = Bucket::default();
            }
            self.written = 0;
            self.epoch = 1;
        }
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets()[bucket_index(key, self.active.load(Ordering::Relaxed))]
    }

    /// Whether the part in use has grown past the initial one: the table no
    /// longer fits the caches, and a probe likely waits for memory.
    #[inline]
    pub fn has_grown(&self) -> bool {
        self.active.load(Ordering::Relaxed) > self.initial
    }

    /// Starts loading the bucket of `key` into the cache, so that a probe
    /// soon after finds it there. Without `unsafe` there is no prefetch
    /// instruction; a load whose value is unused does the same job, as the
    /// processor runs ahead while it is pending, and several such loads are
    /// fetched side by side.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        std::hint::black_box(self.bucket(key).slots[0].check.load(Ordering::Relaxed));
    }

    /// The entry stored for `key`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, key: u64) -> Option<TableEntry> {
        // A plain loop: the iterator's closure stopped being inlined into
        // the engine's node search once that grew (4% more instructions in
        // Connect Four solves).
        for slot in &self.bucket(key).slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key && epoch_of(data) == self.epoch {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores `entry` for `key`; `nodes` is what computing it cost.
    #[inline]
    pub(crate) fn store(&self, key: u64, entry: TableEntry, nodes: u64) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_priority = u32::MAX;
        let mut entry = entry;
        let mut new_key = true;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if epoch_of(data) != self.epoch {
                victim = slot;
                victim_priority = 0;
                continue;
            }
            if check ^ data == key {
                if entry.move_code.is_none() {
                    entry.move_code = unpack(data).move_code;
                }
                victim = slot;
                new_key = false;
                break;
            }
            let priority = replacement_priority(data);
            if priority < victim_priority {
                victim = slot;
                victim_priority = priority;
            }
        }
        let data = pack(entry, nodes, self.epoch);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
        if new_key {
            let active = self.active.load(Ordering::Relaxed);
            let limit = self.limit.load(Ordering::Relaxed);
            if active < limit {
                let stored = self.new_keys.fetch_add(1, Ordering::Relaxed) + 1;
                if stored > active * SLOTS_PER_BUCKET * GROWTH_PRESSURE {
                    self.grow(active, (active * 2).min(limit));
                }
            }
        }
    }

    /// Takes the whole budget at once, moving the entries stored so far (one
    /// pass over the part in use). Call it while only one thread uses the
    /// table, before sharing it: a table in full use never grows, and growth
    /// is the one operation that is not safe with other threads at work.
    /// (When the allocator refuses the budget, the table keeps the part in
    /// use and never grows again.)
    pub(crate) fn use_whole_budget(&self) {
        let active = self.active.load(Ordering::Relaxed);
        if active < self.limit.load(Ordering::Relaxed) {
            self.grow(active, self.budget);
        }
    }

    /// True when the table uses all it can (its whole budget, or its
    /// initial part when the allocator refused the budget): it will not grow
    /// again before the engine clears it.
    pub fn uses_whole_budget(&self) -> bool {
        self.active.load(Ordering::Relaxed) >= self.limit.load(Ordering::Relaxed)
    }

    /// Widens the part in use from `active` to `larger` buckets and moves
    /// every entry to its bucket under the new size. Moving from the top down
    /// works in place: an entry of bucket `i` goes to a bucket at or above
    /// `i` (multiply-shift is monotonic in the bucket count), and every bucket
    /// above `i` has already been emptied and refilled. The first growth
    /// allocates the whole budget and moves the entries of the initial part
    /// into it in the same order, with the same result. One thread only (see
    /// the module documentation).
    #[cold]
    fn grow(&self, active: usize, larger: usize) {
        let from_first = self.whole.get().is_none();
        if from_first {
            match new_buckets(self.budget) {
                Some(whole) => {
                    let _ = self.whole.set(whole);
                }
                None => {
                    // Refused: the table stays at its initial part for good.
                    self.limit.store(active, Ordering::Relaxed);
                    return;
                }
            }
        }
        if self.active.compare_exchange(active, larger, Ordering::Relaxed, Ordering::Relaxed).is_err() {
            return; // another thread grew it
        }
        self.new_keys.store(0, Ordering::Relaxed);
        let source: &[Bucket] = if from_first { &self.first } else { self.buckets() };
        for index in (0..active).rev() {
            let mut moving = [(0u64, 0u64); SLOTS_PER_BUCKET];
            for (slot, taken) in source[index].slots.iter().zip(&mut moving) {
                *taken = (slot.check.swap(0, Ordering::Relaxed), slot.data.swap(0, Ordering::Relaxed));
            }
            for (check, data) in moving {
                if epoch_of(data) == self.epoch {
                    let key = check ^ data;
                    self.store(key, unpack(data), 1 << ((data >> WORK_SHIFT) & WORK_MAX));
                }
            }
        }
    }

    /// Permille of a sample of slots filled in the current epoch.
    pub fn permille_full(&self) -> u32 {
        let buckets = self.buckets();
        let sample = buckets.len().min(1000);
        let used: usize = buckets[..sample]
            .iter()
            .map(|b| b.slots.iter().filter(|s| epoch_of(s.data.load(Ordering::Relaxed)) == self.epoch).count())
            .sum();
        (used * 1000 / (sample * SLOTS_PER_BUCKET).max(1)) as u32
    }
}

/// The active part doubles once this many times its slot count of new keys
/// have been stored since it last grew: the table is then overwritten faster
/// than it can help. Lazy on purpose: a table that outgrows the caches costs
/// more per probe than its extra entries save (measured on Connect Four,
/// where a 1 MiB table solved Test_L1_R3 positions faster than 64 MiB).
const GROWTH_PRESSURE: usize = 4;

/// `count` empty buckets, or `None` when the allocator refuses them. Filling
/// them writes every one: the page faults (about 2 us each on this
/// project's virtual machines, 16,000 for 64 MiB) are paid here, at the
/// table's making or first growth, and not scattered over the searches
/// that follow, whose times they would distort (a 50-position batch ran 12%
/// slower per position when the pages were left to be mapped on first use).
fn new_buckets(count: usize) -> Option<Box<[Bucket]>> {
    let mut buckets = Vec::new();
    buckets.try_reserve_exact(count).ok()?;
    buckets.resize_with(count, Bucket::default);
    Some(buckets.into_boxed_slice())
}

/// Aborts as a failed allocation of `count` buckets does.
#[cfg(test)]
fn alloc_failed(count: usize) -> ! {
    let bytes = count.saturating_mul(BUCKET_BYTES);
    std::alloc::handle_alloc_error(
        std::alloc::Layout::from_size_align(bytes, BUCKET_BYTES).unwrap_or(std::alloc::Layout::new::<Bucket>()),
    )
}

/// How many buckets a (cleared) table of `total` buckets starts with.
fn initial_active(total: usize, bytes: usize) -> usize {
    (bytes / BUCKET_BYTES).clamp(1, total)
}

/// The bucket of `key` among `buckets`. Keys need not be spread over 64 bits
/// (Connect Four's exact keys use 49): a multiplication by an odd constant
/// scatters them first, then multiply-shift maps them onto any number of
/// buckets evenly, and onto a doubled number consistently (bucket `i` goes
/// to `2i` or `2i + 1`).
#[inline]
fn bucket_index(key: u64, buckets: usize) -> usize {
    let mixed = key.wrapping_mul(KEY_SCATTER);
    ((u128::from(mixed) * buckets as u128) >> 64) as usize
}

const DRAFT_SHIFT: u32 = 32;
const MOVE_SHIFT: u32 = 40;
const MOVE_MASK: u64 = (1 << MOVE_BITS) - 1;
const BOUND_SHIFT: u32 = 50;
const WORK_SHIFT: u32 = 52;
const WORK_MAX: u64 = 63;
const EPOCH_SHIFT: u32 = 58;
const EPOCH_MASK: u8 = 63;

#[inline]
fn epoch_of(data: u64) -> u8 {
    (data >> EPOCH_SHIFT) as u8
}

/// Which slot to evict first: the shallowest, then the cheapest.
#[inline]
fn replacement_priority(data: u64) -> u32 {
    let draft = (data >> DRAFT_SHIFT) as u8;
    let work = (data >> WORK_SHIFT) & WORK_MAX;
    (u32::from(draft) << 8) | work as u32
}

#[inline]
fn pack(entry: TableEntry, nodes: u64, epoch: u8) -> u64 {
    let bound = match entry.bound {
        Bound::Upper => 1u64,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    let work = u64::from(64 - nodes.leading_zeros()).min(WORK_MAX);
    let move_field = entry.move_code.filter(|&code| code <= MAX_MOVE_CODE).map_or(0, |code| u64::from(code) + 1);
    u64::from(entry.value.get() as u32)
        | u64::from(entry.draft) << DRAFT_SHIFT
        | move_field << MOVE_SHIFT
        | bound << BOUND_SHIFT
        | work << WORK_SHIFT
        | u64::from(epoch) << EPOCH_SHIFT
}

#[inline]
fn unpack(data: u64) -> TableEntry {
    let bound = match (data >> BOUND_SHIFT) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let move_field = ((data >> MOVE_SHIFT) & MOVE_MASK) as u16;
    TableEntry {
        value: Score::from_raw(data as u32 as i32),
        draft: (data >> DRAFT_SHIFT) as u8,
        move_code: move_field.checked_sub(1),
        bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: i32, draft: u8, bound: Bound) -> TableEntry {
        TableEntry { value: Score::from_raw(value), draft, move_code: Some(3), bound }
    }

    #[test]
    fn stores_and_finds_with_every_field_intact() {
        let table = TranspositionTable::with_mib(1);
        for (key, value, bound) in [(7u64, -5, Bound::Upper), (99, Score::win_in(4).get(), Bound::Lower)] {
            table.store(key, entry(value, 12, bound), 1000);
            assert_eq!(table.probe(key), Some(entry(value, 12, bound)));
        }
        assert_eq!(table.probe(8), None);
    }

    #[test]
    fn a_budget_the_allocator_refuses_is_an_error() {
        // More address space than any machine has: refused, not aborted.
        let error = TranspositionTable::try_with_mib(usize::MAX / 2).unwrap_err();
        assert!(error.to_string().contains("does not fit in memory"), "{error}");
        let table = TranspositionTable::try_with_mib(1).unwrap();
        assert_eq!(table.size_bytes(), MIB);
    }

    #[test]
    fn never_exceeds_its_budget() {
        for mib in [1, 3, 80, 128] {
            let table = TranspositionTable::with_mib(mib);
            assert!(table.size_bytes() <= mib * MIB);
            assert!(table.size_bytes() > mib * MIB - BUCKET_BYTES);
        }
        assert_eq!(TranspositionTable::with_mib(0).capacity(), SLOTS_PER_BUCKET);
    }

    #[test]
    fn clear_forgets_everything_even_across_epoch_wrap() {
        let mut table = TranspositionTable::with_mib(1);
        for round in 0..200u64 {
            table.store(round, entry(1, 1, Bound::Exact), 1);
            assert!(table.probe(round).is_some());
            table.clear();
            assert_eq!(table.probe(round), None, "round {round}");
        }
    }

    #[test]
    fn deep_expensive_entries_survive_a_flood_of_shallow_ones() {
        let table = TranspositionTable::with_mib(0); // one bucket: every key collides
        table.store(1, entry(10, PROVEN_DRAFT, Bound::Exact), 1 << 20);
        for key in 2..100 {
            table.store(key, entry(0, 1, Bound::Lower), 1);
            assert_eq!(table.probe(key).map(|e| e.value.get()), Some(0), "the newest store is always kept");
        }
        assert_eq!(table.probe(1).map(|e| e.value.get()), Some(10));
    }

    #[test]
    fn small_keys_spread_over_the_whole_table() {
        // Regression: Connect Four keys (below 2^49) once all fell into the
        // first few buckets of a multiply-shift index.
        let table = TranspositionTable::with_mib(1);
        let used: std::collections::HashSet<usize> =
            (0..10_000u64).map(|key| table.bucket(key * 129) as *const Bucket as usize).collect();
        let buckets = table.buckets().len();
        assert!(used.len() > buckets / 2, "{} of {buckets} buckets used", used.len());
    }

    #[test]
    fn a_table_starts_from_its_initial_part_after_every_clear() {
        let mut table = TranspositionTable::growing_from(1024, 256);
        let initial = 256 * 1024 / BUCKET_BYTES;
        assert_eq!(table.active.load(Ordering::Relaxed), initial);
        table.use_whole_budget();
        assert_eq!(table.active.load(Ordering::Relaxed), 1024 * 1024 / BUCKET_BYTES);
        table.clear();
        assert_eq!(table.active.load(Ordering::Relaxed), initial);
        // An initial part larger than the budget is the whole budget.
        let small = TranspositionTable::growing_from(64, 256);
        assert!(small.uses_whole_budget());
    }

    #[test]
    fn a_table_allocates_its_budget_only_when_it_grows() {
        // Issue 22, item 4: a small search allocates 1 MiB, not the budget.
        let mut table = TranspositionTable::with_mib(8);
        assert_eq!(table.first.len(), MIB / BUCKET_BYTES);
        assert!(table.whole.get().is_none());
        table.store(5, entry(1, 3, Bound::Exact), 10);
        table.use_whole_budget();
        assert_eq!(table.whole.get().map(|whole| whole.len()), Some(8 * MIB / BUCKET_BYTES));
        assert_eq!(table.probe(5), Some(entry(1, 3, Bound::Exact)), "moved into the whole budget");
        table.clear();
        assert!(table.first.is_empty(), "the initial part is freed once the budget is in use");
        assert_eq!(table.probe(5), None);
        table.store(6, entry(2, 3, Bound::Lower), 10);
        assert_eq!(table.probe(6), Some(entry(2, 3, Bound::Lower)));
    }

    #[test]
    fn growing_keeps_what_was_stored() {
        let mut table = TranspositionTable::with_mib(8);
        let start = table.active.load(Ordering::Relaxed);
        let keys: Vec<u64> = (1..30_000u64).map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D)).collect();
        for &key in &keys {
            table.store(key, entry((key % 1000) as i32, 7, Bound::Exact), key % 5000);
        }
        assert_eq!(table.active.load(Ordering::Relaxed), start, "no pressure yet");
        let before: Vec<u64> = keys.iter().copied().filter(|&key| table.probe(key).is_some()).collect();
        assert!(before.len() > keys.len() * 9 / 10);
        table.grow(start, 2 * start);
        assert_eq!(table.active.load(Ordering::Relaxed), 2 * start);
        for &key in &before {
            assert_eq!(table.probe(key).map(|e| e.value.get()), Some((key % 1000) as i32), "key {key} moved");
        }
        // Pressure: four times the slots of new keys doubles the active part.
        let pressure = 4 * 2 * start * SLOTS_PER_BUCKET + 1;
        for key in 0..pressure as u64 {
            table.store(key.wrapping_mul(0x9E37_79B9) | 1 << 63, entry(1, 1, Bound::Lower), 1);
        }
        assert_eq!(table.active.load(Ordering::Relaxed), 4 * start);
        table.clear();
        assert_eq!(table.active.load(Ordering::Relaxed), start);
        assert!(before.iter().all(|&key| table.probe(key).is_none()));
    }

    #[test]
    fn no_entry_survives_the_epoch_wrapping_round() {
        // A table that grew once, then many clears of searches that never
        // grew it: when the epoch counter wraps (every 63 clears) and comes
        // round to the epoch of the old entries, they must be gone, the
        // grown part included although only the initial part was in use since.
        let mut table = TranspositionTable::growing_from(1024, 256);
        table.use_whole_budget();
        let keys: Vec<u64> = (1..20_000u64).map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D)).collect();
        for &key in &keys {
            table.store(key, entry(9, 5, Bound::Exact), 1);
        }
        let stored_in = table.epoch;
        for round in 1..=2 * usize::from(EPOCH_MASK) {
            table.clear();
            assert!(!table.uses_whole_budget());
            if table.epoch == stored_in {
                table.use_whole_budget();
                assert!(keys.iter().all(|&key| table.probe(key).is_none()), "stale entries after {round} clears");
            }
            table.store(round as u64, entry(1, 1, Bound::Lower), 1);
        }
    }

    #[test]
    fn a_torn_slot_reads_as_a_miss() {
        let table = TranspositionTable::with_mib(0);
        table.store(42, entry(5, 3, Bound::Exact), 1);
        let slot = table.buckets()[0].slots.iter().find(|s| s.data.load(Ordering::Relaxed) != 0).unwrap();
        // Another thread's half-finished write: new data, old check.
        slot.data.store(slot.data.load(Ordering::Relaxed) ^ 0xFF, Ordering::Relaxed);
        assert_eq!(table.probe(42), None);
    }

    /// The entry writer `writer` stores for `key`: every field derived from
    /// both, so a probe can tell whether what it read was really stored.
    fn written(key: u64, writer: u8) -> TableEntry {
        let bounds = [Bound::Upper, Bound::Lower, Bound::Exact];
        TableEntry {
            value: Score::from_raw((key.wrapping_mul(31).wrapping_add(u64::from(writer)) % 2001) as i32 - 1000),
            draft: writer,
            move_code: Some((key % 700) as u16 + u16::from(writer)),
            bound: bounds[(key as usize + usize::from(writer)) % 3],
        }
    }

    #[test]
    fn threads_hammering_overlapping_keys_read_only_what_was_stored() {
        const WRITERS: u8 = 4;
        const ROUNDS: u64 = 200_000;
        // One bucket (every key collides, slots are torn often) and a table
        // of 1 MiB (its whole budget from the start: never grows).
        for mib in [0, 1] {
            let table = TranspositionTable::with_mib(mib);
            assert!(table.uses_whole_budget());
            let (hits, misses) = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..WRITERS)
                    .map(|writer| {
                        let table = &table;
                        scope.spawn(move || {
                            let (mut hits, mut misses) = (0u64, 0u64);
                            let mut state = 0x2545_F491_4F6C_DD1D_u64 ^ u64::from(writer);
                            for _ in 0..ROUNDS {
                                state ^= state << 13;
                                state ^= state >> 7;
                                state ^= state << 17;
                                let key = 1 + state % 64; // 64 keys shared by all writers
                                if state & (1 << 40) == 0 {
                                    table.store(key, written(key, writer), state >> 50);
                                } else if let Some(entry) = table.probe(key) {
                                    assert!(entry.draft < WRITERS, "key {key}: draft {} never written", entry.draft);
                                    assert_eq!(entry, written(key, entry.draft), "key {key}: a value never stored");
                                    hits += 1;
                                } else {
                                    misses += 1;
                                }
                            }
                            (hits, misses)
                        })
                    })
                    .collect();
                workers.into_iter().map(|w| w.join().unwrap()).fold((0, 0), |(h, m), (a, b)| (h + a, m + b))
            });
            assert!(hits > 0 && hits + misses > 0, "{hits} hits, {misses} misses");
        }
    }

    #[test]
    fn using_the_whole_budget_keeps_what_was_stored_and_stops_growth() {
        let table = TranspositionTable::with_mib(8);
        assert!(!table.uses_whole_budget());
        let keys: Vec<u64> = (1..20_000u64).map(|k| k.wrapping_mul(0x2545_F491_4F6C_DD1D)).collect();
        for &key in &keys {
            table.store(key, entry((key % 1000) as i32, 7, Bound::Exact), 1);
        }
        let before: Vec<u64> = keys.iter().copied().filter(|&key| table.probe(key).is_some()).collect();
        table.use_whole_budget();
        assert!(table.uses_whole_budget());
        for &key in &before {
            assert_eq!(table.probe(key).map(|e| e.value.get()), Some((key % 1000) as i32), "key {key} moved");
        }
        assert_eq!(table.new_keys.load(Ordering::Relaxed), 0);
        table.store(3, entry(1, 1, Bound::Lower), 1);
        assert_eq!(table.new_keys.load(Ordering::Relaxed), 0, "a table in full use counts no new keys");
    }

    #[test]
    fn same_key_keeps_its_move_when_the_new_result_has_none() {
        let table = TranspositionTable::with_mib(1);
        table.store(5, entry(1, 2, Bound::Lower), 1);
        table.store(5, TableEntry { move_code: None, ..entry(2, 3, Bound::Upper) }, 1);
        assert_eq!(table.probe(5).and_then(|e| e.move_code), Some(3));
        assert_eq!(table.probe(5).map(|e| e.value.get()), Some(2));
    }
}

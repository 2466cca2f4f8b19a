//! The moves of a game written in Python, as the small `Copy` ids the search carries.
//!
//! The search needs `Copy` moves, so each Python move gets an id of one of
//! two kinds:
//!
//! - **Interned**: a move that compares by value (an int, a string, a tuple,
//!   an object of a class with `__eq__` and `__hash__`) gets, the first time
//!   it is seen, the next small integer; an equal move seen again in
//!   another position gets the same integer, so the killers' and the
//!   history's moves mean something across positions.
//! - **Scoped**: a move that compares by identity (`object()`, an instance
//!   of a class without `__eq__`), an unhashable one, and any new move once
//!   [`MAX_INTERNED`] moves are interned, is named by where it stands: the
//!   ply of the list it came from and its index there. Only the last list
//!   made at each ply is kept (the node that made an earlier one has
//!   returned, and the search plays moves only from the lists of the nodes
//!   on its path), so a game that makes new move objects at every node
//!   costs memory for its current line, not for every node searched. (A
//!   table that kept every move object grew by a gigabyte in 4.2 million
//!   nodes.) A scoped id outliving its list, in the principal variation, is
//!   found again by replaying the line from the root
//!   ([`crate::python_game::PythonGame`] does).
//!
//! Interning runs for every move of every node, so it has a fast path: most
//! games hand out the same move objects again and again (ints below 257 are
//! shared by the interpreter, a board's columns come from one list), and the
//! address of a move already interned finds its id without hashing the move
//! in Python. Each entry also keeps the argument tuple `(move,)` that `play`
//! and `undo` are called with, made once instead of at every call.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most moves interned in one search; later new moves get scoped ids.
/// Far more than the distinct moves of any board game (chess has some 20,000
/// from-to-promotion triples), and a bound on the memory the table keeps
/// (a few megabytes) whatever the game's moves are.
pub const MAX_INTERNED: usize = 1 << 16;

/// The bit that marks a scoped id.
const SCOPED: u64 = 1 << 63;
/// A scoped id's ply is in the bits above this; its index in the bits below.
const PLY_SHIFT: u32 = 32;

/// One interned move.
struct Entry {
    /// The move as the game gave it first.
    object: Py<PyAny>,
    /// `(object,)`: the arguments of `play` and `undo`.
    args: Py<PyTuple>,
}

/// The moves of one search.
pub struct MoveTable {
    /// Interned id -> move.
    entries: Vec<Entry>,
    /// Python move -> interned id, by Python's equality.
    ids: Py<PyDict>,
    /// Address of an entry's own object -> id. Sound because the entry holds
    /// the object: while the table lives, no other object can have its address.
    by_address: HashMap<usize, u64, BuildHasherDefault<AddressHasher>>,
    /// Ply -> the scoped moves of the last list made at that ply, by index
    /// (None where the list had an interned move).
    scoped: Vec<Vec<Option<Py<PyAny>>>>,
    /// `object.__hash__`: a type with it compares by identity.
    identity_hash: Option<Py<PyAny>>,
}

/// Where a scoped id's move stands: `(ply, index)`; None for an interned id.
pub fn scoped_place(id: u64) -> Option<(usize, usize)> {
    (id & SCOPED != 0).then(|| (((id & !SCOPED) >> PLY_SHIFT) as usize, (id & u64::from(u32::MAX)) as usize))
}

impl MoveTable {
    /// An empty table.
    pub fn new(py: Python<'_>) -> Self {
        let identity_hash = py.get_type::<PyAny>().getattr("__hash__").ok().map(Bound::unbind);
        MoveTable {
            entries: Vec::new(),
            ids: PyDict::new(py).unbind(),
            by_address: HashMap::default(),
            scoped: Vec::new(),
            identity_hash,
        }
    }

    /// Starts the list of moves made at `ply`: the scoped moves of the last
    /// list made there are forgotten.
    pub fn begin_list(&mut self, ply: usize) {
        if let Some(list) = self.scoped.get_mut(ply) {
            list.clear();
        }
    }

    /// The id of `mv`, the `index`-th move of the list made at `ply`.
    /// Raises what hashing or comparing the move raises.
    pub fn id_of(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>, ply: usize, index: usize) -> PyResult<u64> {
        let address = mv.as_ptr() as usize;
        if let Some(&id) = self.by_address.get(&address) {
            return Ok(id);
        }
        let ids = self.ids.bind(py);
        let found = match ids.get_item(mv) {
            Ok(found) => found,
            Err(_) if self.compares_by_identity(mv)? => return self.scoped_id(mv, ply, index),
            Err(error) => return Err(error),
        };
        if let Some(id) = found {
            // An equal move, but another object: not kept, so its address is not remembered.
            return id.extract();
        }
        if self.entries.len() >= MAX_INTERNED || self.compares_by_identity(mv)? {
            return self.scoped_id(mv, ply, index);
        }
        let id = self.entries.len() as u64;
        ids.set_item(mv, id)?;
        self.by_address.insert(address, id);
        self.entries.push(Entry { object: mv.clone().unbind(), args: PyTuple::new(py, [mv])?.unbind() });
        Ok(id)
    }

    /// Whether `mv` compares by identity (its type's `__hash__` is
    /// `object.__hash__`) or cannot be hashed at all (`__hash__` None):
    /// such a move is never interned.
    fn compares_by_identity(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let hash = mv.get_type().getattr("__hash__")?;
        Ok(hash.is_none() || self.identity_hash.as_ref().is_some_and(|identity| hash.is(identity.bind(mv.py()))))
    }

    fn scoped_id(&mut self, mv: &Bound<'_, PyAny>, ply: usize, index: usize) -> PyResult<u64> {
        let too_many = || PyTypeError::new_err(format!("moves() returned more than {} moves", u32::MAX));
        let index32 = u32::try_from(index).map_err(|_| too_many())?;
        if self.scoped.len() <= ply {
            self.scoped.resize_with(ply + 1, Vec::new);
        }
        let list = &mut self.scoped[ply];
        list.resize_with(index, || None);
        list.push(Some(mv.clone().unbind()));
        Ok(SCOPED | (ply as u64) << PLY_SHIFT | u64::from(index32))
    }

    /// The Python move of `id` (None for an id this table does not know).
    pub fn object(&self, py: Python<'_>, id: u64) -> Option<Py<PyAny>> {
        match scoped_place(id) {
            Some((ply, index)) => self.scoped.get(ply)?.get(index)?.as_ref().map(|mv| mv.clone_ref(py)),
            None => self.entries.get(id as usize).map(|entry| entry.object.clone_ref(py)),
        }
    }

    /// Calls `method(move)` with the move `id`.
    pub fn call_with(&self, py: Python<'_>, method: &Bound<'_, PyAny>, id: u64) -> PyResult<()> {
        let unknown = || pyo3::exceptions::PySystemError::new_err(format!("no move with id {id} (a bug in abprune)"));
        match scoped_place(id) {
            Some(_) => {
                method.call1((self.object(py, id).ok_or_else(unknown)?,))?;
            }
            None => {
                method.call1(self.entries.get(id as usize).ok_or_else(unknown)?.args.bind(py))?;
            }
        }
        Ok(())
    }

    /// A table of its own with the same ids.
    pub fn copy(&self, py: Python<'_>) -> PyResult<Self> {
        Ok(MoveTable {
            entries: self
                .entries
                .iter()
                .map(|entry| Entry { object: entry.object.clone_ref(py), args: entry.args.clone_ref(py) })
                .collect(),
            ids: self.ids.bind(py).copy()?.unbind(),
            by_address: self.by_address.clone(),
            scoped: self
                .scoped
                .iter()
                .map(|list| list.iter().map(|mv| mv.as_ref().map(|mv| mv.clone_ref(py))).collect())
                .collect(),
            identity_hash: self.identity_hash.as_ref().map(|hash| hash.clone_ref(py)),
        })
    }
}

/// A hasher for object addresses: one multiplication, where the standard
/// SipHash would take longer than the dictionary lookup it saves.
#[derive(Default)]
struct AddressHasher(u64);

/// Knuth's multiplicative constant: 2^64 divided by the golden ratio.
const GOLDEN_RATIO_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_usize(&mut self, address: usize) {
        self.write_u64(address as u64);
    }

    fn write_u64(&mut self, value: u64) {
        // The product's high half mixes every bit of the address (whose low bits are zero by
        // alignment); folding it down gives the table's bucket index (the low bits) all of them.
        let product = (self.0 ^ value).wrapping_mul(GOLDEN_RATIO_MULTIPLIER);
        self.0 = product ^ (product >> 32);
    }
}

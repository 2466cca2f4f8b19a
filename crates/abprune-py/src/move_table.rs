//! The moves of a game written in Python, as the small `Copy` ids the search carries.
//!
//! The search needs `Copy` moves, so each Python move is interned: the first
//! time a move (any hashable value) is seen it gets the next small integer,
//! which the search carries; an equal move seen again in another position
//! gets the same integer, so the table's and the killers' moves mean
//! something across positions.
//!
//! Interning runs for every move of every node, so it has a fast path: most
//! games hand out the same move objects again and again (ints below 257 are
//! shared by the interpreter, a board's columns come from one list), and the
//! address of a move already interned finds its id without hashing the move
//! in Python. Each entry also keeps the argument tuple `(move,)` that `play`
//! and `undo` are called with, made once instead of at every call.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// One interned move.
struct Entry {
    /// The move as the game gave it first.
    object: Py<PyAny>,
    /// `(object,)`: the arguments of `play` and `undo`.
    args: Py<PyTuple>,
}

/// The interned moves of one search.
pub struct MoveTable {
    /// id -> move.
    entries: Vec<Entry>,
    /// Python move -> id, by Python's equality.
    ids: Py<PyDict>,
    /// Address of an entry's own object -> id. Sound because the entry holds
    /// the object: while the table lives, no other object can have its address.
    by_address: HashMap<usize, u32, BuildHasherDefault<AddressHasher>>,
}

impl MoveTable {
    /// An empty table.
    pub fn new(py: Python<'_>) -> Self {
        MoveTable { entries: Vec::new(), ids: PyDict::new(py).unbind(), by_address: HashMap::default() }
    }

    /// The id of `mv`, interned now if it is new. Raises what hashing the move raises
    /// (`TypeError` for an unhashable move).
    pub fn id_of(&mut self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<u32> {
        let address = mv.as_ptr() as usize;
        if let Some(&id) = self.by_address.get(&address) {
            return Ok(id);
        }
        let ids = self.ids.bind(py);
        if let Some(id) = ids.get_item(mv)? {
            // An equal move, but another object: not kept, so its address is not remembered.
            return id.extract();
        }
        let id = u32::try_from(self.entries.len()).map_err(|_| PyValueError::new_err("too many distinct moves"))?;
        ids.set_item(mv, id)?;
        self.by_address.insert(address, id);
        self.entries.push(Entry { object: mv.clone().unbind(), args: PyTuple::new(py, [mv])?.unbind() });
        Ok(id)
    }

    /// The arguments `(move,)` of the move `id` (None for an id this table never gave).
    pub fn args<'a, 'py>(&'a self, py: Python<'py>, id: u32) -> Option<&'a Bound<'py, PyTuple>> {
        self.entries.get(id as usize).map(|entry| entry.args.bind(py))
    }

    /// The Python move of `id` (None for an id this table never gave).
    pub fn object(&self, py: Python<'_>, id: u32) -> Py<PyAny> {
        self.entries.get(id as usize).map_or_else(|| py.None(), |entry| entry.object.clone_ref(py))
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

//! Table keys of Python games: the value a game's `key()` returns, hashed
//! by what it is rather than by Python's `hash()`.
//!
//! The engine's table keeps 64 bits of a position's key and never compares
//! positions, so two positions whose keys hash alike share entries: one is
//! answered from the other's values, marked exact. Python's `hash()` is
//! built for dicts, which compare keys on a hit, and collides freely:
//! `hash(-1) == hash(-2)`, ints equal modulo 2^61 - 1 hash alike, and so do
//! tuples and frozensets that differ only in such ints. A key is therefore
//! hashed here from its structure: ints by their value (any size), `str`
//! and `bytes` by their content, floats by their bits, tuples and lists
//! element by element, frozensets as an unordered collection of their
//! elements. Anything else falls back to its Python `hash()` (and is then
//! only as good as that).
//!
//! `None` from `key()` means "this position has no key": the engine
//! searches it without the table, as it does every position of a game
//! without `key()`.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyFrozenSet, PyInt, PyList, PyString, PyTuple};
use std::hash::{DefaultHasher, Hash, Hasher};

/// Containers nested deeper than this are hashed by Python's `hash()` below
/// that depth, so a pathological key cannot exhaust the stack.
const MAX_NESTING: u32 = 32;

/// What kind of value a hashed part was, so that `(1,)`, `"1"`, `b"1"`,
/// `1` and `1.0` never feed the hasher the same words.
#[derive(Hash)]
enum Tag {
    Int,
    BigInt,
    Str,
    Bytes,
    Float,
    Sequence,
    Set,
    NoneValue,
    Other,
}

/// The 64-bit table key of the value `key()` returned, or `None` when it
/// returned `None`. Raises what Python raises (`hash()` of an unhashable
/// object of a type not handled here).
pub fn table_key(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if value.is_none() {
        return Ok(None);
    }
    // SipHash with fixed keys: the same key in every run and process.
    let mut hasher = DefaultHasher::new();
    feed(value, &mut hasher, 0)?;
    Ok(Some(hasher.finish()))
}

/// Feeds `value`'s tag and contents to `hasher`.
fn feed(value: &Bound<'_, PyAny>, hasher: &mut DefaultHasher, depth: u32) -> PyResult<()> {
    if let Ok(int) = value.cast::<PyInt>() {
        return feed_int(int, hasher);
    }
    if depth < MAX_NESTING {
        if let Ok(tuple) = value.cast::<PyTuple>() {
            Tag::Sequence.hash(hasher);
            tuple.len().hash(hasher);
            for item in tuple.iter() {
                feed(&item, hasher, depth + 1)?;
            }
            return Ok(());
        }
        if let Ok(list) = value.cast::<PyList>() {
            Tag::Sequence.hash(hasher);
            list.len().hash(hasher);
            for item in list.iter() {
                feed(&item, hasher, depth + 1)?;
            }
            return Ok(());
        }
        if let Ok(set) = value.cast::<PyFrozenSet>() {
            // Unordered: the sum of the elements' own hashes.
            let mut sum = 0u64;
            for item in set.iter() {
                let mut inner = DefaultHasher::new();
                feed(&item, &mut inner, depth + 1)?;
                sum = sum.wrapping_add(inner.finish());
            }
            Tag::Set.hash(hasher);
            set.len().hash(hasher);
            sum.hash(hasher);
            return Ok(());
        }
    }
    if let Ok(text) = value.cast::<PyString>() {
        Tag::Str.hash(hasher);
        text.to_cow()?.hash(hasher);
    } else if let Ok(bytes) = value.cast::<PyBytes>() {
        Tag::Bytes.hash(hasher);
        bytes.as_bytes().hash(hasher);
    } else if let Ok(float) = value.cast::<PyFloat>() {
        Tag::Float.hash(hasher);
        float.value().to_bits().hash(hasher);
    } else if value.is_none() {
        Tag::NoneValue.hash(hasher);
    } else {
        Tag::Other.hash(hasher);
        value.hash()?.hash(hasher);
    }
    Ok(())
}

/// An int by its value: a machine word when it fits, else its two's
/// complement bytes (as many as it needs).
fn feed_int(int: &Bound<'_, PyInt>, hasher: &mut DefaultHasher) -> PyResult<()> {
    if let Ok(small) = int.extract::<i64>() {
        Tag::Int.hash(hasher);
        small.hash(hasher);
        return Ok(());
    }
    let bits: usize = int.call_method0("bit_length")?.extract()?;
    let kwargs = PyDict::new(int.py());
    kwargs.set_item("signed", true)?;
    let bytes = int.call_method("to_bytes", (bits / 8 + 1, "little"), Some(&kwargs))?;
    Tag::BigInt.hash(hasher);
    bytes.cast::<PyBytes>()?.as_bytes().hash(hasher);
    Ok(())
}

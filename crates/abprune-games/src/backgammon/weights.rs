//! The weights file of the evaluation nets: little-endian binary.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "ABPBGNET"
//!      8     4  format version (1)
//!     12     4  inputs (features::INPUTS)      16  4  hidden units
//!     20     4  outputs (net::OUTPUTS)         24  8  self-play games trained
//!     32     8  training seed
//!     40     …  the contact net, then the race net, each: first layer
//!               (inputs × hidden, input-major), hidden biases, second
//!               layer (outputs × hidden), output biases, as f32
//!    end-4   4  CRC-32 of every byte before it
//! ```
//!
//! Loading refuses a file whose magic, version, sizes, length or
//! checksum is wrong, or with a weight that is not a finite number, with
//! an error saying which.

use super::features::INPUTS;
use super::net::{Net, Nets, OUTPUTS};

/// The first bytes of a weights file.
const MAGIC: &[u8; 8] = b"ABPBGNET";
/// The format's version.
const VERSION: u32 = 1;
/// The bytes before the weights.
const HEADER: usize = 40;
/// The most hidden units a file may declare (a bad header must not ask
/// for gigabytes).
pub const MAX_HIDDEN: usize = 1024;

/// The file's bytes of `nets`.
pub fn to_bytes(nets: &Nets) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(HEADER + 8 * nets.contact.first.len() + 4);
    bytes.extend_from_slice(MAGIC);
    for n in [VERSION, INPUTS as u32, nets.contact.hidden as u32, OUTPUTS as u32] {
        bytes.extend_from_slice(&n.to_le_bytes());
    }
    bytes.extend_from_slice(&nets.games.to_le_bytes());
    bytes.extend_from_slice(&nets.seed.to_le_bytes());
    for net in [&nets.contact, &nets.race] {
        let all = net.first.iter().chain(&net.hidden_bias).chain(&net.second).chain(&net.output_bias);
        for w in all {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    bytes
}

/// Reads little-endian words from the weights.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut word = [0; N];
        word.copy_from_slice(&self.bytes[self.at..self.at + N]);
        self.at += N;
        word
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, String> {
        let start = self.at;
        let values: Vec<f32> = (0..n).map(|_| f32::from_le_bytes(self.take())).collect();
        match values.iter().position(|w| !w.is_finite()) {
            Some(i) => Err(format!("the weight at byte {} is not a finite number", start + 4 * i)),
            None => Ok(values),
        }
    }

    fn net(&mut self, hidden: usize) -> Result<Net, String> {
        let first = self.floats(INPUTS * hidden)?;
        let hidden_bias = self.floats(hidden)?;
        let second = self.floats(OUTPUTS * hidden)?;
        let bias = self.floats(OUTPUTS)?;
        let output_bias = std::array::from_fn(|k| bias[k]);
        Ok(Net { hidden, first, hidden_bias, second, output_bias })
    }
}

/// The nets of a weights file's bytes.
///
/// # Errors
/// What is wrong with the file: not a weights file, another version, sizes
/// this build's inputs do not have, truncated or too long, a bad checksum,
/// a weight that is not finite.
pub fn from_bytes(bytes: &[u8]) -> Result<Nets, String> {
    if bytes.len() < HEADER + 4 || &bytes[..8] != MAGIC {
        return Err("not an abprune backgammon weights file (no ABPBGNET header)".to_string());
    }
    let mut reader = Reader { bytes, at: 8 };
    let version = reader.u32();
    if version != VERSION {
        return Err(format!("weights format version {version}, this build reads version {VERSION}"));
    }
    let (inputs, hidden, outputs) = (reader.u32() as usize, reader.u32() as usize, reader.u32() as usize);
    if inputs != INPUTS || outputs != OUTPUTS {
        return Err(format!("nets of {inputs} inputs and {outputs} outputs, this build has {INPUTS} and {OUTPUTS}"));
    }
    if !(1..=MAX_HIDDEN).contains(&hidden) {
        return Err(format!("{hidden} hidden units (give 1 to {MAX_HIDDEN})"));
    }
    let expected = HEADER + 2 * 4 * ((INPUTS + 1 + OUTPUTS) * hidden + OUTPUTS) + 4;
    if bytes.len() != expected {
        return Err(format!("{} bytes, nets of {hidden} hidden units take {expected}", bytes.len()));
    }
    let (body, crc) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes([crc[0], crc[1], crc[2], crc[3]]);
    let actual = crc32fast::hash(body);
    if stored != actual {
        return Err(format!("checksum {stored:08x} stored, the contents give {actual:08x}: the file is damaged"));
    }
    let games = reader.u64();
    let seed = reader.u64();
    let contact = reader.net(hidden)?;
    let race = reader.net(hidden)?;
    Ok(Nets { contact, race, games, seed })
}

/// Reads a weights file.
///
/// # Errors
/// The file cannot be read, or [`from_bytes`] refuses it; the message names the file.
pub fn load(path: &std::path::Path) -> Result<Nets, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    from_bytes(&bytes).map_err(|error| format!("{}: {error}", path.display()))
}

/// Writes a weights file atomically: a temporary file beside it, renamed
/// over it, so a reader (or a run killed mid-write) never sees half a file.
///
/// # Errors
/// The file cannot be written; the message names it.
pub fn save(nets: &Nets, path: &std::path::Path) -> Result<(), String> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, to_bytes(nets))
        .map_err(|error| format!("cannot write {}: {error}", temporary.display()))?;
    std::fs::rename(&temporary, path).map_err(|error| format!("cannot rename to {}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nets_read_back_exactly() {
        let mut nets = Nets::random(7, 11);
        nets.games = 12_345;
        assert_eq!(from_bytes(&to_bytes(&nets)), Ok(nets));
    }

    #[test]
    fn a_damaged_truncated_or_foreign_file_is_refused_with_its_defect() {
        let bytes = to_bytes(&Nets::random(4, 1));
        let mut flipped = bytes.clone();
        flipped[HEADER + 5] ^= 1;
        assert!(from_bytes(&flipped).is_err_and(|e| e.contains("checksum")));
        assert!(from_bytes(&bytes[..bytes.len() - 1]).is_err_and(|e| e.contains("bytes")));
        assert!(from_bytes(b"hello").is_err_and(|e| e.contains("ABPBGNET")));
        let mut hidden = bytes.clone();
        hidden[16..20].copy_from_slice(&5000u32.to_le_bytes());
        assert!(from_bytes(&hidden).is_err_and(|e| e.contains("hidden units")));
    }
}

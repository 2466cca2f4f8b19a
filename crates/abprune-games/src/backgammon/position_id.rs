//! gnubg's position ID: the board in 14 characters.
//!
//! The key (gnubg manual, "A technical description of the Position ID"):
//! for each of one player's points from its ace point to its 24 point and
//! then its bar, as many 1 bits as it has checkers there and a 0; then the
//! same for the other player from its own ace point; padded with 0 bits to
//! 80. Which player comes first: the manual says the player on roll, but
//! gnubg itself (1.07, its `positionid` of the board `(opponent, on roll)`
//! and the ID it shows) writes the player **not** on roll first: after the
//! opening 31 played 8/5 6/5, gnubg shows `sGfwATDgc/ABMA`, the mover's
//! checkers in the first half. We follow gnubg, whose IDs these must be. The bits fill ten bytes from the lowest bit of the first
//! byte up; the ID is those bytes in base64 without the padding (`==`).
//! The starting position is `4HPwATDgc/ABMA`.

use super::board::{Board, CHECKERS, SLOTS};

/// The bytes of a key.
const KEY_BYTES: usize = 10;
/// The characters of an ID.
pub const ID_CHARS: usize = 14;
/// The base64 alphabet.
const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The ID of `board` with `on_roll` (0 or 1) the player on roll (written second).
pub fn encode(board: &Board, on_roll: usize) -> String {
    let mut key = [0u8; KEY_BYTES];
    let mut bit = 0;
    for side in [1 - on_roll, on_roll] {
        for &count in &board.counts[side] {
            for _ in 0..count {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    let mut id = String::with_capacity(ID_CHARS);
    let mut bits: u32 = 0;
    let mut held = 0;
    for byte in key {
        bits = (bits << 8) | u32::from(byte);
        held += 8;
        while held >= 6 {
            held -= 6;
            id.push(char::from(BASE64[((bits >> held) & 63) as usize]));
        }
    }
    id.push(char::from(BASE64[((bits << (6 - held)) & 63) as usize]));
    id
}

/// The board of an ID, side 0 being the player on roll (the second half).
///
/// # Errors
/// A message naming what is wrong: not 14 base64 characters, more than
/// fifteen checkers a side, both sides on one point, bits past the two
/// sides' counts or in the padding after the 80-bit key, neither side
/// with a checker left (no game reaches that: it ends when the first
/// side bears off its last).
pub fn decode(id: &str) -> Result<Board, String> {
    let count = id.chars().count();
    if count != ID_CHARS {
        return Err(format!("position ID {id:?} has {count} characters, not {ID_CHARS}"));
    }
    let mut key = [0u8; KEY_BYTES + 1];
    let mut bits: u32 = 0;
    let mut held = 0;
    let mut byte = 0;
    for (place, c) in id.chars().enumerate() {
        let Some(value) = BASE64.iter().position(|&b| char::from(b) == c) else {
            return Err(format!("position ID {id:?}: character {} is not base64", place + 1));
        };
        bits = (bits << 6) | value as u32;
        held += 6;
        if held >= 8 {
            held -= 8;
            key[byte] = (bits >> held) as u8;
            byte += 1;
        }
    }
    // 14 characters hold 84 bits: the 4 after the key are padding, zero
    // in every ID gnubg writes.
    if bits & ((1 << held) - 1) != 0 {
        return Err(format!("position ID {id:?}: the {held} padding bits after the 80-bit key are not zero"));
    }
    let mut board = Board { counts: [[0; SLOTS]; 2] };
    let mut bit = 0;
    let read = |bit: usize| key[bit / 8] >> (bit % 8) & 1 == 1;
    for side in [1, 0] {
        for slot in 0..SLOTS {
            while bit < 8 * KEY_BYTES && read(bit) {
                board.counts[side][slot] += 1;
                if board.counts[side][slot] > CHECKERS {
                    return Err(format!("position ID {id:?}: more than {CHECKERS} checkers on one point"));
                }
                bit += 1;
            }
            if bit >= 8 * KEY_BYTES {
                return Err(format!("position ID {id:?}: the key ends before the second side's bar"));
            }
            bit += 1;
        }
    }
    if (bit..8 * KEY_BYTES).any(read) {
        return Err(format!("position ID {id:?}: bits set after the two sides' checkers"));
    }
    if let Some(defect) = board.defect() {
        return Err(format!("position ID {id:?}: {defect}"));
    }
    if board.counts.iter().all(|side| side.iter().all(|&count| count == 0)) {
        return Err(format!(
            "position ID {id:?}: neither side has a checker left, which no game reaches (it ends when the first side bears off its last)"
        ));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starting_position_has_gnubgs_id() {
        assert_eq!(encode(&Board::start(), 0), "4HPwATDgc/ABMA");
        assert_eq!(decode("4HPwATDgc/ABMA"), Ok(Board::start()));
    }

    #[test]
    fn bad_ids_are_refused_with_a_reason() {
        assert!(decode("4HPwATDgc/ABM").unwrap_err().contains("13 characters"));
        assert!(decode("4HPwATDgc/AB!A").unwrap_err().contains("character 13"));
        assert!(decode("//////////////").is_err());
        // Counted in characters, not bytes.
        assert!(decode("4HPwATDgc/ABMé").unwrap_err().contains("character 14"));
        assert!(decode("4HPwATDgc/éé").unwrap_err().contains("12 characters"));
    }

    #[test]
    fn impossible_boards_are_refused_with_the_reason() {
        // The start with each nonzero padding pattern in the last character.
        for last in "BCDEFGHIJKLMNOP".chars() {
            let id = format!("4HPwATDgc/ABM{last}");
            assert!(decode(&id).unwrap_err().contains("padding bits"), "{id}");
        }
        assert!(decode("AAAAAAAAAAAAAA").unwrap_err().contains("neither side has a checker"));
        // Sixteen checkers of the first side on its ace point.
        let mut board = Board { counts: [[0; SLOTS]; 2] };
        board.counts[1][0] = 1;
        assert_eq!(decode(&encode(&board, 0)), Ok(board), "one side alone on the board: a finished game");
        // Sixteen 1 bits first: sixteen checkers on one point.
        assert!(decode("//8AAAAAAAAAAA").unwrap_err().contains("more than 15 checkers"));
        // Fifteen on one point and one on the next: sixteen in all.
        let mut board = Board { counts: [[0; SLOTS]; 2] };
        board.counts[0][5] = 1;
        board.counts[1][0] = 15;
        let mut sixteen = encode(&board, 0);
        assert!(decode(&sixteen).is_ok());
        board.counts[1][1] = 1;
        sixteen = encode(&board, 0);
        assert!(decode(&sixteen).unwrap_err().contains("16 checkers"), "{sixteen}");
    }

    #[test]
    fn the_player_on_roll_is_written_second_as_gnubg_does() {
        // gnubg 1.07 after the opening 31 played 8/5 6/5, the other side on roll.
        let mut board = Board::start();
        board.counts[0][7] -= 1;
        board.counts[0][5] -= 1;
        board.counts[0][4] += 2;
        assert_eq!(encode(&board, 1), "sGfwATDgc/ABMA");
        assert_eq!(decode("sGfwATDgc/ABMA").map(|b| b.counts[1]), Ok(board.counts[0]));
    }
}

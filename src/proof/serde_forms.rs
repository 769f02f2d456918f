//! Serde forms of the grid types, as the forums write them: a candidate is `"n8r4c1"`, a
//! cell `"r4c1"`, a house `"r4"`, `"c4"` or `"b4"`, a digit a number. Kept here so `grid`
//! stays free of serialisation.

use crate::grid::{Candidate, Cell, Digit, House};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

fn digit_at(s: &str, i: usize) -> Option<u8> {
    s.as_bytes()
        .get(i)
        .filter(|b| (b'1'..=b'9').contains(b))
        .map(|b| b - b'0')
}

/// Parse `r4c1`.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let b = s.as_bytes();
    if b.len() == 4 && (b[0] | 0x20) == b'r' && (b[2] | 0x20) == b'c' {
        Some(Cell::at(
            digit_at(s, 1)? as usize - 1,
            digit_at(s, 3)? as usize - 1,
        ))
    } else {
        None
    }
}

/// Parse `n8r4c1`.
pub fn parse_candidate(s: &str) -> Option<Candidate> {
    let b = s.as_bytes();
    if b.len() == 6 && (b[0] | 0x20) == b'n' {
        Some(Candidate::new(
            parse_cell(&s[2..])?,
            Digit::new(digit_at(s, 1)?)?,
        ))
    } else {
        None
    }
}

/// Parse `r4`, `c4` or `b4`.
pub fn parse_house(s: &str) -> Option<House> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let i = digit_at(s, 1)? - 1;
    match b[0] | 0x20 {
        b'r' => Some(House::Row(i)),
        b'c' => Some(House::Column(i)),
        b'b' => Some(House::Block(i)),
        _ => None,
    }
}

macro_rules! string_serde {
    ($t:ty, $parse:ident, $what:literal) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_string())
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                $parse(&text).ok_or_else(|| D::Error::custom(format!("bad {}: {text:?}", $what)))
            }
        }
    };
}

string_serde!(Cell, parse_cell, "cell");
string_serde!(Candidate, parse_candidate, "candidate");
string_serde!(House, parse_house, "house");

impl Serialize for Digit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.get())
    }
}

impl<'de> Deserialize<'de> for Digit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = u8::deserialize(d)?;
        Digit::new(n).ok_or_else(|| D::Error::custom(format!("bad digit {n}")))
    }
}

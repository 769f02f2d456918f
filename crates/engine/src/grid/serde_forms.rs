//! Serde forms of the grid types, as the forums write them: a candidate is `"n8r4c1"`, a
//! cell `"r4c1"`, a house `"r4"`, `"c4"` or `"b4"`, a CSP variable `"r4c1"`, `"r4n5"`,
//! `"c4n5"` or `"b4n5"`, a digit a number. Read through the [`super::lexer`]; kept here so
//! `grid` stays free of serialisation.

use crate::grid::{Candidate, Cell, CspVariable, Digit, House};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! string_serde {
    ($t:ty, $what:literal) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_string())
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse::<$t>()
                    .map_err(|e| D::Error::custom(format!("bad {} {text:?}: {e}", $what)))
            }
        }
    };
}

string_serde!(Cell, "cell");
string_serde!(Candidate, "candidate");
string_serde!(House, "house");
string_serde!(CspVariable, "CSP variable");

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

//! Validated numeric command-line options: every subcommand's `--max-len` and time limits
//! go through these parsers, so a bad number is refused by clap with one message naming
//! the option and the accepted range.

use sudolink_engine::grid::format::excerpt;
use sudolink_export::svg::PixelWidth;

use sudolink_study::rules::LONGEST_MAX_LEN;

/// `--max-len`: a whole number from 1 to [`LONGEST_MAX_LEN`].
pub fn max_len(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=LONGEST_MAX_LEN).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a length from 1 to {LONGEST_MAX_LEN}, not {:?}",
            excerpt(text, 40)
        )),
    }
}

/// A time limit in seconds where 0 means none (`explain --timeout`).
pub fn seconds_or_none(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && (0.0..=86_400.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "expected 0 (no limit) or a number of seconds up to 86400, not {:?}",
            excerpt(text, 40)
        )),
    }
}

/// A time limit in seconds above 0 (`query --timeout`).
pub fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 86_400.0 => Ok(s),
        _ => Err(format!(
            "expected a number of seconds above 0 (at most 86400), not {:?}",
            excerpt(text, 40)
        )),
    }
}

/// `--size`: the width of exported pictures in pixels, from [`PixelWidth::MIN`] to
/// [`PixelWidth::MAX`].
pub fn picture_width(text: &str) -> Result<PixelWidth, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .and_then(|px| PixelWidth::new(px).ok())
        .ok_or_else(|| {
            format!(
                "expected a picture width in pixels from {} to {}, not {:?}",
                PixelWidth::MIN,
                PixelWidth::MAX,
                excerpt(text, 40)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_len_accepts_the_range_and_names_it_otherwise() {
        assert_eq!(max_len("1"), Ok(1));
        assert_eq!(max_len(" 60 "), Ok(60));
        assert_eq!(max_len("999"), Ok(999));
        for bad in ["0", "1000", "-3", "abc", "", "7.5"] {
            let message = max_len(bad).unwrap_err();
            assert!(message.contains("from 1 to 999"), "{bad}: {message}");
        }
    }

    #[test]
    fn picture_width_accepts_pixels_in_range_only() {
        assert_eq!(picture_width("1200").map(|w| w.get()), Ok(1200));
        assert_eq!(picture_width("200").map(|w| w.get()), Ok(200));
        for bad in ["0", "-5", "199", "4001", "12.5", "big", "", "1e3"] {
            let message = picture_width(bad).unwrap_err();
            assert!(message.contains("from 200 to 4000"), "{bad}: {message}");
        }
    }

    #[test]
    fn time_limits_refuse_negative_infinite_and_text() {
        assert_eq!(seconds_or_none("0"), Ok(0.0));
        assert_eq!(positive_seconds("2.5"), Ok(2.5));
        assert!(positive_seconds("0").is_err());
        for bad in ["-1", "inf", "NaN", "soon", "1e9"] {
            assert!(seconds_or_none(bad).is_err(), "{bad}");
            assert!(positive_seconds(bad).is_err(), "{bad}");
        }
        assert!(positive_seconds(&"9".repeat(100)).unwrap_err().len() < 150);
    }
}

//! Numbers for people: the project's one duration formatter, one number formatter, one median
//! and one spread, shared by the weave and the examples that print the book's tables.
//!
//! Every woven number goes through here, so that a time reads the same in a table, a plot's
//! axis and a sentence: three significant digits, in the unit that suits its size, thousands
//! grouped, no trailing zeros that claim a precision the measurement has not.

/// A time given in seconds: `412 ns`, `9 µs`, `12.3 µs`, `4.56 ms`, `1.2 s`, `126 s`; `–` for
/// what is not a number.
pub fn duration(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "–".to_string();
    }
    let (value, unit) = match seconds.abs() {
        s if s >= 1.0 => (seconds, "s"),
        s if s >= 1e-3 => (seconds * 1e3, "ms"),
        s if s >= 1e-6 || s == 0.0 => (seconds * 1e6, "µs"),
        _ => (seconds * 1e9, "ns"),
    };
    format!("{} {unit}", number(value))
}

/// A number to three significant digits, without trailing zeros, thousands grouped from 10,000:
/// `0.0475`, `0.83`, `12.3`, `412`, `4120`, `49,158`, `199,504,093`.
pub fn number(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    let magnitude = if x == 0.0 { 0 } else { x.abs().log10().floor() as i32 };
    let decimals = (2 - magnitude).max(0) as usize;
    let text = format!("{x:.decimals$}");
    let text = match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    };
    grouped(&text)
}

/// A count, exact, thousands grouped from 10,000 as [`number`] groups them: `1465`, `49,158`,
/// `3,237,567`.
pub fn count(n: usize) -> String {
    grouped(&n.to_string())
}

/// A share out of 100: `12.3 %`, one decimal, with a no-break space before the sign.
pub fn percent(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    format!("{x:.1}\u{a0}%")
}

/// Digits with commas between thousands, when there are five digits or more before the point.
pub fn grouped(text: &str) -> String {
    let (sign, rest) = text.strip_prefix('-').map_or(("", text), |rest| ("-", rest));
    let (whole, fraction) = rest.split_once('.').map_or((rest, None), |(w, f)| (w, Some(f)));
    if whole.len() < 5 {
        return text.to_string();
    }
    let mut out = sign.to_string();
    for (k, c) in whole.chars().enumerate() {
        if k > 0 && (whole.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

/// The median of `values` (the mean of the middle two for an even count); NaN for none.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// How far runs of one measurement spread: the slowest less the fastest, over their median, in
/// percent (0 for one run; NaN for none).
pub fn spread(values: &[f64]) -> f64 {
    let (low, high) =
        values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
    (high - low) / median(values) * 100.0
}

/// `x` in the named format, as a table cell or a sentence shows it: `µs`, `ms` and `s` (a time
/// in that unit, shown in the unit that suits), `%` (a share out of 100), `x` (a ratio, `1.17×`),
/// `int` (rounded, grouped), `num` (three significant digits).
pub fn in_format(x: f64, format: &str) -> Result<String, String> {
    Ok(match format {
        "µs" | "us" => duration(x * 1e-6),
        "ms" => duration(x * 1e-3),
        "s" => duration(x),
        "%" => percent(x),
        "x" if x.is_finite() => format!("{x:.2}×"),
        "int" if x.is_finite() => grouped(&format!("{x:.0}")),
        "num" | "x" | "int" => number(x),
        _ => {
            return Err(format!(
                "unknown number format `{format}` (known: µs, ms, s, %, x, int, num)"
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_the_unit_of_their_size() {
        assert_eq!(duration(0.4123e-6), "412 ns");
        assert_eq!(duration(9e-6), "9 µs");
        assert_eq!(duration(12.34e-6), "12.3 µs");
        assert_eq!(duration(3.45e-3), "3.45 ms");
        assert_eq!(duration(1.2), "1.2 s");
        assert_eq!(duration(126.4), "126 s");
        assert_eq!(duration(0.0), "0 µs");
        assert_eq!(duration(f64::NAN), "–");
    }

    #[test]
    fn numbers_have_three_digits_and_groups() {
        assert_eq!(number(0.047_482_9), "0.0475");
        assert_eq!(number(0.83), "0.83");
        assert_eq!(number(9.3333), "9.33");
        assert_eq!(number(100.0), "100");
        assert_eq!(number(4120.4), "4120");
        assert_eq!(number(49_158.0), "49,158");
        assert_eq!(number(199_504_093.0), "199,504,093");
        assert_eq!(number(-12_345.0), "-12,345");
        assert_eq!(grouped("12345.5"), "12,345.5");
        assert_eq!(count(1465), "1465");
        assert_eq!(count(3_237_567), "3,237,567");
    }

    #[test]
    fn formats_are_named() {
        assert_eq!(in_format(1500.0, "µs").unwrap(), "1.5 ms");
        assert_eq!(in_format(250.0, "ms").unwrap(), "250 ms");
        assert_eq!(in_format(12.345, "%").unwrap(), "12.3\u{a0}%");
        assert_eq!(in_format(1.1666, "x").unwrap(), "1.17×");
        assert_eq!(in_format(54_978.4, "int").unwrap(), "54,978");
        assert!(in_format(1.0, "furlongs").is_err());
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
        assert!((spread(&[1.1, 0.9, 1.0]) - 20.0).abs() < 1e-9);
        assert_eq!(spread(&[2.0]), 0.0);
        assert!(spread(&[]).is_nan());
    }
}

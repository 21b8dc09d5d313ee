//! The date and time a result was measured, in UTC, without a date library.

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, as `2026-11-22 01:23 UTC`.
pub fn now_utc() -> String {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    format_utc(seconds)
}

/// `seconds` since the Unix epoch as `YYYY-MM-DD HH:MM UTC`.
pub fn format_utc(seconds: u64) -> String {
    let days = (seconds / 86_400) as i64;
    let minutes_today = (seconds % 86_400) / 60;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", minutes_today / 60, minutes_today % 60)
}

/// The proleptic Gregorian date of the day `days` after 1970-01-01.
///
/// Counts in 400-year eras of 146,097 days that start on 1 March, so that the leap day is the
/// last day of its year and needs no special case.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month =
        if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(format_utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(format_utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(format_utc(951_868_799), "2000-02-29 23:59 UTC");
        assert_eq!(format_utc(1_709_251_199), "2024-02-29 23:59 UTC");
        assert_eq!(format_utc(1_798_761_600), "2027-01-01 00:00 UTC");
    }

    #[test]
    fn every_day_follows_the_one_before() {
        let mut previous = civil_from_days(-1);
        for days in 0..200_000 {
            let (y, m, d) = civil_from_days(days);
            let (py, pm, pd) = previous;
            let next_day = (y, m) == (py, pm) && d == pd + 1;
            let next_month = y == py && m == pm + 1 && d == 1;
            let next_year = y == py + 1 && (m, d, pm, pd) == (1, 1, 12, 31);
            assert!(next_day || next_month || next_year, "{previous:?} -> {:?}", (y, m, d));
            previous = (y, m, d);
        }
    }
}

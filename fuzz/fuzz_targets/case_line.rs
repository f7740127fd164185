//! The case-file parser on hostile input: any bytes, as one line, must give
//! a case or a typed error — never a panic, never unbounded work.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(line) = std::str::from_utf8(data) {
        if let Ok(Some(case)) = gjk::case::parse_line(line, 1) {
            let _ = case.points::<f64, 2>();
            let _ = case.points::<f32, 3>();
            let _ = case.points::<gjk::Rational, 3>();
        }
    }
});

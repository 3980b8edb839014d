#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| lambda_arcade::games::fuzz("lifter-marks", data));

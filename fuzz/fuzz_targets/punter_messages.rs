#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| games::fuzz("punter-messages", data));

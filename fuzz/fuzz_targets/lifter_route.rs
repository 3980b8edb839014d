#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| lambda_arcade::inputs::fuzz(lambda_arcade::inputs::Format::LifterRoute, data));

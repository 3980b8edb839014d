//! `arcade __wasi`: WebAssembly programs run natively through our WASI layer (docs/PROGRAMS.md)
//! — what a program is given (argv, environment, random stream: the determinism fixture
//! `echo-env`), how it ends (exit code, trap, refusal, each with its message) and the limits
//! (module size, memory cap, with the process's peak memory measured). Each game's seats are
//! tested in its own `tests/cli_<game>_programs.rs`.

use std::process::{Command, Output, Stdio};

const HOSTILE: &str = "tests/fixtures/programs/hostile";

fn wasi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arcade")).arg("__wasi").args(args).stdin(Stdio::null()).output().expect("runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The contract's random stream, written again from its definition.
fn splitmix64_hex(seed: u64, bytes: usize) -> String {
    let mut state = seed;
    let mut out = String::new();
    while out.len() < 2 * bytes {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        out.extend(z.to_le_bytes().iter().map(|b| format!("{b:02x}")));
    }
    out.truncate(2 * bytes);
    out
}

#[test]
fn hello_prints_and_exits_0() {
    let out = wasi(&[&format!("{HOSTILE}/hello.wasm")]);
    assert_eq!(text(&out.stdout), "hello\n");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_program_gets_its_arguments_the_three_variables_in_order_and_the_seeded_random_stream() {
    let run = || wasi(&["--game", "g", "--seed", "7", "--limit-ms", "1000", "tests/fixtures/programs/echo-env.wasm", "a", "--b"]);
    let out = run();
    let expected = format!("argv\necho-env.wasm\na\n--b\nenviron\nARCADE_GAME=g\nARCADE_TIME_LIMIT_MS=1000\nARCADE_SEED=7\nrandom {}\n", splitmix64_hex(7, 16));
    assert_eq!(text(&out.stdout), expected, "{}", text(&out.stderr));
    assert_eq!(splitmix64_hex(7, 16), "d70d3259e4e1cb631c663cf4d73c4c04", "the expected output written in echo-env.wat");
    assert_eq!(run().stdout, out.stdout, "the same seed, the same output");
    let other = wasi(&["--game", "g", "--seed", "8", "--limit-ms", "1000", "tests/fixtures/programs/echo-env.wasm", "a", "--b"]);
    assert!(text(&other.stdout).ends_with(&format!("random {}\n", splitmix64_hex(8, 16))));
}

#[test]
fn simd_runs_as_in_the_browser() {
    let out = wasi(&["tests/fixtures/programs/simd.wasm"]);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "ok\n".to_string()), "{}", text(&out.stderr));
}

#[test]
fn proc_exit_is_the_exit_code_and_what_was_printed_stays() {
    let out = wasi(&["tests/fixtures/programs/exit3.wasm"]);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(3), "bye\n".to_string()), "{}", text(&out.stderr));
}

#[test]
fn a_trap_ends_the_program_with_its_message_after_what_it_printed() {
    let out = wasi(&[&format!("{HOSTILE}/trap.wasm")]);
    assert_eq!(out.status.code(), Some(134));
    assert_eq!(text(&out.stderr), "about to trap\nthe program crashed: unreachable executed\n");
}

#[test]
fn modules_the_arcade_cannot_run_are_refused_before_they_run_naming_why() {
    for (file, why) in [
        ("unknown-import.wasm", "imports \"env\".\"open_socket\", which the arcade does not give (only wasi_snapshot_preview1)"),
        ("not-wasm.wasm", "not a WebAssembly module"),
        ("huge-memory.wasm", "its memory starts at 20000 pages (1250 MiB), over the cap of 16384 pages (1 GiB)"),
    ] {
        let path = format!("{HOSTILE}/{file}");
        let out = wasi(&[&path]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(126), "{file}: {err}");
        assert!(err.starts_with(&format!("{path}: ")) && err.contains(why), "{file}: {err}");
        assert!(out.stdout.is_empty());
    }
    let missing = wasi(&["tests/fixtures/programs/no-such.wasm"]);
    assert_eq!(missing.status.code(), Some(126));
    assert!(text(&missing.stderr).starts_with("tests/fixtures/programs/no-such.wasm: "), "{}", text(&missing.stderr));
}

#[test]
fn a_module_over_16_mib_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("arcade-wasi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let big = dir.join("big.wasm");
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    bytes.resize((16 << 20) + 1, 0);
    std::fs::write(&big, bytes).expect("written");
    let out = wasi(&[big.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(126));
    assert!(text(&out.stderr).contains("16777217 bytes, over the 16 MiB a program may have"), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

/// Memory grown to the cap: `memory.grow` returns -1 there (the program then traps), and the
/// process never holds much more than the cap.
#[cfg(target_os = "linux")]
#[test]
#[allow(clippy::zombie_processes)] // waited for by wait4, which also gives its peak memory
fn memory_grows_to_the_1_gib_cap_and_no_further() {
    let child = Command::new(env!("CARGO_BIN_EXE_arcade"))
        .args(["__wasi", &format!("{HOSTILE}/grow.wasm")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let pid = child.id() as i32;
    let mut status = 0;
    // SAFETY: a zeroed rusage filled by wait4 for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child with local status and usage.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid);
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.expect("piped"), &mut stderr).expect("read");
    assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 134, "status {status}: {stderr}");
    assert_eq!(stderr, "the program crashed: unreachable executed\n", "it reached the cap and trapped");
    let peak_mib = usage.ru_maxrss / 1024;
    assert!(peak_mib < 1126, "peak RSS {peak_mib} MiB: over 1.1 GiB");
}

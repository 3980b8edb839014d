//! `arcade __wasi`: WebAssembly programs run natively through our WASI layer (docs/PROGRAMS.md)
//! — what a program is given (argv, environment, random stream, the refusals' error codes: the
//! determinism fixture `echo-env`, which the page's layer is held to too), how it ends (exit
//! code, each kind of trap, refusal, each with its message) and the limits (module size, memory
//! cap, with the process's peak memory measured). Each game's seats are
//! tested in its own `crates/cli/tests/cli_<game>_programs.rs`.

#[path = "common/cli.rs"]
mod cli;

use std::process::{Output, Stdio};

const HOSTILE: &str = "tests/fixtures/programs/hostile";

fn wasi(args: &[&str]) -> Output {
    cli::command().arg("__wasi").args(args).stdin(Stdio::null()).output().expect("runs")
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
fn the_random_stream_is_splitmix64_of_the_seed_restarted_for_every_run() {
    let run = |seed: &str| {
        text(
            &wasi(&[
                "--game",
                "g",
                "--seed",
                seed,
                "--limit-ms",
                "1000",
                "tests/fixtures/programs/echo-env.wasm",
            ])
            .stdout,
        )
    };
    let lines = |out: String| {
        out.lines()
            .filter(|l| l.starts_with("random_get(1") || l.starts_with("random_get(8"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // A call takes whole outputs: 13 bytes use two (the rest dropped), 8 the third.
    let stream = splitmix64_hex(7, 24);
    assert_eq!(
        lines(run("7")),
        vec![
            format!("random_get(13)={}", &stream[..26]),
            format!("random_get(8)={}", &stream[32..48])
        ]
    );
    assert_eq!(run("7"), run("7"), "the same seed, the same output");
    assert_ne!(lines(run("8")), lines(run("7")));
    assert_eq!(
        splitmix64_hex(0, 8),
        "afcd1d7b39a820e2",
        "the first output of seed 0, 0xe220a8397b1dcdaf, little-endian"
    );
}

#[test]
fn simd_runs_as_in_the_browser() {
    let out = wasi(&["tests/fixtures/programs/simd.wasm"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (Some(0), "ok\n".to_string()),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn proc_exit_is_the_exit_code_and_what_was_printed_stays() {
    let out = wasi(&["tests/fixtures/programs/exit3.wasm"]);
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (Some(3), "bye\n".to_string()),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_trap_ends_the_program_with_its_message_after_what_it_printed() {
    let out = wasi(&[&format!("{HOSTILE}/trap.wasm")]);
    assert_eq!(out.status.code(), Some(134));
    assert_eq!(text(&out.stderr), "about to trap\nthe program crashed: unreachable executed\n");
}

#[test]
fn every_kind_of_trap_is_said_in_the_pages_words() {
    let words = [
        "unreachable executed",
        "memory access out of bounds",
        "table index is out of bounds",
        "null function or function signature mismatch",
        "null function or function signature mismatch",
        "divide by zero",
        "integer overflow",
        "integer overflow",
        "call stack exhausted",
    ];
    for (k, word) in words.iter().enumerate() {
        let mut args = vec!["tests/fixtures/programs/traps.wasm"];
        args.extend(std::iter::repeat_n("x", k));
        let out = wasi(&args);
        assert_eq!(
            (out.status.code(), text(&out.stderr)),
            (Some(134), format!("the program crashed: {word}\n")),
            "trap {k}"
        );
    }
}

/// The determinism fixture every WASI layer of the arcade is held to (the page's too): run as
/// echo-env.run.json says, its stdout is echo-env.expected byte for byte.
#[test]
fn echo_env_prints_exactly_what_every_host_must() {
    let dir = "tests/fixtures/programs";
    let run: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{}/{dir}/echo-env.run.json", cli::ROOT)).expect("read"),
    )
    .expect("JSON");
    let s = |v: &serde_json::Value| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    let mut args = vec![
        "--game".to_string(),
        s(&run["game"]),
        "--seed".into(),
        s(&run["seed"]),
        "--limit-ms".into(),
        s(&run["limitMs"]),
        "--".into(),
    ];
    args.push(format!("{dir}/{}", s(&run["file"])));
    args.extend(run["args"].as_array().expect("args").iter().map(s));
    let mut child = cli::command()
        .arg("__wasi")
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let stdin = s(&run["stdin"]);
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), stdin.as_bytes())
        .expect("written");
    let out = child.wait_with_output().expect("ends");
    let expected = std::fs::read(format!("{}/{dir}/echo-env.expected", cli::ROOT)).expect("read");
    assert_eq!(text(&out.stdout), text(&expected), "stderr: {}", text(&out.stderr));
    assert_eq!(out.status.code(), run["exitCode"].as_i64().map(|c| c as i32));
}

/// A refusal, in the page's words (www/program-file.js): exit code 126, nothing run.
fn refused(path: &str) -> String {
    let out = wasi(&[path]);
    assert_eq!(out.status.code(), Some(126), "{path}: {}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    text(&out.stderr)
}

#[test]
fn modules_the_arcade_cannot_run_are_refused_before_they_run_naming_the_file_and_why() {
    for (file, why) in [
        ("hostile/unknown-import.wasm", "unknown-import.wasm imports \"env\".\"open_socket\", which the arcade does not give (only wasi_snapshot_preview1)"),
        ("hostile/not-wasm.wasm", "not-wasm.wasm is not a WebAssembly module (it starts with \"This is \")"),
        ("hostile/huge-memory.wasm", "huge-memory.wasm asks for at least 1250 MiB of memory; the limit is 1024 MiB"),
        ("checks/imported-memory.wasm", "imported-memory.wasm imports its memory (\"env\".\"memory\"); a program must define its own"),
        ("checks/wrong-signature.wasm", "wrong-signature.wasm imports \"wasi_snapshot_preview1\".\"fd_write\" as (i32) -> (i32); WASI preview 1 gives (i32, i32, i32, i32) -> (i32)"),
        ("checks/unknown-wasi-function.wasm", "unknown-wasi-function.wasm imports \"wasi_snapshot_preview1\".\"fd_frobnicate\", which the arcade does not give (only wasi_snapshot_preview1)"),
        ("checks/no-start.wasm", "no-start.wasm does not export a function _start (a WASI command's entry point)"),
        ("checks/start-with-params.wasm", "start-with-params.wasm exports _start as (i32) -> (); a WASI command's _start is () -> ()"),
        ("checks/no-memory-export.wasm", "no-memory-export.wasm does not export its memory as \"memory\""),
    ] {
        assert_eq!(refused(&format!("tests/fixtures/programs/{file}")), format!("{why}\n"), "{file}");
    }
    assert!(refused("tests/fixtures/programs/no-such.wasm")
        .starts_with("tests/fixtures/programs/no-such.wasm cannot be read: "));
}

#[test]
fn a_module_over_16_mib_is_refused_unread_and_a_component_is_not_a_module() {
    let dir = std::env::temp_dir().join(format!("arcade-wasi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let big = dir.join("big.wasm");
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    bytes.resize((16 << 20) + 1, 0);
    std::fs::write(&big, bytes).expect("written");
    assert_eq!(
        refused(big.to_str().expect("path")),
        "big.wasm has 16,777,217 bytes; a program may have at most 16 MiB (16,777,216 bytes)\n"
    );
    let component = dir.join("component.wasm");
    std::fs::write(&component, b"\0asm\x0d\0\x01\0").expect("written");
    assert!(refused(component.to_str().expect("path"))
        .starts_with("component.wasm is a WebAssembly component (WASI preview 2)"));
    let empty = dir.join("empty.wasm");
    std::fs::write(&empty, b"").expect("written");
    assert_eq!(
        refused(empty.to_str().expect("path")),
        "empty.wasm is not a WebAssembly module (it is empty)\n"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_maximum_over_the_cap_stops_growth_at_1_gib_and_what_was_printed_before_a_stop_stays() {
    let out = wasi(&["tests/fixtures/programs/checks/grow-past-max.wasm"]);
    assert_eq!(
        (out.status.code(), out.stdout),
        (Some(0), vec![0, 0x40, 0, 0]),
        "it reached 16,384 pages"
    );
    let mut child = cli::command()
        .args(["__wasi", "tests/fixtures/programs/checks/print-then-loop.wasm"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().expect("piped");
    let mut got = Vec::new();
    while !text(&got).contains("three\n") {
        let mut buf = [0u8; 64];
        let n = std::io::Read::read(&mut stdout, &mut buf).expect("reads");
        assert!(n > 0, "ended early: {}", text(&got));
        got.extend_from_slice(&buf[..n]);
    }
    assert_eq!(text(&got), "one\ntwo\nthree\n", "written through at once, while it runs on");
    assert!(child.try_wait().expect("status").is_none(), "still running");
    child.kill().expect("killed");
    let _ = child.wait();
}

/// Memory grown to the cap: `memory.grow` returns -1 there (the program then traps), and the
/// process never holds much more than the cap.
#[cfg(target_os = "linux")]
#[test]
#[allow(clippy::zombie_processes)] // waited for by wait4, which also gives its peak memory
fn memory_grows_to_the_1_gib_cap_and_no_further() {
    let child = cli::command()
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
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 134,
        "status {status}: {stderr}"
    );
    assert_eq!(
        stderr, "the program crashed: unreachable executed\n",
        "it reached the cap and trapped"
    );
    let peak_mib = usage.ru_maxrss / 1024;
    assert!(peak_mib < 1126, "peak RSS {peak_mib} MiB: over 1.1 GiB");
}

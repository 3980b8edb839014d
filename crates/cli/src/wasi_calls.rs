//! The WASI preview 1 functions a program gets natively (docs/PROGRAMS.md), our own layer on
//! wasmi, the same as the page's in JavaScript: stdin read as the program asks, stdout and
//! stderr written through at once (a program stopped at its limit leaves what it printed), its
//! arguments and the three `ARCADE_…` variables, real clocks, a splitmix64 `random_get` seeded
//! with `ARCADE_SEED`, `proc_exit`. Every other function of the module is accepted and does
//! nothing but return its error: no file system, no sockets. Where the contract leaves a
//! choice, the answers are the page's (`www/wasi.js`), held to by `echo-env.expected`.

use std::io::{Read, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use wasmi::{Caller, Error, Extern, FuncType, Linker, Val, ValType};

/// The only module a program may import from.
pub const MODULE: &str = "wasi_snapshot_preview1";

// The errno values returned (WASI's numbering).
const EBADF: i32 = 8;
const EFAULT: i32 = 21;
const EINVAL: i32 = 28;
const EIO: i32 = 29;
const ENOTSUP: i32 = 58;
const EPIPE: i32 = 64;
const ENOTCAPABLE: i32 = 76;

/// Most stderr a program may write; more is dropped (the page reads no more either).
const STDERR_READ: usize = 1 << 20;
/// Most bytes one `fd_read` takes from stdin.
const READ_CHUNK: usize = 64 << 10;

/// Every function of preview 1 and its parameters (`I` i32, `L` i64); all return an errno
/// (i32) but `proc_exit`.
const EVERY: &[(&str, &str)] = &[
    ("args_get", "II"),
    ("args_sizes_get", "II"),
    ("environ_get", "II"),
    ("environ_sizes_get", "II"),
    ("clock_res_get", "II"),
    ("clock_time_get", "ILI"),
    ("fd_advise", "ILLI"),
    ("fd_allocate", "ILL"),
    ("fd_close", "I"),
    ("fd_datasync", "I"),
    ("fd_fdstat_get", "II"),
    ("fd_fdstat_set_flags", "II"),
    ("fd_fdstat_set_rights", "ILL"),
    ("fd_filestat_get", "II"),
    ("fd_filestat_set_size", "IL"),
    ("fd_filestat_set_times", "ILLI"),
    ("fd_pread", "IIILI"),
    ("fd_prestat_get", "II"),
    ("fd_prestat_dir_name", "III"),
    ("fd_pwrite", "IIILI"),
    ("fd_read", "IIII"),
    ("fd_readdir", "IIILI"),
    ("fd_renumber", "II"),
    ("fd_seek", "ILII"),
    ("fd_sync", "I"),
    ("fd_tell", "II"),
    ("fd_write", "IIII"),
    ("path_create_directory", "III"),
    ("path_filestat_get", "IIIII"),
    ("path_filestat_set_times", "IIIILLI"),
    ("path_link", "IIIIIII"),
    ("path_open", "IIIIILLII"),
    ("path_readlink", "IIIIII"),
    ("path_remove_directory", "III"),
    ("path_rename", "IIIIII"),
    ("path_symlink", "IIIII"),
    ("path_unlink_file", "III"),
    ("poll_oneoff", "IIII"),
    ("proc_exit", "I"),
    ("proc_raise", "I"),
    ("sched_yield", ""),
    ("random_get", "II"),
    ("sock_accept", "III"),
    ("sock_recv", "IIIIII"),
    ("sock_send", "IIIII"),
    ("sock_shutdown", "II"),
];

/// The type of preview 1's function `name`, if there is one.
pub fn signature(name: &str) -> Option<FuncType> {
    let (_, params) = EVERY.iter().find(|(n, _)| *n == name)?;
    let params: Vec<ValType> =
        params.chars().map(|c| if c == 'L' { ValType::I64 } else { ValType::I32 }).collect();
    let results: &[ValType] = if name == "proc_exit" { &[] } else { &[ValType::I32] };
    Some(FuncType::new(params, results.iter().copied()))
}

/// What one run of a program has: its limits, arguments, environment, random stream, clock.
pub struct Host {
    pub limits: wasmi::StoreLimits,
    args: Vec<Vec<u8>>,
    env: Vec<Vec<u8>>,
    random: SplitMix64,
    started: Instant,
    stderr_left: usize,
}

impl Host {
    pub fn new(limits: wasmi::StoreLimits, args: Vec<String>, env: Vec<String>, seed: u64) -> Host {
        let bytes = |v: Vec<String>| v.into_iter().map(String::into_bytes).collect();
        Host {
            limits,
            args: bytes(args),
            env: bytes(env),
            random: SplitMix64(seed),
            started: Instant::now(),
            stderr_left: STDERR_READ,
        }
    }
}

/// The contract's random stream (docs/PROGRAMS.md): splitmix64, 8 bytes an output, little-endian.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The program's memory and the host, for one call; `Err(errno)` for the program.
type Call<'a> = (&'a mut [u8], &'a mut Host);

/// Runs `f` on the program's memory: its errno (0 when it succeeds). A program that exports no
/// memory cannot be given anything: that ends it.
fn with_memory(
    caller: &mut Caller<'_, Host>,
    f: impl FnOnce(Call<'_>) -> Result<(), i32>,
) -> Result<i32, Error> {
    let memory = caller
        .get_export("memory")
        .and_then(Extern::into_memory)
        .ok_or_else(|| Error::new("it exports no memory named \"memory\""))?;
    Ok(f(memory.data_and_store_mut(caller)).err().unwrap_or(0))
}

fn span(bytes: &mut [u8], ptr: i32, len: usize) -> Result<&mut [u8], i32> {
    span_at(bytes, u64::from(ptr as u32), len)
}

/// The `len` bytes at address `at` (which may lie past 4 GiB: then they are outside).
fn span_at(bytes: &mut [u8], at: u64, len: usize) -> Result<&mut [u8], i32> {
    let start = usize::try_from(at).map_err(|_| EFAULT)?;
    bytes.get_mut(start..start.checked_add(len).ok_or(EFAULT)?).ok_or(EFAULT)
}

fn put(bytes: &mut [u8], ptr: i32, value: &[u8]) -> Result<(), i32> {
    span(bytes, ptr, value.len())?.copy_from_slice(value);
    Ok(())
}

/// Buffer `i` of the iovec list at `iovs`: its address and length, both inside the memory.
fn iovec(bytes: &mut [u8], iovs: i32, i: u32) -> Result<(i32, usize), i32> {
    let entry = span_at(bytes, u64::from(iovs as u32) + 8 * u64::from(i), 8)?;
    let (ptr, len) = (
        u32::from_le_bytes([entry[0], entry[1], entry[2], entry[3]]),
        u32::from_le_bytes([entry[4], entry[5], entry[6], entry[7]]),
    );
    span(bytes, ptr as i32, len as usize)?;
    Ok((ptr as i32, len as usize))
}

/// The total length of an iovec list, every buffer checked first (nothing is read or written
/// when one is outside the memory, as in the page).
fn iovecs_total(bytes: &mut [u8], iovs: i32, count: i32) -> Result<u64, i32> {
    (0..count as u32).try_fold(0u64, |total, i| Ok(total + iovec(bytes, iovs, i)?.1 as u64))
}

/// `*_sizes_get`: the count of strings and the bytes they take, NUL-terminated.
fn sizes(bytes: &mut [u8], strings: &[Vec<u8>], count_ptr: i32, size_ptr: i32) -> Result<(), i32> {
    put(bytes, count_ptr, &(strings.len() as u32).to_le_bytes())?;
    put(bytes, size_ptr, &(strings.iter().map(|s| s.len() + 1).sum::<usize>() as u32).to_le_bytes())
}

/// `*_get`: a pointer to each string, the strings one after the other.
fn strings(bytes: &mut [u8], strings: &[Vec<u8>], list: i32, buf: i32) -> Result<(), i32> {
    let mut at = buf;
    for (i, s) in strings.iter().enumerate() {
        put(bytes, list.wrapping_add(4 * i as i32), &(at as u32).to_le_bytes())?;
        put(bytes, at, s)?;
        put(bytes, at.wrapping_add(s.len() as i32), &[0])?;
        at = at.wrapping_add(s.len() as i32 + 1);
    }
    Ok(())
}

fn fd_write(
    (bytes, host): Call<'_>,
    fd: i32,
    iovs: i32,
    count: i32,
    written: i32,
) -> Result<(), i32> {
    if fd != 1 && fd != 2 {
        return Err(EBADF);
    }
    let total = u32::try_from(iovecs_total(bytes, iovs, count)?).map_err(|_| EINVAL)?;
    put(bytes, written, &total.to_le_bytes())?;
    let sent = (0..count as u32).try_for_each(|i| {
        let (ptr, len) = iovec(bytes, iovs, i).map_err(|_| std::io::Error::other("moved"))?;
        let data = span(bytes, ptr, len).map_err(|_| std::io::Error::other("moved"))?;
        if fd == 1 {
            return std::io::stdout().lock().write_all(data);
        }
        // Past its bound, stderr is dropped though reported written (as in the page).
        let kept = data.len().min(host.stderr_left);
        host.stderr_left -= kept;
        std::io::stderr().lock().write_all(&data[..kept])
    });
    match sent.and_then(|_| std::io::stdout().lock().flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(EPIPE),
        Err(_) => Err(EIO),
    }
}

/// One read of stdin (what is there, or the wait for it), spread over the buffers.
fn fd_read((bytes, _): Call<'_>, fd: i32, iovs: i32, count: i32, read: i32) -> Result<(), i32> {
    if fd != 0 {
        return Err(EBADF);
    }
    let room = iovecs_total(bytes, iovs, count)?;
    span(bytes, read, 4)?;
    let mut got = vec![0u8; room.min(READ_CHUNK as u64) as usize];
    let n = loop {
        match std::io::stdin().lock().read(&mut got) {
            Ok(n) => break n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Err(EIO),
        }
    };
    let mut rest = &got[..n];
    for i in 0..count as u32 {
        if rest.is_empty() {
            break;
        }
        let (ptr, len) = iovec(bytes, iovs, i)?;
        let take = len.min(rest.len());
        put(bytes, ptr, &rest[..take])?;
        rest = &rest[take..];
    }
    put(bytes, read, &(n as u32).to_le_bytes())
}

/// The standard streams as character devices (so programs stream rather than buffer):
/// stdin with the right to read, stdout and stderr to write.
fn fd_fdstat_get((bytes, _): Call<'_>, fd: i32, at: i32) -> Result<(), i32> {
    const READ: u64 = 1 << 1;
    const WRITE: u64 = 1 << 6;
    let rights = match fd {
        0 => READ,
        1 | 2 => WRITE,
        _ => return Err(EBADF),
    };
    let mut stat = [0u8; 24];
    stat[0] = 2; // character device
    stat[8..16].copy_from_slice(&rights.to_le_bytes());
    put(bytes, at, &stat)
}

/// Realtime (0), monotonic (1, from the start of the instance) and the CPU-time clocks (2 and
/// 3, the time since the instance started, as the page can give no better).
fn clock_time_get((bytes, host): Call<'_>, id: i32, at: i32) -> Result<(), i32> {
    let ns = match id {
        0 => SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
        1..=3 => host.started.elapsed().as_nanos() as u64,
        _ => return Err(EINVAL),
    };
    put(bytes, at, &ns.to_le_bytes())
}

/// The page's resolution (browsers coarsen their clock to 100 µs), so both say the same.
fn clock_res_get((bytes, _): Call<'_>, id: i32, at: i32) -> Result<(), i32> {
    if !(0..=3).contains(&id) {
        return Err(EINVAL);
    }
    put(bytes, at, &100_000u64.to_le_bytes())
}

/// Clock subscriptions only, answered at once (it never sleeps); any other is an event with
/// ENOTSUP.
fn poll_oneoff(
    (bytes, _): Call<'_>,
    subs: i32,
    events: i32,
    count: i32,
    done: i32,
) -> Result<(), i32> {
    if count == 0 {
        return Err(EINVAL);
    }
    let (subs, events, n) =
        (u64::from(subs as u32), u64::from(events as u32), u64::from(count as u32));
    // All checked before anything is written, as in the page.
    span_at(bytes, subs, 48 * n as usize)?;
    span_at(bytes, events, 32 * n as usize)?;
    span(bytes, done, 4)?;
    for i in 0..n {
        if span_at(bytes, subs + 48 * i, 48)?[8] > 2 {
            return Err(EINVAL);
        }
    }
    for i in 0..n {
        let sub = span_at(bytes, subs + 48 * i, 48)?;
        let tag = sub[8];
        let mut event = [0u8; 32];
        event[..8].copy_from_slice(&sub[..8]);
        event[8..10].copy_from_slice(&(if tag == 0 { 0u16 } else { ENOTSUP as u16 }).to_le_bytes());
        event[10] = tag;
        span_at(bytes, events + 32 * i, 32)?.copy_from_slice(&event);
    }
    put(bytes, done, &(count as u32).to_le_bytes())
}

fn random_get((bytes, host): Call<'_>, buf: i32, len: i32) -> Result<(), i32> {
    for chunk in span(bytes, buf, len as u32 as usize)?.chunks_mut(8) {
        let n = chunk.len();
        chunk.copy_from_slice(&host.random.next().to_le_bytes()[..n]);
    }
    Ok(())
}

/// Every function of preview 1: those above, and the rest returning their error.
pub fn linker(engine: &wasmi::Engine) -> Result<Linker<Host>, Error> {
    let mut l = Linker::<Host>::new(engine);
    l.func_wrap(MODULE, "args_sizes_get", |mut c: Caller<'_, Host>, n: i32, size: i32| {
        with_memory(&mut c, |(b, h)| sizes(b, &h.args, n, size))
    })?;
    l.func_wrap(MODULE, "args_get", |mut c: Caller<'_, Host>, list: i32, buf: i32| {
        with_memory(&mut c, |(b, h)| strings(b, &h.args, list, buf))
    })?;
    l.func_wrap(MODULE, "environ_sizes_get", |mut c: Caller<'_, Host>, n: i32, size: i32| {
        with_memory(&mut c, |(b, h)| sizes(b, &h.env, n, size))
    })?;
    l.func_wrap(MODULE, "environ_get", |mut c: Caller<'_, Host>, list: i32, buf: i32| {
        with_memory(&mut c, |(b, h)| strings(b, &h.env, list, buf))
    })?;
    l.func_wrap(
        MODULE,
        "fd_write",
        |mut c: Caller<'_, Host>, fd: i32, iovs: i32, n: i32, out: i32| {
            with_memory(&mut c, |m| fd_write(m, fd, iovs, n, out))
        },
    )?;
    l.func_wrap(
        MODULE,
        "fd_read",
        |mut c: Caller<'_, Host>, fd: i32, iovs: i32, n: i32, out: i32| {
            with_memory(&mut c, |m| fd_read(m, fd, iovs, n, out))
        },
    )?;
    l.func_wrap(MODULE, "fd_fdstat_get", |mut c: Caller<'_, Host>, fd: i32, at: i32| {
        with_memory(&mut c, |m| fd_fdstat_get(m, fd, at))
    })?;
    l.func_wrap(
        MODULE,
        "clock_time_get",
        |mut c: Caller<'_, Host>, id: i32, _precision: i64, at: i32| {
            with_memory(&mut c, |m| clock_time_get(m, id, at))
        },
    )?;
    l.func_wrap(MODULE, "clock_res_get", |mut c: Caller<'_, Host>, id: i32, at: i32| {
        with_memory(&mut c, |m| clock_res_get(m, id, at))
    })?;
    l.func_wrap(
        MODULE,
        "poll_oneoff",
        |mut c: Caller<'_, Host>, subs: i32, events: i32, n: i32, out: i32| {
            with_memory(&mut c, |m| poll_oneoff(m, subs, events, n, out))
        },
    )?;
    l.func_wrap(MODULE, "random_get", |mut c: Caller<'_, Host>, buf: i32, len: i32| {
        with_memory(&mut c, |m| random_get(m, buf, len))
    })?;
    l.func_wrap(MODULE, "proc_exit", |_: Caller<'_, Host>, code: i32| -> Result<(), Error> {
        Err(Error::i32_exit(code))
    })?;
    l.func_wrap(MODULE, "sched_yield", |_: Caller<'_, Host>| 0i32)?;
    l.func_wrap(MODULE, "fd_prestat_get", |_: Caller<'_, Host>, _: i32, _: i32| EBADF)?;
    for &(name, _) in EVERY.iter().filter(|(n, _)| !GIVEN.contains(n)) {
        let ty = signature(name).ok_or_else(|| Error::new(format!("no type for {name}")))?;
        l.func_new(MODULE, name, ty, move |_, params: &[Val], results: &mut [Val]| {
            let fd = match params.first() {
                Some(Val::I32(fd)) => Some(*fd),
                _ => None,
            };
            if let Some(r) = results.first_mut() {
                *r = Val::I32(refusal(name, fd));
            }
            Ok(())
        })?;
    }
    Ok(l)
}

/// The functions [`linker`] gives a body of their own.
const GIVEN: &[&str] = &[
    "args_sizes_get",
    "args_get",
    "environ_sizes_get",
    "environ_get",
    "fd_write",
    "fd_read",
    "fd_fdstat_get",
    "clock_time_get",
    "clock_res_get",
    "poll_oneoff",
    "random_get",
    "proc_exit",
    "sched_yield",
    "fd_prestat_get",
];

/// What a function that does nothing answers (as the page's layer does): no capability for a
/// path and no preopened folder (there is no file system), no such descriptor but the standard
/// streams, which support nothing but reading, writing and their status; no sockets or signals.
fn refusal(name: &str, fd: Option<i32>) -> i32 {
    match name {
        n if n.starts_with("path_") => ENOTCAPABLE,
        n if n.starts_with("fd_prestat_") => EBADF,
        n if n.starts_with("fd_") && fd.is_some_and(|fd| (0..=2).contains(&fd)) => ENOTSUP,
        n if n.starts_with("fd_") => EBADF,
        _ => ENOTSUP,
    }
}

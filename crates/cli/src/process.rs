//! Programs from outside the arcade (a contestant's punter or Lifter solver), run under the
//! contest's rules and the machine's safety: each under a keeper of its own
//! ([`crate::keeper`]), which holds every process the program starts — in its group or not, in
//! a session of its own, orphaned — and kills them all when the program exits or is killed;
//! its stdout read by a thread up to a bound (a program that floods is cut off, not buffered),
//! and its end seen as soon as the program and its children have closed it; the last few
//! kilobytes of its stderr kept for the report; its stdin written by a thread, so a program
//! that never reads cannot block the referee. Dropping a [`Program`] kills it and everything
//! it started.

use rails::inputs::QUOTE_CHARS;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The stderr kept per program: its last 8 KiB.
pub const STDERR_KEPT: usize = 8 << 10;

/// What reading the program's stdout gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Output {
    Bytes(Vec<u8>),
    /// Its stdout is closed (it exited, or closed it).
    Closed,
    /// It wrote more than the bound; reading stopped.
    Flooded,
    /// Nothing before the deadline.
    Waiting,
}

/// How long the keeper is given to kill what the program left before it is killed itself (its
/// own sweep gives up after 10 s).
const KEEPER_GRACE: Duration = Duration::from_secs(12);

pub struct Program {
    /// The keeper, which exits as the program did once everything it started is gone.
    child: Child,
    stdout: Receiver<Output>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Closed when its stderr is read to the end.
    stderr_read: Receiver<()>,
    flooded: bool,
}

impl Program {
    /// Runs `command` with `sh -c` under a keeper, reading at most `stdout_bound` bytes of
    /// its stdout.
    pub fn start(command: &str, stdout_bound: usize) -> std::io::Result<Program> {
        // The arcade binary itself (this very file, even if a build replaced it since).
        #[cfg(target_os = "linux")]
        let arcade = std::path::PathBuf::from("/proc/self/exe");
        #[cfg(not(target_os = "linux"))]
        let arcade = std::env::current_exe()?;
        let mut keeper = Command::new(arcade);
        keeper
            .arg(crate::keeper::KEEP)
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own: a Ctrl-C meant for the arcade reaches programs only through it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut keeper, 0);
        let mut child = keeper.spawn()?;
        let (tx, stdout) = mpsc::channel();
        if let Some(mut out) = child.stdout.take() {
            std::thread::spawn(move || {
                let mut buf = vec![0u8; 64 << 10];
                let mut total = 0usize;
                loop {
                    match out.read(&mut buf) {
                        Ok(0) | Err(_) => {
                            let _ = tx.send(Output::Closed);
                            return;
                        }
                        Ok(n) => {
                            total += n;
                            let sent = if total > stdout_bound {
                                Output::Flooded
                            } else {
                                Output::Bytes(buf[..n].to_vec())
                            };
                            let stop = sent == Output::Flooded;
                            if tx.send(sent).is_err() || stop {
                                return; // dropping the pipe: the writer gets EPIPE
                            }
                        }
                    }
                }
            });
        }
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let (read_to_end, stderr_read) = mpsc::channel::<()>();
        if let Some(mut err) = child.stderr.take() {
            let kept = Arc::clone(&stderr);
            std::thread::spawn(move || {
                let _done = read_to_end;
                let mut buf = vec![0u8; 16 << 10];
                while let Ok(n @ 1..) = err.read(&mut buf) {
                    if let Ok(mut k) = kept.lock() {
                        k.extend_from_slice(&buf[..n]);
                        if k.len() > STDERR_KEPT {
                            let cut = k.len() - STDERR_KEPT;
                            k.drain(..cut);
                        }
                    }
                }
            });
        }
        Ok(Program { child, stdout, stderr, stderr_read, flooded: false })
    }

    /// Writes `bytes` to its stdin from a thread of its own, then closes stdin (some contest
    /// programs wait for the end of their input); only once.
    pub fn send(&mut self, bytes: Vec<u8>) {
        if let Some(mut stdin) = self.child.stdin.take() {
            std::thread::spawn(move || {
                let _ = stdin.write_all(&bytes);
            });
        }
    }

    /// The next bytes of its stdout, waiting until `deadline`.
    pub fn read(&mut self, deadline: Instant) -> Output {
        if self.flooded {
            return Output::Flooded;
        }
        match self.stdout.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Output::Flooded) => {
                self.flooded = true;
                Output::Flooded
            }
            Ok(out) => out,
            Err(RecvTimeoutError::Timeout) => Output::Waiting,
            Err(RecvTimeoutError::Disconnected) => Output::Closed,
        }
    }

    /// Reads its stdout to the end, discarding it, until `deadline`: whether it ended (closed
    /// by the program and its children, or by their end).
    pub fn drain_until(&mut self, deadline: Instant) -> bool {
        loop {
            match self.read(deadline) {
                Output::Bytes(_) => {}
                Output::Closed | Output::Flooded => return true,
                Output::Waiting => return false,
            }
        }
    }

    /// Its exit status, if it has exited (and what it left behind is gone).
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Waits until it exits or `deadline` passes.
    pub fn wait_until(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            let now = Instant::now();
            if now >= deadline {
                return None;
            }
            std::thread::sleep((deadline - now).min(Duration::from_millis(5)));
        }
    }

    /// Sends SIGINT to its process group (through the keeper).
    pub fn interrupt(&self) {
        self.signal_keeper(Signal::Interrupt as i32);
    }

    fn signal_keeper(&self, signal: i32) {
        #[cfg(unix)]
        // SAFETY: kill(2) of our own child, the keeper; no memory involved.
        unsafe {
            libc::kill(self.child.id() as i32, signal);
        }
        #[cfg(not(unix))]
        let _ = signal;
    }

    /// Kills it and every process it started, and reaps the keeper; what it wrote to stderr is
    /// then read (for up to 200 ms).
    pub fn kill(&mut self) {
        if self.exited().is_none() {
            #[cfg(unix)]
            self.signal_keeper(libc::SIGTERM);
            if self.wait_until(Instant::now() + KEEPER_GRACE).is_none() {
                let _ = self.child.kill();
                let _ = self.child.wait();
            }
        }
        let _ = self.stderr_read.recv_timeout(Duration::from_millis(200));
    }

    /// The last [`STDERR_KEPT`] bytes of its stderr, as text.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|k| String::from_utf8_lossy(&k).into_owned()).unwrap_or_default()
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The signals the arcade sends to programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    Interrupt = 2,
}

/// The signal that ended a program, if one did.
pub fn signal_of(status: ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    return std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    return status.code().and(None);
}

/// A short account of how a program ended ("exit code 3", "killed by signal 9").
pub fn describe(status: ExitStatus) -> String {
    match (status.code(), signal_of(status)) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => "ended".into(),
    }
}

/// A flag raised when this process gets SIGINT (the 2012 contest's "stop and print").
pub fn on_interrupt() -> Result<Arc<std::sync::atomic::AtomicBool>, String> {
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
    #[cfg(unix)]
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag))
        .map_err(|e| format!("cannot watch for SIGINT: {e}"))?;
    Ok(flag)
}

/// The stderr tail for a report: empty, or "; its stderr ended: …" (the last lines, at most
/// the last [`QUOTE_CHARS`] characters of them).
pub fn stderr_note(stderr: &str) -> String {
    let t = stderr.trim();
    if t.is_empty() {
        return String::new();
    }
    let tail: Vec<&str> = t.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    let tail = tail.join(" / ");
    let count = tail.chars().count();
    match count.checked_sub(QUOTE_CHARS) {
        Some(earlier @ 1..) => format!(
            "; its stderr ended: ({earlier} characters before) …{}",
            tail.chars().skip(earlier).collect::<String>()
        ),
        _ => format!("; its stderr ended: {tail}"),
    }
}

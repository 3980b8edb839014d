//! Programs from outside the arcade (a contestant's punter or Lifter solver), run under the
//! contest's rules and the machine's safety: each in a process group of its own, so that it is
//! signalled and killed with every child it forked; its stdout read by a thread up to a bound
//! (a program that floods is cut off, not buffered); the last few kilobytes of its stderr kept
//! for the report; its stdin written by a thread, so a program that never reads cannot block
//! the referee. Dropping a [`Program`] kills its group.

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

pub struct Program {
    child: Child,
    group: i32,
    stdout: Receiver<Output>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Closed when its stderr is read to the end.
    stderr_read: Receiver<()>,
    flooded: bool,
}

impl Program {
    /// Runs `command` with `sh -c`, reading at most `stdout_bound` bytes of its stdout.
    pub fn start(command: &str, stdout_bound: usize) -> std::io::Result<Program> {
        let mut shell = Command::new("sh");
        shell.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let mut child = shell.spawn()?;
        let group = child.id() as i32;
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
                            let sent = if total > stdout_bound { Output::Flooded } else { Output::Bytes(buf[..n].to_vec()) };
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
        Ok(Program { child, group, stdout, stderr, stderr_read, flooded: false })
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

    /// Its exit status, if it has exited.
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

    /// Sends `signal` to its whole process group.
    pub fn signal(&self, signal: Signal) {
        #[cfg(unix)]
        // SAFETY: kill(2) with a negative pid signals the group we created; no memory involved.
        unsafe {
            libc::kill(-self.group, signal as i32);
        }
        #[cfg(not(unix))]
        let _ = (signal, self.group);
    }

    /// Kills its process group and reaps it; what it wrote to stderr is then read (for up to
    /// 200 ms: a process that left the group may hold the pipe).
    pub fn kill(&mut self) {
        self.signal(Signal::Kill);
        let _ = self.child.wait();
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
    Kill = 9,
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
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag)).map_err(|e| format!("cannot watch for SIGINT: {e}"))?;
    Ok(flag)
}

/// The stderr tail for a report: empty, or "; its stderr ended: …" (the last lines).
pub fn stderr_note(stderr: &str) -> String {
    let t = stderr.trim();
    if t.is_empty() {
        return String::new();
    }
    let tail: Vec<&str> = t.lines().rev().take(5).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    format!("; its stderr ended: {}", tail.join(" / "))
}

//! The keeper of a program from outside: the arcade binary again (`arcade __keep COMMAND`,
//! started by [`crate::process::Program`], never by hand), between the arcade and the
//! program, holding every process the program starts.
//!
//! - It is a child subreaper (`PR_SET_CHILD_SUBREAPER`): a process the program starts stays
//!   the keeper's descendant however it detaches — `setsid` leaves the process group, a double
//!   fork orphans it, and an orphan comes back to the keeper instead of init.
//! - It starts the command with `sh -c` in a process group of its own (a single simple
//!   command with `exec` in front, so the program itself, not a shell waiting for it, holds its
//!   stdout), hands it its stdin, stdout and stderr, and lets go of its own copies: the arcade
//!   sees the end of the program's output when the program and its children close it.
//! - It passes SIGINT on to the program's group. When the program exits, when the arcade asks
//!   (SIGTERM) or when the arcade is gone, it kills every descendant (found by their parents in
//!   /proc, again and again until it has no child left), reaps them all, and exits as the
//!   program did: its exit code, or its signal.
//!
//! Why a keeper per program rather than the arcade as the subreaper: the arcade runs programs
//! at once (`lifter judge --jobs`), and an orphan re-parented to the arcade no longer says
//! whose it was; a keeper holds exactly one program's processes. A cgroup or a PID namespace
//! would need root or a delegated cgroup tree, which a contestant's machine may not give.

/// The argument that makes the arcade a keeper.
pub const KEEP: &str = "__keep";

/// Runs as a keeper if the command line asks for one (`arcade __keep COMMAND`): never returns
/// then.
pub fn keep_if_asked() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let [keep, command] = args.as_slice() {
        if keep == KEEP {
            #[cfg(target_os = "linux")]
            linux::keep(&command.to_string_lossy());
            #[cfg(not(target_os = "linux"))]
            {
                eprintln!("arcade: programs from outside run only on Linux ({command:?})");
                std::process::exit(127);
            }
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::collections::HashMap;
    use std::time::{Duration, Instant};

    /// How long the keeper tries to kill what is left before it gives up (a process stuck in
    /// the kernel cannot die at once).
    const SWEEP: Duration = Duration::from_secs(10);

    pub fn keep(command: &str) -> ! {
        // SAFETY: prctl, getppid and the signal-mask calls take plain values and local sets;
        // the keeper is single-threaded (it starts no thread before the mask is set).
        let parent = unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            libc::getppid()
        };
        // Blocked from here on and waited for below (a SIGTERM or SIGINT never finds the
        // keeper unprepared); the program starts with nothing blocked.
        // An ignored signal is never pending, so their default actions come back first (an
        // arcade started in the background ignores SIGINT; its programs then no longer do).
        let waited = signal_set(&[libc::SIGCHLD, libc::SIGINT, libc::SIGTERM, libc::SIGHUP]);
        // SAFETY: plain signal numbers and a valid set, no old mask asked for.
        unsafe {
            for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                libc::signal(signal, libc::SIG_DFL);
            }
            libc::pthread_sigmask(libc::SIG_BLOCK, &waited, std::ptr::null_mut());
        }
        let mut shell = std::process::Command::new("sh");
        shell.arg("-c").arg(crate::shell_line::shell_line(command));
        std::os::unix::process::CommandExt::process_group(&mut shell, 0);
        let nothing = signal_set(&[]);
        // SAFETY: between fork and exec, only sigprocmask (async-signal-safe) on a set made
        // before the fork.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut shell, move || {
                libc::sigprocmask(libc::SIG_SETMASK, &nothing, std::ptr::null_mut());
                Ok(())
            });
        }
        let root = match shell.spawn() {
            Ok(child) => child.id() as i32,
            Err(e) => {
                eprintln!("arcade: cannot start sh: {e}");
                std::process::exit(127);
            }
        };
        let_go_of_stdio();
        let mut status = None;
        loop {
            if !reap(root, &mut status) || status.is_some() {
                break;
            }
            // SAFETY: getppid has no arguments.
            if unsafe { libc::getppid() } != parent {
                break; // the arcade is gone
            }
            let timeout = libc::timespec { tv_sec: 0, tv_nsec: 100_000_000 };
            // SAFETY: a valid set and timeout; no siginfo asked for.
            match unsafe { libc::sigtimedwait(&waited, std::ptr::null_mut(), &timeout) } {
                // SAFETY: kill with the program's process group.
                libc::SIGINT => unsafe {
                    libc::kill(-root, libc::SIGINT);
                },
                libc::SIGTERM | libc::SIGHUP => break,
                _ => {}
            }
        }
        sweep(root, &mut status);
        exit_as(status)
    }

    fn signal_set(signals: &[i32]) -> libc::sigset_t {
        // SAFETY: sigemptyset initialises the set before sigaddset reads it.
        unsafe {
            let mut set = std::mem::zeroed::<libc::sigset_t>();
            libc::sigemptyset(&mut set);
            for &s in signals {
                libc::sigaddset(&mut set, s);
            }
            set
        }
    }

    /// /dev/null in place of the keeper's stdin, stdout and stderr (the program has them).
    fn let_go_of_stdio() {
        if let Ok(null) = std::fs::OpenOptions::new().read(true).write(true).open("/dev/null") {
            let fd = std::os::fd::AsRawFd::as_raw_fd(&null);
            for target in 0..3 {
                // SAFETY: dup2 onto the standard descriptors, which the keeper no longer uses.
                unsafe { libc::dup2(fd, target) };
            }
        }
    }

    /// Reaps every child that has ended (the program's status into `status`); whether any
    /// child is left.
    fn reap(root: i32, status: &mut Option<i32>) -> bool {
        loop {
            let mut st = 0;
            // SAFETY: waitpid with a local status word.
            let pid = unsafe { libc::waitpid(-1, &mut st, libc::WNOHANG) };
            match pid {
                0 => return true,
                p if p == root => *status = Some(st),
                p if p > 0 => {}
                _ if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted => {}
                _ => return false, // ECHILD: no child at all
            }
        }
    }

    /// Kills every descendant until no child is left (or [`SWEEP`] has passed).
    fn sweep(root: i32, status: &mut Option<i32>) {
        let deadline = Instant::now() + SWEEP;
        // SAFETY: getpid has no arguments.
        let me = unsafe { libc::getpid() };
        while reap(root, status) && Instant::now() < deadline {
            for pid in descendants(me) {
                // SAFETY: kill with a pid found below the keeper a moment ago.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// The living processes below `ancestor`, by the parent ids in /proc.
    fn descendants(ancestor: i32) -> Vec<i32> {
        let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else { continue };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
            // "pid (name) state ppid …": the name may hold anything, so read after its last ')'.
            let mut rest = stat.rsplit(')').next().unwrap_or_default().split_whitespace();
            let (Some(state), Some(Ok(ppid))) = (rest.next(), rest.next().map(str::parse::<i32>))
            else {
                continue;
            };
            if state != "Z" && state != "X" {
                children.entry(ppid).or_default().push(pid);
            }
        }
        let mut found = Vec::new();
        let mut next = vec![ancestor];
        while let Some(p) = next.pop() {
            for &c in children.get(&p).into_iter().flatten() {
                found.push(c);
                next.push(c);
            }
        }
        found
    }

    /// Exits as the program did: its exit code, or the signal that ended it.
    fn exit_as(status: Option<i32>) -> ! {
        let Some(st) = status else { std::process::exit(125) };
        if libc::WIFEXITED(st) {
            std::process::exit(libc::WEXITSTATUS(st));
        }
        let signal = libc::WTERMSIG(st);
        let no_core = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: plain values; the default action of `signal` ends the keeper as it ended
        // the program (without a core file).
        unsafe {
            libc::setrlimit(libc::RLIMIT_CORE, &no_core);
            libc::signal(signal, libc::SIG_DFL);
            let only = signal_set(&[signal]);
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &only, std::ptr::null_mut());
            libc::raise(signal);
        }
        std::process::exit(128 + signal)
    }
}

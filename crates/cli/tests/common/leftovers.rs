//! Processes a program left behind: a copy of `sleep` under a name of its own (a symlink,
//! so its command line carries the name), and the processes still running under that name.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A `sleep` named `sleeper-TAG-PID` in a fresh folder: its path.
pub fn sleeper(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arcade-sleepers-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let sleep = ["/bin/sleep", "/usr/bin/sleep"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("a sleep binary");
    let path = dir.join(format!("sleeper-{tag}-{}", std::process::id()));
    std::os::unix::fs::symlink(sleep, &path).unwrap();
    path
}

/// The running processes (zombies aside) whose command line names `sleeper`.
pub fn running(sleeper: &Path) -> Vec<u32> {
    let name = sleeper.file_name().unwrap().to_string_lossy().into_owned();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else { continue };
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| s.rsplit(')').next().and_then(|r| r.trim().chars().next()));
        if String::from_utf8_lossy(&cmdline).contains(&name)
            && !matches!(state, Some('Z' | 'X') | None)
        {
            found.push(pid);
        }
    }
    found
}

/// The processes named `sleeper` still running after up to 5 s (the kills may take a moment
/// to land); then kills them, so a failing test leaves nothing either.
pub fn survivors(sleeper: &Path) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut left = running(sleeper);
    while !left.is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
        left = running(sleeper);
    }
    for pid in &left {
        let _ = std::process::Command::new("kill").args(["-9", &pid.to_string()]).status();
    }
    left
}

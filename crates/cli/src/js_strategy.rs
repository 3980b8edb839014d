//! A JavaScript strategy file played from the CLI: `node` runs `js_host.mjs`, which loads the
//! file into an empty vm context and answers one JSON view a line. The referee stays here: a
//! per-answer backstop (node's own limit is the turn limit), an answer-size bound, and a dead
//! or silent process ends the strategy for good (each later question is refused at once).

use rails::inputs::excerpt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

const HOST: &str = include_str!("js_host.mjs");
/// The longest answer line read from a strategy.
pub const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// How long past its own limit node may take to report before the process is stopped.
const BACKSTOP_EXTRA: Duration = Duration::from_secs(2);

pub struct JsStrategy {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Result<String, String>>,
    limit: Duration,
    dead: Option<String>,
    /// What the strategy printed (`console.log`) during its last call.
    printed: String,
}

impl JsStrategy {
    /// Starts `node` on `path`, which must define `function`; `limit_ms` bounds each call.
    pub fn start(path: &str, function: &str, limit_ms: u64) -> Result<JsStrategy, String> {
        let file = std::fs::canonicalize(path).map_err(|e| format!("{path}: {e}"))?;
        let file =
            file.to_str().ok_or_else(|| format!("{path}: the path is not UTF-8"))?.to_string();
        let mut child = Command::new("node")
            .args([
                "--experimental-permission",
                &format!("--allow-fs-read={file}"),
                "--no-warnings",
                "--input-type=module",
                "-e",
                HOST,
                "--",
            ])
            .args([file.as_str(), function, &limit_ms.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!("{path}: running a JavaScript strategy needs node on the PATH ({e})")
            })?;
        let stdout = child.stdout.take().ok_or("node gave no output pipe")?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                let read = std::io::Read::take(&mut reader, MAX_ANSWER_BYTES as u64 + 1)
                    .read_until(b'\n', &mut line);
                let sent = match read {
                    Ok(0) => return,
                    Ok(_) if line.len() > MAX_ANSWER_BYTES => send
                        .send(Err(format!("the answer is longer than {MAX_ANSWER_BYTES} bytes"))),
                    Ok(_) => send.send(
                        String::from_utf8(line).map_err(|_| "the answer is not UTF-8".to_string()),
                    ),
                    Err(e) => send.send(Err(e.to_string())),
                };
                if sent.is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut s = JsStrategy {
            child,
            stdin,
            lines,
            limit: Duration::from_millis(limit_ms),
            dead: None,
            printed: String::new(),
        };
        // Loading may take up to four call limits (node's own bound on the top level).
        match s.receive(s.limit * 4)? {
            v if v.get("ready").is_some() => Ok(s),
            v => Err(rails::inputs::in_file(
                path,
                &excerpt(
                    v.get("error").and_then(|e| e.as_str()).unwrap_or("the file did not load"),
                ),
            )),
        }
    }

    /// The strategy's answer to `view` (JSON), or why there is none.
    pub fn ask(&mut self, view: &str) -> Result<serde_json::Value, String> {
        if let Some(why) = &self.dead {
            return Err(why.clone());
        }
        let stdin = self.stdin.as_mut().ok_or("the strategy has stopped")?;
        let sent = stdin
            .write_all(view.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        if let Err(e) = sent {
            return Err(self.kill(format!("the strategy has stopped ({e})")));
        }
        let v = self.receive(self.limit)?;
        self.printed = v.get("printed").and_then(|p| p.as_str()).unwrap_or_default().to_string();
        match v.get("error").and_then(|e| e.as_str()) {
            Some(e) => Err(excerpt(e).into_owned()),
            None => Ok(v.get("answer").cloned().unwrap_or(serde_json::Value::Null)),
        }
    }

    /// What the strategy printed during its last call (once).
    pub fn take_printed(&mut self) -> String {
        std::mem::take(&mut self.printed)
    }

    fn receive(&mut self, limit: Duration) -> Result<serde_json::Value, String> {
        let line = match self.lines.recv_timeout(limit + BACKSTOP_EXTRA) {
            Ok(Ok(line)) => line,
            Ok(Err(e)) => return Err(self.kill(e)),
            Err(RecvTimeoutError::Timeout) => {
                return Err(self.kill(format!(
                    "no answer in {} ms: the strategy was stopped",
                    (limit + BACKSTOP_EXTRA).as_millis()
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(self.kill("the strategy's process ended".to_string()))
            }
        };
        serde_json::from_str(&line)
            .map_err(|e| self.kill(format!("an answer that is not JSON ({e})")))
    }

    /// Stops the process; every later question gets `why`.
    fn kill(&mut self, why: String) -> String {
        let _ = self.child.kill();
        self.dead = Some(why.clone());
        why
    }
}

impl Drop for JsStrategy {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

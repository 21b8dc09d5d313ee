//! Running a program the way the weave needs it: arguments given one by one (no shell),
//! standard input closed, output captured, and killed when it runs past its time limit.

use anyhow::{Context, Result};
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Debug)]
pub struct Outcome {
    /// The exit status, or `None` when the run was killed at its time limit.
    pub status: Option<ExitStatus>,
    /// Standard output; with [`Streams::Merged`], standard error interleaved in it.
    pub stdout: String,
    /// Standard error; always empty with [`Streams::Merged`].
    pub stderr: String,
    /// Wall time from spawning to exit (or to the kill).
    pub wall: Duration,
}

impl Outcome {
    /// The exit code, for messages: `None` when killed by a signal or the time limit.
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }

    /// Whether the run was killed at its time limit.
    pub fn timed_out(&self) -> bool {
        self.status.is_none()
    }

    /// Whether the program ran to the end and exited 0.
    pub fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// "exit status 1", "killed by signal 9", "stopped after 10 s", for messages.
    pub fn describe(&self, limit: Duration) -> String {
        match (self.status, self.code()) {
            (None, _) => format!("stopped after {} s", limit.as_secs_f64()),
            (Some(_), Some(code)) => format!("exit status {code}"),
            (Some(status), None) => format!("ended by {status}"),
        }
    }
}

/// Where the program's two output streams go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Streams {
    /// Both into one pipe, interleaved as a terminal would show them.
    Merged,
    /// Each captured on its own.
    Separate,
}

/// Runs `program` with `args` in `dir`, killing it after `limit`.
pub fn run(
    program: &Path,
    args: &[String],
    dir: &Path,
    limit: Duration,
    streams: Streams,
) -> Result<Outcome> {
    let mut command = Command::new(program);
    command.args(args).current_dir(dir);
    run_command(command, limit, streams)
}

/// Runs `command` (its program, arguments, directory and environment set), standard input
/// closed, killing it after `limit`.
pub fn run_command(mut command: Command, limit: Duration, streams: Streams) -> Result<Outcome> {
    let program = command.get_program().to_owned();
    let spawn_error = || format!("cannot run {}", Path::new(&program).display());
    command.stdin(Stdio::null());
    let (mut child, out, err) = match streams {
        Streams::Merged => {
            let (reader, writer) = std::io::pipe().with_context(spawn_error)?;
            command.stdout(writer.try_clone()?).stderr(writer);
            let child = command.spawn().with_context(spawn_error)?;
            // `command` still holds the pipe's write end: drop it, or we never see EOF.
            drop(command);
            (child, Some(collect(reader)), None)
        }
        Streams::Separate => {
            command.stdout(Stdio::piped()).stderr(Stdio::piped());
            let mut child = command.spawn().with_context(spawn_error)?;
            let out = child.stdout.take().map(collect);
            let err = child.stderr.take().map(collect);
            (child, out, err)
        }
    };
    let started = Instant::now();
    let status = wait_at_most(&mut child, limit)?;
    let wall = started.elapsed();
    let join = |reader: Option<thread::JoinHandle<String>>| {
        reader.map_or(String::new(), |r| r.join().unwrap_or_default())
    };
    Ok(Outcome { status, stdout: join(out), stderr: join(err), wall })
}

/// Reads a stream to its end on a thread of its own, so that a chatty program never blocks on
/// a full pipe while we wait for it.
fn collect(mut stream: impl Read + Send + 'static) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for `child`, killing it once `limit` has passed; `None` means it was killed.
///
/// Polls with a nap that doubles from 50 µs up to 5 ms: short runs are seen to end quickly,
/// long ones cost little. (Why not a thread blocked in `wait`: the kill needs the same `Child`.)
fn wait_at_most(child: &mut Child, limit: Duration) -> Result<Option<ExitStatus>> {
    let deadline = Instant::now() + limit;
    let mut nap = Duration::from_micros(50);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            child.wait()?;
            return Ok(None);
        }
        thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limit: Duration, streams: Streams) -> Outcome {
        let args = ["-c".to_string(), script.to_string()];
        run(Path::new("/bin/sh"), &args, Path::new("."), limit, streams).unwrap()
    }

    #[test]
    fn merged_streams_keep_their_order() {
        let out =
            sh("echo one; echo two >&2; echo three", Duration::from_secs(10), Streams::Merged);
        assert!(out.success());
        assert_eq!(out.stdout, "one\ntwo\nthree\n");
        assert_eq!(out.stderr, "");
    }

    #[test]
    fn separate_streams_and_exit_codes() {
        let out = sh("echo out; echo err >&2; exit 3", Duration::from_secs(10), Streams::Separate);
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("out\n", "err\n"));
        assert_eq!(out.code(), Some(3));
        assert_eq!(out.describe(Duration::from_secs(1)), "exit status 3");
    }

    #[test]
    fn runs_past_the_limit_are_killed() {
        let started = Instant::now();
        let out = sh("exec sleep 5", Duration::from_millis(200), Streams::Separate);
        assert!(out.timed_out());
        assert!(started.elapsed() < Duration::from_secs(4));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let missing = Path::new("/nonexistent/sudoku");
        let err = run(missing, &[], Path::new("."), Duration::from_secs(1), Streams::Merged);
        assert!(format!("{:#}", err.unwrap_err()).contains("/nonexistent/sudoku"));
    }
}

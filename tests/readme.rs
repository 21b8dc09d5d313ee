//! The README's "Using it" examples, run as written: each line of its console block is a real
//! command, so that the README cannot show one that no longer works.

use std::process::{Command, Stdio};

/// The commands of the first console block under "## Using it", without their comments.
fn examples() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let section = readme.split("## Using it").nth(1).expect("a section \"Using it\"");
    let block = section.split("```console").nth(1).expect("a console block");
    let block = block.split("```").next().unwrap();
    block
        .lines()
        .map(|line| line.split("  #").next().unwrap().trim().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn every_example_of_the_readme_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let scratch = tempfile::tempdir().unwrap();
    for example in examples() {
        let mut words: Vec<&str> = example.split_whitespace().collect();
        assert_eq!(words.remove(0), "sudoku", "{example}");
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku"));
        command.current_dir(root).stdin(Stdio::null()).stdout(Stdio::piped());
        // `< FILE` feeds standard input; `> FILE` writes into a scratch directory.
        if let Some(at) = words.iter().position(|w| *w == "<") {
            let file = std::fs::File::open(std::path::Path::new(root).join(words[at + 1])).unwrap();
            command.stdin(file);
            words.drain(at..at + 2);
        }
        if let Some(at) = words.iter().position(|w| *w == ">") {
            command.stdout(std::fs::File::create(scratch.path().join(words[at + 1])).unwrap());
            words.drain(at..at + 2);
        }
        let out = command.args(&words).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{example}: {err}");
        let written = match words.contains(&"completions") || words.contains(&"man") {
            true => std::fs::read_dir(scratch.path()).unwrap().count() > 0,
            false => !out.stdout.is_empty(),
        };
        assert!(written, "{example} wrote nothing");
    }
}

#[test]
fn the_readme_shows_every_subcommand() {
    let shown: Vec<String> =
        examples().iter().filter_map(|e| e.split_whitespace().nth(1).map(str::to_string)).collect();
    let help = Command::new(env!("CARGO_BIN_EXE_sudoku")).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let commands = help.split("Commands:").nth(1).expect("a list of commands");
    let commands = commands.split("\n\n").next().unwrap();
    for line in commands.lines() {
        let Some(name) = line.split_whitespace().next() else { continue };
        if name == "help" {
            continue;
        }
        assert!(shown.iter().any(|s| s == name), "the README shows no `sudoku {name}`");
    }
}

//! What the numbers were measured on: CPU model, cores, OS name and version, rustc version.
//!
//! The weave's `{{#machine}}` line and the heading of every frozen result read these probes, and
//! so do the programs that measure (their line under a table); they depend on nothing else.

use crate::run::{self, Streams};
use std::path::Path;
use std::time::Duration;

/// `CPU (2 cores), OS, rustc`, each but the cores marked up by `code`.
pub fn describe(root: &Path, code: fn(&str) -> String) -> String {
    format!(
        "{} ({}), {}, {}",
        code(&cpu_model()),
        cores(),
        code(&os_name()),
        code(&rustc_version(root))
    )
}

/// `CPU (2 cores)`: what a frozen result was measured on.
pub fn short() -> String {
    format!("{} ({})", cpu_model(), cores())
}

fn cores() -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cores == 1 { "1 core".to_string() } else { format!("{cores} cores") }
}

/// The CPU's model name, from `/proc/cpuinfo`.
pub fn cpu_model() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    ["model name", "Model", "Hardware", "cpu model"]
        .iter()
        .find_map(|key| field(&cpuinfo, key, ':'))
        .unwrap_or_else(|| format!("unknown {} CPU", std::env::consts::ARCH))
}

/// `NAME VERSION_ID` from `/etc/os-release`, such as `Debian GNU/Linux 12`.
fn os_name() -> String {
    let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let name = field(&release, "NAME", '=');
    let version = field(&release, "VERSION_ID", '=');
    match (name, version) {
        (Some(name), Some(version)) => format!("{name} {version}"),
        (Some(name), None) => name,
        _ => std::env::consts::OS.to_string(),
    }
}

/// The value of the first line `key SEP value` in `text` (spaces around `SEP` and quotes around
/// the value dropped), collapsing runs of spaces.
fn field(text: &str, key: &str, separator: char) -> Option<String> {
    text.lines().find_map(|line| {
        let (k, v) = line.split_once(separator)?;
        let v = v.trim().trim_matches('"');
        (k.trim() == key && !v.is_empty())
            .then(|| v.split_whitespace().collect::<Vec<_>>().join(" "))
    })
}

fn rustc_version(root: &Path) -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    probe(&rustc, &["--version"], root).unwrap_or_else(|| "rustc (version unknown)".to_string())
}

/// The trimmed standard output of a successful run of `program`, or `None`.
fn probe(program: &str, args: &[&str], dir: &Path) -> Option<String> {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let limit = Duration::from_secs(30);
    let out = run::run(Path::new(program), &args, dir, limit, Streams::Separate).ok()?;
    out.success().then(|| out.stdout.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_and_tidied() {
        let cpuinfo = "processor\t: 0\nmodel name\t: Intel(R)  Xeon(R)   CPU @ 2.20GHz\n";
        assert_eq!(
            field(cpuinfo, "model name", ':').as_deref(),
            Some("Intel(R) Xeon(R) CPU @ 2.20GHz")
        );
        let release = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n";
        assert_eq!(field(release, "NAME", '=').as_deref(), Some("Debian GNU/Linux"));
        assert_eq!(field(release, "VERSION_ID", '=').as_deref(), Some("12"));
        assert_eq!(field(release, "ID", '='), None);
    }

    #[test]
    fn machine_facts_are_found_here() {
        assert!(!cpu_model().is_empty());
        assert!(!os_name().is_empty());
        assert!(rustc_version(Path::new(".")).starts_with("rustc"));
    }
}

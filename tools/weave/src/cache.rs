//! The cache of woven results, under `target/weave-cache/`.
//!
//! An entry is the Markdown a directive produced, in a file named after the directive and its
//! key. The key hashes what determines the result: the `sudoku` binary's contents, the
//! directive's name and `!`, its arguments split into words (so spacing does not matter), and the
//! contents of the files those words name.
//! A new binary means new keys, so stale results are never shown; old entries are simply left
//! behind (they are small) until `cargo clean`.

use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::collections::HashSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Bumped whenever the woven Markdown of a directive changes shape, to drop old entries.
const FORMAT: &str = "weave-cache-v1";

/// Woven results stored on disk.
pub struct Cache {
    dir: PathBuf,
    /// Ignore entries from earlier builds (`--fresh`); those written by this build still count,
    /// so a directive used twice is measured once.
    fresh: bool,
    written: RefCell<HashSet<String>>,
}

impl Cache {
    pub fn new(dir: PathBuf, fresh: bool) -> Cache {
        Cache { dir, fresh, written: RefCell::new(HashSet::new()) }
    }

    /// The stored result for `key`, if there is one this build may use.
    pub fn get(&self, name: &str, key: &str) -> Option<String> {
        if self.fresh && !self.written.borrow().contains(key) {
            return None;
        }
        fs::read_to_string(self.path(name, key)).ok()
    }

    /// Stores `text` as the result for `key`, atomically (a crash never leaves half an entry).
    pub fn put(&self, name: &str, key: &str, text: &str) -> Result<()> {
        let path = self.path(name, key);
        let partial = path.with_extension("partial");
        fs::create_dir_all(&self.dir)
            .and_then(|()| fs::write(&partial, text))
            .and_then(|()| fs::rename(&partial, &path))
            .with_context(|| format!("cannot write the weave cache entry {}", path.display()))?;
        self.written.borrow_mut().insert(key.to_string());
        Ok(())
    }

    fn path(&self, name: &str, key: &str) -> PathBuf {
        self.dir.join(format!("{name}-{key}.md"))
    }
}

// ANCHOR: key
/// The cache key of a directive: a hash of everything its result depends on. `inputs` are the
/// hashes of the files its words name (a grid file), so editing one re-runs the directive.
///
/// Each part is preceded by its length, so that no two different lists of parts hash alike
/// (`["ab", "c"]` and `["a", "bc"]` differ), and the count of words is hashed before them.
pub fn key(
    binary_hash: &str,
    name: &str,
    bang: bool,
    words: &[String],
    inputs: &[String],
) -> String {
    let mut hasher = Sha256::new();
    let bang = if bang { "!" } else { "" };
    let count = words.len().to_string();
    let parts = [FORMAT, binary_hash, name, bang, &count].into_iter();
    let parts = parts.chain(words.iter().chain(inputs).map(String::as_str));
    for part in parts {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part.as_bytes());
    }
    hex(&hasher.finalize()[..16])
}

/// The hashes of the files that `words` name, relative to `root` (a `key=value` word names the
/// file in its value); words that name no file are skipped.
pub fn input_hashes(root: &Path, words: &[String]) -> Result<Vec<String>> {
    let mut hashes = Vec::new();
    for word in words {
        let path = word.split_once('=').map_or(word.as_str(), |(_, value)| value);
        let path = root.join(path);
        if path.is_file() {
            hashes.push(hash_file(&path)?);
        }
    }
    Ok(hashes)
}
// ANCHOR_END: key

/// The SHA-256 of a file's contents, in hex.
pub fn hash_file(path: &Path) -> Result<String> {
    let mut file =
        fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0; 1 << 16];
    loop {
        let n =
            file.read(&mut buffer).with_context(|| format!("cannot read {}", path.display()))?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn keys_depend_on_every_part() {
        let base = key("bin1", "sudoku", false, &words(&["easy"]), &[]);
        assert_eq!(base.len(), 32);
        assert_eq!(base, key("bin1", "sudoku", false, &words(&["easy"]), &[]));
        assert_ne!(base, key("bin2", "sudoku", false, &words(&["easy"]), &[]));
        assert_ne!(base, key("bin1", "timings", false, &words(&["easy"]), &[]));
        assert_ne!(base, key("bin1", "sudoku", true, &words(&["easy"]), &[]));
        assert_ne!(base, key("bin1", "sudoku", false, &words(&["hard"]), &[]));
    }

    #[test]
    fn named_files_are_inputs() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("grids.txt"), "1.3").unwrap();
        let words = words(&["easy", "grids.txt", "reference=grids.txt", "runs=3"]);
        let first = input_hashes(dir.path(), &words).unwrap();
        assert_eq!(first.len(), 2);
        fs::write(dir.path().join("grids.txt"), "1.4").unwrap();
        let second = input_hashes(dir.path(), &words).unwrap();
        assert_ne!(
            key("b", "sudoku", false, &words, &first),
            key("b", "sudoku", false, &words, &second)
        );
    }

    #[test]
    fn word_boundaries_matter() {
        assert_ne!(
            key("b", "sudoku", false, &words(&["ab", "c"]), &[]),
            key("b", "sudoku", false, &words(&["a", "bc"]), &[])
        );
        assert_ne!(
            key("b", "sudoku", false, &words(&["easy hard"]), &[]),
            key("b", "sudoku", false, &words(&["easy", "hard"]), &[])
        );
    }

    #[test]
    fn entries_round_trip_and_fresh_ignores_old_ones() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path().join("cache"), false);
        assert_eq!(cache.get("sudoku", "k1"), None);
        cache.put("sudoku", "k1", "woven").unwrap();
        assert_eq!(cache.get("sudoku", "k1").as_deref(), Some("woven"));

        let fresh = Cache::new(dir.path().join("cache"), true);
        assert_eq!(fresh.get("sudoku", "k1"), None);
        fresh.put("sudoku", "k1", "again").unwrap();
        assert_eq!(fresh.get("sudoku", "k1").as_deref(), Some("again"));
    }

    #[test]
    fn file_hashes_follow_contents() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("binary");
        fs::write(&path, b"one").unwrap();
        let first = hash_file(&path).unwrap();
        fs::write(&path, b"two").unwrap();
        assert_ne!(first, hash_file(&path).unwrap());
        assert_eq!(first.len(), 64);
    }
}

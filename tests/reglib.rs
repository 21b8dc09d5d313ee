//! HoDoKu's regression library against the techniques of Part IV: for every implemented
//! technique, the share of its cases where some instance the search reports gives exactly the
//! expected eliminations and placements (and, for a `-x` case, where it finds nothing).
//! Skipped with a message when the library is absent (see `SUDOKU_DATA`).

use std::collections::BTreeMap;
use std::path::PathBuf;

use sudoku::pencil_marks::{LibraryCase, library_case};
use sudoku::techniques::{Step, Technique};

/// Our technique for HoDoKu's code, and whether a hidden single must be a full house.
fn technique_of(code: &str) -> Option<(Technique, bool)> {
    Some(match code {
        "0000" => (Technique::HiddenSingle, true),
        "0002" => (Technique::HiddenSingle, false),
        "0003" => (Technique::NakedSingle, false),
        "0100" => (Technique::Pointing, false),
        "0101" => (Technique::Claiming, false),
        "0200" => (Technique::NakedPair, false),
        "0201" => (Technique::NakedTriple, false),
        "0202" => (Technique::NakedQuad, false),
        "0210" => (Technique::HiddenPair, false),
        "0211" => (Technique::HiddenTriple, false),
        "0212" => (Technique::HiddenQuad, false),
        "0300" => (Technique::XWing, false),
        "0301" => (Technique::Swordfish, false),
        "0302" => (Technique::Jellyfish, false),
        "0800" => (Technique::XyWing, false),
        "0801" => (Technique::XyzWing, false),
        "0610" => (Technique::Bug1, false),
        // X-chains, XY-chains, remote pairs, nice loops and AICs: SE's cycles and forcing chains.
        "0701" | "0702" | "0703" | "0706" | "0707" | "0708" => (Technique::ForcingChains, false),
        _ => return None,
    })
}

fn sorted(mut v: Vec<(usize, u8)>) -> Vec<(usize, u8)> {
    v.sort_unstable();
    v
}

/// Whether the technique handles the case as the library expects.
fn passes(case: &LibraryCase, technique: Technique, full_house: bool) -> bool {
    let mut steps: Vec<Step> = Vec::new();
    technique.find(&case.marks, &mut |step| {
        steps.push(step);
        false
    });
    if full_house {
        steps.retain(|s| s.rating == 10);
    }
    if case.must_fail() {
        return steps.is_empty();
    }
    let (eliminations, placements) =
        (sorted(case.eliminations.clone()), sorted(case.placements.clone()));
    if technique == Technique::ForcingChains {
        // SE removes one candidate a forcing chain, HoDoKu all a chain's ends see at once: the
        // case passes when every expected consequence is some step's.
        let made = |target: &(usize, u8)| {
            steps.iter().any(|s| s.eliminations.contains(target) || s.placements.contains(target))
        };
        return eliminations.iter().chain(&placements).all(made);
    }
    steps
        .into_iter()
        .any(|s| sorted(s.eliminations) == eliminations && sorted(s.placements) == placements)
}

/// Cases known to fail, as `line number: why`.
const KNOWN_EXCEPTIONS: &[(usize, &str)] = &[];

#[test]
fn every_implemented_technique_passes_its_library_cases() {
    let data = std::env::var_os("SUDOKU_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
        PathBuf::from,
    );
    let path = data.join("human/hodoku-reglib-1.3.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is missing", path.display());
        return;
    };
    let mut shares: BTreeMap<Technique, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(case) = library_case(line) else {
            continue;
        };
        let case = case.unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1));
        let Some((technique, full_house)) = technique_of(&case.technique) else {
            continue;
        };
        let entry = shares.entry(technique).or_default();
        entry.1 += 1;
        if passes(&case, technique, full_house) {
            entry.0 += 1;
        } else if !KNOWN_EXCEPTIONS.iter().any(|&(line, _)| line == n + 1) {
            failures.push(format!("line {}: {} {line}", n + 1, technique.name()));
        }
    }
    for (technique, (passed, total)) in &shares {
        println!("{:<14} {passed:>3}/{total:<3} pass", technique.name());
    }
    // SE's direct techniques, Nishio, multiple and dynamic forcing chains have no HoDoKu code (the
    // library has no forcing chain cases): every other technique has cases.
    let without = [
        Technique::NishioForcingChains,
        Technique::MultipleForcingChains,
        Technique::DynamicForcingChains,
    ];
    let direct = Technique::ALL.iter().filter(|t| t.name().starts_with("direct-")).count();
    assert_eq!(
        shares.len() + direct + without.len(),
        Technique::ALL.len(),
        "a technique has no case"
    );
    assert!(failures.is_empty(), "{} cases fail:\n{}", failures.len(), failures.join("\n"));
}

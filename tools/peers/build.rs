//! Compiles tdoku's solver from `SUDOKU_PEERS/tdoku` (default: `../shared/peers` beside the
//! repository) when its sources and a C++ compiler are there, and sets `cfg(tdoku)`; otherwise
//! says why, once, and the crate is built without it (`tdoku::available()` is then false).
//! `TDOKU_BUILD` tells the benchmarks the compiler and flags used, for their tables.

use std::path::PathBuf;

/// tdoku's author's flags (`-O3 -march=native`, C++14), as `../shared/peers/README.md` gives them.
const FLAGS: &[&str] = &["-std=c++14", "-march=native"];

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=SUDOKU_PEERS");
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let peers = std::env::var_os("SUDOKU_PEERS")
        .map_or_else(|| manifest.join("../../../shared/peers"), PathBuf::from);
    let tdoku = peers.join("tdoku");
    let sources = ["src/solver_dpll_triad_simd.cc", "src/util.cc"].map(|s| tdoku.join(s));
    println!("cargo::rerun-if-changed={}", tdoku.display());
    if let Some(missing) = sources.iter().find(|s| !s.is_file()) {
        println!("cargo::warning=tdoku not built: no {}", missing.display());
        return;
    }
    let mut build = cc::Build::new();
    build.cpp(true).opt_level(3).include(tdoku.join("include")).files(&sources).warnings(false);
    for flag in FLAGS {
        build.flag(flag);
    }
    let compiler = match build.try_get_compiler() {
        Ok(compiler) => compiler,
        Err(e) => {
            println!("cargo::warning=tdoku not built: no C++ compiler ({e})");
            return;
        }
    };
    if let Err(e) = build.try_compile("tdoku") {
        println!("cargo::warning=tdoku not built: {e}");
        return;
    }
    let name = compiler_version(&compiler).unwrap_or_else(|| compiler.path().display().to_string());
    println!("cargo::rustc-env=TDOKU_BUILD={name}, -O3 {}", FLAGS.join(" "));
    println!("cargo::rustc-cfg=tdoku");
}

/// The first line of `COMPILER --version`, such as `g++ (Debian 12.2.0-14) 12.2.0`.
fn compiler_version(compiler: &cc::Tool) -> Option<String> {
    let out = compiler.to_command().arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.lines().next().map(str::to_string)
}

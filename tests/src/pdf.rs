//! A printed PDF read back with poppler's `pdfinfo` and `pdftotext` (an
//! independent reader: the pages Chromium produced and the words on them).
//! Missing tools skip the check with a message, except under `CI`, where
//! that is a failure.

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether `pdfinfo` and `pdftotext` can be run (a panic under `CI`
/// when they cannot).
pub fn tools() -> bool {
    let ok = ["pdfinfo", "pdftotext"].iter().all(|tool| {
        Command::new(tool)
            .arg("-v")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok()
    });
    if !ok {
        let message = "PDF checks need pdfinfo and pdftotext (apt-get install poppler-utils)";
        assert!(std::env::var_os("CI").is_none(), "{message}");
        eprintln!("skipped: {message}");
    }
    ok
}

/// Runs `program` with `args`, the PDF on standard input; its output.
fn run(program: &str, args: &[&str], pdf: &[u8]) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("start {program}: {e}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(pdf)
        .expect("write the PDF");
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// How many pages the PDF has.
pub fn pages(pdf: &[u8]) -> usize {
    let info = run("pdfinfo", &["-"], pdf);
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no page count in: {info}"))
}

/// The text of each page, in order.
pub fn page_texts(pdf: &[u8]) -> Vec<String> {
    run("pdftotext", &["-layout", "-enc", "UTF-8", "-", "-"], pdf)
        .split('\u{c}')
        .map(str::to_owned)
        .filter(|page| !page.trim().is_empty())
        .collect()
}

/// The paper sizes, width × height in centimetres.
pub const A4: (f64, f64) = (21.0, 29.7);
pub const A5: (f64, f64) = (14.8, 21.0);

//! The command line itself: `--help` for every subcommand (exit status 0,
//! every flag described), the exit status of a bad argument per subcommand
//! (3 for `pair`, as pairing engines answer an invalid request; 2 elsewhere),
//! the bbpPairings-compatible forms of `pair --dutch`, and the environment
//! fallbacks of `serve` and `migrate`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env_remove("ARBITER_LISTEN")
        .output()
        .expect("arbiter runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch directory unique to this test process and name.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_subcommand_has_help_that_describes_its_flags() {
    // (command, flags listed one a line, other words the help mentions)
    let cases: &[(&[&str], &[&str], &[&str])] = &[
        (
            &["pair"],
            &[
                "--round-robin",
                "--double",
                "--dutch",
                "-p",
                "-c",
                "-g",
                "-o",
                "-s",
                "--trf16",
            ],
            &["INPUT.TRF", "Exit status"],
        ),
        (
            &["perft"],
            &["--bulk", "--divide"],
            &["<FEN|startpos>", "<DEPTH>"],
        ),
        (&["check"], &["--json"], &["<INPUT.TRF>", "Exit status"]),
        (&["pgn"], &["check"], &[]),
        (&["pgn", "check"], &[], &["<FILE|->", "Exit status"]),
        (
            &["standings"],
            &[
                "--tiebreaks",
                "--edition",
                "--after-round",
                "--lots",
                "--crosstable",
                "--explain",
                "--json",
            ],
            &["<INPUT.TRF>", "virtual-opponent", "fide-swiss"],
        ),
        (
            &["rating"],
            &["--games-completed", "--grade-points", "--json"],
            &["<INPUT.TRF>"],
        ),
        (
            &["serve"],
            &["--listen", "--database-url"],
            &["ARBITER_LISTEN", "DATABASE_URL", "ARBITER_ADMIN_TOKEN"],
        ),
        (&["migrate"], &["--database-url"], &["DATABASE_URL"]),
    ];
    for (command, flags, mentions) in cases {
        for help in ["--help", "-h"] {
            let args: Vec<&str> = command.iter().copied().chain([help]).collect();
            let out = arbiter(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}");
            let stdout = text(&out.stdout);
            assert!(stdout.contains("Usage: arbiter "), "{args:?}: {stdout}");
            for flag in *flags {
                let line = stdout
                    .lines()
                    .find(|l| l.trim_start().starts_with(flag))
                    .unwrap_or_else(|| panic!("{args:?} does not list {flag}:\n{stdout}"));
                // The short help describes each flag on its own line.
                if help == "-h" {
                    let words = line.split_whitespace().count();
                    assert!(words > 2, "{args:?}: {flag} has no description: {line}");
                }
            }
            for word in *mentions {
                assert!(stdout.contains(word), "{args:?}: no {word}:\n{stdout}");
            }
        }
        // `arbiter help <command>` says the same.
        let args: Vec<&str> = ["help"].iter().chain(command.iter()).copied().collect();
        let out = arbiter(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(text(&out.stdout).contains("Usage: arbiter "), "{args:?}");
    }
}

#[test]
fn the_top_level_help_lists_every_subcommand() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let stdout = text(&out.stdout);
        for command in [
            "check",
            "pair",
            "perft",
            "pgn",
            "standings",
            "rating",
            "serve",
            "migrate",
        ] {
            assert!(
                stdout.lines().any(|l| l.trim_start().starts_with(command)),
                "{args:?}: {command} missing:\n{stdout}"
            );
        }
    }
    // No command, or an unknown one: the usage on stderr, exit status 2.
    for args in [&[][..], &["bogus"]] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("Usage: arbiter"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_bad_pair_request_exits_3_like_the_pairing_engines() {
    for args in [
        &["pair"][..],
        &["pair", "--dutch"],
        &["pair", "--dutch", "in.trf"],
        &["pair", "--dutch", "in.trf", "-p", "-c"],
        &["pair", "--dutch", "-g"],
        &["pair", "--dutch", "-g", "-o", "out.trf", "-s", "not-a-seed"],
        &["pair", "--dutch", "-g", "cfg", "-o", "out.trf", "extra"],
        &["pair", "--dutch", "--double", "in.trf", "-p"],
        &["pair", "--round-robin", "in.trf"],
        &["pair", "--round-robin", "in.trf", "-c"],
        &["pair", "--round-robin", "--dutch", "in.trf", "-p"],
        &["pair", "--round-robin", "a.trf", "b.trf", "-p"],
        &["pair", "--round-robin", "in.trf", "-p", "--bogus"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_bad_argument_exits_2_for_the_other_subcommands() {
    for args in [
        &["perft", "startpos", "notanumber"][..],
        &["perft", "startpos", "65"],
        &["perft", "startpos", "-1"],
        &["perft", "startpos", "2", "--fast"],
        &["perft"],
        &["pgn"],
        &["pgn", "check"],
        &["pgn", "check", "a.pgn", "b.pgn"],
        &["pgn", "verify", "a.pgn"],
        &["standings"],
        &["standings", "x.trf", "--bogus"],
        &["standings", "x.trf", "--after-round", "last"],
        &["standings", "x.trf", "--edition"],
        &["standings", "a.trf", "b.trf"],
        &["rating"],
        &["rating", "x.trf", "--games-completed", "many"],
        &["rating", "x.trf", "--bogus"],
        &["serve", "--port", "8080"],
        &["serve", "--listen"],
        &["serve", "--database-url", "mysql://localhost/arbiter"],
        &["migrate", "--listen", "127.0.0.1:0"],
        &["migrate", "--database-url", "mysql://localhost/arbiter"],
    ] {
        let out = arbiter(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn the_dutch_generator_and_checker_take_the_bbppairings_forms() {
    let dir = scratch("dutch");
    let generated = dir.join("random.trf");
    let generated = generated.to_str().unwrap();
    let out = arbiter(&["pair", "--dutch", "-g", "-o", generated, "-s", "42"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(generated).unwrap();
    // The same seed gives the same tournament; the seed defaults to 0.
    let out = arbiter(&["pair", "-s", "42", "-o", generated, "--dutch", "-g"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(generated).unwrap(), first);
    // Every round of a generated tournament is what the engine pairs.
    let out = arbiter(&["pair", "--dutch", generated, "-c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("Round #1"));
    // A missing configuration file is a file error.
    let missing = dir.join("missing.cfg");
    let out = arbiter(&[
        "pair",
        "--dutch",
        "-g",
        missing.to_str().unwrap(),
        "-o",
        generated,
    ]);
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn migrate_reads_the_database_url_from_the_environment_and_the_flag_wins() {
    let dir = scratch("migrate");
    let db = dir.join("env.db");
    let run = |args: &[&str], url: &str| {
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .env("DATABASE_URL", url)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let out = run(&["migrate"], &format!("sqlite:{}", db.display()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(db.exists());
    let out = run(&["migrate"], "mysql://localhost/arbiter");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("mysql"), "{}", text(&out.stderr));
    let flagged = dir.join("flag.db");
    let out = run(
        &[
            "migrate",
            &format!("--database-url=sqlite:{}", flagged.display()),
        ],
        "mysql://localhost/arbiter",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(flagged.exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn serve_reads_its_address_and_database_from_the_environment() {
    let dir = scratch("serve");
    let db = dir.join("serve.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .env("ARBITER_LISTEN", "127.0.0.1:0")
        .env("DATABASE_URL", format!("sqlite:{}", db.display()))
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let line = BufReader::new(stderr)
        .lines()
        .map_while(Result::ok)
        .find(|l| l.contains("listening on"));
    let _ = child.kill();
    let _ = child.wait();
    let line = line.expect("a start-up line");
    assert!(line.contains("http://127.0.0.1:"), "{line}");
    assert!(!line.contains(":8080"), "{line}");
    assert!(db.exists());
    let _ = std::fs::remove_dir_all(dir);
}

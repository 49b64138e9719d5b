//! People sign in as people, end to end: `arbiter user add` makes the first
//! administrator from the command line (password on standard input), the
//! real server signs them in, and in headless Chromium a person signs in
//! through the header's link, sees the header change, and signs out — in
//! English and Chinese, with screenshots under `target/screenshots/`.

use std::time::Duration;

use e2e::browser::{Browser, screenshot_dir};
use e2e::{Server, arbiter, call, run_with_input};
use serde_json::json;

/// A fresh SQLite file's URL and path.
fn fresh_database(name: &str) -> (String, std::path::PathBuf) {
    let path = std::env::temp_dir().join(format!("arbiter-e2e-{name}-{}.db", std::process::id()));
    remove(&path);
    (format!("sqlite:{}", path.display()), path)
}

fn remove(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// `arbiter user add NAME --admin --database-url URL` with `password` on
/// standard input.
fn user_add(url: &str, name: &str, password: &str) -> (bool, String) {
    run_with_input(
        &arbiter(),
        &["user", "add", name, "--admin", "--database-url", url],
        &format!("{password}\n"),
    )
}

#[test]
fn the_first_administrator_is_made_on_the_command_line_and_signs_in() {
    let (url, path) = fresh_database("user-add");
    let (ok, out) = user_add(&url, "chief", "a long enough password");
    assert!(ok, "{out}");
    assert!(out.contains("added administrator chief"), "{out}");
    let (ok, out) = user_add(&url, "chief", "another password");
    assert!(!ok && out.contains("already exists"), "{out}");
    let (ok, out) = user_add(&url, "second", "short");
    assert!(!ok && out.contains("password"), "{out}");

    let server = Server::start_on(&url);
    let (status, body) = call(
        &server,
        "POST",
        "/api/v1/sessions",
        None,
        Some(&json!({ "name": "chief", "password": "a long enough password" })),
    );
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["user"]["is_admin"], true);
    let (status, body) = call(
        &server,
        "POST",
        "/api/v1/sessions",
        None,
        Some(&json!({ "name": "chief", "password": "not the password" })),
    );
    assert_eq!(status, 401, "{body}");
    drop(server);
    remove(&path);
}

#[test]
fn a_person_signs_in_sees_their_name_in_the_header_and_signs_out_in_both_languages() {
    let Some(browser) = Browser::open() else {
        return;
    };
    let (url, path) = fresh_database("sign-in-browser");
    let (ok, out) = user_add(&url, "王芳", "wang fang's password");
    assert!(ok, "{out}");
    let server = Server::start_on(&url);
    let base = format!("http://{}", server.address);
    let shots = screenshot_dir();
    for (lang, sign_in, signed_in, sign_out) in [
        ("en", "Sign in", "Signed in as 王芳", "Sign out"),
        ("zh", "登录", "已登录：王芳", "退出登录"),
    ] {
        browser.goto(&format!("{base}/?lang={lang}"));
        let link = browser.run("return document.getElementById('sign-in').innerText;", &[]);
        assert_eq!(link, sign_in, "{lang}");
        browser.run("document.getElementById('sign-in').click();", &[]);
        assert!(browser.wait_for(
            "return location.pathname === '/signin' && document.readyState === 'complete';",
            Duration::from_secs(10)
        ));
        browser.run(
            "document.querySelector('input[name=name]').value = arguments[0];
             document.querySelector('input[name=password]').value = arguments[1];",
            &[json!("王芳"), json!("wrong password")],
        );
        browser.screenshot(&shots.join(format!("signin-{lang}.png")));
        browser.run("document.getElementById('signin-form').submit();", &[]);
        assert!(browser.wait_for(
            "return !!document.getElementById('form-error') && document.readyState === 'complete';",
            Duration::from_secs(10)
        ));
        browser.screenshot(&shots.join(format!("signin-error-{lang}.png")));
        browser.run(
            "document.querySelector('input[name=password]').value = arguments[0];
             document.getElementById('signin-form').submit();",
            &[json!("wang fang's password")],
        );
        assert!(browser.wait_for(
            "return location.pathname === '/account' && document.readyState === 'complete';",
            Duration::from_secs(10)
        ));
        let who = browser.run(
            "return document.getElementById('signed-in').innerText;",
            &[],
        );
        assert_eq!(who, signed_in, "{lang}");
        assert_eq!(browser.count("#sign-in"), 0);
        browser.screenshot(&shots.join(format!("account-{lang}.png")));
        // Every page's header says so.
        browser.goto(&format!("{base}/"));
        assert!(browser.text().contains(signed_in), "{lang}");
        let button = browser.run("return document.getElementById('sign-out').innerText;", &[]);
        assert_eq!(button, sign_out, "{lang}");
        browser.run("document.getElementById('sign-out').click();", &[]);
        assert!(browser.wait_for(
            "return !!document.getElementById('sign-in') && document.readyState === 'complete';",
            Duration::from_secs(10)
        ));
        assert!(!browser.text().contains(signed_in), "{lang}: signed out");
        browser.screenshot(&shots.join(format!("signed-out-{lang}.png")));
    }
    drop(server);
    remove(&path);
}

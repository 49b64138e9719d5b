//! What the console's end-to-end tests share: a paired event made through
//! the API, users with a role, signing in (by the sign-in page or with an
//! API token kept in the tab), and the recording screen driven by clicks.

use std::time::Duration;

use serde_json::{Value, json};

use crate::browser::Browser;
use crate::{ADMIN, Server, call, organiser_token};

/// How long a page may take to show what a test waits for.
pub const WAIT: Duration = Duration::from_secs(20);

/// Waits for `script` to return `true`; a failure says `what` and the
/// page's text.
pub fn wait(browser: &Browser, script: &str, what: &str) {
    assert!(
        browser.wait_for(script, WAIT),
        "{what}; the page says: {}",
        browser.text()
    );
}

/// A Swiss of `players` players with round 1 paired: (tournament id,
/// organiser token, round 1's boards).
pub fn paired_event(server: &Server, players: &[&str]) -> (String, String, Vec<Value>) {
    let organiser = organiser_token(server);
    let o = Some(organiser.as_str());
    let (status, t) = call(
        server,
        "POST",
        "/api/v1/tournaments",
        o,
        Some(&json!({
            "name": "City Open 城市公开赛", "system": "swiss-dutch", "rounds": 3,
            "time_control": "5400+30"
        })),
    );
    assert_eq!(status, 201, "{t}");
    let id = t["id"].as_str().unwrap().to_owned();
    for (i, name) in players.iter().enumerate() {
        let rating = 2400 - 50 * i64::try_from(i).unwrap();
        let (status, p) = call(
            server,
            "POST",
            &format!("/api/v1/tournaments/{id}/players"),
            o,
            Some(&json!({ "name": name, "rating": rating })),
        );
        assert_eq!(status, 201, "{p}");
    }
    let (status, r) = call(
        server,
        "POST",
        &format!("/api/v1/tournaments/{id}/rounds"),
        o,
        Some(&json!({})),
    );
    assert_eq!(status, 201, "{r}");
    (id, organiser, r["boards"].as_array().unwrap().clone())
}

/// A user the administrator makes, with `role` in tournament `tournament`
/// (`None`: scoped to no tournament, as an organiser who may create
/// tournaments).
pub fn user_with_role(
    server: &Server,
    name: &str,
    password: &str,
    tournament: Option<&str>,
    role: &str,
) {
    let (status, body) = call(
        server,
        "POST",
        "/api/v1/users",
        Some(ADMIN),
        Some(&json!({ "name": name, "password": password })),
    );
    assert_eq!(status, 201, "{body}");
    let (status, body) = call(
        server,
        "PUT",
        &format!("/api/v1/users/{name}/roles"),
        Some(ADMIN),
        Some(&json!({ "tournament_id": tournament, "role": role })),
    );
    assert_eq!(status, 204, "{body}");
}

/// Signs in through the sign-in page's form.
pub fn sign_in(browser: &Browser, base: &str, lang: &str, name: &str, password: &str) {
    browser.goto(&format!("{base}/signin?lang={lang}"));
    browser.type_text("input[name=name]", name);
    browser.type_text("input[name=password]", password);
    browser.run("document.getElementById('signin-form').submit();", &[]);
    wait(
        browser,
        "return location.pathname === '/account' && document.readyState === 'complete';",
        "signed in",
    );
}

/// Keeps `token` in the tab through the console's entry page's form.
pub fn use_token(browser: &Browser, server: &Server, lang: &str, token: &str) {
    browser.goto(&format!("http://{}/console?lang={lang}", server.address));
    browser.type_text("#token", token);
    browser.click("#token-form button[type=submit]");
    wait(
        browser,
        "return sessionStorage.getItem('arbiter.token') !== null;",
        "the token is kept",
    );
}

/// Waits until the recording screen shows its game's state.
pub fn game_shown(browser: &Browser) {
    wait(
        browser,
        "return document.getElementById('status-line')?.textContent.length > 0;",
        "the state is shown",
    );
}

/// Opens the recording screen of `game` and waits for the game's state.
pub fn open_game(browser: &Browser, server: &Server, game: &str) {
    browser.goto(&format!("http://{}/console/games/{game}", server.address));
    game_shown(browser);
}

/// The recording screen's move list as text.
pub fn moves_shown(browser: &Browser) -> String {
    browser
        .run(
            "return [...document.querySelectorAll('#moves li')].map(l => l.textContent).join(' ');",
            &[],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Plays `from`–`to` by two clicks and waits until the move list grows.
pub fn play(browser: &Browser, from: &str, to: &str) {
    let before = moves_shown(browser).split_whitespace().count();
    browser.click(&format!(".sq[data-square={from}]"));
    assert!(
        browser.count(&format!(".sq.dest[data-square={to}]")) == 1,
        "{to} is highlighted as a destination of {from}"
    );
    browser.click(&format!(".sq[data-square={to}]"));
    let script = format!(
        "return [...document.querySelectorAll('#moves li')].map(l => l.textContent).join(' ').split(' ').filter(x => x).length > {before};"
    );
    assert!(
        browser.wait_for(&script, WAIT),
        "{from}{to}: {}",
        browser.text()
    );
}

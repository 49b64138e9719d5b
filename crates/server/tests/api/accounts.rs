//! People sign in as people (issue 21): users, sessions, CSRF, roles per
//! tournament, the audit trail naming the user, users' own tokens, and the
//! sign-in and account pages.

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::harness::{ADMIN, TestApp};

/// What a raw request answered.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    text: String,
    body: Value,
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.text)
    }
}

impl Answer {
    /// The value of cookie `name` this answer sets.
    fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find_map(|v| {
                let (k, rest) = v.split_once('=')?;
                (k == name).then(|| rest.split(';').next().unwrap_or("").to_owned())
            })
    }

    fn set_cookie_line(&self, name: &str) -> String {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .find(|v| v.starts_with(&format!("{name}=")))
            .unwrap_or("")
            .to_owned()
    }
}

/// A request with the given headers and body.
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, String)>,
) -> Answer {
    let mut builder = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let body = match body {
        Some((content_type, text)) => {
            builder = builder.header(header::CONTENT_TYPE, content_type);
            Body::from(text)
        }
        None => Body::empty(),
    };
    let response = app
        .router
        .clone()
        .oneshot(builder.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "a 500: {text}");
    Answer {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    }
}

fn json_body(value: &Value) -> Option<(&'static str, String)> {
    Some(("application/json", value.to_string()))
}

/// A user made by the administrator.
async fn user(app: &TestApp, name: &str, password: &str, admin: bool) {
    let r = app
        .post(
            "/api/v1/users",
            Some(ADMIN),
            json!({ "name": name, "password": password, "is_admin": admin }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
}

/// A signed-in session: (cookie header, CSRF token).
struct Signed {
    cookie: String,
    csrf: String,
}

async fn sign_in(app: &TestApp, name: &str, password: &str) -> Signed {
    let r = call(
        app,
        Method::POST,
        "/api/v1/sessions",
        &[],
        json_body(&json!({ "name": name, "password": password })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let token = r.set_cookie("arbiter_session").expect("a session cookie");
    Signed {
        cookie: format!("arbiter_session={token}"),
        csrf: r.body["csrf_token"].as_str().unwrap().to_owned(),
    }
}

async fn me(app: &TestApp, session: &Signed) -> Answer {
    call(
        app,
        Method::GET,
        "/api/v1/users/me",
        &[("cookie", &session.cookie)],
        None,
    )
    .await
}

async fn a_user_made_by_the_administrator_signs_in_with_their_password(app: TestApp) {
    let organiser = app.organiser().await;
    let r = app
        .post(
            "/api/v1/users",
            Some(&organiser),
            json!({ "name": "ann", "password": "correct horse" }),
        )
        .await;
    assert_eq!(
        r.status,
        StatusCode::FORBIDDEN,
        "only administrators make users"
    );
    user(&app, "ann", "correct horse", false).await;
    let r = app
        .post(
            "/api/v1/users",
            Some(ADMIN),
            json!({ "name": "ann", "password": "another one" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{r:?}");
    let r = app
        .post(
            "/api/v1/users",
            Some(ADMIN),
            json!({ "name": "bo", "password": "short" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "password");

    let r = call(
        &app,
        Method::POST,
        "/api/v1/sessions",
        &[],
        json_body(&json!({ "name": "ann", "password": "correct horse" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let line = r.set_cookie_line("arbiter_session");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age="] {
        assert!(line.contains(attribute), "{attribute} in {line}");
    }
    assert!(
        !line.contains("Secure"),
        "plain http without the flag: {line}"
    );
    assert_eq!(r.body["user"]["name"], "ann");
    let token = r.set_cookie("arbiter_session").unwrap();
    assert_eq!(token.len(), 64, "256 bits");

    // The password is stored as an Argon2id hash, the session id hashed.
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE name = 'ann'")
        .fetch_one(app.state.db().pool())
        .await
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sessions WHERE id_hash = $1")
        .bind(&token)
        .fetch_one(app.state.db().pool())
        .await
        .unwrap();
    assert_eq!(n, 0, "the session id is not stored as is");

    let session = Signed {
        cookie: format!("arbiter_session={token}"),
        csrf: String::new(),
    };
    let r = me(&app, &session).await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["name"], "ann");

    for (name, password) in [("ann", "wrong horse"), ("nobody", "correct horse")] {
        let r = call(
            &app,
            Method::POST,
            "/api/v1/sessions",
            &[],
            json_body(&json!({ "name": name, "password": password })),
        )
        .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{name}: {r:?}");
        assert!(r.set_cookie("arbiter_session").is_none());
    }

    // Secure when the server is told it is behind https.
    app.state.set_secure_cookies(true);
    let r = call(
        &app,
        Method::POST,
        "/api/v1/sessions",
        &[],
        json_body(&json!({ "name": "ann", "password": "correct horse" })),
    )
    .await;
    assert!(r.set_cookie_line("arbiter_session").contains("; Secure"));
}

async fn five_wrong_passwords_stop_sign_ins_for_that_name_even_with_the_right_one(app: TestApp) {
    user(&app, "cat", "right password", false).await;
    user(&app, "dan", "right password", false).await;
    for _ in 0..5 {
        let r = app
            .post(
                "/api/v1/sessions",
                None,
                json!({ "name": "cat", "password": "wrong password" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
    }
    let r = app
        .post(
            "/api/v1/sessions",
            None,
            json!({ "name": "cat", "password": "right password" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{r:?}");
    assert_eq!(r.body["error"], "too_many_attempts");
    assert!(r.body["retry_after"].as_u64().is_some_and(|s| s > 0));
    assert!(r.headers.contains_key(header::RETRY_AFTER));
    // Another name is not held up.
    sign_in(&app, "dan", "right password").await;

    // The form says it in the reader's language.
    let r = call(&app, Method::GET, "/signin?lang=zh", &[], None).await;
    let pre = r.set_cookie("arbiter_csrf").expect("the form's cookie");
    let r = call(
        &app,
        Method::POST,
        "/signin",
        &[("cookie", &format!("arbiter_csrf={pre}; lang=zh"))],
        Some((
            "application/x-www-form-urlencoded",
            format!("name=cat&password=right+password&csrf={pre}"),
        )),
    )
    .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{r:?}");
    assert!(r.text.contains("登录失败次数过多"), "{}", r.text);
}

async fn signing_in_again_rotates_the_session_and_an_expired_session_is_refused(app: TestApp) {
    user(&app, "eve", "eve's password", false).await;
    let first = sign_in(&app, "eve", "eve's password").await;
    // Signing in with the old cookie: a new session, the old one ended.
    let r = call(
        &app,
        Method::POST,
        "/api/v1/sessions",
        &[("cookie", &first.cookie)],
        json_body(&json!({ "name": "eve", "password": "eve's password" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let second = Signed {
        cookie: format!(
            "arbiter_session={}",
            r.set_cookie("arbiter_session").unwrap()
        ),
        csrf: r.body["csrf_token"].as_str().unwrap().to_owned(),
    };
    assert_ne!(first.cookie, second.cookie);
    assert_ne!(first.csrf, second.csrf);
    assert_eq!(me(&app, &first).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &second).await.status, StatusCode::OK);

    // Expired (as fourteen days later): refused, and the pages show a reader
    // who is not signed in.
    sqlx::query("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z'")
        .execute(app.state.db().pool())
        .await
        .unwrap();
    assert_eq!(me(&app, &second).await.status, StatusCode::UNAUTHORIZED);
    let r = call(&app, Method::GET, "/", &[("cookie", &second.cookie)], None).await;
    assert!(r.text.contains("href=\"/signin\""), "{}", r.text);
}

async fn signing_out_ends_one_session_and_signing_out_everywhere_ends_them_all(app: TestApp) {
    user(&app, "fay", "fay's password", false).await;
    let laptop = sign_in(&app, "fay", "fay's password").await;
    let tablet = sign_in(&app, "fay", "fay's password").await;
    let phone = sign_in(&app, "fay", "fay's password").await;
    let r = call(
        &app,
        Method::DELETE,
        "/api/v1/sessions/current",
        &[("cookie", &laptop.cookie), ("x-csrf-token", &laptop.csrf)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    assert!(r.set_cookie_line("arbiter_session").contains("Max-Age=0"));
    assert_eq!(me(&app, &laptop).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &tablet).await.status, StatusCode::OK);
    let r = call(
        &app,
        Method::DELETE,
        "/api/v1/sessions",
        &[("cookie", &tablet.cookie), ("x-csrf-token", &tablet.csrf)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    assert_eq!(r.body["ended"], 2);
    assert_eq!(me(&app, &tablet).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &phone).await.status, StatusCode::UNAUTHORIZED);
}

async fn a_write_with_the_session_cookie_but_without_its_csrf_token_is_refused(app: TestApp) {
    user(&app, "gil", "gil's password", false).await;
    let s = sign_in(&app, "gil", "gil's password").await;
    for csrf in [None, Some("0".repeat(64))] {
        let mut headers = vec![("cookie", s.cookie.as_str())];
        if let Some(csrf) = &csrf {
            headers.push(("x-csrf-token", csrf));
        }
        let r = call(
            &app,
            Method::POST,
            "/api/v1/users/me/tokens",
            &headers,
            json_body(&json!({ "label": "forged" })),
        )
        .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
        assert!(r.body["message"].as_str().unwrap().contains("CSRF"));
    }
    let r = call(
        &app,
        Method::POST,
        "/api/v1/users/me/tokens",
        &[("cookie", &s.cookie), ("x-csrf-token", &s.csrf)],
        json_body(&json!({ "label": "laptop" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    // A label reads as it is stored: no direction override.
    let r = call(
        &app,
        Method::POST,
        "/api/v1/users/me/tokens",
        &[("cookie", &s.cookie), ("x-csrf-token", &s.csrf)],
        json_body(&json!({ "label": "\u{202e}evil" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{r:?}");
    assert_eq!(r.body["where"], "label", "{r:?}");

    // A forged form (another site's, without the session's token): 403 with
    // a page in the reader's language, and nothing made.
    for (lang, text) in [
        ("en", "did not come from this site"),
        ("zh", "并非来自本站"),
    ] {
        let r = call(
            &app,
            Method::POST,
            "/account/tokens",
            &[("cookie", &format!("{}; lang={lang}", s.cookie))],
            Some((
                "application/x-www-form-urlencoded",
                "label=evil&csrf=forged".into(),
            )),
        )
        .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
        assert!(r.text.contains(text), "{lang}: {}", r.text);
    }
    let r = call(
        &app,
        Method::GET,
        "/api/v1/users/me/tokens",
        &[("cookie", &s.cookie)],
        None,
    )
    .await;
    assert_eq!(r.body["tokens"].as_array().unwrap().len(), 1, "{r:?}");
    // The sign-in form without its cookie's token is refused too.
    let r = call(
        &app,
        Method::POST,
        "/signin",
        &[],
        Some((
            "application/x-www-form-urlencoded",
            "name=gil&password=gil%27s+password&csrf=x".into(),
        )),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.set_cookie("arbiter_session").is_none());
}

async fn a_user_with_the_arbiter_role_in_tournament_a_is_refused_in_tournament_b(app: TestApp) {
    let organiser = app.organiser().await;
    let a = app
        .tournament(&organiser, json!({ "name": "A", "system": "round-robin" }))
        .await;
    let b = app
        .tournament(&organiser, json!({ "name": "B", "system": "round-robin" }))
        .await;
    user(&app, "hal", "hal's password", false).await;
    // The organiser of A (the token that created it) grants the role.
    let r = app
        .send(
            Method::PUT,
            "/api/v1/users/hal/roles",
            Some(&organiser),
            json!({ "tournament_id": a, "role": "arbiter" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    // Another organiser may not grant roles in A.
    let other = app.organiser().await;
    let r = app
        .send(
            Method::PUT,
            "/api/v1/users/hal/roles",
            Some(&other),
            json!({ "tournament_id": a, "role": "chief_arbiter" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let s = sign_in(&app, "hal", "hal's password").await;
    let r = me(&app, &s).await;
    assert_eq!(r.body["roles"][0]["role"], "arbiter");
    assert_eq!(r.body["roles"][0]["tournament_name"], "A");
    let audit = |t: String| {
        let app = app.clone();
        let cookie = s.cookie.clone();
        async move {
            call(
                &app,
                Method::GET,
                &format!("/api/v1/tournaments/{t}/audit"),
                &[("cookie", &cookie)],
                None,
            )
            .await
            .status
        }
    };
    assert_eq!(audit(a.clone()).await, StatusCode::OK);
    assert_eq!(audit(b.clone()).await, StatusCode::FORBIDDEN);
    // An arbiter does not manage: adding a player to A is refused too.
    let r = call(
        &app,
        Method::POST,
        &format!("/api/v1/tournaments/{a}/players"),
        &[("cookie", &s.cookie), ("x-csrf-token", &s.csrf)],
        json_body(&json!({ "name": "Player" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    // "My tournaments" lists A with the role, not B.
    let r = call(
        &app,
        Method::GET,
        "/account",
        &[("cookie", &s.cookie)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.text.contains(">A</a>") && !r.text.contains(">B</a>"),
        "{}",
        r.text
    );
    assert!(r.text.contains("Arbiter"));
}

async fn the_audit_trail_names_the_user_who_made_a_change(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 5 }),
        )
        .await;
    user(&app, "ivy", "ivy's password", false).await;
    let r = app
        .send(
            Method::PUT,
            "/api/v1/users/ivy/roles",
            Some(ADMIN),
            json!({ "tournament_id": t, "role": "chief_arbiter" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    let s = sign_in(&app, "ivy", "ivy's password").await;
    let r = call(
        &app,
        Method::POST,
        &format!("/api/v1/tournaments/{t}/players"),
        &[("cookie", &s.cookie), ("x-csrf-token", &s.csrf)],
        json_body(&json!({ "name": "Carlsen, Magnus", "rating": 2830 })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = app
        .get(&format!("/api/v1/tournaments/{t}/audit"), Some(ADMIN))
        .await;
    let audit = r.body["audit"].as_array().unwrap();
    let grant = audit
        .iter()
        .find(|e| e["entity"] == "user_role")
        .expect("the grant");
    assert_eq!(grant["actor"], "admin");
    assert_eq!(grant["after"]["role"], "chief_arbiter");
    let player = audit
        .iter()
        .find(|e| e["entity"] == "player" && e["action"] == "create")
        .expect("the player's entry");
    assert_eq!(player["actor"], "user:ivy");
}

async fn a_user_creates_uses_and_revokes_their_own_tokens(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "League", "system": "round-robin" }),
        )
        .await;
    user(&app, "jon", "jon's password", false).await;
    user(&app, "kim", "kim's password", false).await;
    app.send(
        Method::PUT,
        "/api/v1/users/jon/roles",
        Some(&organiser),
        json!({ "tournament_id": t, "role": "chief_arbiter" }),
    )
    .await;
    let s = sign_in(&app, "jon", "jon's password").await;
    let auth = [
        ("cookie", s.cookie.as_str()),
        ("x-csrf-token", s.csrf.as_str()),
    ];
    let r = call(
        &app,
        Method::POST,
        "/api/v1/users/me/tokens",
        &auth,
        json_body(&json!({ "label": "results script" })),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let token = r.body["token"].as_str().unwrap().to_owned();
    let id = r.body["id"].as_str().unwrap().to_owned();
    // The token acts as the user, with the user's roles; no CSRF needed.
    let r = app.get("/api/v1/users/me", Some(&token)).await;
    assert_eq!(r.body["name"], "jon");
    let r = app
        .post(
            &format!("/api/v1/tournaments/{t}/players"),
            Some(&token),
            json!({ "name": "Tan, Zhongyi" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    let r = call(&app, Method::GET, "/api/v1/users/me/tokens", &auth, None).await;
    assert_eq!(r.body["tokens"][0]["label"], "results script");
    assert!(
        r.body["tokens"][0].get("token").is_none(),
        "shown once only"
    );
    // Another user cannot revoke it.
    let other = sign_in(&app, "kim", "kim's password").await;
    let r = call(
        &app,
        Method::DELETE,
        &format!("/api/v1/users/me/tokens/{id}"),
        &[("cookie", &other.cookie), ("x-csrf-token", &other.csrf)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = call(
        &app,
        Method::DELETE,
        &format!("/api/v1/users/me/tokens/{id}"),
        &auth,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{r:?}");
    let r = app.get("/api/v1/users/me", Some(&token)).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "revoked at once");
    let r = call(&app, Method::GET, "/api/v1/users/me/tokens", &auth, None).await;
    assert!(r.body["tokens"][0]["revoked_at"].is_string());
}

async fn the_sign_in_form_signs_in_and_the_header_shows_the_name_in_both_languages(app: TestApp) {
    user(&app, "李明", "li ming's password", true).await;
    let r = call(&app, Method::GET, "/", &[], None).await;
    assert!(
        r.text.contains("href=\"/signin\""),
        "every page links to sign-in"
    );
    let r = call(&app, Method::GET, "/signin", &[], None).await;
    assert_eq!(r.status, StatusCode::OK);
    let pre = r.set_cookie("arbiter_csrf").expect("the form's cookie");
    assert!(
        r.text.contains(&format!("value=\"{pre}\"")),
        "the form carries it"
    );
    let form = |password: &str| {
        Some((
            "application/x-www-form-urlencoded",
            format!("name=%E6%9D%8E%E6%98%8E&password={password}&csrf={pre}"),
        ))
    };
    let cookie = format!("arbiter_csrf={pre}");
    let r = call(
        &app,
        Method::POST,
        "/signin",
        &[("cookie", &cookie)],
        form("nope"),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert!(
        r.text.contains("Unknown name or wrong password."),
        "{}",
        r.text
    );
    let r = call(
        &app,
        Method::POST,
        "/signin",
        &[("cookie", &cookie)],
        form("li+ming%27s+password"),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{r:?}");
    assert_eq!(r.headers[header::LOCATION], "/account");
    let session = format!(
        "arbiter_session={}",
        r.set_cookie("arbiter_session").unwrap()
    );
    for (lang, text) in [("en", "Signed in as 李明"), ("zh", "已登录：李明")] {
        let r = call(
            &app,
            Method::GET,
            "/",
            &[("cookie", &format!("{session}; lang={lang}"))],
            None,
        )
        .await;
        assert!(r.text.contains(text), "{lang}: {}", r.text);
        assert!(!r.text.contains("href=\"/signin\""));
    }
    // The anonymous page, cached meanwhile, never shows the name.
    let r = call(&app, Method::GET, "/", &[], None).await;
    assert!(!r.text.contains("李明"));
    let r = call(&app, Method::GET, "/account", &[("cookie", &session)], None).await;
    assert!(r.text.contains("Administrator"), "{}", r.text);
    let csrf = r
        .text
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_owned();
    let r = call(
        &app,
        Method::POST,
        "/signout",
        &[("cookie", &session)],
        Some(("application/x-www-form-urlencoded", format!("csrf={csrf}"))),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = call(&app, Method::GET, "/account", &[("cookie", &session)], None).await;
    assert_eq!(
        r.status,
        StatusCode::SEE_OTHER,
        "signed out: to the sign-in page"
    );
}

crate::both_databases!(
    a_user_made_by_the_administrator_signs_in_with_their_password,
    five_wrong_passwords_stop_sign_ins_for_that_name_even_with_the_right_one,
    signing_in_again_rotates_the_session_and_an_expired_session_is_refused,
    signing_out_ends_one_session_and_signing_out_everywhere_ends_them_all,
    a_write_with_the_session_cookie_but_without_its_csrf_token_is_refused,
    a_user_with_the_arbiter_role_in_tournament_a_is_refused_in_tournament_b,
    the_audit_trail_names_the_user_who_made_a_change,
    a_user_creates_uses_and_revokes_their_own_tokens,
    the_sign_in_form_signs_in_and_the_header_shows_the_name_in_both_languages,
);

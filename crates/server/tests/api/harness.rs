//! A fresh database per test (a temporary SQLite file, or a uniquely named
//! PostgreSQL database on `ARBITER_TEST_POSTGRES_URL`), the real router, and
//! small request helpers.

use std::future::Future;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::{AppState, Db, app};
use tower::ServiceExt;

pub const ADMIN: &str = "test-administrator-token";

/// Seven rated players, strongest first (tests take the first six or all).
pub const FIELD: &[(&str, u16)] = &[
    ("Ding, Liren", 2780),
    ("Wei, Yi", 2750),
    ("Yu, Yangyi", 2700),
    ("Wang, Hao", 2690),
    ("Bu, Xiangzhi", 2650),
    ("Li, Chao", 2640),
    ("Ni, Hua", 2600),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Sqlite,
    Postgres,
}

/// The PostgreSQL server tests run against.
/// The (white, black) start numbers of a round's boards, in board order.
pub fn boards(round: &Value) -> Vec<(i64, i64)> {
    round["boards"]
        .as_array()
        .expect("a round's boards")
        .iter()
        .map(|b| {
            (
                b["white"]["start_number"].as_i64().unwrap(),
                b["black"]["start_number"].as_i64().unwrap(),
            )
        })
        .collect()
}

pub fn postgres_base_url() -> String {
    std::env::var("ARBITER_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

fn with_database(base: &str, name: &str) -> String {
    let (prefix, rest) = base.rsplit_once('/').unwrap_or((base, ""));
    let query = rest
        .split_once('?')
        .map(|(_, q)| format!("?{q}"))
        .unwrap_or_default();
    format!("{prefix}/{name}{query}")
}

/// A database made for one test and removed after it.
pub struct TestDb {
    pub kind: Kind,
    pub url: String,
    name: String,
}

impl TestDb {
    /// `None` when PostgreSQL is unreachable outside CI (the test then says
    /// it skipped); in CI (`CI` set) an unreachable server fails the test.
    pub async fn create(kind: Kind) -> Option<TestDb> {
        let name = format!("arbiter_test_{}", uuid::Uuid::new_v4().simple());
        match kind {
            Kind::Sqlite => {
                let path = std::env::temp_dir().join(format!("{name}.db"));
                Some(TestDb {
                    kind,
                    url: format!("sqlite:{}", path.display()),
                    name: path.display().to_string(),
                })
            }
            Kind::Postgres => {
                use sqlx::Connection;
                let base = postgres_base_url();
                let mut conn = match sqlx::PgConnection::connect(&base).await {
                    Ok(conn) => conn,
                    Err(e) => {
                        if std::env::var_os("CI").is_some() {
                            panic!("CI is set and PostgreSQL at {base} is unreachable: {e}");
                        }
                        eprintln!("skipped: PostgreSQL at {base} is unreachable: {e}");
                        return None;
                    }
                };
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .await
                    .expect("create test database");
                conn.close().await.ok();
                Some(TestDb {
                    kind,
                    url: with_database(&base, &name),
                    name,
                })
            }
        }
    }

    pub async fn open(&self) -> Db {
        let db = Db::connect(&self.url).await.expect("connect");
        db.migrate().await.expect("migrate");
        db
    }

    pub async fn drop_it(self) {
        match self.kind {
            Kind::Sqlite => {
                for suffix in ["", "-wal", "-shm"] {
                    std::fs::remove_file(format!("{}{suffix}", self.name)).ok();
                }
            }
            Kind::Postgres => {
                use sqlx::Connection;
                if let Ok(mut conn) = sqlx::PgConnection::connect(&postgres_base_url()).await {
                    sqlx::query(&format!(
                        "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                        self.name
                    ))
                    .execute(&mut conn)
                    .await
                    .ok();
                    conn.close().await.ok();
                }
            }
        }
    }
}

/// The router over a fresh database.
#[derive(Clone)]
#[allow(dead_code)]
pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    pub kind: Kind,
    pub url: String,
}

pub struct Response {
    pub status: StatusCode,
    pub body: Value,
    pub text: String,
    pub content_type: String,
    #[allow(dead_code)]
    pub headers: HeaderMap,
}

impl std::fmt::Debug for Response {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.text)
    }
}

impl TestApp {
    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Body>,
        content_type: Option<&str>,
    ) -> Response {
        self.request_with(method, path, token, body, content_type, &[])
            .await
    }

    /// [`TestApp::request`] with more headers.
    pub async fn request_with(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Body>,
        content_type: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Response {
        let mut builder = Request::builder().method(method).uri(path);
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        if let Some(token) = token {
            builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(ct) = content_type {
            builder = builder.header(header::CONTENT_TYPE, ct);
        }
        let request = builder.body(body.unwrap_or_else(Body::empty)).unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "a 500: {text}");
        Response {
            status,
            body,
            text,
            content_type,
            headers,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token, None, None).await
    }

    pub async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> Response {
        self.request(
            method,
            path,
            token,
            Some(Body::from(body.to_string())),
            Some("application/json"),
        )
        .await
    }

    /// A request with a JSON body (if any), and the `Arbiter-Confirm`
    /// header when `confirmation` is given (the warning protocol).
    pub async fn send_confirming(
        &self,
        method: Method,
        path: &str,
        token: &str,
        body: Option<&Value>,
        confirmation: Option<&str>,
    ) -> Response {
        let headers: Vec<(&str, &str)> = confirmation
            .map(|c| vec![("Arbiter-Confirm", c)])
            .unwrap_or_default();
        self.request_with(
            method,
            path,
            Some(token),
            body.map(|b| Body::from(b.to_string())),
            body.map(|_| "application/json"),
            &headers,
        )
        .await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Response {
        self.send(Method::POST, path, token, body).await
    }

    /// A new token of `role` created by `by`.
    pub async fn token(&self, by: &str, role: &str, tournament: Option<&str>) -> String {
        let r = self
            .post(
                "/api/v1/tokens",
                Some(by),
                json!({ "role": role, "tournament_id": tournament }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        r.body["token"].as_str().unwrap().to_owned()
    }

    /// An organiser token.
    pub async fn organiser(&self) -> String {
        self.token(ADMIN, "organiser", None).await
    }

    /// A tournament created by `organiser`; returns its id.
    pub async fn tournament(&self, organiser: &str, body: Value) -> String {
        let r = self
            .post("/api/v1/tournaments", Some(organiser), body)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        r.body["id"].as_str().unwrap().to_owned()
    }

    /// Adds players (name, rating) and returns their ids.
    pub async fn players(
        &self,
        organiser: &str,
        tournament: &str,
        list: &[(&str, u16)],
    ) -> Vec<String> {
        let mut ids = Vec::new();
        for (name, rating) in list {
            let r = self
                .post(
                    &format!("/api/v1/tournaments/{tournament}/players"),
                    Some(organiser),
                    json!({ "name": name, "rating": rating }),
                )
                .await;
            assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
            ids.push(r.body["id"].as_str().unwrap().to_owned());
        }
        ids
    }

    /// Player `start_number` of tournament `t` as `GET …/players` lists
    /// him (`id`, `withdrawn_from`, …).
    pub async fn player(&self, t: &str, start_number: i64) -> Value {
        let r = self
            .get(&format!("/api/v1/tournaments/{t}/players"), None)
            .await;
        r.body["players"]
            .as_array()
            .and_then(|list| list.iter().find(|p| p["start_number"] == start_number))
            .cloned()
            .unwrap_or_else(|| panic!("no player {start_number} in {t}: {r:?}"))
    }

    /// Pairs the next round of tournament `t` (asserting 201); the round.
    /// A Swiss "Open" of `rounds` rounds with the first `players` of
    /// [`FIELD`] registered.
    pub async fn swiss(&self, organiser: &str, players: usize, rounds: u32) -> String {
        let t = self
            .tournament(
                organiser,
                json!({ "name": "Open", "system": "swiss-dutch", "rounds": rounds }),
            )
            .await;
        self.players(organiser, &t, &FIELD[..players]).await;
        t
    }

    pub async fn pair_round(&self, token: &str, t: &str) -> Value {
        let r = self
            .post(
                &format!("/api/v1/tournaments/{t}/rounds"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        r.body
    }

    /// Enters a result on every board of `round` (a round's JSON), chosen by
    /// `result(board, white, black)` from start numbers, asserting 200 each.
    pub async fn finish_round(
        &self,
        token: &str,
        t: &str,
        round: &Value,
        result: impl Fn(i64, i64, i64) -> &'static str,
    ) {
        let number = round["round"].as_i64().expect("a round number");
        for (board, (white, black)) in (1..).zip(boards(round)) {
            let path = format!("/api/v1/tournaments/{t}/rounds/{number}/boards/{board}/result");
            let body = json!({ "result": result(board, white, black) });
            let r = self.send(Method::PUT, &path, Some(token), body).await;
            assert_eq!(r.status, StatusCode::OK, "{r:?}");
        }
    }

    /// A game outside any tournament, created by the administrator.
    pub async fn free_game(&self) -> String {
        let r = self
            .post(
                "/api/v1/games",
                Some(ADMIN),
                json!({ "white": "Anand, Viswanathan", "black": "Carlsen, Magnus", "time_control": "5400+30" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
        r.body["id"].as_str().unwrap().to_owned()
    }

    /// The result of board 1 of round 1 of tournament `t`, as the round shows it.
    pub async fn first_board_result(&self, t: &str) -> Value {
        let path = format!("/api/v1/tournaments/{t}/rounds/1");
        self.get(&path, None).await.body["boards"][0]["result"].clone()
    }

    /// The first row of tournament `t`'s audit with this entity and action.
    pub async fn audit_row(&self, t: &str, entity: &str, action: &str) -> Option<Value> {
        self.audit_rows(t, entity, action).await.into_iter().next()
    }

    /// The rows of tournament `t`'s audit with this entity and action,
    /// oldest first.
    pub async fn audit_rows(&self, t: &str, entity: &str, action: &str) -> Vec<Value> {
        let audit = self
            .get(&format!("/api/v1/tournaments/{t}/audit"), Some(ADMIN))
            .await;
        audit.body["audit"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|e| e["entity"] == entity && e["action"] == action)
            .cloned()
            .collect()
    }

    /// Posts an event; returns the response.
    pub async fn event(
        &self,
        game: &str,
        token: &str,
        expected_seq: i64,
        mut event: Value,
    ) -> Response {
        event["expected_seq"] = json!(expected_seq);
        self.post(&format!("/api/v1/games/{game}/events"), Some(token), event)
            .await
    }
}

/// Runs `test` against a fresh database of `kind`, then removes it (also
/// when the test fails).
pub async fn run<F, Fut>(kind: Kind, test: F)
where
    F: FnOnce(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let Some(db) = TestDb::create(kind).await else {
        return;
    };
    let state = AppState::new(db.open().await, Some(ADMIN));
    let app = TestApp {
        router: app(state.clone()),
        state: state.clone(),
        kind,
        url: db.url.clone(),
    };
    let outcome = tokio::spawn(test(app)).await;
    state.begin_shutdown();
    state.db().close().await;
    db.drop_it().await;
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// Declares each listed `async fn name(app: TestApp)` as two tests,
/// `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $crate::harness::run($crate::harness::Kind::Sqlite, super::$name).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $crate::harness::run($crate::harness::Kind::Postgres, super::$name).await;
                }
            )*
        }
    };
}

//! The OpenAPI document (`GET /api/v1/openapi.json`) against the router:
//! every route is documented and answers, every error response carries the
//! JSON error schema and the `error` codes it can return, and the codes the
//! server's source can answer are all documented.

use std::collections::{BTreeMap, BTreeSet};

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::Value;

use crate::harness::{ADMIN, TestApp};

const METHODS: &[&str] = &["get", "post", "put", "patch", "delete"];

/// The server's source files (without their unit-test modules).
fn sources() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("src directory")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "rs"))
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).expect("source file");
            let text = match text.find("#[cfg(test)]") {
                Some(i) => text[..i].to_owned(),
                None => text,
            };
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    files
}

/// `(method, path)` of every `.route("...", get(..).post(..))` in the source.
fn routes_in_router() -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for (_, text) in sources() {
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".route(") {
            rest = &rest[i + ".route(".len()..];
            let open = rest.find('"').expect("route path");
            let close = open + 1 + rest[open + 1..].find('"').expect("route path end");
            let path = &rest[open + 1..close];
            let mut depth = 1;
            let mut end = rest.len();
            for (j, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let handlers = &rest[close..end];
            let full = if path == "/health" {
                path.to_owned()
            } else {
                format!("/api/v1{path}")
            };
            for method in METHODS {
                let call = format!("{method}(");
                let found = handlers.match_indices(&call).any(|(k, _)| {
                    handlers[..k]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
                });
                if found {
                    routes.insert(((*method).to_owned(), full.clone()));
                }
            }
        }
    }
    routes
}

async fn document(app: &TestApp) -> Value {
    let r = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["openapi"], "3.1.0");
    r.body
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut list = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            if METHODS.contains(&method.as_str()) {
                list.push((method.clone(), path.clone(), op.clone()));
            }
        }
    }
    list
}

/// The `error` codes a documented response lists.
fn listed_codes(response: &Value) -> Vec<String> {
    response["content"]["application/json"]["schema"]["allOf"][1]["properties"]["error"]["enum"]
        .as_array()
        .map(|codes| {
            codes
                .iter()
                .filter_map(|c| c.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

async fn every_route_of_the_router_is_documented_and_nothing_else_is(app: TestApp) {
    let doc = document(&app).await;
    let documented: BTreeSet<(String, String)> = operations(&doc)
        .into_iter()
        .map(|(m, p, _)| (m, p))
        .collect();
    let routed = routes_in_router();
    assert!(
        routed.len() >= 25,
        "the source scan found the routes: {routed:?}"
    );
    let undocumented: Vec<_> = routed.difference(&documented).collect();
    let unrouted: Vec<_> = documented.difference(&routed).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from openapi.json: {undocumented:?}"
    );
    assert!(
        unrouted.is_empty(),
        "documented but not routed: {unrouted:?}"
    );
}

/// Every documented operation answers (never the fallback 404 or a 405), and
/// whatever 4xx it gives for a probe is documented with that code.
async fn every_documented_operation_answers_with_a_documented_error(app: TestApp) {
    let doc = document(&app).await;
    let unknown = "00000000-0000-4000-8000-000000000000";
    for (method, path, op) in operations(&doc) {
        let uri = path
            .replace("{id}", unknown)
            .replace("{pid}", unknown)
            .replace("{n}", "1")
            .replace("{board}", "1");
        let m = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let (body, ct) = if method == "get" || method == "delete" {
            (None, None)
        } else {
            (Some(Body::from("{}")), Some("application/json"))
        };
        let r = app.request(m, &uri, Some(ADMIN), body, ct).await;
        assert_ne!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        assert_ne!(r.body["message"], "no such route", "{method} {path}");
        if r.status.is_client_error() {
            let status = r.status.as_u16().to_string();
            let response = &op["responses"][&status];
            assert!(
                response.is_object(),
                "{method} {path} answered {status}, which is not documented: {r:?}"
            );
            let code = r.body["error"].as_str().unwrap_or("");
            assert!(
                listed_codes(response).iter().any(|c| c == code),
                "{method} {path} answered {status} {code}, not among the documented codes"
            );
        }
    }
}

/// Every 4xx response names the JSON error schema and a non-empty list of
/// codes; protected operations document 401 and 403, JSON bodies 400, 413
/// and 415, every operation 408.
async fn every_error_response_documents_the_error_schema_and_its_codes(app: TestApp) {
    let doc = document(&app).await;
    assert!(doc["components"]["schemas"]["Error"]["properties"]["error"].is_object());
    for (method, path, op) in operations(&doc) {
        let responses = op["responses"].as_object().expect("responses");
        for (status, response) in responses {
            if !status.starts_with('4') {
                continue;
            }
            let schema = &response["content"]["application/json"]["schema"];
            assert_eq!(
                schema["allOf"][0]["$ref"], "#/components/schemas/Error",
                "{method} {path} {status}"
            );
            assert!(
                !listed_codes(response).is_empty(),
                "{method} {path} {status} lists no codes"
            );
        }
        assert!(responses.contains_key("408"), "{method} {path}");
        if op.get("security").is_some() {
            for status in ["401", "403"] {
                assert!(responses.contains_key(status), "{method} {path} {status}");
            }
        }
        if op["requestBody"]["content"]["application/json"].is_object() {
            for status in ["400", "413", "415"] {
                assert!(responses.contains_key(status), "{method} {path} {status}");
            }
        }
    }
}

/// The codes the server's source answers with (409 conflicts, 400 codes,
/// its own 422 codes) all appear in the document.
async fn every_error_code_the_server_can_answer_is_documented(app: TestApp) {
    let doc = document(&app).await;
    let mut by_status: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (_, _, op) in operations(&doc) {
        for (status, response) in op["responses"].as_object().expect("responses") {
            by_status
                .entry(status.clone())
                .or_default()
                .extend(listed_codes(response));
        }
    }
    let quoted_after = |text: &str, marker: &str| -> Vec<String> {
        text.match_indices(marker)
            .filter_map(|(i, _)| {
                let rest = text[i + marker.len()..].trim_start();
                let rest = rest.strip_prefix('"')?;
                Some(rest[..rest.find('"')?].to_owned())
            })
            .collect()
    };
    let mut checked = 0;
    for (file, text) in sources() {
        for code in quoted_after(&text, "ApiError::conflict(") {
            checked += 1;
            assert!(
                by_status["409"].contains(&code),
                "{file}: 409 {code} is not documented"
            );
        }
        for code in quoted_after(&text, "ApiError::bad_request(") {
            checked += 1;
            assert!(
                by_status["400"].contains(&code),
                "{file}: 400 {code} is not documented"
            );
        }
        // `code: "..."` builds a 400 (BadRequest) or a 422 (Unprocessable);
        // the engine's setup rejections are checked at creation and never
        // reach a client (a stored setup that fails is a fault of ours).
        let setup_only = ["bad_setup", "bad_time_control", "unknown_profile"];
        for code in quoted_after(&text, "code: ") {
            if setup_only.contains(&code.as_str()) {
                continue;
            }
            checked += 1;
            assert!(
                by_status["400"].contains(&code) || by_status["422"].contains(&code),
                "{file}: {code} is not documented"
            );
        }
        for code in quoted_after(&text, "ApiError::unprocessable(") {
            checked += 1;
            assert!(
                by_status["422"].contains(&code),
                "{file}: 422 {code} is not documented"
            );
        }
    }
    assert!(checked >= 15, "the source scan found the codes ({checked})");
    for code in ["invalid_fen", "time_went_backwards", "lost_by_lateness"] {
        let documented = by_status["422"].contains(code);
        // lost_by_lateness is a ruling, never a refusal.
        assert_eq!(documented, code != "lost_by_lateness", "{code}");
    }
}

/// The Laws' refusals reach clients as 422 answers to a posted event: every
/// rejection code in `regulations` (`reject("...")`, `Rejection::new("...")`)
/// is listed in the document, so a new refusal cannot go undocumented.
async fn every_refusal_code_of_the_laws_is_documented_for_posted_events(app: TestApp) {
    let doc = document(&app).await;
    let events = &doc["paths"]["/api/v1/games/{id}/events"]["post"];
    let listed = listed_codes(&events["responses"]["422"]);
    let missing: Vec<&str> = regulations::Code::ALL
        .iter()
        .filter(|c| c.is_rejection())
        .map(|c| c.code())
        .filter(|c| !listed.iter().any(|l| l == c))
        .collect();
    assert!(
        missing.is_empty(),
        "refusal codes of the Laws missing from POST /games/{{id}}/events 422: {missing:?}"
    );
}

/// The fields and types of `regulations::EventKind` (its serde names) as
/// its source declares them: `(types, fields)`.
fn event_kinds_in_source() -> (BTreeSet<String>, BTreeSet<String>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../regulations/src/event.rs");
    let text = std::fs::read_to_string(path).expect("regulations/src/event.rs");
    let start = text.find("pub enum EventKind {").expect("EventKind");
    let body = &text[start + "pub enum EventKind {".len()..];
    let (mut types, mut fields) = (BTreeSet::new(), BTreeSet::new());
    let mut depth = 1;
    let mut rename: Option<String> = None;
    for line in body.lines() {
        let t = line.trim();
        if depth == 0 {
            break;
        }
        if let Some(i) = t.find("rename = \"") {
            let rest = &t[i + "rename = \"".len()..];
            rename = rest.split('"').next().map(str::to_owned);
        }
        if depth == 1 && !t.starts_with("//") && !t.starts_with('#') {
            let name: String = t.chars().take_while(char::is_ascii_alphanumeric).collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                let mut snake = String::new();
                for (i, c) in name.chars().enumerate() {
                    if c.is_ascii_uppercase() && i > 0 {
                        snake.push('_');
                    }
                    snake.push(c.to_ascii_lowercase());
                }
                types.insert(snake);
            }
            if let Some(inline) = t.split_once('{').map(|(_, r)| r) {
                // `StopClocks { reason: String },`
                for part in inline.split(',') {
                    if let Some((field, _)) = part.split_once(':') {
                        let field = field.trim();
                        if !field.is_empty()
                            && field.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                        {
                            fields.insert(field.to_owned());
                        }
                    }
                }
            }
        } else if depth == 2
            && !t.starts_with("//")
            && !t.starts_with('#')
            && let Some((field, _)) = t.split_once(':')
        {
            let field = field.trim();
            if !field.is_empty() && field.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                fields.insert(rename.take().unwrap_or_else(|| field.to_owned()));
            }
        }
        depth += t.matches('{').count();
        depth -= t.matches('}').count();
    }
    (types, fields)
}

/// The posted event's schema names every event type and every field the
/// Laws' event log accepts (it had drifted: `together_with`, `clocks`,
/// `remaining_ms`, `penalty`, `who`, `restart`, … were missing).
async fn the_event_request_schema_names_every_event_type_and_field(app: TestApp) {
    let doc = document(&app).await;
    let schema = &doc["components"]["schemas"]["EventRequest"];
    let (types, fields) = event_kinds_in_source();
    assert!(
        types.len() >= 20 && fields.len() >= 20,
        "{types:?} {fields:?}"
    );
    let documented_types: BTreeSet<String> = schema["properties"]["type"]["enum"]
        .as_array()
        .expect("type enum")
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    assert_eq!(documented_types, types, "event types");
    let properties = schema["properties"].as_object().expect("properties");
    let missing: Vec<&String> = fields
        .iter()
        .filter(|f| !properties.contains_key(*f))
        .collect();
    assert!(missing.is_empty(), "EventRequest lacks {missing:?}");
}

crate::both_databases!(
    the_event_request_schema_names_every_event_type_and_field,
    every_refusal_code_of_the_laws_is_documented_for_posted_events,
    every_route_of_the_router_is_documented_and_nothing_else_is,
    every_documented_operation_answers_with_a_documented_error,
    every_error_response_documents_the_error_schema_and_its_codes,
    every_error_code_the_server_can_answer_is_documented,
);

//! The OpenAPI document (`GET /api/v1/openapi.json`, derived from the code
//! by `utoipa`: `crates/server/src/openapi.rs`) against the router: every
//! route is documented and answers, every error response carries the JSON
//! error schema and the `error` codes it can return, the codes the server's
//! source can answer are all documented, the document is valid OpenAPI 3.1
//! to an independent validator, and the answers of a walk through the API
//! match the schemas the document gives them (`openapi_check.py`, with
//! `openapi-spec-validator` and `jsonschema` from PyPI; `.ci/run` installs
//! them, and under `CI` their absence fails).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::process::{Command, Stdio};

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::harness::{ADMIN, Response, TestApp};

const METHODS: &[&str] = &["get", "post", "put", "patch", "delete"];

/// The server's source files behind the API (without their unit-test
/// modules): the crate root's files and the layers the API's requests go
/// through — `http/`, `app/`, `model/`, `live/`, `auth/` and `engine/` —
/// but not the pages (`web/`), the SQL (`store/`), the accounts' own
/// routes or the Xiangqi seam, as before the server was split in layers.
fn sources() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let skipped = ["auth/accounts.rs", "auth/limiter.rs", "engine/xiangqi.rs"];
    let mut files: Vec<(String, String)> = Vec::new();
    for prefix in ["", "http/", "app/", "model/", "live/", "auth/", "engine/"] {
        let dir = root.join(prefix);
        for e in std::fs::read_dir(&dir)
            .expect("src directory")
            .filter_map(Result::ok)
        {
            let name = format!("{prefix}{}", e.file_name().to_string_lossy());
            if e.path().extension().is_none_or(|x| x != "rs") || skipped.contains(&name.as_str()) {
                continue;
            }
            let text = std::fs::read_to_string(e.path()).expect("source file");
            let text = match text.find("#[cfg(test)]") {
                Some(i) => text[..i].to_owned(),
                None => text,
            };
            files.push((name, text));
        }
    }
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
        if let Some(requirements) = op.get("security").and_then(Value::as_array) {
            // `{}` among the requirements: the token is optional (it
            // opens the arbiter's view), and only a bad one is refused.
            let optional = requirements.iter().any(|r| r == &json!({}));
            let statuses: &[&str] = if optional { &["401"] } else { &["401", "403"] };
            for status in statuses {
                assert!(responses.contains_key(*status), "{method} {path} {status}");
            }
        }
        // The machine-readable list agrees with the responses.
        let listed: BTreeMap<String, Vec<String>> =
            serde_json::from_value(op["x-errors"].clone()).expect("x-errors");
        for (status, response) in responses {
            if status.starts_with('4') {
                let mut codes = listed_codes(response);
                codes.sort();
                assert_eq!(Some(&codes), listed.get(status), "{method} {path} {status}");
            }
        }
        assert!(
            listed.keys().all(|s| responses.contains_key(s)),
            "{method} {path}: x-errors names a status without a response"
        );
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
        // reach a client (a stored setup that fails is a fault of ours), nor
        // does an event of the other game (`judge_in_place` answers 500).
        let setup_only = [
            "bad_setup",
            "bad_time_control",
            "unknown_profile",
            "wrong_game",
        ];
        for code in quoted_after(&text, "code: ") {
            if setup_only.contains(&code.as_str()) {
                continue;
            }
            checked += 1;
            // A detailed answer (`ApiError::Detailed`) may be a 409 too.
            assert!(
                by_status["400"].contains(&code)
                    || by_status["422"].contains(&code)
                    || by_status["409"].contains(&code),
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

/// The fields and types of `regulations::EventKind` and of
/// `regulations::XqEventKind` (Xiangqi; their serde names) as their
/// sources declare them: `(types, fields)`.
fn event_kinds_in_source() -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut types, mut fields) = kinds_in_source("event.rs", "EventKind");
    let (xq_types, xq_fields) = kinds_in_source("xiangqi_game/event.rs", "XqEventKind");
    assert!(xq_types.contains("declare_loss") && xq_fields.contains("notation"));
    types.extend(xq_types);
    fields.extend(xq_fields);
    (types, fields)
}

/// The fields and types of the enum `name` in `regulations/src/{file}`.
fn kinds_in_source(file: &str, name: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../regulations/src")
        .join(file);
    let text = std::fs::read_to_string(path).expect(file);
    let head = format!("pub enum {name} {{");
    let start = text.find(&head).expect(name);
    let body = &text[start + head.len()..];
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

/// The posted event's schema, derived from the `regulations` event types
/// (feature `utoipa`), names every event type and every field the Laws'
/// event log accepts, as `regulations`' source declares them (the
/// hand-kept mirror it replaced had drifted: `together_with`, `clocks`,
/// `remaining_ms`, `penalty`, `who`, `restart`, … were missing).
async fn the_event_request_schema_names_every_event_type_and_field(app: TestApp) {
    let doc = document(&app).await;
    let (types, fields) = event_kinds_in_source();
    assert!(
        types.len() >= 20 && fields.len() >= 20,
        "{types:?} {fields:?}"
    );
    let (mut documented_types, mut properties) = (BTreeSet::new(), BTreeSet::new());
    event_schema_parts(
        &doc,
        &doc["components"]["schemas"]["EventRequest"],
        &mut documented_types,
        &mut properties,
    );
    assert_eq!(documented_types, types, "event types");
    let frame = ["expected_seq".to_owned(), "at".to_owned()];
    let missing: Vec<&String> = fields
        .iter()
        .chain(&frame)
        .filter(|f| !properties.contains(*f))
        .collect();
    assert!(missing.is_empty(), "EventRequest lacks {missing:?}");
    // A field its type does not take is refused (400 `invalid_event`), and
    // the document says so: every alternative is closed and carries the
    // request's own fields.
    let alternatives = doc["components"]["schemas"]["EventRequest"]["anyOf"]
        .as_array()
        .expect("one alternative per event type");
    assert!(alternatives.len() >= types.len(), "{alternatives:?}");
    for alternative in alternatives {
        assert_eq!(alternative["additionalProperties"], false, "{alternative}");
        assert!(
            alternative["properties"]["expected_seq"].is_object()
                && alternative["required"]
                    .as_array()
                    .is_some_and(|r| r.contains(&json!("expected_seq"))),
            "{alternative}"
        );
    }
}

/// The event types (the `type` of each alternative) and the property names
/// of a posted event's schema, through `$ref`s and `allOf`/`anyOf`/`oneOf`.
fn event_schema_parts(
    doc: &Value,
    schema: &Value,
    types: &mut BTreeSet<String>,
    properties: &mut BTreeSet<String>,
) {
    if let Some(name) = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        let target = &doc["components"]["schemas"][name];
        return event_schema_parts(doc, target, types, properties);
    }
    if let Some(own) = schema["properties"].as_object() {
        properties.extend(own.keys().cloned());
        if let Some(values) = own.get("type").and_then(enum_of) {
            types.extend(values.iter().filter_map(|v| v.as_str().map(str::to_owned)));
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for part in schema[key].as_array().into_iter().flatten() {
            event_schema_parts(doc, part, types, properties);
        }
    }
}

/// The `enum` of a property's schema, also when utoipa wraps the inline
/// enum in an `allOf`/`oneOf` to attach the property's description.
fn enum_of(schema: &Value) -> Option<&Vec<Value>> {
    if let Some(values) = schema["enum"].as_array() {
        return Some(values);
    }
    ["allOf", "oneOf", "anyOf"]
        .iter()
        .filter_map(|k| schema[*k].as_array())
        .flatten()
        .find_map(enum_of)
}

/// Runs `openapi_check.py` (see the module docs) on the document and the
/// answers in `samples`; `false` when its Python tools are missing outside
/// CI (the test then says it skipped).
fn python_check(doc: &Value, samples: &[Value]) -> bool {
    let probe = Command::new("python3")
        .args(["-c", "import jsonschema, openapi_spec_validator"])
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "openapi-spec-validator and jsonschema are needed in CI (pip install openapi-spec-validator)"
        );
        eprintln!("skipped: python3 with openapi-spec-validator and jsonschema is not installed");
        return false;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/api/openapi_check.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input = json!({ "document": doc, "samples": samples }).to_string();
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("writes the document");
    let out = child.wait_with_output().expect("python3 ends");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

/// An independent validator (openapi-spec-validator) reads the derived
/// document as valid OpenAPI 3.1.
async fn the_document_is_valid_openapi_3_1_to_an_independent_validator(app: TestApp) {
    let doc = document(&app).await;
    python_check(&doc, &[]);
}

/// A walk through the API that records what it is answered.
struct Walk<'a> {
    app: &'a TestApp,
    doc: &'a Value,
    samples: Vec<Value>,
    operations: BTreeSet<(String, String)>,
}

impl Walk<'_> {
    /// `method uri` (documented as `template`) with a JSON body or none;
    /// asserts `status` and that the document has that answer, and keeps a
    /// JSON answer for the schema check.
    async fn call(
        &mut self,
        method: Method,
        template: &str,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
        status: u16,
    ) -> Response {
        let r = match body {
            Some(body) => self.app.send(method.clone(), uri, token, body).await,
            None => {
                self.app
                    .request(method.clone(), uri, token, None, None)
                    .await
            }
        };
        self.record(&method, template, status, r)
    }

    fn record(&mut self, method: &Method, template: &str, status: u16, r: Response) -> Response {
        assert_eq!(r.status.as_u16(), status, "{method} {template}: {r:?}");
        let m = method.as_str().to_lowercase();
        let documented = &self.doc["paths"][template][&m]["responses"][status.to_string()];
        assert!(
            documented.is_object(),
            "{method} {template} {status} is not documented"
        );
        if r.content_type.starts_with("application/json") {
            self.samples.push(json!({
                "method": m, "path": template, "status": status, "body": r.body,
            }));
        } else if status != 204 {
            let ct = r.content_type.split(';').next().unwrap_or("");
            assert!(
                documented["content"][ct].is_object(),
                "{method} {template} {status}: {ct} is not documented"
            );
        }
        self.operations.insert((m, template.to_owned()));
        r
    }
}

/// Every answer of a walk through the API — tokens, a tournament, players,
/// a pairing, a game's events (and a stale and an illegal one), results,
/// standings, ratings, the audit trail, every export, a TRF import, a PGN
/// upload, un-pairing — is documented and matches its schema, declaring
/// every property it carries.
async fn answers_of_a_walk_through_the_api_match_their_documented_schemas(app: TestApp) {
    let doc = document(&app).await;
    let mut w = Walk {
        app: &app,
        doc: &doc,
        samples: Vec::new(),
        operations: BTreeSet::new(),
    };
    let (get, post, patch, put, delete) = (
        Method::GET,
        Method::POST,
        Method::PATCH,
        Method::PUT,
        Method::DELETE,
    );
    let tokens = "/api/v1/tokens";
    let r = w
        .call(
            post.clone(),
            tokens,
            tokens,
            Some(ADMIN),
            Some(json!({"role": "organiser", "label": "walk"})),
            201,
        )
        .await;
    let org = r.body["token"].as_str().expect("token").to_owned();
    let org = Some(org.as_str());
    let body = json!({
        "name": "Walk Open", "system": "swiss-dutch", "rounds": 2, "time_control": "5400+30",
        "tiebreaks": ["BH/C1", "SB"], "pairing": {"initial_colour": "white"},
    });
    let r = w
        .call(
            post.clone(),
            "/api/v1/tournaments",
            "/api/v1/tournaments",
            org,
            Some(body),
            201,
        )
        .await;
    let t = r.body["id"].as_str().expect("id").to_owned();
    let tp = "/api/v1/tournaments/{id}";
    let tu = format!("/api/v1/tournaments/{t}");
    w.call(
        get.clone(),
        "/api/v1/tournaments",
        "/api/v1/tournaments",
        None,
        None,
        200,
    )
    .await;
    w.call(get.clone(), tp, &tu, None, None, 200).await;
    w.call(
        patch.clone(),
        tp,
        &tu,
        org,
        Some(json!({"name": "Walk Open 2026"})),
        200,
    )
    .await;
    let players = format!("{tu}/players");
    let mut ids = Vec::new();
    for (name, rating) in [
        ("Carlsen, Magnus", 2830),
        ("Hou, Yifan", 2650),
        ("Ju, Wenjun", 2560),
        ("Polgar, Judit", 2675),
    ] {
        let body = json!({"name": name, "rating": rating, "title": "GM", "federation": "FID", "grade_points": 900});
        let r = w
            .call(
                post.clone(),
                "/api/v1/tournaments/{id}/players",
                &players,
                org,
                Some(body),
                201,
            )
            .await;
        ids.push(r.body["id"].as_str().expect("id").to_owned());
    }
    w.call(
        get.clone(),
        "/api/v1/tournaments/{id}/players",
        &players,
        None,
        None,
        200,
    )
    .await;
    let pp = "/api/v1/tournaments/{id}/players/{pid}";
    let body = json!({"club": "Hastings", "bye": {"round": 2, "kind": "half"}});
    w.call(
        patch.clone(),
        pp,
        &format!("{players}/{}", ids[3]),
        org,
        Some(body),
        200,
    )
    .await;
    let rounds = format!("{tu}/rounds");
    let rp = "/api/v1/tournaments/{id}/rounds";
    let r = w
        .call(post.clone(), rp, &rounds, org, Some(json!({})), 201)
        .await;
    let game = r.body["boards"][0]["game_id"]
        .as_str()
        .expect("game")
        .to_owned();
    w.call(get.clone(), rp, &rounds, None, None, 200).await;
    let r1 = "/api/v1/tournaments/{id}/rounds/{n}";
    w.call(get.clone(), r1, &format!("{rounds}/1"), None, None, 200)
        .await;
    w.call(
        patch.clone(),
        r1,
        &format!("{rounds}/1"),
        org,
        Some(json!({"starts_at": null})),
        200,
    )
    .await;
    let bp = "/api/v1/tournaments/{id}/rounds/{n}/boards/{board}";
    let body = json!({"mode": "scoresheet"});
    w.call(
        patch.clone(),
        bp,
        &format!("{rounds}/1/boards/2"),
        org,
        Some(body),
        200,
    )
    .await;
    // The game of board 1, move by move, with a stale and an illegal event.
    let gp = "/api/v1/games/{id}/events";
    let events = format!("/api/v1/games/{game}/events");
    let posted = [
        json!({"type": "start"}),
        json!({"type": "move", "san": "e4"}),
        json!({"type": "move", "san": "e5"}),
        json!({"type": "touch", "player": "white", "square": "g1"}),
        json!({"type": "move", "san": "Nf3"}),
        json!({"type": "offer_draw", "player": "black"}),
    ];
    for (seq, event) in (0..).zip(posted) {
        let mut event = event;
        event["expected_seq"] = json!(seq);
        w.call(post.clone(), gp, &events, org, Some(event), 201)
            .await;
    }
    let stale = json!({"expected_seq": 0, "type": "move", "san": "Nc6"});
    w.call(post.clone(), gp, &events, org, Some(stale), 409)
        .await;
    let illegal = json!({"expected_seq": 6, "type": "move", "san": "Ke6"});
    let r = w
        .call(post.clone(), gp, &events, org, Some(illegal), 422)
        .await;
    assert!(r.body["article"].is_string(), "{r:?}");
    let accept = json!({"expected_seq": 6, "type": "accept_draw", "player": "white"});
    w.call(post.clone(), gp, &events, org, Some(accept), 201)
        .await;
    let g = format!("/api/v1/games/{game}");
    w.call(get.clone(), "/api/v1/games/{id}", &g, None, None, 200)
        .await;
    w.call(get.clone(), "/api/v1/games/{id}", &g, org, None, 200)
        .await;
    w.call(get.clone(), gp, &events, None, None, 200).await;
    w.call(
        get.clone(),
        gp,
        &format!("{events}?after=2"),
        org,
        None,
        200,
    )
    .await;
    w.call(
        get.clone(),
        "/api/v1/games/{id}/pgn",
        &format!("{g}/pgn"),
        None,
        None,
        200,
    )
    .await;
    let rp2 = "/api/v1/tournaments/{id}/rounds/{n}/boards/{board}/result";
    let body = json!({"result": "1-0"});
    w.call(
        put.clone(),
        rp2,
        &format!("{rounds}/1/boards/2/result"),
        org,
        Some(body),
        200,
    )
    .await;
    for (template, status) in [
        ("/api/v1/tournaments/{id}/standings", 200),
        ("/api/v1/tournaments/{id}/ratings", 200),
        ("/api/v1/tournaments/{id}/audit", 200),
        ("/api/v1/tournaments/{id}/export/json", 200),
        ("/api/v1/tournaments/{id}/export/pgn", 200),
    ] {
        let uri = template.replace("{id}", &t);
        w.call(get.clone(), template, &uri, org, None, status).await;
    }
    let trf = w
        .call(
            get.clone(),
            "/api/v1/tournaments/{id}/export/trf",
            &format!("{tu}/export/trf"),
            None,
            None,
            200,
        )
        .await;
    let import = "/api/v1/tournaments/import";
    let r = app
        .request(
            post.clone(),
            import,
            org,
            Some(Body::from(trf.text)),
            Some("text/plain"),
        )
        .await;
    w.record(&post, import, 201, r);
    // Round 2 paired, then un-paired.
    w.call(post.clone(), rp, &rounds, org, None, 201).await;
    w.call(delete.clone(), r1, &format!("{rounds}/2"), org, None, 200)
        .await;
    // A game outside the tournament, entered as PGN.
    let r = w
        .call(
            post.clone(),
            "/api/v1/games",
            "/api/v1/games",
            Some(ADMIN),
            Some(json!({"white": "A", "black": "B", "time_control": "5400+30"})),
            201,
        )
        .await;
    let free = r.body["id"].as_str().expect("id").to_owned();
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let upload = "/api/v1/games/{id}/pgn";
    let r = app
        .request(
            post.clone(),
            &format!("/api/v1/games/{free}/pgn"),
            Some(ADMIN),
            Some(Body::from(pgn)),
            Some("application/x-chess-pgn"),
        )
        .await;
    w.record(&post, upload, 201, r);
    // A Xiangqi game (issue 19): its state has its own shape (`game`:
    // `xiangqi`), with plies, a touch obligation, a forming repetition and
    // the lateness rule; a chess profile for it is refused (422).
    let body =
        json!({"white": "A", "black": "B", "game": "xiangqi", "regulations": "fide-classic"});
    w.call(
        post.clone(),
        "/api/v1/games",
        "/api/v1/games",
        Some(ADMIN),
        Some(body),
        422,
    )
    .await;
    let body = json!({
        "white": "A", "black": "B", "game": "xiangqi", "time_control": "5400+30",
        "fen": "4k4/7R1/9/9/9/9/9/9/9/3K5 w", "starts_at": "2026-04-01T10:00:00Z",
    });
    let r = w
        .call(
            post.clone(),
            "/api/v1/games",
            "/api/v1/games",
            Some(ADMIN),
            Some(body),
            201,
        )
        .await;
    assert_eq!(r.body["game"], "xiangqi", "{r:?}");
    let xq = r.body["id"].as_str().expect("id").to_owned();
    let xq_events = format!("/api/v1/games/{xq}/events");
    let posted = [
        json!({"type": "arrive", "player": "red", "at": "2026-04-01T10:00:01Z"}),
        json!({"type": "arrive", "player": "black", "at": "2026-04-01T10:00:02Z"}),
        json!({"type": "start", "at": "2026-04-01T10:00:03Z"}),
        json!({"type": "move", "move": "h8h9", "at": "2026-04-01T10:00:04Z"}),
        json!({"type": "move", "move": "将5进1", "at": "2026-04-01T10:00:05Z"}),
        json!({"type": "move", "move": "R2-1", "notation": "wxf", "at": "2026-04-01T10:00:06Z"}),
        json!({"type": "touch", "player": "black", "square": "e8", "at": "2026-04-01T10:00:07Z"}),
        json!({"type": "move", "move": "e8e9", "at": "2026-04-01T10:00:08Z"}),
    ];
    for (seq, event) in (0..).zip(posted) {
        let mut event = event;
        event["expected_seq"] = json!(seq);
        w.call(post.clone(), gp, &xq_events, Some(ADMIN), Some(event), 201)
            .await;
    }
    let r = w
        .call(
            get.clone(),
            "/api/v1/games/{id}",
            &format!("/api/v1/games/{xq}"),
            None,
            None,
            200,
        )
        .await;
    assert_eq!(r.body["repetition"]["repetitions"], 1, "{r:?}");
    let body = json!({"name": "Walk Xiangqi", "system": "round-robin", "game": "xiangqi"});
    let r = w
        .call(
            post.clone(),
            "/api/v1/tournaments",
            "/api/v1/tournaments",
            org,
            Some(body),
            201,
        )
        .await;
    assert_eq!(r.body["scoring"]["win"], 2.0, "{r:?}");
    // A token made and revoked; an unknown tournament.
    let body = json!({"role": "arbiter", "tournament_id": t});
    let r = w
        .call(post.clone(), tokens, tokens, org, Some(body), 201)
        .await;
    let id = r.body["id"].as_str().expect("id").to_owned();
    w.call(
        delete.clone(),
        "/api/v1/tokens/{id}",
        &format!("{tokens}/{id}"),
        org,
        None,
        204,
    )
    .await;
    let unknown = "/api/v1/tournaments/00000000-0000-4000-8000-000000000000";
    w.call(get.clone(), tp, unknown, None, None, 404).await;
    w.call(get.clone(), "/health", "/health", None, None, 200)
        .await;
    let (samples, operations) = (w.samples, w.operations);
    assert!(
        operations.len() >= 28,
        "the walk reached {} operations",
        operations.len()
    );
    python_check(&doc, &samples);
}

crate::both_databases!(
    the_document_is_valid_openapi_3_1_to_an_independent_validator,
    answers_of_a_walk_through_the_api_match_their_documented_schemas,
    the_event_request_schema_names_every_event_type_and_field,
    every_refusal_code_of_the_laws_is_documented_for_posted_events,
    every_route_of_the_router_is_documented_and_nothing_else_is,
    every_documented_operation_answers_with_a_documented_error,
    every_error_response_documents_the_error_schema_and_its_codes,
    every_error_code_the_server_can_answer_is_documented,
);

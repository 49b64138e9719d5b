//! The OpenAPI 3.1 document served at `GET /api/v1/openapi.json`, derived
//! from the code: every handler carries `#[utoipa::path]` (method, path,
//! parameters, request body, success responses, security) and the error
//! codes it can answer as the operation's `x-errors` extension
//! (`{"409": ["stale_seq"], "422": [...]}`); its module's `Doc` lists its
//! operations beside its `router()`, and request and response types derive
//! `ToSchema`. [`document`] merges the modules' documents and turns each
//! operation's error codes — its own, and those every operation of its kind
//! can answer (a path parameter, a token, a JSON body, the timeout) — into
//! one response per status whose schema is the shared `Error` body (`error::ErrorBody`) with
//! the `error` codes listed as an enum. The document is built once and
//! kept.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Map, Value, json};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

/// The document's frame: title, description, tags, the bearer scheme, the
/// shared error body and the two routes outside any module.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Arbiter",
        description = "Arbiter-grade chess tournament server. Errors are JSON {error, message, article?, where?} (schema Error); each operation lists, per 4xx status, the `error` codes it can return (also as its `x-errors` extension). Any route may also answer 405 (method_not_allowed) and 500 (internal: a fault of ours, no detail sent); a route that reads or writes the database answers 503 (unavailable, with Retry-After) while the database cannot be reached. Public reads need no token (a token given must be valid: 401 otherwise); writes need a bearer token.",
        license(name = "MIT OR Apache-2.0", identifier = "MIT OR Apache-2.0"),
    ),
    servers((url = "http://127.0.0.1:8080")),
    paths(serve, crate::http::health),
    components(schemas(crate::error::ErrorBody<'static>, crate::app::confirm::ConfirmationRequired, crate::app::confirm::Warning)),
    modifiers(&Bearer),
    tags(
        (name = "users", description = "people sign in as people: users, sessions (cookie `arbiter_session`; state-changing requests with it carry the session's `X-CSRF-Token`), roles per tournament, a user's own tokens"),
        (name = "auth", description = "bearer tokens: administrator (ARBITER_ADMIN_TOKEN), organiser, chief arbiter, arbiter"),
        (name = "tournaments", description = "tournaments: settings, scoring, tie-breaks, pairing options, TRF import"),
        (name = "players", description = "players, withdrawals, requested byes, late entries"),
        (name = "teams", description = "team events: teams, rosters, line-ups per round, matches, team standings"),
        (name = "rounds", description = "pairing, rounds, boards, results, a round's PGN"),
        (name = "reports", description = "standings, rating changes, the audit trail and the exports"),
        (name = "games", description = "games as event logs judged by the Laws; PGN; the live stream"),
        (name = "registry", description = "people across tournaments, FIDE and national rating lists, search by FIDE id or name"),
        (name = "meta", description = "this document and liveness"),
    )
)]
struct ApiDoc;

/// The `bearer` security scheme the protected operations name.
struct Bearer;

impl Modify for Bearer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        // A signed-in user's session (from `POST /api/v1/sessions`).
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("arbiter_session"))),
        );
    }
}

/// The document as built from the code (see the module docs).
pub fn document() -> Value {
    let mut doc = ApiDoc::openapi();
    for part in [
        crate::http::tokens::Doc::openapi(),
        crate::http::users::Doc::openapi(),
        crate::http::tournaments::Doc::openapi(),
        crate::http::players::Doc::openapi(),
        crate::http::teams::Doc::openapi(),
        crate::http::team_rounds::Doc::openapi(),
        crate::http::rounds::Doc::openapi(),
        crate::http::reports::Doc::openapi(),
        crate::http::audit::Doc::openapi(),
        crate::http::games::Doc::openapi(),
        crate::http::pgn_upload::Doc::openapi(),
        crate::http::tablets::Doc::openapi(),
        crate::http::people::Doc::openapi(),
        crate::http::rating_lists::Doc::openapi(),
    ] {
        doc.merge(part);
    }
    let mut value = serde_json::to_value(&doc).unwrap_or(Value::Null);
    // An event carries its type's own fields; a refusal may carry details
    // (see `ErrorBody`).
    for open in ["Event", "Error"] {
        if let Some(schema) = value
            .pointer_mut(&format!("/components/schemas/{open}"))
            .and_then(Value::as_object_mut)
        {
            schema.insert("additionalProperties".into(), Value::Bool(true));
        }
    }
    open_flattened(&mut value);
    closed_events(&mut value);
    if let Some(paths) = value.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for (method, operation) in item.iter_mut() {
                if METHODS.contains(&method.as_str())
                    && let Some(operation) = operation.as_object_mut()
                {
                    expand_errors(path, method, operation);
                }
            }
        }
    }
    value
}

/// A struct with a flattened part is documented as `allOf` its parts; a
/// part cannot forbid the other parts' properties, so no part of an `allOf`
/// says `additionalProperties: false` (serde still refuses unknown fields).
fn open_flattened(doc: &mut Value) {
    fn collect(value: &Value, refs: &mut BTreeSet<String>) {
        match value {
            Value::Object(map) => {
                if let Some(parts) = map.get("allOf").and_then(Value::as_array) {
                    for part in parts {
                        if let Some(name) = part
                            .get("$ref")
                            .and_then(Value::as_str)
                            .and_then(|r| r.strip_prefix("#/components/schemas/"))
                        {
                            refs.insert(name.to_owned());
                        }
                    }
                }
                map.values().for_each(|v| collect(v, refs));
            }
            Value::Array(list) => list.iter().for_each(|v| collect(v, refs)),
            _ => {}
        }
    }
    fn open_inline(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if let Some(parts) = map.get_mut("allOf").and_then(Value::as_array_mut) {
                    for part in parts.iter_mut().filter_map(Value::as_object_mut) {
                        if part.get("additionalProperties") == Some(&Value::Bool(false)) {
                            part.remove("additionalProperties");
                        }
                    }
                }
                map.values_mut().for_each(open_inline);
            }
            Value::Array(list) => list.iter_mut().for_each(open_inline),
            _ => {}
        }
    }
    let mut refs = BTreeSet::new();
    collect(doc, &mut refs);
    open_inline(doc);
    for name in refs {
        if let Some(schema) = doc
            .pointer_mut(&format!("/components/schemas/{name}"))
            .and_then(Value::as_object_mut)
            && schema.get("additionalProperties") == Some(&Value::Bool(false))
        {
            schema.remove("additionalProperties");
        }
    }
}

/// What the derived event schemas leave open: a penalty names no field its
/// kind does not take (serde refuses it); a posted `schedule_resumption`
/// gives its time as `resumes_at_ms` or `resumes_at`; a posted event names
/// no field its type does not take (400 `invalid_event`), so `EventRequest`
/// is one closed alternative per event type of either game, each with the
/// request's own fields (`expected_seq`, `at`, `resumes_at`) — the derived
/// `allOf` of the frame and the event could not say it
/// (`unevaluatedProperties` would, but schemathesis cannot generate
/// requests from it).
fn closed_events(doc: &mut Value) {
    if let Some(penalties) = doc
        .pointer_mut("/components/schemas/Penalty/oneOf")
        .and_then(Value::as_array_mut)
    {
        for penalty in penalties.iter_mut().filter_map(Value::as_object_mut) {
            penalty.insert("additionalProperties".into(), Value::Bool(false));
        }
    }
    let Some(events) = doc
        .pointer_mut("/components/schemas/EventKind/oneOf")
        .and_then(Value::as_array_mut)
    else {
        return;
    };
    for event in events.iter_mut().filter_map(Value::as_object_mut) {
        if event
            .get("properties")
            .and_then(|p| p.pointer("/type/enum/0"))
            == Some(&json!("schedule_resumption"))
        {
            if let Some(required) = event.get_mut("required").and_then(Value::as_array_mut) {
                required.retain(|name| name != "resumes_at_ms");
            }
            event.insert(
                "anyOf".into(),
                json!([{"required": ["resumes_at_ms"]}, {"required": ["resumes_at"]}]),
            );
        }
    }
    close_event_request(doc);
}

/// `EventRequest` as `anyOf` closed alternatives: each event type of
/// `EventKind` and `XqEventKind` with the frame's properties and
/// `additionalProperties: false`. Left as derived if its shape is not the
/// expected `allOf` of the game kinds and the frame.
fn close_event_request(doc: &mut Value) {
    let schemas = |doc: &Value, name: &str| -> Option<Vec<Value>> {
        doc.pointer(&format!("/components/schemas/{name}/oneOf"))?
            .as_array()
            .cloned()
    };
    let Some(request) = doc.pointer("/components/schemas/EventRequest") else {
        return;
    };
    let Some(frame) = request["allOf"].as_array().and_then(|parts| {
        parts
            .iter()
            .find(|p| p.get("properties").is_some() && p.get("anyOf").is_none())
    }) else {
        return;
    };
    let frame_properties = frame["properties"].as_object().cloned().unwrap_or_default();
    let frame_required = frame["required"].as_array().cloned().unwrap_or_default();
    let description = request.get("description").cloned();
    let (Some(chess), Some(xiangqi)) = (schemas(doc, "EventKind"), schemas(doc, "XqEventKind"))
    else {
        return;
    };
    let mut alternatives = Vec::new();
    for mut event in chess.into_iter().chain(xiangqi) {
        let Some(map) = event.as_object_mut() else {
            return;
        };
        if map.contains_key("allOf") || !map.contains_key("properties") {
            return;
        }
        if let Some(properties) = map.get_mut("properties").and_then(Value::as_object_mut) {
            for (name, schema) in &frame_properties {
                properties
                    .entry(name.clone())
                    .or_insert_with(|| schema.clone());
            }
        }
        let required = map
            .entry("required")
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Some(required) = required.as_array_mut() {
            for name in &frame_required {
                if !required.contains(name) {
                    required.push(name.clone());
                }
            }
        }
        map.insert("additionalProperties".into(), Value::Bool(false));
        alternatives.push(event);
    }
    let mut closed = Map::new();
    if let Some(description) = description {
        closed.insert("description".into(), description);
    }
    closed.insert("anyOf".into(), Value::Array(alternatives));
    if let Some(slot) = doc.pointer_mut("/components/schemas/EventRequest") {
        *slot = Value::Object(closed);
    }
}

const METHODS: &[&str] = &["get", "post", "put", "patch", "delete"];

/// What a status means, for its response's description.
fn status_description(status: &str) -> &'static str {
    match status {
        "400" => {
            "malformed request; `where` names the place (a JSON path, `line L column C`, or a field)"
        }
        "401" => "no token, or a token that is unknown or revoked",
        "403" => "the token may not do this",
        "404" => "no such resource (or route)",
        "408" => "the request took longer than 30 s",
        "409" => "conflicts with the current state",
        "413" => "the body is larger than the limit",
        "429" => {
            "too many attempts; `retry_after` (and the Retry-After header) says how many seconds to wait"
        }
        "415" => "the body is not of an accepted content type",
        "422" => "well-formed but refused; `article` cites the rule that refuses it",
        "503" => {
            "the database cannot be reached now; nothing was changed: send the request again after the Retry-After header's seconds"
        }
        _ => "error",
    }
}

/// Adds the codes every operation of its kind can answer to the
/// operation's own (`x-errors`), writes the full list back, and documents
/// one error response per status.
fn expand_errors(path: &str, method: &str, operation: &mut Map<String, Value>) {
    let mut codes: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    if let Some(own) = operation.get("x-errors").and_then(Value::as_object) {
        for (status, list) in own {
            let entry = codes.entry(status.clone()).or_default();
            for code in list.as_array().into_iter().flatten() {
                if let Some(code) = code.as_str() {
                    entry.insert(code.to_owned());
                }
            }
        }
    }
    let mut add = |status: &str, list: &[&str]| {
        let entry = codes.entry(status.to_owned()).or_default();
        entry.extend(list.iter().map(|c| (*c).to_owned()));
    };
    add("408", &["timeout"]);
    // A NUL character (`%00`) in the URL or a form body (`refuse_nul`).
    add("400", &["nul_character"]);
    // A change to a closed event is refused until it is reopened
    // (`app::tournaments::begin_change`).
    let changes_an_event = method != "get"
        && path
            .strip_prefix("/api/v1/tournaments/{id}")
            .is_some_and(|rest| !matches!(rest, "/close" | "/reopen"));
    if changes_an_event {
        add("409", &["event_closed"]);
    }
    if path != "/health" && path != "/api/v1/openapi.json" {
        add("503", &["unavailable"]);
        // PostgreSQL gave the request up for a simultaneous one (a
        // deadlock or serialization failure): send it again.
        if method != "get" {
            add("409", &["concurrent_change"]);
        }
    }
    if path.contains('{') {
        add("400", &["invalid_path"]);
    }
    if let Some(requirements) = operation.get("security").and_then(Value::as_array) {
        add("401", &["unauthorized"]);
        // An optional token (`{}` among the requirements) only reads more.
        let optional = requirements
            .iter()
            .any(|r| r.as_object().is_some_and(Map::is_empty));
        if !optional {
            add("403", &["forbidden", crate::auth::TABLET_SCOPE]);
        }
    }
    if operation
        .get("requestBody")
        .and_then(|b| b.get("content"))
        .and_then(|c| c.get("application/json"))
        .is_some()
    {
        add("400", &["bad_body", "invalid_json", "malformed_json"]);
        add("413", &["payload_too_large"]);
        add("415", &["unsupported_media_type"]);
    }
    let responses = operation
        .entry("responses")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Some(responses) = responses.as_object_mut() {
        for (status, list) in &codes {
            let enumerated: Vec<&str> = list.iter().map(String::as_str).collect();
            let described = responses
                .get(status)
                .and_then(|r| r.get("description"))
                .and_then(Value::as_str)
                .filter(|d| !d.is_empty())
                .unwrap_or_else(|| status_description(status))
                .to_owned();
            let mut parts = vec![
                json!({"$ref": "#/components/schemas/Error"}),
                json!({"type": "object", "properties": {"error": {"enum": enumerated}}}),
            ];
            // A change that needs the arbiter's confirmation answers the
            // warning protocol's own body (`app::confirm`) as well.
            if list.contains("confirmation_required") {
                parts.push(json!({
                    "if": {"properties": {"error": {"const": "confirmation_required"}}},
                    "then": {"$ref": "#/components/schemas/ConfirmationRequired"},
                }));
            }
            let schema = json!({ "allOf": parts });
            responses.insert(
                status.clone(),
                json!({
                    "description": format!("{described}; `error` is one of: {}", enumerated.join(", ")),
                    "content": {"application/json": {"schema": schema}},
                }),
            );
        }
    }
    let listed: Map<String, Value> = codes
        .into_iter()
        .map(|(status, list)| (status, Value::from(list.into_iter().collect::<Vec<_>>())))
        .collect();
    operation.insert("x-errors".into(), Value::Object(listed));
}

static DOCUMENT: OnceLock<String> = OnceLock::new();

/// This document (built on the first request, then kept).
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    tag = "meta",
    responses((status = 200, description = "this document (OpenAPI 3.1)", body = Object)),
)]
pub(crate) async fn serve() -> impl IntoResponse {
    let text = DOCUMENT.get_or_init(|| document().to_string());
    ([(header::CONTENT_TYPE, "application/json")], text.as_str())
}

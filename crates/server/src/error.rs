//! One error type for the whole API, and the extractors that turn malformed
//! requests into it.
//!
//! Every failure reaches the client as JSON:
//! `{"error": code, "message": ..., "article"?: ..., "where"?: ...}`.
//! Database errors are logged (an `error` event with the request's id) and
//! answered with a generic 500 that carries no database text.

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Everything a handler can answer besides success.
#[derive(Debug)]
pub enum ApiError {
    /// 400: the request is malformed (JSON syntax, wrong type, unknown field,
    /// bad notation). `at` says where (a JSON path, a line and column, a field).
    BadRequest {
        code: &'static str,
        message: String,
        at: Option<String>,
    },
    /// 401: no token, or a token that is unknown or revoked.
    Unauthorized(String),
    /// 403: a valid token that may not do this.
    Forbidden(String),
    /// 404: no such resource.
    NotFound(String),
    /// 409: the request conflicts with the current state (stale sequence
    /// number, a round already paired, a duplicate).
    Conflict { code: &'static str, message: String },
    /// 405: the route exists, the method does not.
    MethodNotAllowed,
    /// 413: the body is larger than the limit.
    PayloadTooLarge(String),
    /// 415: the body is not JSON.
    UnsupportedMediaType(String),
    /// 422: well-formed but refused by the rules, with the article that
    /// refuses it.
    Unprocessable {
        code: String,
        message: String,
        article: Option<String>,
        at: Option<String>,
    },
    /// A 409 or 422 whose body carries more than the usual fields (e.g. the
    /// move number and SAN of the first illegal move of an uploaded PGN, or
    /// every problem of a round's PGN file): `details` are added to the
    /// error object beside `error`, `message`, `article`.
    Detailed {
        status: StatusCode,
        code: String,
        message: String,
        article: Option<String>,
        details: serde_json::Map<String, serde_json::Value>,
    },
    /// 503: the database cannot be reached now (restarting, failing over,
    /// out of connections): nothing was changed, and the same request may be
    /// sent again after the `Retry-After` seconds. The detail is logged,
    /// never sent.
    Unavailable(String),
    /// 500: a fault of ours; the detail is logged, never sent.
    Internal(String),
}

/// Seconds a client is asked to wait (`Retry-After`) when the database is
/// away.
pub const RETRY_AFTER_SECONDS: u32 = 2;

/// Whether `error` means the database is away for now (a connection that
/// could not be made or was lost, a pool with none free, a server shutting
/// down or starting up) rather than a fault of the request or of ours.
pub fn database_away(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(e) => e.code().is_some_and(|code| {
            // SQLSTATE class 08 (connection exception), 57P01–57P03
            // (admin or crash shutdown, cannot connect now), 53300 (too
            // many connections); SQLite: SQLITE_BUSY (5) and
            // SQLITE_LOCKED (6) past the busy timeout.
            code.starts_with("08")
                || matches!(&*code, "57P01" | "57P02" | "57P03" | "53300" | "5" | "6")
        }),
        _ => false,
    }
}

/// The body of every error answer (schema `Error` of the OpenAPI document).
/// A PGN upload's refusal adds fields beside these: the refused move's
/// `move_number`, `side`, `san` and `ply`; `pgn_white`/`pgn_black` with the
/// game's `white`/`black`; `pgn_fen` with `fen`; `pgn_result` with
/// `game_result`; and for a round's file every `problems` entry (`game`,
/// `white`, `black`, `board`, `error`, `message`, ...).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub(crate) struct ErrorBody<'a> {
    /// A stable snake_case code (each operation lists the codes it answers).
    error: &'a str,
    /// What is wrong, for a person.
    message: &'a str,
    /// The article of the Laws or the regulation that refuses the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    article: Option<&'a str>,
    /// Where: a JSON path, `line L column C`, or a field name.
    #[serde(rename = "where", skip_serializing_if = "Option::is_none")]
    at: Option<&'a str>,
}

impl ApiError {
    /// A 400 with a code and message.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: message.into(),
            at: None,
        }
    }

    /// A 400 that names the offending field.
    pub fn invalid_field(field: &str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code: "invalid_field",
            message: message.into(),
            at: Some(field.to_owned()),
        }
    }

    /// A 404 for a kind of thing.
    pub fn not_found(what: &str) -> ApiError {
        ApiError::NotFound(format!("no such {what}"))
    }

    /// A 409.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Conflict {
            code,
            message: message.into(),
        }
    }

    /// A 422 without an article.
    pub fn unprocessable(code: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::Unprocessable {
            code: code.into(),
            message: message.into(),
            article: None,
            at: None,
        }
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Detailed { status, .. } => *status,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (code, message, article, at): (&str, &str, Option<&str>, Option<&str>) = match &self {
            ApiError::BadRequest { code, message, at } => (code, message, None, at.as_deref()),
            ApiError::Unauthorized(m) => ("unauthorized", m, None, None),
            ApiError::Forbidden(m) => ("forbidden", m, None, None),
            ApiError::NotFound(m) => ("not_found", m, None, None),
            ApiError::Conflict { code, message } => (code, message, None, None),
            ApiError::MethodNotAllowed => (
                "method_not_allowed",
                "method not allowed on this route",
                None,
                None,
            ),
            ApiError::PayloadTooLarge(m) => ("payload_too_large", m, None, None),
            ApiError::UnsupportedMediaType(m) => ("unsupported_media_type", m, None, None),
            ApiError::Unprocessable {
                code,
                message,
                article,
                at,
            } => (code, message, article.as_deref(), at.as_deref()),
            ApiError::Detailed {
                code,
                message,
                article,
                details,
                ..
            } => {
                let mut body = details.clone();
                body.insert("error".into(), code.clone().into());
                body.insert("message".into(), message.clone().into());
                if let Some(article) = article {
                    body.insert("article".into(), article.clone().into());
                }
                return (status, Json(serde_json::Value::Object(body))).into_response();
            }
            ApiError::Unavailable(detail) => {
                tracing::warn!(%detail, "database unavailable");
                (
                    "unavailable",
                    "the database cannot be reached now; nothing was changed: try again shortly",
                    None,
                    None,
                )
            }
            ApiError::Internal(detail) => {
                // Inside the request's span: the line carries its id.
                tracing::error!(%detail, "internal error");
                ("internal", "internal server error", None, None)
            }
        };
        let body = ErrorBody {
            error: code,
            message,
            article,
            at,
        };
        let mut response = (status, Json(body)).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(RETRY_AFTER_SECONDS),
            );
        }
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        response
    }
}

/// Whether `error` is PostgreSQL giving up one of two transactions that
/// ran into each other (SQLSTATE 40P01 deadlock, 40001 serialization
/// failure): the refused one changed nothing and may simply be sent again.
fn concurrent_change(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e)
        if e.code().is_some_and(|code| matches!(&*code, "40P01" | "40001")))
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> ApiError {
        if concurrent_change(&error) {
            tracing::warn!(%error, "concurrent change");
            ApiError::conflict(
                "concurrent_change",
                "the request ran into a simultaneous change of the same data and was rolled back; nothing was changed: send it again",
            )
        } else if database_away(&error) {
            ApiError::Unavailable(format!("database: {error}"))
        } else {
            ApiError::Internal(format!("database: {error}"))
        }
    }
}

impl From<crate::store::Error> for ApiError {
    fn from(error: crate::store::Error) -> ApiError {
        match error {
            crate::store::Error::Sql(e) => ApiError::from(e),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl From<serde_json::Error> for ApiError {
    fn from(error: serde_json::Error) -> ApiError {
        ApiError::Internal(format!("json: {error}"))
    }
}

/// A JSON body whose failures are answered in the API's own error format,
/// naming the path of the faulty field (`players[2].rating`) or the line and
/// column of a syntax error.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let is_json = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                let mime = v.split(';').next().unwrap_or("").trim();
                mime.eq_ignore_ascii_case("application/json")
                    || (mime.starts_with("application/") && mime.ends_with("+json"))
            });
        if !is_json {
            return Err(ApiError::UnsupportedMediaType(
                "expected a body with content-type application/json".into(),
            ));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|r| bytes_rejection(&r))?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// A JSON body that may be left out: an empty body (with or without a
/// content type) is `T::default()`; anything else is read like [`ApiJson`].
#[derive(Debug, Clone, Copy, Default)]
pub struct OptionalJson<T>(pub T);

impl<T, S> FromRequest<S> for OptionalJson<T>
where
    T: DeserializeOwned + Default,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let (parts, body) = req.into_parts();
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|r| bytes_rejection(&r))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        ApiJson::<T>::from_request(request, state)
            .await
            .map(|ApiJson(value)| OptionalJson(value))
    }
}

/// Parses JSON with the path of the fault in the error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let strict = crate::strict_json::Strict(&mut deserializer);
    let value: T = match serde_path_to_error::deserialize(strict) {
        Ok(value) => value,
        Err(error) => {
            let path = error.path().to_string();
            let inner = error.into_inner();
            let (code, at) = if inner.is_syntax() || inner.is_eof() {
                (
                    "malformed_json",
                    format!("line {} column {}", inner.line(), inner.column()),
                )
            } else if path == "." && inner.to_string().starts_with("duplicate field `") {
                // A field of the outermost object given twice: serde names
                // it in its message only. (Other faults at `.` are left to
                // the caller: an event finds its field by probing.)
                let named = field_named(&inner.to_string());
                ("invalid_json", named.unwrap_or(path))
            } else {
                ("invalid_json", path)
            };
            return Err(ApiError::BadRequest {
                code,
                message: strip_position(&inner.to_string()),
                at: Some(at),
            });
        }
    };
    if let Err(error) = deserializer.end() {
        return Err(ApiError::BadRequest {
            code: "malformed_json",
            message: strip_position(&error.to_string()),
            at: Some(format!("line {} column {}", error.line(), error.column())),
        });
    }
    // Well-formed: now no object may name a key twice (a map keeps the
    // last, another reader the first; see `unique_keys`).
    let mut again = serde_json::Deserializer::from_slice(bytes);
    if let Err(error) =
        serde_path_to_error::deserialize::<_, crate::unique_keys::UniqueKeys>(&mut again)
    {
        let path = error.path().to_string();
        return Err(ApiError::BadRequest {
            code: "invalid_json",
            message: strip_position(&error.into_inner().to_string()),
            at: Some(path),
        });
    }
    Ok(value)
}

/// Reads a JSON value already parsed (a body's object) as `T`, with the
/// path of the fault in the error (400 `invalid_json`).
pub fn from_json_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(crate::strict_json::Strict(value)).map_err(|error| {
        let path = error.path().to_string();
        let message = strip_position(&error.into_inner().to_string());
        ApiError::BadRequest {
            code: "invalid_json",
            at: Some(if path == "." {
                field_named(&message).unwrap_or(path)
            } else {
                path
            }),
            message,
        }
    })
}

/// serde_json appends " at line L column C"; we report the place separately.
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(index) => message[..index].to_owned(),
        None => message.to_owned(),
    }
}

pub(crate) fn bytes_rejection(rejection: &BytesRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge("request body too large".into())
    } else {
        ApiError::bad_request("bad_body", rejection.body_text())
    }
}

/// Path parameters whose parse failures become a 400 in the API's format.
#[derive(Debug)]
pub struct ApiPath<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(rejection) => Err(path_rejection(&rejection)),
        }
    }
}

/// Query parameters whose faults become a 400 `invalid_query` that names
/// the parameter in `where`.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        parse_query(parts.uri.query().unwrap_or_default()).map(ApiQuery)
    }
}

/// Parses a query string, with the parameter at fault in the error's
/// `where` (the one named by an unknown or missing field's message too).
pub fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let deserializer =
        serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(deserializer).map_err(|error| {
        let path = error.path().to_string();
        let message = error.into_inner().to_string();
        ApiError::BadRequest {
            code: "invalid_query",
            at: field_named(&message).or((path != ".").then_some(path)),
            message: format!("query parameter: {message}"),
        }
    })
}

/// The field serde's message names when its path cannot (an unknown,
/// missing or repeated field of the outermost object).
fn field_named(message: &str) -> Option<String> {
    ["unknown field `", "missing field `", "duplicate field `"]
        .iter()
        .find_map(|start| message.strip_prefix(start)?.split('`').next())
        .filter(|name| !name.is_empty())
        .map(str::to_owned)
}

fn path_rejection(rejection: &PathRejection) -> ApiError {
    ApiError::BadRequest {
        code: "invalid_path",
        message: rejection.body_text(),
        at: Some("path".into()),
    }
}

/// The answer to an unknown route.
pub async fn not_found_fallback() -> ApiError {
    ApiError::NotFound("no such route".into())
}

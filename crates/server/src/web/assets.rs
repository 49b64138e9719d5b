//! The embedded static assets (CSS, the live-update script): served with a
//! strong ETag and, since every link carries `?v=<hash>`, cached for a year.

use std::sync::OnceLock;

use axum::extract::{Path, RawQuery};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("assets/style.css"),
    },
    Asset {
        name: "paper.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("assets/paper.css"),
    },
    Asset {
        name: "screen.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/screen.js"),
    },
    Asset {
        name: "live.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("assets/live.js"),
    },
    // The console's (crate::web::console): its stylesheet and ES modules. A
    // module imports the others by their plain `/assets/` URL.
    Asset {
        name: "console.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("console/assets/console.css"),
    },
    js("auth.js", include_str!("console/assets/auth.js")),
    js("confirm.js", include_str!("console/assets/confirm.js")),
    js("i18n.js", include_str!("console/assets/i18n.js")),
    js("board.js", include_str!("console/assets/board.js")),
    js("events.js", include_str!("console/assets/events.js")),
    js("recording.js", include_str!("console/assets/recording.js")),
    js("results.js", include_str!("console/assets/results.js")),
    js("tablets.js", include_str!("console/assets/tablets.js")),
    js("entry.js", include_str!("console/assets/entry.js")),
    js("refusal.js", include_str!("console/assets/refusal.js")),
    js("dom.js", include_str!("console/assets/dom.js")),
    js("registry.js", include_str!("console/assets/registry.js")),
    js(
        "registry-page.js",
        include_str!("console/assets/registry-page.js"),
    ),
    js(
        "tournament-form.js",
        include_str!("console/assets/tournament-form.js"),
    ),
    js(
        "tournament-new.js",
        include_str!("console/assets/tournament-new.js"),
    ),
    js(
        "tournament.js",
        include_str!("console/assets/tournament.js"),
    ),
];

const fn js(name: &'static str, body: &'static str) -> Asset {
    Asset {
        name,
        content_type: "text/javascript; charset=utf-8",
        body,
    }
}

/// Each asset's ETag (hex of its SHA-256, first 16 bytes), computed once.
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|a| super::hex16(&Sha256::digest(a.body.as_bytes())))
            .collect()
    })
}

/// The URL of an asset, versioned by its content.
pub(crate) fn url(name: &str) -> String {
    match ASSETS.iter().position(|a| a.name == name) {
        Some(i) => format!("/assets/{name}?v={}", &etags()[i][..12]),
        None => format!("/assets/{name}"),
    }
}

/// The console's import map: each module's plain URL (`/assets/auth.js`,
/// as the modules import each other) mapped to its versioned one.
pub(crate) fn import_map() -> String {
    let imports: serde_json::Map<String, serde_json::Value> = ASSETS
        .iter()
        .filter(|a| a.name.ends_with(".js"))
        .map(|a| (format!("/assets/{}", a.name), url(a.name).into()))
        .collect();
    serde_json::json!({ "imports": imports }).to_string()
}

/// `GET /assets/{name}`: cached for a year when asked for by its
/// versioned URL (`?v=`), else revalidated on every use.
pub(crate) async fn serve(
    Path(name): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some(i) = ASSETS.iter().position(|a| a.name == name) else {
        return (StatusCode::NOT_FOUND, "no such asset").into_response();
    };
    let asset = &ASSETS[i];
    let etag = format!("\"{}\"", etags()[i]);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, asset.content_type)], asset.body).into_response()
    };
    let h = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    let versioned = query.is_some_and(|q| q.starts_with("v="));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(if versioned {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        }),
    );
    response
}

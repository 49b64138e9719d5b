//! Rating lists imported whole or not at all (issue 37): a bad list is
//! refused with its line and nothing of it is kept, and the same list
//! imported several times at once leaves one ready list.

use axum::http::StatusCode;
use serde_json::json;

use crate::harness::TestApp;
use crate::registry::{FIDE_TXT, FIDE_XML, import};

/// The same list imported several times at once (an organiser's double
/// click, two browser tabs): every import succeeds as if one after the
/// other, exactly one list of that name and month is ready, and nothing of
/// the replaced ones is left behind.
async fn the_same_list_imported_at_once_leaves_one_ready_list(app: TestApp) {
    let organiser = app.organiser().await;
    let imports = (0..6).map(|_| {
        let (app, organiser) = (app.clone(), organiser.clone());
        tokio::spawn(async move {
            import(
                &app,
                &organiser,
                "name=same&month=2026-05&format=fide-txt",
                FIDE_TXT,
            )
            .await
        })
    });
    for handle in imports.collect::<Vec<_>>() {
        let r = handle.await.expect("the import ran");
        assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    }
    let lists = app.get("/api/v1/rating-lists", Some(&organiser)).await;
    let lists = lists.body["lists"].as_array().unwrap().clone();
    assert_eq!(lists.len(), 1, "{lists:?}");
    assert_eq!(lists[0]["status"], "ready");
    assert_eq!(lists[0]["players"], 6);
}

async fn a_bad_list_is_refused_with_its_line_and_nothing_is_kept(app: TestApp) {
    let organiser = app.organiser().await;
    let text = String::from_utf8_lossy(FIDE_TXT).replace("2734  2", "27x4  2");
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-txt",
        text.into_bytes(),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    assert_eq!(r.body["error"], "invalid_list");
    assert_eq!(r.body["where"], "line 3, SRtng", "{r:?}");
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .contains("nothing was imported")
    );
    let cut = &FIDE_XML[..FIDE_XML.len() - 200];
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-xml",
        cut.to_vec(),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{r:?}");
    let r = import(
        &app,
        &organiser,
        "name=fide&month=2026-12&format=fide-txt",
        Vec::new(),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_list"))
    );
    for (query, field) in [
        ("name=fide&month=2026-13&format=fide-txt", "month"),
        ("name=FIDE&month=2026-12&format=fide-txt", "name"),
        ("name=fide&month=2026-12&format=pdf", "format"),
        ("name=chn&month=2026-12&format=csv", "mapping"),
        (
            "name=chn&month=2026-12&format=csv&mapping=%7B%22name%22%3A%22x%22%7D&federation=CHN",
            "mapping",
        ),
        (
            "name=fide&month=2026-12&format=fide-txt&kind=classical",
            "kind",
        ),
        (
            "name=fide&month=2026-12&format=fide-txt&delimiter=%3B",
            "delimiter",
        ),
        (
            "name=chn&month=2026-12&format=csv&mapping=%7B%22name%22%3A%22x%22%7D&delimiter=%22",
            "delimiter",
        ),
    ] {
        let r = import(&app, &organiser, query, FIDE_TXT).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}: {r:?}");
        assert_eq!(r.body["where"], field, "{query}: {r:?}");
    }
    let lists = app.get("/api/v1/rating-lists", Some(&organiser)).await;
    assert_eq!(
        lists.body["lists"],
        json!([]),
        "nothing half-imported is left"
    );
    // Only organisers keep the lists.
    let t = app.swiss(&organiser, 2, 3).await;
    let arbiter = app.token(&organiser, "arbiter", Some(&t)).await;
    let r = import(
        &app,
        &arbiter,
        "name=fide&month=2026-12&format=fide-txt",
        FIDE_TXT,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{r:?}");
    let r = app.get("/api/v1/registry/search?q=Carlsen", None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{r:?}");
}

crate::both_databases!(
    the_same_list_imported_at_once_leaves_one_ready_list,
    a_bad_list_is_refused_with_its_line_and_nothing_is_kept,
);

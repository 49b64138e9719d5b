//! The live stream's fan-out: one feed per watched game in each process,
//! every viewer gets every event exactly once and in order — live, after
//! falling behind, when resuming with `Last-Event-ID`, and when the event
//! was written by another process.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::harness::{ADMIN, Kind, TestApp};
use crate::multi::{finish, two_processes};

/// Knights out and back: legal for ever under the default regulations.
const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

/// One open stream and what it has read but not yet parsed.
struct Viewer {
    body: Body,
    buffer: String,
}

/// One SSE message: its `id`, `event` and parsed `data`.
struct Message {
    id: i64,
    kind: String,
    data: Value,
}

impl Viewer {
    async fn open(app: &TestApp, game: &str, last_event_id: Option<i64>) -> Viewer {
        let mut request = Request::get(format!("/api/v1/games/{game}/stream"));
        if let Some(id) = last_event_id {
            request = request.header("last-event-id", id.to_string());
        }
        let response = app
            .router
            .clone()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        Viewer {
            body: response.into_body(),
            buffer: String::new(),
        }
    }

    async fn next(&mut self) -> Message {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let text: String = self.buffer.drain(..end + 2).collect();
                let field = |name: &str| {
                    text.lines()
                        .find_map(|l| l.strip_prefix(name))
                        .map(str::to_owned)
                };
                // Keep-alive comments carry no fields.
                let (Some(id), Some(kind), Some(data)) =
                    (field("id: "), field("event: "), field("data: "))
                else {
                    continue;
                };
                return Message {
                    id: id.parse().unwrap(),
                    kind,
                    data: serde_json::from_str(&data).unwrap(),
                };
            }
            let frame = tokio::time::timeout(Duration::from_secs(20), self.body.frame())
                .await
                .expect("an SSE message within 20 s")
                .expect("stream open")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }

    /// Reads messages up to `last`, checking each has the next id.
    async fn read_through(&mut self, mut expected: i64, last: i64) {
        while expected <= last {
            let message = self.next().await;
            assert_eq!(message.id, expected, "ids in order, none twice or lost");
            assert_eq!(message.data["seq"], expected, "id is the event's seq");
            assert_eq!(message.data["type"], message.kind.as_str());
            expected += 1;
        }
    }
}

/// Posts the start (at seq 0) or the cycle's next move; returns the new seq.
async fn step(app: &TestApp, game: &str, seq: i64) -> i64 {
    let event = if seq == 0 {
        json!({ "type": "start" })
    } else {
        let ply = usize::try_from(seq - 1).unwrap() % CYCLE.len();
        json!({ "type": "move", "san": CYCLE[ply] })
    };
    let r = app.event(game, ADMIN, seq, event).await;
    assert_eq!(r.status, StatusCode::CREATED, "{r:?}");
    seq + 1
}

async fn many_viewers_of_one_game_each_receive_every_event_once_and_in_order(app: TestApp) {
    let game = app.free_game().await;
    let mut early = Vec::new();
    for _ in 0..30 {
        early.push(Viewer::open(&app, &game, None).await);
    }
    let mut seq = 0;
    while seq < 6 {
        seq = step(&app, &game, seq).await;
    }
    // Viewers joining mid-game read the log, then follow the same feed.
    let mut late = Vec::new();
    for _ in 0..30 {
        late.push(Viewer::open(&app, &game, None).await);
    }
    while seq < 14 {
        seq = step(&app, &game, seq).await;
    }
    assert_eq!(app.state.live_feeds(), 1, "one feed for the game");
    for viewer in early.iter_mut().chain(late.iter_mut()) {
        viewer.read_through(1, seq).await;
    }
    // Nothing repeats: the next message is the next event.
    seq = step(&app, &game, seq).await;
    for viewer in early.iter_mut().chain(late.iter_mut()) {
        viewer.read_through(seq, seq).await;
    }
}

async fn a_viewer_resuming_with_last_event_id_gets_what_it_missed(app: TestApp) {
    let game = app.free_game().await;
    let mut seq = 0;
    while seq < 3 {
        seq = step(&app, &game, seq).await;
    }
    let mut viewer = Viewer::open(&app, &game, None).await;
    viewer.read_through(1, 3).await;
    drop(viewer);
    while seq < 7 {
        seq = step(&app, &game, seq).await;
    }
    let mut viewer = Viewer::open(&app, &game, Some(3)).await;
    viewer.read_through(4, 7).await;
    seq = step(&app, &game, seq).await;
    viewer.read_through(seq, seq).await;
}

async fn a_viewer_that_falls_behind_the_feed_catches_up_from_the_log(app: TestApp) {
    let game = app.free_game().await;
    let mut stalled = Viewer::open(&app, &game, None).await;
    let mut reader = Viewer::open(&app, &game, None).await;
    let mut seq = 0;
    // More events than the feed keeps (256) while `stalled` reads nothing.
    while seq < 300 {
        seq = step(&app, &game, seq).await;
        reader.read_through(seq, seq).await;
    }
    stalled.read_through(1, seq).await;
    seq = step(&app, &game, seq).await;
    stalled.read_through(seq, seq).await;
}

async fn a_games_feed_ends_when_its_last_viewer_leaves(app: TestApp) {
    let game = app.free_game().await;
    let other = app.free_game().await;
    let viewers = [
        Viewer::open(&app, &game, None).await,
        Viewer::open(&app, &game, None).await,
        Viewer::open(&app, &other, None).await,
    ];
    assert_eq!(app.state.live_feeds(), 2);
    drop(viewers);
    // The feeds notice on the next hint (or within seconds).
    step(&app, &game, 0).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while app.state.live_feeds() > 0 {
        assert!(tokio::time::Instant::now() < deadline, "feeds still open");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Reads a round stream until its next `change` notice.
async fn next_change(body: &mut Body) {
    let mut buffer = String::new();
    while !buffer.contains("event: change") {
        let frame = tokio::time::timeout(Duration::from_secs(20), body.frame())
            .await
            .expect("a change notice within 20 s")
            .expect("stream open")
            .unwrap();
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
    }
}

async fn a_round_stream_tells_of_moves_in_its_games_and_of_results_entered(app: TestApp) {
    let organiser = app.organiser().await;
    let t = app
        .tournament(
            &organiser,
            json!({ "name": "Open", "system": "swiss-dutch", "rounds": 3 }),
        )
        .await;
    app.players(
        &organiser,
        &t,
        &[("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)],
    )
    .await;
    let round = app.pair_round(&organiser, &t).await;
    let game = round["boards"][0]["game_id"].as_str().unwrap().to_owned();
    let response = app
        .router
        .clone()
        .oneshot(
            Request::get(format!("/t/{t}/rounds/1/stream"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    step(&app, &game, 0).await;
    next_change(&mut body).await;
    let r = app
        .send(
            axum::http::Method::PUT,
            &format!("/api/v1/tournaments/{t}/rounds/1/boards/2/result"),
            Some(&organiser),
            json!({ "result": "1-0" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{r:?}");
    next_change(&mut body).await;
    // An unknown round has no stream.
    let r = app.get(&format!("/t/{t}/rounds/7/stream"), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

crate::both_databases!(
    a_round_stream_tells_of_moves_in_its_games_and_of_results_entered,
    many_viewers_of_one_game_each_receive_every_event_once_and_in_order,
    a_viewer_resuming_with_last_event_id_gets_what_it_missed,
    a_viewer_that_falls_behind_the_feed_catches_up_from_the_log,
    a_games_feed_ends_when_its_last_viewer_leaves,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn viewers_on_one_postgres_process_receive_every_event_written_through_another() {
    let Some((db, a, b)) = two_processes(Kind::Postgres).await else {
        return;
    };
    let game = a.free_game().await;
    let mut viewers = Vec::new();
    for _ in 0..20 {
        viewers.push(Viewer::open(&b, &game, None).await);
    }
    // Give process B's LISTEN connection a moment to be established.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut seq = 0;
    // Alternate the writer: B's viewers see A's and B's own events alike.
    while seq < 12 {
        let writer = if seq % 3 == 2 { &b } else { &a };
        seq = step(writer, &game, seq).await;
    }
    for viewer in &mut viewers {
        viewer.read_through(1, seq).await;
    }
    assert_eq!(b.state.live_feeds(), 1);
    drop(viewers);
    finish(db, [a, b]).await;
}

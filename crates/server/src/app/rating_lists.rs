//! Rating lists as operations import, list and remove them (issue 37).
//!
//! An import streams: the body is read chunk by chunk, split into lines
//! (the TXT and CSV lists) or `<player>` elements (the XML list) by the
//! `registry` readers, and written in batches of [`store::rating_lists::BATCH`]
//! players, each in its own short transaction (so games go on being recorded
//! while a million-player list comes in). The list is invisible until its
//! last transaction makes it `ready`, retiring the earlier import of the same
//! name and month and bringing the registered people's data up to date (a
//! field an organiser set by hand is kept). A list that cannot be read is
//! removed whole and the answer names the line. Memory stays bounded by one
//! batch and one line.

use std::fmt::Display;

use futures_util::{Stream, StreamExt};
use registry::csv::{CsvMapping, CsvReader};
use registry::fide_txt::TxtReader;
use registry::fide_xml::XmlReader;
use registry::{ListEntry, ListError, RatingKind};
use serde_json::json;
use uuid::Uuid;

use crate::app::people;
use crate::auth::audit;
use crate::auth::{Actor, Permission};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::rating_lists::{BATCH, ListRow};
use crate::time::{now_text, time_text};

/// The formats a list comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    FideTxt,
    FideXml,
    Csv,
}

impl Format {
    pub(crate) fn parse(text: &str) -> Option<Format> {
        Some(match text {
            "fide-txt" => Format::FideTxt,
            "fide-xml" => Format::FideXml,
            "csv" => Format::Csv,
            _ => return None,
        })
    }

    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Format::FideTxt => "fide-txt",
            Format::FideXml => "fide-xml",
            Format::Csv => "csv",
        }
    }
}

/// What an import is asked to read.
pub(crate) struct ImportSpec {
    /// `fide`, or a national list's name (lower-case letters, digits, `-`).
    pub name: String,
    /// `YYYY-MM`.
    pub month: String,
    pub format: Format,
    /// The rating a single FIDE list or a national list carries.
    pub kind: RatingKind,
    /// A national list's federation (its ids are that federation's).
    pub federation: Option<String>,
    /// A CSV list's columns.
    pub mapping: Option<CsvMapping>,
}

/// A finished import.
pub(crate) struct Imported {
    pub list: ListRow,
    /// The earlier import of the same name and month it replaced.
    pub replaced: Option<String>,
    /// Registered people whose data the list brought up to date.
    pub people_updated: usize,
}

/// The longest line a list may have.
const MAX_LINE: usize = 64 * 1024;
/// The most a list may weigh (FIDE's combined TXT list is about 150 MB).
const MAX_BYTES: u64 = 2 << 30;

/// A list's name: 1 to 32 lower-case letters, digits or `-`.
pub(crate) fn check_list_name(field: &str, name: &str) -> Result<(), ApiError> {
    let ok = !name.is_empty()
        && name.len() <= 32
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            field,
            "a list's name is 1 to 32 lower-case letters, digits or '-' (e.g. fide, chn)",
        ))
    }
}

/// A list's month, `YYYY-MM`.
pub(crate) fn check_month(field: &str, month: &str) -> Result<(), ApiError> {
    let ok = month.len() == 7
        && month.as_bytes()[4] == b'-'
        && month[..4]
            .parse::<u16>()
            .is_ok_and(|y| (1970..=2200).contains(&y))
        && month[5..]
            .parse::<u8>()
            .is_ok_and(|m| (1..=12).contains(&m));
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid_field(field, "the list's month, YYYY-MM"))
    }
}

fn check_spec(spec: &ImportSpec) -> Result<(), ApiError> {
    check_list_name("name", &spec.name)?;
    check_month("month", &spec.month)?;
    if let Some(fed) = &spec.federation {
        crate::model::players::check_federation("federation", fed)?;
    }
    match spec.format {
        Format::Csv => {
            let mapping = spec.mapping.as_ref().ok_or_else(|| {
                ApiError::invalid_field("mapping", "a CSV list needs its column mapping")
            })?;
            mapping
                .check()
                .map_err(|m| ApiError::invalid_field("mapping", m))?;
            if spec.federation.is_none() {
                return Err(ApiError::invalid_field(
                    "federation",
                    "a national list names its federation (its ids are that federation's)",
                ));
            }
        }
        Format::FideTxt | Format::FideXml => {
            if spec.mapping.is_some() {
                return Err(ApiError::invalid_field(
                    "mapping",
                    "only a CSV list takes a mapping",
                ));
            }
        }
    }
    Ok(())
}

/// The reader of one format, fed bytes.
enum Reader {
    Txt(TxtReader),
    Csv(CsvReader),
    Xml(XmlReader),
}

impl Reader {
    fn lines(&self) -> u64 {
        match self {
            Reader::Txt(r) => r.lines(),
            Reader::Csv(r) => r.lines(),
            Reader::Xml(r) => r.lines(),
        }
    }
}

/// Splits chunks into lines for the line readers (bounded: one line).
struct Lines {
    pending: Vec<u8>,
}

impl Lines {
    fn feed(
        &mut self,
        chunk: &[u8],
        line_no: u64,
        mut each: impl FnMut(&[u8]) -> Result<(), ListError>,
    ) -> Result<(), ListError> {
        let mut rest = chunk;
        while let Some(nl) = rest.iter().position(|&b| b == b'\n') {
            if self.pending.is_empty() {
                each(&rest[..nl])?;
            } else {
                self.pending.extend_from_slice(&rest[..nl]);
                let line = std::mem::take(&mut self.pending);
                each(&line)?;
            }
            rest = &rest[nl + 1..];
        }
        self.pending.extend_from_slice(rest);
        if self.pending.len() > MAX_LINE {
            return Err(ListError::line(line_no + 1, "a line runs over 64 KiB"));
        }
        Ok(())
    }
}

/// Imports a list from `body` (an organiser or the administrator), audited.
pub(crate) async fn import<S, B, E>(
    state: &AppState,
    actor: &Actor,
    spec: ImportSpec,
    mut body: S,
) -> Result<Imported, ApiError>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: Display,
{
    actor.require(Permission::Registry, "", None)?;
    check_spec(&spec)?;
    let db = state.db();
    // Imports a stopped server never finished (two hours is far longer
    // than any import takes).
    let stale = time_text(chrono::Utc::now() - chrono::Duration::hours(2));
    for id in store::rating_lists::abandoned(db.pool(), &stale).await? {
        let (_write, mut tx) = db.begin().await?;
        store::rating_lists::delete(&mut tx, &id).await?;
        tx.commit().await?;
    }
    let mut list = ListRow {
        id: Uuid::new_v4().to_string(),
        name: spec.name.clone(),
        month: spec.month.clone(),
        format: spec.format.as_str().to_owned(),
        kind: spec.kind.name().to_owned(),
        federation: spec.federation.clone(),
        status: "importing".into(),
        lines_read: 0,
        players: 0,
        created_by: actor.id.clone(),
        created_at: now_text(),
        finished_at: None,
    };
    {
        let (_write, mut tx) = db.begin().await?;
        store::rating_lists::insert(&mut tx, &list).await?;
        tx.commit().await?;
    }
    let outcome = match read_into(state, &list, &spec, &mut body).await {
        Ok((lines, players)) => publish(state, actor, &mut list, lines, players).await,
        Err(error) => Err(error),
    };
    if outcome.is_err() {
        // Nothing of a failed import stays behind (the list's rows were
        // written in batches of their own).
        let (_write, mut tx) = db.begin().await?;
        store::rating_lists::delete(&mut tx, &list.id).await?;
        tx.commit().await?;
    }
    outcome
}

/// Makes a read list the ready one of its name and month, replacing the
/// earlier one, and refreshes the registered people from it, audited.
/// Imports of the same name and month finishing at once take turns
/// (`store::rating_lists::lock_name`), each replacing the one before — as
/// one after the other.
async fn publish(
    state: &AppState,
    actor: &Actor,
    list: &mut ListRow,
    lines: i64,
    players: i64,
) -> Result<Imported, ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    store::rating_lists::lock_name(&mut tx, state.db().backend(), &list.name, &list.month).await?;
    let finished = now_text();
    let replaced =
        store::rating_lists::make_ready(&mut tx, list, lines, players, &finished).await?;
    list.status = "ready".into();
    list.lines_read = lines;
    list.players = players;
    list.finished_at = Some(finished);
    let people_updated = people::refresh_from_list(&mut tx, list).await?;
    audit::record(
        &mut tx,
        actor,
        None,
        "import",
        "rating_list",
        &list.id,
        None,
        Some(&json!({
            "name": list.name, "month": list.month, "format": list.format,
            "kind": list.kind, "federation": list.federation, "players": players,
            "replaced": replaced, "people_updated": people_updated,
        })),
    )
    .await?;
    tx.commit().await?;
    tracing::info!(list = %list.id, players, "rating list imported");
    Ok(Imported {
        list: list.clone(),
        replaced,
        people_updated,
    })
}

fn list_error(e: &ListError) -> ApiError {
    let at = match &e.column {
        Some(c) => format!("line {}, {c}", e.line),
        None => format!("line {}", e.line),
    };
    ApiError::Unprocessable {
        code: "invalid_list".into(),
        message: format!("{e}; nothing was imported"),
        article: None,
        at: Some(at),
    }
}

/// Reads the whole body into list `list`'s players; (lines, players).
async fn read_into<S, B, E>(
    state: &AppState,
    list: &ListRow,
    spec: &ImportSpec,
    body: &mut S,
) -> Result<(i64, i64), ApiError>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: Display,
{
    let mut reader = match spec.format {
        Format::FideTxt => Reader::Txt(TxtReader::new(spec.kind)),
        Format::FideXml => Reader::Xml(XmlReader::new(spec.kind)),
        Format::Csv => Reader::Csv(CsvReader::new(
            spec.mapping.clone().unwrap_or(CsvMapping {
                delimiter: ',',
                columns: Vec::new(),
            }),
            spec.kind,
        )),
    };
    let mut lines = Lines {
        pending: Vec::new(),
    };
    let mut batch: Vec<ListEntry> = Vec::with_capacity(BATCH);
    let mut written: i64 = 0;
    let mut bytes: u64 = 0;
    let mut reported: i64 = 0;
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|e| {
            ApiError::bad_request(
                "body_unreadable",
                format!("the list could not be read: {e}"),
            )
        })?;
        let chunk = chunk.as_ref();
        bytes += chunk.len() as u64;
        if bytes > MAX_BYTES {
            return Err(ApiError::PayloadTooLarge(
                "a rating list is at most 2 GiB".into(),
            ));
        }
        push(&mut reader, &mut lines, chunk, &mut batch).map_err(|e| list_error(&e))?;
        while batch.len() >= BATCH {
            let rest = batch.split_off(BATCH);
            write_batch(state, list, written, &batch, reader.lines()).await?;
            written += batch.len() as i64;
            batch = rest;
            if written - reported >= 100_000 {
                reported = written;
                tracing::info!(list = %list.id, players = written, "rating list importing");
            }
        }
    }
    // The last line may lack its newline.
    match &mut reader {
        Reader::Txt(_) | Reader::Csv(_) => {
            if !lines.pending.is_empty() {
                let last = std::mem::take(&mut lines.pending);
                push_line(&mut reader, &last, &mut batch).map_err(|e| list_error(&e))?;
            }
        }
        Reader::Xml(r) => {
            r.finish().map_err(|e| list_error(&e))?;
        }
    }
    let header = match &reader {
        Reader::Txt(r) => r.has_header(),
        Reader::Csv(r) => r.has_header(),
        Reader::Xml(_) => true,
    };
    if !header {
        return Err(list_error(&ListError::line(1, "the list is empty")));
    }
    write_batch(state, list, written, &batch, reader.lines()).await?;
    written += batch.len() as i64;
    if written == 0 {
        return Err(list_error(&ListError::line(
            reader.lines(),
            "the list has no players",
        )));
    }
    Ok((reader.lines() as i64, written))
}

fn push_line(reader: &mut Reader, line: &[u8], out: &mut Vec<ListEntry>) -> Result<(), ListError> {
    let entry = match reader {
        Reader::Txt(r) => r.push_line(line)?,
        Reader::Csv(r) => r.push_line(line)?,
        Reader::Xml(_) => None,
    };
    out.extend(entry);
    Ok(())
}

fn push(
    reader: &mut Reader,
    lines: &mut Lines,
    chunk: &[u8],
    out: &mut Vec<ListEntry>,
) -> Result<(), ListError> {
    if let Reader::Xml(r) = reader {
        return r.push(chunk, out);
    }
    let line_no = reader.lines();
    lines.feed(chunk, line_no, |line| push_line(reader, line, out))
}

async fn write_batch(
    state: &AppState,
    list: &ListRow,
    first: i64,
    batch: &[ListEntry],
    lines: u64,
) -> Result<(), ApiError> {
    let (_write, mut tx) = state.db().begin().await?;
    store::rating_lists::insert_entries(&mut tx, &list.id, first, batch).await?;
    store::rating_lists::set_progress(&mut *tx, &list.id, lines as i64, first + batch.len() as i64)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Every list (an organiser or the administrator), importing ones with
/// their progress.
pub(crate) async fn list(state: &AppState, actor: &Actor) -> Result<Vec<ListRow>, ApiError> {
    actor.require(Permission::Registry, "", None)?;
    Ok(store::rating_lists::list(state.db().pool()).await?)
}

/// List `id` (404 for none).
pub(crate) async fn load(state: &AppState, actor: &Actor, id: &str) -> Result<ListRow, ApiError> {
    actor.require(Permission::Registry, "", None)?;
    store::rating_lists::load(state.db().pool(), id)
        .await?
        .ok_or_else(|| ApiError::not_found("rating list"))
}

/// Removes list `id` and its players, audited (people keep what it gave
/// them).
pub(crate) async fn delete(state: &AppState, actor: &Actor, id: &str) -> Result<(), ApiError> {
    actor.require(Permission::Registry, "", None)?;
    let (_write, mut tx) = state.db().begin().await?;
    let list = store::rating_lists::load(&mut *tx, id)
        .await?
        .ok_or_else(|| ApiError::not_found("rating list"))?;
    store::rating_lists::delete(&mut tx, id).await?;
    audit::record(
        &mut tx,
        actor,
        None,
        "delete",
        "rating_list",
        id,
        Some(&json!({"name": list.name, "month": list.month, "players": list.players})),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

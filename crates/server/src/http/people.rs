//! The registry of people (issue 37): register, read, correct, remove and
//! search people and the imported lists' players.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::app::people::{self, Candidate, ListedRating, PersonInput, RegistryNote};
use crate::app::people_search::{self, Found};
use crate::auth::Actor;
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::state::AppState;
use crate::store::people::PersonRow;

/// A registered person.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Person {
    pub id: String,
    /// As written (the form the person's events show).
    pub name: String,
    pub latin_name: Option<String>,
    pub chinese_name: Option<String>,
    /// The Chinese name in pinyin, surname first (given, or read from the
    /// characters).
    pub pinyin: Option<String>,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    /// The federation whose id `national_id` is.
    pub national_federation: Option<String>,
    pub federation: Option<String>,
    /// `m` or `w`.
    pub sex: Option<String>,
    pub birth_year: Option<i64>,
    pub title: Option<String>,
    pub club: Option<String>,
    /// The club ladder's current points (`null`: not on the ladder).
    pub grade_points: Option<i64>,
    /// The fields set by hand, which a later list leaves be.
    pub local_edits: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<PersonRow> for Person {
    fn from(p: PersonRow) -> Person {
        Person {
            local_edits: p
                .local_edits
                .split(',')
                .filter(|f| !f.is_empty())
                .map(str::to_owned)
                .collect(),
            id: p.id,
            name: p.name,
            latin_name: p.latin_name,
            chinese_name: p.chinese_name,
            pinyin: p.pinyin,
            fide_id: p.fide_id,
            national_id: p.national_id,
            national_federation: p.national_federation,
            federation: p.federation,
            sex: p.sex,
            birth_year: p.birth_year,
            title: p.title,
            club: p.club,
            grade_points: p.grade_points,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

/// A person's fields (`POST /people`, `PATCH /people/{id}`): each given
/// field is set (and, set by hand, kept when a later list says otherwise).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = PersonRequest)]
struct PersonBody {
    /// 1–200 characters; needed to register.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    latin_name: Option<String>,
    #[serde(default)]
    chinese_name: Option<String>,
    #[serde(default)]
    pinyin: Option<String>,
    #[serde(default)]
    fide_id: Option<u64>,
    #[serde(default)]
    national_id: Option<String>,
    #[serde(default)]
    national_federation: Option<String>,
    #[serde(default)]
    federation: Option<String>,
    #[serde(default)]
    sex: Option<String>,
    #[serde(default)]
    birth_year: Option<u16>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    grade_points: Option<u32>,
    /// `true` (registering): this is not the registered person they look
    /// like (without it, a lookalike is 409 `possible_duplicate`).
    #[serde(default)]
    not_a_duplicate: bool,
}

impl PersonBody {
    fn input(self) -> (PersonInput, bool) {
        (
            PersonInput {
                name: self.name,
                latin_name: self.latin_name,
                chinese_name: self.chinese_name,
                pinyin: self.pinyin,
                fide_id: self.fide_id,
                national_id: self.national_id,
                national_federation: self.national_federation,
                federation: self.federation,
                sex: self.sex,
                birth_year: self.birth_year,
                title: self.title,
                club: self.club,
                grade_points: self.grade_points,
            },
            self.not_a_duplicate,
        )
    }
}

/// A registered person who looks like the one being added.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Lookalike {
    pub person_id: String,
    pub name: String,
    pub fide_id: Option<i64>,
    pub federation: Option<String>,
    pub birth_year: Option<i64>,
    /// Edits between the names (0: the same name in another order or script).
    pub distance: usize,
}

impl From<Candidate> for Lookalike {
    fn from(c: Candidate) -> Lookalike {
        Lookalike {
            person_id: c.person_id,
            name: c.name,
            fide_id: c.fide_id,
            federation: c.federation,
            birth_year: c.birth_year,
            distance: c.distance,
        }
    }
}

/// What the registry made of an imported player.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct RegistryMatch {
    pub start_number: i64,
    pub name: String,
    /// Linked to this person (the same FIDE id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linked_person_id: Option<String>,
    /// Registered people who look alike; the player is left unlinked
    /// (`PUT /tournaments/{id}/players/{pid}/person` links one).
    pub candidates: Vec<Lookalike>,
}

impl From<RegistryNote> for RegistryMatch {
    fn from(n: RegistryNote) -> RegistryMatch {
        RegistryMatch {
            start_number: n.start_number,
            name: n.name,
            linked_person_id: n.linked_person_id,
            candidates: n.candidates.into_iter().map(Lookalike::from).collect(),
        }
    }
}

/// A rating of a person in one list.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PersonRating {
    /// The list's name (`fide`, or a national list's).
    pub list: String,
    /// `YYYY-MM`.
    pub month: String,
    /// `standard`, `rapid` or `blitz`.
    pub kind: String,
    pub rating: u16,
    pub games: u16,
    pub k: Option<u8>,
    pub inactive: bool,
}

impl From<ListedRating> for PersonRating {
    fn from(r: ListedRating) -> PersonRating {
        PersonRating {
            list: r.list,
            month: r.month,
            kind: r.kind.to_owned(),
            rating: r.rating,
            games: r.games,
            k: r.k,
            inactive: r.inactive,
        }
    }
}

/// What a closed event did to a person.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PersonEvent {
    pub tournament_id: String,
    pub tournament: String,
    pub closed_at: String,
    pub start_number: i64,
    pub score: String,
    pub games: i64,
    /// The rating the event was rated with.
    pub rating: Option<i64>,
    /// The FIDE rating change (`+12.4`).
    pub rating_change: Option<String>,
    pub grade_before: Option<i64>,
    pub grade_after: Option<i64>,
}

/// An event a person plays or played in.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct PersonTournament {
    pub tournament_id: String,
    pub name: String,
    pub start_number: i64,
}

/// A person with their ratings and events.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = PersonRecord)]
pub(crate) struct PersonView {
    #[serde(flatten)]
    pub person: Person,
    /// The latest list of each name that has them.
    pub ratings: Vec<PersonRating>,
    /// Every list month that has them, oldest first.
    pub history: Vec<PersonRating>,
    /// Closed events, in the order they were closed.
    pub events: Vec<PersonEvent>,
    /// Every event they are a player of, newest first.
    pub tournaments: Vec<PersonTournament>,
}

/// Every registered person.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = People)]
struct PeopleList {
    people: Vec<Person>,
}

/// Register a person (an organiser or the administrator).
#[utoipa::path(
    post,
    path = "/api/v1/people",
    tag = "registry",
    request_body = PersonBody,
    responses((status = 201, description = "the person", body = Person)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "403": ["forbidden"], "409": ["person_exists", "possible_duplicate"]}))),
)]
async fn create_person(
    State(state): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<PersonBody>,
) -> Result<impl IntoResponse, ApiError> {
    let (input, not_a_duplicate) = body.input();
    let person = people::create(&state, &actor, input, not_a_duplicate).await?;
    Ok((StatusCode::CREATED, Json(Person::from(person))))
}

/// Every registered person, by name (an organiser or the administrator).
#[utoipa::path(
    get,
    path = "/api/v1/people",
    tag = "registry",
    responses((status = 200, description = "the people", body = PeopleList)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"]}))),
)]
async fn list_people(
    State(state): State<AppState>,
    actor: Actor,
) -> Result<Json<PeopleList>, ApiError> {
    actor.require(crate::auth::Permission::Registry, "", None)?;
    let people = people::list(&state)
        .await?
        .into_iter()
        .map(Person::from)
        .collect();
    Ok(Json(PeopleList { people }))
}

pub(crate) fn view(record: people::PersonRecord) -> PersonView {
    PersonView {
        person: Person::from(record.person),
        ratings: record.ratings.into_iter().map(PersonRating::from).collect(),
        history: record.history.into_iter().map(PersonRating::from).collect(),
        events: record
            .events
            .into_iter()
            .map(|(e, tournament)| PersonEvent {
                tournament_id: e.tournament_id,
                tournament,
                closed_at: e.closed_at,
                start_number: e.start_number,
                score: e.score,
                games: e.games,
                rating: e.rating,
                rating_change: e.rating_change,
                grade_before: e.grade_before,
                grade_after: e.grade_after,
            })
            .collect(),
        tournaments: record
            .tournaments
            .into_iter()
            .map(|(tournament_id, name, _, start_number)| PersonTournament {
                tournament_id,
                name,
                start_number,
            })
            .collect(),
    }
}

/// A person with their ratings, rating history and events (an organiser, a chief arbiter or the administrator; the public page is `/people/{id}`).
#[utoipa::path(
    get,
    path = "/api/v1/people/{id}",
    tag = "registry",
    params(("id" = String, Path, description = "person id")),
    responses((status = 200, description = "the person", body = PersonView)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"]}))),
)]
async fn get_person(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<PersonView>, ApiError> {
    if !actor.registers_players() {
        actor.require(crate::auth::Permission::Registry, "", None)?;
    }
    Ok(Json(view(people::record(&state, &id).await?)))
}

/// Correct a person (an organiser or the administrator): each field given is kept when a later list says otherwise.
#[utoipa::path(
    patch,
    path = "/api/v1/people/{id}",
    tag = "registry",
    params(("id" = String, Path, description = "person id")),
    request_body = PersonBody,
    responses((status = 200, description = "the person", body = Person)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field"], "403": ["forbidden"], "404": ["not_found"], "409": ["person_exists"]}))),
)]
async fn update_person(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PersonBody>,
) -> Result<Json<Person>, ApiError> {
    let (input, _) = body.input();
    Ok(Json(Person::from(
        people::update(&state, &actor, &id, input).await?,
    )))
}

/// Remove a person from the registry (their events' players stay, unlinked).
#[utoipa::path(
    delete,
    path = "/api/v1/people/{id}",
    tag = "registry",
    params(("id" = String, Path, description = "person id")),
    responses((status = 204, description = "removed")),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"403": ["forbidden"], "404": ["not_found"]}))),
)]
async fn delete_person(
    State(state): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<StatusCode, ApiError> {
    people::delete(&state, &actor, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /registry/search` query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct SearchQuery {
    /// A FIDE id, or a name in any order, script or spelling (a typing
    /// error or two forgiven).
    q: String,
    /// At most this many results (1–100, default 20).
    #[serde(default)]
    limit: Option<usize>,
}

/// One search result.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SearchResult {
    /// `person` (registered) or `list` (a player of an imported list).
    pub source: &'static str,
    /// Edits between the names (0: the same name in another order or script).
    pub distance: usize,
    /// The registered person (`source` `person`), or the one with this
    /// list player's FIDE id.
    pub person_id: Option<String>,
    pub name: String,
    pub fide_id: Option<i64>,
    pub national_id: Option<String>,
    pub federation: Option<String>,
    pub title: Option<String>,
    pub birth_year: Option<i64>,
    pub sex: Option<String>,
    /// The list's name and month (`source` `list`).
    pub list: Option<String>,
    pub month: Option<String>,
    pub standard: Option<u16>,
    pub rapid: Option<u16>,
    pub blitz: Option<u16>,
    pub inactive: bool,
    /// The registered person's Chinese name, if any.
    pub chinese_name: Option<String>,
}

pub(crate) fn result(found: Found) -> SearchResult {
    match found {
        Found::Person { person, distance } => SearchResult {
            source: "person",
            distance,
            person_id: Some(person.id),
            name: person.name,
            fide_id: person.fide_id,
            national_id: person.national_id,
            federation: person.federation,
            title: person.title,
            birth_year: person.birth_year,
            sex: person.sex,
            list: None,
            month: None,
            standard: None,
            rapid: None,
            blitz: None,
            inactive: false,
            chinese_name: person.chinese_name,
        },
        Found::Listed {
            list,
            entry,
            distance,
            person_id,
        } => {
            let e = entry.entry();
            SearchResult {
                source: "list",
                distance,
                person_id,
                name: e.name,
                fide_id: entry.fide_id,
                national_id: e.national_id,
                federation: e.federation,
                title: e.title,
                birth_year: e.birth_year.map(i64::from),
                sex: e.sex.map(String::from),
                list: Some(list.name),
                month: Some(list.month),
                standard: e.standard.map(|c| c.rating),
                rapid: e.rapid.map(|c| c.rating),
                blitz: e.blitz.map(|c| c.rating),
                inactive: e.inactive,
                chinese_name: None,
            }
        }
    }
}

/// The search's answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = RegistrySearch)]
struct SearchResults {
    results: Vec<SearchResult>,
}

/// Search the registry and the latest imported lists by FIDE id or name (organisers, chief arbiters, the administrator).
#[utoipa::path(
    get,
    path = "/api/v1/registry/search",
    tag = "registry",
    params(SearchQuery),
    responses((status = 200, description = "registered people first, then the lists' players; closest first", body = SearchResults)),
    security(("bearer" = []), ("session" = [])),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_query"], "403": ["forbidden"]}))),
)]
async fn search(
    State(state): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<SearchResults>, ApiError> {
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::invalid_field("limit", "must be 1 to 100"));
    }
    let found = people_search::search(&state, &actor, &query.q, limit).await?;
    Ok(Json(SearchResults {
        results: found.into_iter().map(result).collect(),
    }))
}

/// One rung of the club ladder.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct LadderRung {
    /// Equal points share a rank.
    pub rank: usize,
    pub person_id: String,
    pub name: String,
    pub club: Option<String>,
    pub grade_points: i64,
    /// `ungraded` or `grade N` (1 the highest).
    pub grade: String,
    /// Closed events that moved their points, in the order they were closed.
    pub history: Vec<LadderStep>,
}

/// One event on a person's way up or down the ladder.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct LadderStep {
    pub tournament: String,
    pub before: i64,
    pub after: i64,
}

/// The ladder.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Ladder)]
struct LadderView {
    ladder: Vec<LadderRung>,
}

/// `GET /ladder` query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct LadderQuery {
    /// `json` (default) or `csv`.
    #[serde(default)]
    format: Option<String>,
}

pub(crate) fn grade_text(grade: tournament::rating::grade::Grade) -> String {
    match grade {
        tournament::rating::grade::Grade::Ungraded => "ungraded".into(),
        tournament::rating::grade::Grade::Graded(n) => format!("grade {n}"),
    }
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// The club's grade-points ladder: every registered person with grade points, most first, with the events that moved them (anyone may read).
#[utoipa::path(
    get,
    path = "/api/v1/ladder",
    tag = "registry",
    params(LadderQuery),
    responses(
        (status = 200, description = "the ladder (JSON, or CSV with `format=csv`: rank, name, club, grade_points, grade, events, person_id)", content(
            (LadderView = "application/json"), (String = "text/csv"),
        )),
    ),
    extensions(("x-errors" = json!({"400": ["invalid_field", "invalid_query"]}))),
)]
async fn ladder(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LadderQuery>,
) -> Result<axum::response::Response, ApiError> {
    let rungs: Vec<LadderRung> = crate::app::ladder::ladder(&state)
        .await?
        .into_iter()
        .map(|r| LadderRung {
            rank: r.rank,
            grade: grade_text(r.grade),
            grade_points: r.person.grade_points.unwrap_or(0),
            person_id: r.person.id,
            name: r.person.name,
            club: r.person.club,
            history: r
                .history
                .into_iter()
                .map(|(tournament, before, after)| LadderStep {
                    tournament,
                    before,
                    after,
                })
                .collect(),
        })
        .collect();
    match query.format.as_deref() {
        None | Some("json") => Ok(Json(LadderView { ladder: rungs }).into_response()),
        Some("csv") => {
            let mut out = String::from("rank,name,club,grade_points,grade,events,person_id\r\n");
            for r in &rungs {
                out.push_str(&format!(
                    "{},{},{},{},{},{},{}\r\n",
                    r.rank,
                    csv_field(&r.name),
                    csv_field(r.club.as_deref().unwrap_or("")),
                    r.grade_points,
                    r.grade,
                    r.history.len(),
                    r.person_id
                ));
            }
            Ok((
                [
                    (axum::http::header::CONTENT_TYPE, "text/csv; charset=utf-8"),
                    (
                        axum::http::header::CONTENT_DISPOSITION,
                        "attachment; filename=\"ladder.csv\"",
                    ),
                ],
                out,
            )
                .into_response())
        }
        Some(_) => Err(ApiError::invalid_field("format", "json or csv")),
    }
}

/// The registry's operations of the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    create_person,
    list_people,
    get_person,
    update_person,
    delete_person,
    search,
    ladder
))]
pub(crate) struct Doc;

/// `/people` and `/registry` routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/people", get(list_people).post(create_person))
        .route(
            "/people/{id}",
            get(get_person).patch(update_person).delete(delete_person),
        )
        .route("/registry/search", get(search))
        .route("/ladder", get(ladder))
}

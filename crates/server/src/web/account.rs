//! Signing in and out, and "my account": the user's roles per tournament
//! ("my tournaments"), their own API tokens (create, list, revoke), sign
//! out everywhere, and granting roles in the tournaments they organise.
//! Every form carries a CSRF token: the session's secret, or (the sign-in
//! form, before any session) the `arbiter_csrf` cookie's value; a form
//! without the right one is refused with a 403 page in the reader's
//! language. The work is in `accounts`; permissions are the API's.

use axum::extract::rejection::FormRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;

use super::layout::{Frame, frame};
use super::{Ctx, Lang, Page, PageError};
use crate::auth::accounts::{
    self, Client, PRESESSION_COOKIE, SESSION_COOKIE, Session, SignInError,
};
use crate::auth::{Actor, Role, same_digest};
use crate::error::ApiError;
use crate::state::AppState;

/// The account routes (mounted with the pages).
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/signin", get(signin_page).post(signin))
        .route("/signout", post(signout))
        .route("/account", get(account_page))
        .route("/account/tokens", post(create_token))
        .route("/account/tokens/{id}/revoke", post(revoke_token))
        .route("/account/signout-everywhere", post(signout_everywhere))
        .route("/account/roles", post(grant_role))
}

/// A page of `status` in the frame.
fn page(ctx: &Ctx, status: StatusCode, title: &str, body: Markup) -> Response {
    let html = frame(ctx, &Frame::plain(title), body);
    let mut response = Page {
        status,
        lang: ctx.lang,
        set_cookie: ctx.set_cookie,
        html,
    }
    .respond(&ctx.headers);
    // Personal: never stored by a shared cache.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// `303 See Other` to `to`.
fn redirect(to: &'static str) -> Response {
    (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response()
}

fn with_cookie(mut response: Response, cookie: HeaderValue) -> Response {
    response.headers_mut().append(header::SET_COOKIE, cookie);
    response
}

/// The 403 page of a form without the right CSRF token.
fn forbidden(ctx: &Ctx) -> Response {
    let lang = ctx.lang;
    let title = lang.t("forbidden-title");
    page(
        ctx,
        StatusCode::FORBIDDEN,
        title,
        html! {
            h1 { (title) }
            p.error #refused { (lang.t("csrf-refused")) }
            p { a href="/" { (lang.t("error-back")) } }
        },
    )
}

/// The 400 page of a form that could not be read.
fn bad_form(ctx: &Ctx) -> Response {
    let lang = ctx.lang;
    let title = lang.t("error-bad-request-title");
    page(
        ctx,
        StatusCode::BAD_REQUEST,
        title,
        html! { h1 { (title) } p.error { (lang.t("error-form")) } },
    )
}

/// The request's session if the form carries its CSRF token; else the
/// answer (to the sign-in page without a session, 403 with a wrong token).
fn checked<'c>(ctx: &'c Ctx, csrf: &str) -> Result<&'c Session, Box<Response>> {
    match &ctx.session {
        None => Err(Box::new(redirect("/signin"))),
        Some(session) if session.csrf_matches(csrf) => Ok(session),
        Some(_) => Err(Box::new(forbidden(ctx))),
    }
}

/// A form that carries the session's CSRF token as `csrf`.
trait WithCsrf {
    fn csrf(&self) -> &str;
}

/// A signed-in form's fields and its session, or the answer: 400 for a
/// form that could not be read, else as [`checked`].
fn session_form<T: WithCsrf>(
    ctx: &Ctx,
    form: Result<Form<T>, FormRejection>,
) -> Result<(T, &Session), Box<Response>> {
    let Ok(Form(form)) = form else {
        return Err(Box::new(bad_form(ctx)));
    };
    let session = checked(ctx, form.csrf())?;
    Ok((form, session))
}

/// The sign-in form (`presession`: its CSRF token).
fn signin_form(
    ctx: &Ctx,
    status: StatusCode,
    presession: &str,
    error: Option<String>,
    name: &str,
) -> Response {
    let lang = ctx.lang;
    let title = lang.t("signin-title");
    page(
        ctx,
        status,
        title,
        html! {
            h1 { (title) }
            @if let Some(error) = error { p.form-error #form-error role="alert" { (error) } }
            form.stacked #signin-form method="post" action="/signin" {
                input type="hidden" name="csrf" value=(presession);
                label { (lang.t("signin-name"))
                    input type="text" name="name" value=(name) autocomplete="username" required; }
                label { (lang.t("signin-password"))
                    input type="password" name="password" autocomplete="current-password" required; }
                button type="submit" { (lang.t("signin-submit")) }
            }
            p.hint { (lang.t("signin-first-time")) }
        },
    )
}

/// `GET /signin`.
async fn signin_page(State(state): State<AppState>, ctx: Ctx) -> Response {
    if ctx.session.is_some() {
        return redirect("/account");
    }
    let existing = accounts::cookie(&ctx.headers, PRESESSION_COOKIE)
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_owned);
    let (presession, fresh) = match existing {
        Some(v) => (v, false),
        None => match accounts::secret() {
            Ok(v) => (v, true),
            Err(e) => return ctx.error(&PageError::Internal(format!("{e:?}"))),
        },
    };
    let response = signin_form(&ctx, StatusCode::OK, &presession, None, "");
    if fresh {
        let cookie = accounts::set_cookie(
            &state,
            &ctx.headers,
            PRESESSION_COOKIE,
            &presession,
            Some(24 * 3600),
            "Strict",
        );
        with_cookie(response, cookie)
    } else {
        response
    }
}

#[derive(Debug, Default, Deserialize)]
struct SignInForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    csrf: String,
}

/// `POST /signin`: a new session (the old one, if any, ended), then the
/// account page; else the form again with the error.
async fn signin(
    State(state): State<AppState>,
    Client(client): Client,
    ctx: Ctx,
    form: Result<Form<SignInForm>, FormRejection>,
) -> Response {
    let Ok(Form(form)) = form else {
        return bad_form(&ctx);
    };
    let Some(presession) = accounts::cookie(&ctx.headers, PRESESSION_COOKIE)
        .filter(|expected| same_digest(expected, &form.csrf))
    else {
        return forbidden(&ctx);
    };
    let previous = accounts::cookie(&ctx.headers, SESSION_COOKIE);
    let lang = ctx.lang;
    match accounts::sign_in(&state, &form.name, &form.password, &client, previous).await {
        Ok(session) => {
            let cookie = accounts::session_cookie(&state, &ctx.headers, &session.token);
            let response = with_cookie(redirect("/account"), cookie);
            let clear =
                accounts::set_cookie(&state, &ctx.headers, PRESESSION_COOKIE, "", None, "Strict");
            with_cookie(response, clear)
        }
        Err(SignInError::Invalid) => signin_form(
            &ctx,
            StatusCode::UNAUTHORIZED,
            presession,
            Some(lang.t("signin-invalid").to_owned()),
            &form.name,
        ),
        Err(SignInError::TooMany(wait)) => signin_form(
            &ctx,
            StatusCode::TOO_MANY_REQUESTS,
            presession,
            Some(lang.tr("signin-too-many", &[("minutes", &wait.div_ceil(60))])),
            &form.name,
        ),
        Err(SignInError::Internal(e)) => ctx.error(&PageError::Internal(format!("{e:?}"))),
    }
}

#[derive(Debug, Default, Deserialize)]
struct CsrfOnly {
    #[serde(default)]
    csrf: String,
}

/// `POST /signout`: ends this session.
async fn signout(
    State(state): State<AppState>,
    ctx: Ctx,
    form: Result<Form<CsrfOnly>, FormRejection>,
) -> Response {
    let Ok(Form(form)) = form else {
        return bad_form(&ctx);
    };
    if ctx.session.is_none() {
        return redirect("/");
    }
    let session = match checked(&ctx, &form.csrf) {
        Ok(s) => s,
        Err(r) => return *r,
    };
    if let Err(e) = accounts::sign_out(&state, &session.id_hash).await {
        return ctx.error(&PageError::Internal(format!("{e:?}")));
    }
    with_cookie(
        redirect("/"),
        accounts::clear_session_cookie(&state, &ctx.headers),
    )
}

/// `POST /account/signout-everywhere`.
async fn signout_everywhere(
    State(state): State<AppState>,
    ctx: Ctx,
    form: Result<Form<CsrfOnly>, FormRejection>,
) -> Response {
    let (_, session) = match session_form(&ctx, form) {
        Ok(checked) => checked,
        Err(answer) => return *answer,
    };
    let ended = match session.user() {
        Some(user) => accounts::sign_out_everywhere(&state, user)
            .await
            .map(|_| ()),
        // A board tablet's session is one of its own: it ends alone.
        None => accounts::sign_out(&state, &session.id_hash).await,
    };
    if let Err(e) = ended {
        return ctx.error(&PageError::Internal(format!("{e:?}")));
    }
    with_cookie(
        redirect("/signin"),
        accounts::clear_session_cookie(&state, &ctx.headers),
    )
}

fn role_name(lang: Lang, role: Role) -> &'static str {
    match role {
        Role::Admin => lang.t("role-admin"),
        Role::Organiser => lang.t("role-organiser"),
        Role::ChiefArbiter => lang.t("role-chief_arbiter"),
        Role::Arbiter => lang.t("role-arbiter"),
    }
}

/// What the account page says above its sections.
enum Notice {
    None,
    Ok(String),
    Error(String),
    Token(String),
}

/// `GET /account`.
async fn account_page(State(state): State<AppState>, ctx: Ctx) -> Response {
    let Some(session) = &ctx.session else {
        return redirect("/signin");
    };
    if session.tablet().is_some() {
        // A board tablet has no account: its page lists its boards.
        return redirect("/tablet");
    }
    account(&state, &ctx, session, StatusCode::OK, Notice::None).await
}

/// The account page of `session`'s user.
async fn account(
    state: &AppState,
    ctx: &Ctx,
    session: &Session,
    status: StatusCode,
    notice: Notice,
) -> Response {
    match account_body(state, ctx, session, notice).await {
        Ok(body) => page(ctx, status, ctx.lang.t("account-title"), body),
        Err(e) => ctx.error(&PageError::Internal(format!("{e:?}"))),
    }
}

async fn account_body(
    state: &AppState,
    ctx: &Ctx,
    session: &Session,
    notice: Notice,
) -> Result<Markup, ApiError> {
    let lang = ctx.lang;
    let actor = session.actor();
    let user = session.user().ok_or_else(crate::auth::tablet_refusal)?;
    let tokens = accounts::list_tokens(state, &actor).await?;
    // My tournaments: every tournament where I have a role (granted, or as
    // the organiser who created it; an administrator: all).
    let mine: Vec<(String, String, Role)> = crate::app::tournaments::list(state)
        .await?
        .into_iter()
        .filter_map(|t| {
            let role = actor.role_in(&t.id, t.owner_token.as_deref())?;
            Some((t.id, t.name, role))
        })
        .collect();
    let organised: Vec<&(String, String, Role)> = mine
        .iter()
        .filter(|(_, _, r)| matches!(r, Role::Admin | Role::Organiser))
        .collect();
    let csrf = session.csrf.as_str();
    Ok(html! {
        h1 { (lang.t("account-title")) }
        p #account-name { (lang.tr("signed-in-as", &[("name", &user.name)])) }
        @match &notice {
            Notice::None => {}
            Notice::Ok(text) => p.notice #notice { (text) },
            Notice::Error(text) => p.form-error #form-error role="alert" { (text) },
            Notice::Token(token) => div.card #new-token {
                p { (lang.t("token-created")) }
                code.secret { (token) }
            },
        }
        section #my-tournaments {
            h2 { (lang.t("account-tournaments")) }
            @if user.is_admin { p { (lang.t("account-admin")) } }
            @else if actor.role == Role::Organiser { p { (lang.t("account-organiser-any")) } }
            @if mine.is_empty() {
                p.muted { (lang.t("account-no-roles")) }
            } @else {
                div.table-wrap tabindex="0" { table {
                    thead { tr { th { (lang.t("col-tournament")) } th { (lang.t("col-role")) } } }
                    tbody { @for (id, name, role) in &mine {
                        tr { td { a href=(format!("/t/{id}")) { (name) } } td.role { (role_name(lang, *role)) } }
                    } }
                } }
            }
        }
        @if !organised.is_empty() {
            section #grant-role {
                h2 { (lang.t("roles-grant")) }
                p.hint { (lang.t("roles-grant-hint")) }
                form.row method="post" action="/account/roles" {
                    input type="hidden" name="csrf" value=(csrf);
                    label { (lang.t("roles-user")) input type="text" name="user" required; }
                    label { (lang.t("roles-tournament"))
                        select name="tournament" { @for (id, name, _) in &organised { option value=(id) { (name) } } } }
                    label { (lang.t("roles-role"))
                        select name="role" {
                            @for role in [Role::Arbiter, Role::ChiefArbiter, Role::Organiser] {
                                option value=(role.as_str()) { (role_name(lang, role)) }
                            }
                            option value="" { (lang.t("role-none")) }
                        } }
                    button type="submit" { (lang.t("roles-submit")) }
                }
            }
        }
        section #tokens {
            h2 { (lang.t("account-tokens")) }
            p.hint { (lang.t("account-tokens-hint")) }
            @if tokens.is_empty() {
                p.muted { (lang.t("account-tokens-none")) }
            } @else {
                div.table-wrap tabindex="0" { table {
                    thead { tr {
                        th { (lang.t("col-label")) } th { (lang.t("col-created")) }
                        th { (lang.t("col-status")) } th { span.sr-only { (lang.t("console-actions")) } }
                    } }
                    tbody { @for token in &tokens {
                        tr.token data-id=(token.id) {
                            td { (token.label.as_deref().unwrap_or("")) }
                            td { (token.created_at) }
                            @if let Some(at) = &token.revoked_at {
                                td { (lang.tr("token-revoked", &[("at", at)])) } td {}
                            } @else {
                                td { (lang.t("token-active")) }
                                td { form.inline method="post" action=(format!("/account/tokens/{}/revoke", token.id)) {
                                    input type="hidden" name="csrf" value=(csrf);
                                    button type="submit" { (lang.t("token-revoke")) }
                                } }
                            }
                        }
                    } }
                } }
            }
            form.row #token-form method="post" action="/account/tokens" {
                input type="hidden" name="csrf" value=(csrf);
                label { (lang.t("token-label")) input type="text" name="label" maxlength="200"; }
                button type="submit" { (lang.t("token-create")) }
            }
        }
        section #sessions {
            h2 { (lang.t("account-sessions")) }
            p.hint { (lang.t("signout-everywhere-hint")) }
            form method="post" action="/account/signout-everywhere" {
                input type="hidden" name="csrf" value=(csrf);
                button type="submit" #sign-out-everywhere { (lang.t("signout-everywhere")) }
            }
        }
    })
}

#[derive(Debug, Default, Deserialize)]
struct TokenForm {
    #[serde(default)]
    label: String,
    #[serde(default)]
    csrf: String,
}

/// `POST /account/tokens`: the account page showing the new token once.
async fn create_token(
    State(state): State<AppState>,
    ctx: Ctx,
    form: Result<Form<TokenForm>, FormRejection>,
) -> Response {
    let (form, session) = match session_form(&ctx, form) {
        Ok(checked) => checked,
        Err(answer) => return *answer,
    };
    let label = Some(form.label.trim()).filter(|l| !l.is_empty());
    match accounts::create_token(&state, &session.actor(), label).await {
        Ok(created) => {
            account(
                &state,
                &ctx,
                session,
                StatusCode::CREATED,
                Notice::Token(created.token),
            )
            .await
        }
        Err(ApiError::BadRequest { .. }) => {
            let text = ctx.lang.t("token-label-too-long").to_owned();
            account(
                &state,
                &ctx,
                session,
                StatusCode::BAD_REQUEST,
                Notice::Error(text),
            )
            .await
        }
        Err(e) => ctx.error(&PageError::Internal(format!("{e:?}"))),
    }
}

/// `POST /account/tokens/{id}/revoke`.
async fn revoke_token(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    form: Result<Form<CsrfOnly>, FormRejection>,
) -> Response {
    let (_, session) = match session_form(&ctx, form) {
        Ok(checked) => checked,
        Err(answer) => return *answer,
    };
    match accounts::revoke_token(&state, &session.actor(), &id).await {
        Ok(()) => {
            let text = ctx.lang.t("token-revoked-done").to_owned();
            account(&state, &ctx, session, StatusCode::OK, Notice::Ok(text)).await
        }
        Err(ApiError::NotFound(_)) => ctx.error(&PageError::NotFound("what-page")),
        Err(e) => ctx.error(&PageError::Internal(format!("{e:?}"))),
    }
}

#[derive(Debug, Default, Deserialize)]
struct RoleForm {
    #[serde(default)]
    user: String,
    #[serde(default)]
    tournament: String,
    #[serde(default)]
    role: String,
    #[serde(default)]
    csrf: String,
}

/// `POST /account/roles`: sets a user's role in a tournament.
async fn grant_role(
    State(state): State<AppState>,
    ctx: Ctx,
    form: Result<Form<RoleForm>, FormRejection>,
) -> Response {
    let (form, session) = match session_form(&ctx, form) {
        Ok(checked) => checked,
        Err(answer) => return *answer,
    };
    let lang = ctx.lang;
    let role = match form.role.as_str() {
        "" => None,
        text => match Role::parse(text).filter(|r| *r != Role::Admin) {
            Some(role) => Some(role),
            None => return bad_form(&ctx),
        },
    };
    let actor: Actor = session.actor();
    let user = form.user.trim();
    let result = accounts::set_role(&state, &actor, user, Some(&form.tournament), role).await;
    let tournament = crate::app::tournaments::load_tournament(state.db().pool(), &form.tournament)
        .await
        .ok()
        .map_or_else(|| form.tournament.clone(), |t| t.name);
    let (status, notice) = match (result, role) {
        (Ok(()), Some(role)) => (
            StatusCode::OK,
            Notice::Ok(lang.tr(
                "roles-done",
                &[
                    ("name", &user),
                    ("role", &role_name(lang, role)),
                    ("tournament", &tournament),
                ],
            )),
        ),
        (Ok(()), None) => (
            StatusCode::OK,
            Notice::Ok(lang.tr(
                "roles-removed",
                &[("name", &user), ("tournament", &tournament)],
            )),
        ),
        (Err(ApiError::NotFound(m)), _) if m.contains("user") => (
            StatusCode::NOT_FOUND,
            Notice::Error(lang.tr("roles-unknown-user", &[("name", &user)])),
        ),
        (Err(ApiError::Forbidden(_) | ApiError::NotFound(_)), _) => (
            StatusCode::FORBIDDEN,
            Notice::Error(lang.t("roles-forbidden").to_owned()),
        ),
        (Err(e), _) => return ctx.error(&PageError::Internal(format!("{e:?}"))),
    };
    account(&state, &ctx, session, status, notice).await
}

impl WithCsrf for CsrfOnly {
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

impl WithCsrf for TokenForm {
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

impl WithCsrf for RoleForm {
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

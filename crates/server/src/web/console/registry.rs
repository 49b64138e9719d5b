//! The console's registry screen (issue 37): import a rating list (FIDE's
//! TXT or XML, a national CSV with its column mapping) from a file, see the
//! lists with an import's progress, and find, register and correct people
//! (each field saved is a local edit a later list leaves be). Its script
//! (`registry-page.js`) sends the file as the request's body, streamed.

use axum::response::Response;
use maud::html;

use super::pages::shell;
use crate::web::Ctx;

pub(crate) async fn page(ctx: Ctx) -> Response {
    let lang = ctx.lang;
    let title = lang.t("console-registry-title");
    let body = html! {
        h1 { (title) }
        div #notice role="alert" hidden {}
        section.card #list-import {
            h2 { (lang.t("console-list-import")) }
            p.hint { (lang.t("console-list-import-hint")) }
            form #list-form.inline-form {
                label.field for="list-file" {
                    span { (lang.t("console-list-file")) }
                    input #list-file name="file" type="file" required accept=".txt,.xml,.csv,text/plain,text/xml,text/csv";
                }
                label.field for="list-name" {
                    span { (lang.t("console-list-name")) }
                    input #list-name name="name" type="text" required value="fide" pattern="[a-z0-9-]{1,32}" maxlength="32";
                }
                label.field for="list-month" {
                    span { (lang.t("col-month")) }
                    input #list-month name="month" type="month" required;
                }
                label.field for="list-format" {
                    span { (lang.t("console-list-format")) }
                    select #list-format name="format" {
                        option value="fide-txt" { (lang.t("console-list-format-txt")) }
                        option value="fide-xml" { (lang.t("console-list-format-xml")) }
                        option value="csv" { (lang.t("console-list-format-csv")) }
                    }
                }
                label.field for="list-kind" {
                    span { (lang.t("col-kind")) }
                    select #list-kind name="kind" {
                        option value="standard" { (lang.t("rating-kind-standard")) }
                        option value="rapid" { (lang.t("rating-kind-rapid")) }
                        option value="blitz" { (lang.t("rating-kind-blitz")) }
                    }
                }
                label.field for="list-federation" {
                    span { (lang.t("col-federation")) }
                    input #list-federation name="federation" type="text" maxlength="3" placeholder="CHN";
                }
                label.field for="list-mapping" {
                    span { (lang.t("console-list-mapping")) }
                    input #list-mapping name="mapping" type="text" spellcheck="false"
                        placeholder=r#"{"national_id":"ID","name":"Name","rating":"Rating"}"#;
                }
                button.primary type="submit" { (lang.t("console-list-import-button")) }
            }
            div #list-notice role="status" {}
        }
        section.card #lists-card {
            h2 { (lang.t("console-lists")) }
            div.table-wrap tabindex="0" { table #lists {
                thead { tr {
                    th { (lang.t("col-list")) }
                    th { (lang.t("col-month")) }
                    th { (lang.t("console-list-format")) }
                    th.num { (lang.t("console-list-players")) }
                    th { (lang.t("col-status")) }
                } }
                tbody {}
            } }
        }
        section.card #people-card {
            h2 { (lang.t("console-people")) }
            p.hint { (lang.t("console-people-hint")) }
            label.field for="people-q" {
                span { (lang.t("console-registry-query")) }
                input #people-q type="search" autocomplete="off" spellcheck="false";
            }
            ul #people-results.registry-results aria-live="polite" {}
            form #person-form.inline-form hidden {
                h3 #person-form-title {}
                @for (key, id, kind) in [
                    ("col-name", "pe-name", "text"), ("console-chinese-name", "pe-chinese_name", "text"),
                    ("console-fide-id", "pe-fide_id", "number"), ("col-federation", "pe-federation", "text"),
                    ("col-title", "pe-title", "text"), ("col-club", "pe-club", "text"),
                    ("card-grade-points", "pe-grade_points", "number"),
                ] {
                    label.field for=(id) {
                        span { (lang.t(key)) }
                        input id=(id) name=(id.trim_start_matches("pe-")) type=(kind);
                    }
                }
                button.primary type="submit" { (lang.t("console-save")) }
            }
            div #person-notice role="status" {}
            div.row { button #person-register type="button" { (lang.t("console-person-register")) } }
        }
        p { a href="/ladder" { (lang.t("ladder-title")) } }
    };
    ctx.answer(Ok(shell(&ctx, title, None, "registry-page.js", body)))
}

//! axe-core (Deque's accessibility engine, from npm, installed by `.ci/run`
//! under `target/axe/`, never committed) run in the page the browser shows,
//! and the page's layout checked at a given width: no sideways scrolling,
//! the site header on one line, tap targets of at least 44 CSS pixels, and
//! nothing loaded from another host.

use std::path::PathBuf;

use serde_json::{Value, json};

use crate::browser::Browser;

/// Where `.ci/run` installs axe-core (`npm install --prefix target/axe
/// axe-core`), or `AXE_JS` when set.
fn axe_path() -> PathBuf {
    if let Some(path) = std::env::var_os("AXE_JS").filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join("target")
        },
        PathBuf::from,
    );
    target
        .join("axe")
        .join("node_modules")
        .join("axe-core")
        .join("axe.min.js")
}

/// axe-core's source, or `None` with a message when it is not installed
/// (a panic under `CI`).
pub fn source() -> Option<String> {
    let path = axe_path();
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            let message = format!(
                "accessibility checks need axe-core at {} ({e}): npm install --prefix target/axe axe-core",
                path.display()
            );
            assert!(std::env::var_os("CI").is_none(), "{message}");
            eprintln!("skipped: {message}");
            None
        }
    }
}

/// A script's answer as a list of strings (`None` when it is no list).
fn strings(answer: &Value) -> Option<Vec<String>> {
    answer.as_array().map(|list| {
        list.iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect()
    })
}

/// The serious and critical violations axe-core finds on the current page,
/// one line each: rule, impact, help, and the first elements (selector and
/// HTML).
pub fn serious_violations(browser: &Browser, axe: &str) -> Vec<String> {
    let answer = browser.run_async(
        "const done = arguments[arguments.length - 1];
         if (!window.axe) { (0, eval)(arguments[0]); }
         axe.run(document, { resultTypes: ['violations'] })
           .then(r => done(r.violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => v.id + ' (' + v.impact + '): ' + v.help + ' — ' +
               v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.html.slice(0, 160)).join(' | '))))
           .catch(e => done(['axe failed: ' + e]));",
        &[json!(axe)],
    );
    strings(&answer).unwrap_or_else(|| vec![format!("axe answered {answer}")])
}

/// What is wrong with the page's layout at the window's width: sideways
/// scrolling (and the elements that stick out), a site header taller than
/// one line, tap targets under 44 × 44 CSS pixels on a phone or tablet
/// (at most 1,024 pixels wide; links inside running text and table cells
/// excepted, as WCAG 2.5.5 excepts inline targets; a board's squares held
/// to 24 px, WCAG 2.5.8),
/// and any resource loaded from another host.
pub fn layout_problems(browser: &Browser) -> Vec<String> {
    let answer = browser.run(
        "const out = [];
         const w = document.documentElement.clientWidth;
         if (document.documentElement.scrollWidth > w + 1) {
           const wide = [...document.querySelectorAll('body *')]
             .filter(e => e.getBoundingClientRect().right > w + 1
               && !e.closest('.table-wrap, .sheet, details.working ul, nav.tabs'))
             .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + e.className);
           out.push('scrolls sideways (' + document.documentElement.scrollWidth + ' > ' + w + '): ' + wide.join(', '));
         }
         const bar = document.querySelector('header.site .bar');
         if (bar) {
           // Lines: a child starts a new one when it begins below the
           // bottom of the line so far.
           const boxes = [...bar.children].map(e => e.getBoundingClientRect())
             .filter(r => r.height > 0 && r.width > 0).sort((a, b) => a.top - b.top);
           let lines = 0, bottom = -1;
           for (const r of boxes) {
             if (r.top >= bottom - 1) { lines++; bottom = r.bottom; }
             else { bottom = Math.max(bottom, r.bottom); }
           }
           if (lines > 1) out.push('the header takes ' + lines + ' lines');
         }
         const touch = w <= 1024;
         const small = !touch ? [] : [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary, textarea')]
           .filter(e => {
             // A check box or radio button is tapped through its label too.
             const label = (e.type === 'checkbox' || e.type === 'radio') && e.labels && e.labels[0];
             const r = (label || e).getBoundingClientRect();
             if (r.width === 0 && r.height === 0) return false;
             if (e.closest('td, th, p, li, dd, .cell, .inline-ok')) return false;
             // A board's squares are as large as the screen allows (nine
             // Xiangqi points cannot be 44 px on a 360 px screen: WCAG
             // 2.5.5's essential case); they keep WCAG 2.5.8's 24 px, and
             // the keyboard walks them too.
             if (e.classList.contains('sq')) return r.width < 24 || r.height < 24;
             return r.height < 43.5 || r.width < 43.5;
           })
           .slice(0, 8)
           .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' +
             Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height));
         if (small.length) out.push('tap targets under 44 px: ' + small.join(', '));
         const foreign = performance.getEntriesByType('resource')
           .map(e => e.name).filter(n => new URL(n).host !== location.host);
         if (foreign.length) out.push('loaded from another host: ' + foreign.join(', '));
         return out;",
        &[],
    );
    strings(&answer).unwrap_or_default()
}

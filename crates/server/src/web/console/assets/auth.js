// How the console's requests are authenticated, in one place. A signed-in
// reader's session cookie always goes (`credentials: 'same-origin'`) with
// the session's CSRF token from `<meta name="csrf-token">` as
// `X-CSRF-Token` (the server refuses a cookie write without it); an API
// token kept in this tab's sessionStorage, if any, goes as
// `Authorization: Bearer` and is used instead of the session.

import { askConfirmation } from './confirm.js';

const KEY = 'arbiter.token';

export function token() {
  try { return sessionStorage.getItem(KEY) || ''; } catch { return ''; }
}

export function setToken(value) {
  const t = (value || '').trim();
  if (t) sessionStorage.setItem(KEY, t); else sessionStorage.removeItem(KEY);
}

function csrf() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.getAttribute('content') : '';
}

// A JSON request to the API: resolves to { status, body } (body: the
// parsed JSON, or null), or { status: 0 } when the server cannot be reached.
// With `contentType`, `body` is sent as it is (a TRF file's text). A change
// the API wants confirmed (`409 confirmation_required`) is shown to the
// reader as a dialog and sent again with the confirmation when they
// confirm (twice for a level 4 warning); cancelled, the 409 is the answer.
export async function api(method, path, body, contentType) {
  let confirmation;
  for (;;) {
    const r = await send(method, path, body, contentType, confirmation);
    if (r.status !== 409 || r.body?.error !== 'confirmation_required') return r;
    if (!(await askConfirmation(r.body))) return r;
    confirmation = r.body.confirmation;
  }
}

async function send(method, path, body, contentType, confirmation) {
  const headers = { Accept: 'application/json' };
  if (confirmation) headers['Arbiter-Confirm'] = confirmation;
  const t = token();
  if (t) headers.Authorization = `Bearer ${t}`;
  const c = csrf();
  if (c) headers['X-CSRF-Token'] = c;
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = contentType || 'application/json';
    init.body = contentType ? body : JSON.stringify(body);
  }
  try {
    const response = await fetch(`/api/v1${path}`, init);
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = null; }
    return { status: response.status, body: json };
  } catch {
    return { status: 0, body: null };
  }
}

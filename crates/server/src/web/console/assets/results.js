// The results of a round by keyboard: the board number, then 1 (1-0),
// 0 (0-1), = (½-½), + (+-), - (-+), x (0-0), h (½-0), j (0-½) or a
// (adjourned). A number that a longer board
// number could continue ends with Enter or Space; one that none could
// continue ends by itself. A correction, or a reason given for a result
// entered again unchanged, shows the audit trail's entry.
// The reason field, when filled, goes with the next result entered or
// corrected and is kept in the audit trail.
// The boards' live state (each game's status and moves) links to the
// recording screen.

import { api } from './auth.js';
import { t, citation } from './i18n.js';

const root = document.getElementById('results');
const tid = root.dataset.tournament;
const round = Number(root.dataset.round);
const input = document.getElementById('entry');
const status = document.getElementById('entry-status');
const reasonInput = document.getElementById('entry-reason');
const KEYS = {
  1: '1-0', 0: '0-1', '=': '1/2-1/2', '+': '+-', '-': '-+', x: '0-0', h: '1/2-0', j: '0-1/2', a: 'adj',
};
const rows = new Map([...root.querySelectorAll('tr[data-board]')].map((r) => [Number(r.dataset.board), r]));
const last = Math.max(0, ...rows.keys());
let digits = '';
let complete = false;

// A result as printed: `½`, an adjourned game in words.
const shown = (result) => (result === 'adj' ? t('game-status-adjourned') : (result || '').replaceAll('1/2', '½'));

function show() {
  input.value = digits + (complete ? ' ' : '');
  if (complete) status.textContent = t('console-entry-typing', { board: digits });
}

function reset() {
  digits = '';
  complete = false;
  show();
}

function say(...content) {
  status.replaceChildren(...content);
}

async function enter(board, result) {
  const row = rows.get(board);
  reset();
  if (!row) {
    say(t('console-no-board', { board }));
    return;
  }
  const cell = row.querySelector('td.result');
  const before = cell.dataset.result ?? cell.textContent.trim();
  const path = `/tournaments/${encodeURIComponent(tid)}/rounds/${round}/boards/${board}/result`;
  const reason = reasonInput.value.trim();
  const r = await api('PUT', path, reason ? { result, reason } : { result });
  if (r.status !== 200) {
    const line = document.createElement('span');
    line.append(r.status === 0 ? t('console-network') : t('console-error', { status: r.status }), ' ');
    if (r.body) line.append(citation(r.body));
    say(line);
    return;
  }
  // In FIDE mode a correction of an earlier round counts for the rating
  // report only: the pairings keep the result, the correction is shown
  // beside it.
  const rating = r.body?.rating_result;
  const after = rating ?? r.body?.result ?? result;
  cell.textContent = rating ? `${shown(r.body.result)} (${t('console-rating-only', { result: shown(rating) })})` : shown(after);
  cell.dataset.result = shown(after);
  row.classList.add('entered');
  // The reason went with this entry (an unchanged result keeps it in an
  // annotate row of the audit trail).
  reasonInput.value = '';
  if (!before) say(t('console-entered', { board, result: shown(after) }));
  else if (before === shown(after)) {
    say(t('console-unchanged', { board, result: shown(after) }));
    if (reason) loadAudit();
  } else {
    say(t('console-corrected', { board, before, after: shown(after) }));
    loadAudit();
  }
}

reasonInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    input.focus();
  }
});

input.addEventListener('keydown', (e) => {
  const key = e.key;
  if (e.ctrlKey || e.metaKey || e.altKey || key === 'Tab') return;
  e.preventDefault();
  if (key === 'Escape') return reset();
  if (key === 'Backspace') {
    digits = digits.slice(0, -1);
    complete = false;
    return show();
  }
  if (key === 'Enter' || key === ' ') {
    if (digits) complete = true;
    return show();
  }
  if (complete && key in KEYS) return enter(Number(digits), KEYS[key]);
  if (/^[0-9]$/.test(key)) {
    if (!digits && key === '0') return show();
    digits += key;
    // Ends by itself when no board number continues it.
    complete = Number(digits) * 10 > last;
    if (Number(digits) > last) {
      say(t('console-no-board', { board: digits }));
      return reset();
    }
    return show();
  }
  if (digits && key in KEYS) return enter(Number(digits), KEYS[key]);
});

async function loadAudit() {
  const r = await api('GET', `/tournaments/${encodeURIComponent(tid)}/audit`);
  if (r.status !== 200) return;
  for (const row of rows.values()) row.querySelector('td.audit').replaceChildren();
  for (const entry of r.body.audit || []) {
    if (entry.entity !== 'result' || !['correct', 'annotate', 'correct-for-rating'].includes(entry.action)) continue;
    const [, n, b] = entry.entity_id.split('/').map(Number);
    const row = rows.get(b);
    if (n !== round || !row) continue;
    // A past round's correction for the rating report only (FIDE mode,
    // VCL4THP.13 Q189–Q193): the pairings keep the result.
    const rating = entry.action === 'correct-for-rating';
    const before = shown(rating ? (entry.before?.rating_result ?? entry.before?.result) : entry.before?.result);
    const after = rating
      ? t('console-rating-only', { result: shown(entry.after?.rating_result) })
      : shown(entry.after?.result);
    const line = document.createElement('div');
    line.textContent = t('console-audit-line', {
      before, after,
      actor: entry.actor.slice(0, 8), at: entry.at.replace('T', ' ').slice(0, 19),
    }) + (entry.after?.reason ? ` · ${entry.after.reason}` : '');
    line.title = entry.actor;
    row.querySelector('td.audit').append(line);
  }
}

async function loadLive() {
  await Promise.all([...rows.values()].map(async (row) => {
    const r = await api('GET', `/games/${encodeURIComponent(row.dataset.game)}`);
    if (r.status !== 200) return;
    const s = r.body;
    const span = row.querySelector('.state');
    const plies = (s.moves || []).length;
    span.textContent = `${t(`game-status-${s.status}`)}${plies ? ` · ${t('console-plies', { n: plies })}` : ''}`;
    span.dataset.status = s.status;
  }));
}

reset();
status.textContent = '';
input.focus();
loadAudit();
loadLive();
setInterval(loadLive, 15000);

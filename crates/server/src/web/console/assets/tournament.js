// The organiser's page of an event: the rounds (pair the next one, see
// it at once, un-pair it while nothing is recorded), the players (add,
// edit, withdraw, requested byes, late entries, a paste of many), the
// settings and the exports. Every change is an API request; what is shown
// afterwards is the API's answer, and a refusal is shown as it came.

import { api, token } from './auth.js';
import { askConfirmation } from './confirm.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import { refusal, notice } from './refusal.js';
import { settingsBody, settingsSaved } from './tournament-form.js';
import { registryFinder, addTyped, closing, ratingChoice } from './registry.js';

const root = document.getElementById('organiser');
const tid = root.dataset.tournament;
const base = `/tournaments/${encodeURIComponent(tid)}`;
const pageNotice = document.getElementById('notice');
// A team event: its players take no byes (the team plays its line-up).
const teams = root.dataset.teams === 'true';
// A tab that uses an API token needs no hint to sign in.
if (token()) document.getElementById('sign-in-hint')?.remove();
let rounds = Number(root.dataset.rounds);
let paired = Number(root.dataset.paired);
let players = [];

// A result as printed: `½`, an adjourned game in words.
const shown = (result) => (result === 'adj' ? t('game-status-adjourned') : (result || '').replaceAll('1/2', '½'));

// A request; a refusal goes to `box` (the page's notice by default) and
// answers null.
async function call(method, path, body, box = pageNotice) {
  document.body.classList.add('busy');
  const r = await api(method, path, body);
  document.body.classList.remove('busy');
  if (r.status >= 200 && r.status < 300) {
    notice(box);
    return r.body;
  }
  notice(box, 'error', refusal(r));
  return null;
}

// --- rounds -------------------------------------------------------------

// The round in its manual phase (0: none), and the last round shown.
let manualRound = Number(root.dataset.manual || 0);
let lastRound = null;

function showRound(round) {
  const table = document.getElementById('pairings');
  const body = table.querySelector('tbody');
  const byes = document.getElementById('byes');
  const unpair = document.getElementById('unpair');
  lastRound = round || null;
  body.replaceChildren();
  byes.replaceChildren();
  table.hidden = !round;
  unpair.hidden = !round;
  showManual();
  if (!round) return;
  table.dataset.round = round.round;
  unpair.textContent = t('console-unpair-round', { n: round.round });
  for (const b of round.boards) {
    body.append(el('tr', { 'data-board': b.board },
      el('td', { class: 'num' }, String(b.board)),
      el('td', {}, b.white ? `${b.white.name} (${b.white.start_number})` : ''),
      el('td', {}, b.black ? `${b.black.name} (${b.black.start_number})` : ''),
      el('td', { class: 'result center' }, shown(b.result)),
      el('td', {}, el('a', { href: `/console/games/${encodeURIComponent(b.game_id)}` }, t('console-record')))));
  }
  for (const bye of round.byes) {
    byes.append(el('li', {}, t('console-bye-line', {
      name: bye.player?.name ?? '', kind: t(`console-bye-${bye.kind}`, {}, bye.kind),
    })));
  }
}

function showRoundLinks() {
  const list = document.getElementById('round-list');
  list.replaceChildren();
  for (let n = 1; n <= paired; n += 1) {
    list.append(el('span', { class: 'round-link' },
      el('strong', {}, t('console-round-n', { n })), ' ',
      el('a', { href: `/console/tournaments/${encodeURIComponent(tid)}/rounds/${n}/results`, 'data-results': n },
        t('console-enter-results')), ' ',
      el('a', { href: `/t/${encodeURIComponent(tid)}/rounds/${n}` }, t('console-boards'))));
  }
  const pair = document.getElementById('pair');
  pair.textContent = t('console-pair-round', { n: paired + 1 });
  pair.disabled = rounds > 0 && paired >= rounds;
}

async function loadRounds() {
  const r = await api('GET', `${base}/rounds`);
  if (r.status !== 200) return notice(pageNotice, 'error', refusal(r));
  paired = r.body.rounds.length;
  showRoundLinks();
  showRound(r.body.rounds[paired - 1]);
}

document.getElementById('pair').addEventListener('click', async () => {
  const box = document.getElementById('round-notice');
  const round = await call('POST', `${base}/rounds`, undefined, box);
  if (!round) return;
  notice(box, 'ok', t('console-paired', { n: round.round }));
  await loadRounds();
  await loadPlayers();
});

document.getElementById('unpair').addEventListener('click', async () => {
  const box = document.getElementById('round-notice');
  const n = Number(document.getElementById('pairings').dataset.round);
  if (!await call('DELETE', `${base}/rounds/${n}`, undefined, box)) return;
  if (manualRound === n) manualRound = 0;
  notice(box, 'ok', t('console-unpaired', { n }));
  await loadRounds();
  await loadPlayers();
});

// --- pairing by hand (the manual phase of the last round) ----------------

// The round's boards as the editor's lines: `3 1` a board, `bye 5` the
// pairing-allocated bye.
function manualLines(round) {
  const lines = round.boards.map((b) => `${b.white?.start_number ?? ''} ${b.black?.start_number ?? ''}`);
  for (const bye of round.byes) {
    if (bye.kind === 'pairing_allocated' && bye.player) lines.push(`bye ${bye.player.start_number}`);
  }
  return lines.join('\n');
}

// The editor's text as the API's body, or the number of a line it cannot read.
function manualBody(text) {
  const body = { boards: [] };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i].trim();
    if (!line) continue;
    let m = line.match(/^(\d+)\s*[-–—\s]\s*(\d+)$/);
    if (m) { body.boards.push({ white: Number(m[1]), black: Number(m[2]) }); continue; }
    m = line.match(/^(?:bye|轮空)\s*(\d+)$/i);
    if (m) { body.pairing_allocated_bye = Number(m[1]); continue; }
    return { line: i + 1 };
  }
  return { body };
}

function showManual() {
  const button = document.getElementById('manual');
  const editor = document.getElementById('manual-editor');
  const round = lastRound;
  const open = round && manualRound === round.round;
  const closedAndEditable = round && !open && !teams && round.boards.every((b) => !b.result);
  button.hidden = !closedAndEditable;
  if (round) button.textContent = t('console-manual-open', { n: round.round });
  editor.hidden = !open;
  if (open) {
    document.getElementById('manual-title').textContent = t('console-manual-title', { n: round.round });
    document.getElementById('manual-boards').value = manualLines(round);
  }
}

document.getElementById('manual').addEventListener('click', async () => {
  const box = document.getElementById('round-notice');
  const n = lastRound?.round;
  if (!n) return;
  const answer = await call('POST', `${base}/rounds/${n}/manual`, undefined, box);
  if (!answer) return;
  manualRound = n;
  showRound(answer);
  document.getElementById('manual-boards').focus();
});

document.getElementById('manual-save').addEventListener('click', async () => {
  const box = document.getElementById('manual-notice');
  const n = lastRound?.round;
  const read = manualBody(document.getElementById('manual-boards').value);
  if (read.line) return notice(box, 'error', t('console-manual-line', { line: read.line }));
  const answer = await call('PUT', `${base}/rounds/${n}/pairings`, read.body, box);
  if (!answer) return;
  showRound(answer);
  notice(document.getElementById('manual-notice'), 'ok', t('console-manual-saved'));
});

document.getElementById('manual-close').addEventListener('click', async () => {
  const box = document.getElementById('manual-notice');
  const n = lastRound?.round;
  const answer = await call('DELETE', `${base}/rounds/${n}/manual`, undefined, box);
  if (!answer) return;
  manualRound = 0;
  showRound(answer);
  notice(document.getElementById('round-notice'), 'ok', t('console-manual-closed', { n }));
});

// --- players ------------------------------------------------------------

function status(p) {
  const parts = [];
  if (p.expelled) parts.push(t('console-expelled'));
  if (p.withdrawn_from) parts.push(t('console-withdrawn-from', { n: p.withdrawn_from }));
  if (p.joins_at) parts.push(t('console-joins-at-round', { n: p.joins_at }));
  if (p.no_half_point_byes) parts.push(t('console-no-half-point-byes'));
  for (const [round, kind] of Object.entries(p.requested_byes || {})) {
    parts.push(t('console-bye-requested', { n: round, kind: t(`console-bye-${kind}`, {}, kind) }));
  }
  return parts.join(' · ');
}

// A row's cells as inputs, saved with one PATCH of what changed.
function edit(row, p) {
  const fields = [['name', p.name, 'text'], ['rating', p.rating, 'number'], ['federation', p.federation, 'text'],
    ['fide_id', p.fide_id, 'number'], ['title', p.title, 'text']];
  const inputs = fields.map(([name, v, type]) => el('input', { name, type, value: v ?? '', 'data-initial': v ?? '' }));
  const cells = row.querySelectorAll('td');
  // Each field is named by its column's heading.
  const heads = row.closest('table')?.querySelectorAll('thead th') ?? [];
  inputs.forEach((input, i) => {
    input.setAttribute('aria-label', heads[i + 1]?.textContent || input.name);
    cells[i + 1].replaceChildren(input);
  });
  // The event's regulations may bar a player from half-point byes (VCL4THP.13 Q175).
  const barred = el('input', { type: 'checkbox', name: 'no_half_point_byes' });
  barred.checked = Boolean(p.no_half_point_byes);
  cells[6].replaceChildren(el('label', {}, barred, ' ', t('console-no-half-point-byes')));
  const save = el('button', { type: 'button', class: 'primary', 'data-action': 'save', onclick: async () => {
    const body = {};
    const clear = [];
    for (const input of inputs) {
      const v = input.value.trim();
      if (v === input.dataset.initial) continue;
      // An emptied field is removed (the name cannot be: the API says so).
      if (v === '') clear.push(input.name);
      else body[input.name] = input.type === 'number' && /^\d+$/.test(v) ? Number(v) : v;
    }
    if (clear.length) body.clear = clear;
    if (barred.checked !== Boolean(p.no_half_point_byes)) body.no_half_point_byes = barred.checked;
    if (await call('PATCH', `${base}/players/${encodeURIComponent(p.id)}`, body)) loadPlayers();
  } }, t('console-save'));
  const cancel = el('button', { type: 'button', onclick: () => loadPlayers() }, t('console-cancel'));
  cells[7].replaceChildren(save, ' ', cancel);
}

function byeControls(p) {
  const round = el('select', { 'aria-label': t('console-bye-round') });
  const last = rounds > 0 ? rounds : paired + 1;
  for (let n = paired + 1; n <= last; n += 1) round.append(el('option', { value: n }, t('console-round-n', { n })));
  const kind = el('select', { 'aria-label': t('console-bye-kind') },
    ...['half', 'zero', 'full', 'none'].filter((k) => k !== 'half' || !p.no_half_point_byes)
      .map((k) => el('option', { value: k }, t(`console-bye-${k}`))));
  const ask = el('button', { type: 'button', 'data-action': 'bye', onclick: async () => {
    const body = { bye: { round: Number(round.value), kind: kind.value } };
    if (await call('PATCH', `${base}/players/${encodeURIComponent(p.id)}`, body)) loadPlayers();
  } }, t('console-bye-request'));
  return round.options.length ? el('span', { class: 'bye-controls' }, round, kind, ask) : null;
}

// Expelling a player (VCL4THP.13 Q197–Q198) is asked in a dialog first:
// he is withdrawn and left out of a Swiss event's standings, his games
// still counting for his opponents. An expulsion can be taken back.
function expelButton(p) {
  const path = `${base}/players/${encodeURIComponent(p.id)}`;
  if (p.expelled) {
    return el('button', { type: 'button', 'data-action': 'unexpel', onclick: async () => {
      if (await call('PATCH', path, { expel: false })) loadPlayers();
    } }, t('console-unexpel'));
  }
  return el('button', { type: 'button', 'data-action': 'expel', onclick: async () => {
    const question = t('console-expel-question', { name: p.name });
    const labels = { confirmLabel: t('console-expel'), cancelLabel: t('console-expel-back') };
    if (!(await askConfirmation({ level: 'expel', step: 1, steps: 1, question, warnings: [], ...labels }))) return;
    if (await call('PATCH', path, { expel: true })) loadPlayers();
  } }, t('console-expel'));
}

function showPlayers() {
  const body = document.querySelector('#players tbody');
  body.replaceChildren();
  document.getElementById('player-count').textContent = `(${players.length})`;
  for (const p of players) {
    const withdrawn = p.withdrawn_from && p.withdrawn_from <= paired + 1;
    // An expelled player's withdrawal stands while he is expelled.
    const toggle = p.expelled ? '' : el('button', { type: 'button', 'data-action': withdrawn ? 'reinstate' : 'withdraw', onclick: async () => {
      if (await call('PATCH', `${base}/players/${encodeURIComponent(p.id)}`, { withdraw: !withdrawn })) loadPlayers();
    } }, t(withdrawn ? 'console-reinstate' : 'console-withdraw'));
    const row = el('tr', { 'data-player': p.id, class: withdrawn ? 'withdrawn' : undefined },
      el('td', { class: 'num' }, String(p.start_number)),
      el('td', {}, p.name),
      el('td', { class: 'num' }, p.rating ?? ''),
      el('td', {}, p.federation ?? ''),
      el('td', {}, p.fide_id ?? ''),
      el('td', {}, p.title ?? ''),
      el('td', { class: 'status' }, status(p)),
      el('td', { class: 'actions' }));
    row.lastChild.append(
      el('button', { type: 'button', 'data-action': 'edit', onclick: () => edit(row, p) }, t('console-edit')), ' ',
      toggle, ' ', expelButton(p), ' ', (withdrawn || teams ? null : byeControls(p)) ?? '');
    body.append(row);
  }
}

async function loadPlayers() {
  const r = await api('GET', `${base}/players`);
  if (r.status !== 200) return notice(pageNotice, 'error', refusal(r));
  players = r.body.players;
  showPlayers();
}

document.getElementById('player-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = e.target;
  const body = {};
  for (const input of form.querySelectorAll('input')) {
    const v = input.value.trim();
    if (v === '') continue;
    body[input.name] = input.type === 'number' && /^\d+$/.test(v) ? Number(v) : v;
  }
  await addTyped({ base, call, body, added: () => { form.reset(); loadPlayers(); } });
});

document.getElementById('paste-submit').addEventListener('click', async () => {
  const area = document.getElementById('paste');
  const box = document.getElementById('paste-notice');
  const added = await call('POST', `${base}/players/paste`, { text: area.value }, box);
  if (!added) return;
  area.value = '';
  notice(box, 'ok', t('console-pasted', { n: added.players.length }));
  loadPlayers();
});

// --- settings -----------------------------------------------------------

document.getElementById('tournament-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const box = document.getElementById('form-notice');
  const body = settingsBody(true);
  if (!Object.keys(body).length) return notice(box, 'ok', t('console-nothing-changed'));
  const after = await call('PATCH', base, body, box);
  if (!after) return;
  settingsSaved();
  rounds = after.rounds;
  root.querySelector('h1').textContent = after.name;
  notice(box, 'ok', t('console-saved'));
  showRoundLinks();
  showPlayers();
});

registryFinder({ base, call, added: loadPlayers });
closing({ base });
ratingChoice({ base });
showRoundLinks();
// The players' bye choices start after the last paired round: rounds first.
loadRounds().then(loadPlayers);

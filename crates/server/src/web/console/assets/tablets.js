// Board tablet links of a round: pick boards, make a link (the API answers
// its URL and QR code once), list the tournament's links and revoke them.
// Every rule is the API's (`/tournaments/{id}/tablet-links`).

import { api } from './auth.js';
import { t, citation } from './i18n.js';

const root = document.getElementById('tablets');
const tid = root.dataset.tournament;
const round = Number(root.dataset.round);
const form = document.getElementById('tablet-form');
const status = document.getElementById('tablet-status');
const fresh = document.getElementById('tablet-new');
const body = document.querySelector('#tablet-links tbody');
const base = `/tournaments/${encodeURIComponent(tid)}/tablet-links`;

function failure(r) {
  const line = document.createElement('span');
  line.append(r.status === 0 ? t('console-network') : t('console-error', { status: r.status }), ' ');
  if (r.body) line.append(citation(r.body));
  return line;
}

function cell(text, className) {
  const td = document.createElement('td');
  if (className) td.className = className;
  td.textContent = text;
  return td;
}

async function list() {
  const r = await api('GET', base);
  if (r.status !== 200) {
    status.replaceChildren(failure(r));
    return;
  }
  body.replaceChildren(...r.body.links.map((link) => {
    const tr = document.createElement('tr');
    tr.dataset.link = link.id;
    tr.append(
      cell(link.label || '—'),
      cell(link.round === null ? t('console-tablets-every') : String(link.round), 'num'),
      cell(link.boards.join(', ')),
      cell(link.created_at.slice(0, 16).replace('T', ' ')),
    );
    const state = document.createElement('td');
    if (link.revoked_at) {
      state.textContent = t('console-tablets-revoked');
      tr.classList.add('revoked');
    } else {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'revoke';
      button.textContent = t('console-tablets-revoke');
      button.addEventListener('click', () => revoke(link.id));
      state.append(button);
    }
    tr.append(state);
    return tr;
  }));
}

async function revoke(id) {
  const r = await api('DELETE', `${base}/${encodeURIComponent(id)}`);
  if (r.status !== 204) {
    status.replaceChildren(failure(r));
    return;
  }
  status.textContent = t('console-tablets-revoked-now');
  await list();
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const boards = [...form.querySelectorAll('input[name="board"]:checked')].map((i) => Number(i.value));
  if (boards.length === 0) {
    status.textContent = t('console-tablets-pick');
    return;
  }
  const label = document.getElementById('tablet-label').value.trim();
  const everyRound = document.getElementById('tablet-every-round').checked;
  const request = { boards, round: everyRound ? null : round };
  if (label) request.label = label;
  const r = await api('POST', base, request);
  if (r.status !== 201) {
    status.replaceChildren(failure(r));
    return;
  }
  status.textContent = t('console-tablets-created', { boards: r.body.boards.join(', ') });
  const link = document.getElementById('tablet-url');
  link.href = r.body.url;
  link.textContent = r.body.url;
  // The server's own drawing (`qrcode`), not text from a reader.
  document.getElementById('tablet-qr').innerHTML = r.body.qr_svg;
  fresh.hidden = false;
  form.reset();
  await list();
});

list();

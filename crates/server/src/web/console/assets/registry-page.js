// The registry screen: a rating list's file is sent as the request's body
// (the browser streams it; the server reads it line by line), then the
// lists are shown again; an import under way shows its progress.

import { api } from './auth.js';
import { t } from './i18n.js';
import { refusal, notice } from './refusal.js';

const box = document.getElementById('list-notice');
const form = document.getElementById('list-form');
const month = document.getElementById('list-month');
if (!month.value) month.value = new Date().toISOString().slice(0, 7);

async function showLists() {
  const r = await api('GET', '/rating-lists');
  const body = document.querySelector('#lists tbody');
  body.replaceChildren();
  if (r.status !== 200) return notice(document.getElementById('notice'), 'error', refusal(r));
  for (const l of r.body.lists) {
    const row = document.createElement('tr');
    row.dataset.list = l.id;
    for (const [text, cls] of [[l.name], [l.month], [l.format], [String(l.players), 'num'],
      [l.status === 'ready' ? t('console-list-ready') : t('console-list-importing', { lines: l.lines_read })]]) {
      const td = document.createElement('td');
      if (cls) td.className = cls;
      td.textContent = text;
      row.append(td);
    }
    body.append(row);
  }
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const file = document.getElementById('list-file').files[0];
  if (!file) return;
  const params = new URLSearchParams();
  for (const name of ['name', 'month', 'format', 'kind', 'federation', 'mapping']) {
    const v = form.elements[name].value.trim();
    if (v) params.set(name, v);
  }
  if (params.get('format') !== 'csv') { params.delete('mapping'); params.delete('federation'); }
  notice(box, 'ok', t('console-list-sending'));
  const timer = setInterval(showLists, 2000);
  document.body.classList.add('busy');
  const r = await api('POST', `/rating-lists?${params}`, file, 'application/octet-stream');
  document.body.classList.remove('busy');
  clearInterval(timer);
  if (r.status === 201) {
    notice(box, 'ok', t('console-list-imported', { players: r.body.players, name: r.body.name, month: r.body.month }));
  } else {
    notice(box, 'error', refusal(r));
  }
  showLists();
});

showLists();

// The registry screen: a rating list's file is sent as the request's body
// (the browser streams it; the server reads it line by line), then the
// lists are shown again; an import under way shows its progress.

import { api } from './auth.js';
import { t } from './i18n.js';
import { refusal, notice } from './refusal.js';
import { el } from './dom.js';

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

// People: find, correct (each field saved is kept when a later list says
// otherwise), register (a lookalike asks first).
const pq = document.getElementById('people-q');
const found = document.getElementById('people-results');
const personForm = document.getElementById('person-form');
const personBox = document.getElementById('person-notice');
const fields = ['name', 'chinese_name', 'fide_id', 'federation', 'title', 'club', 'grade_points'];
let editing = null;
let timer;

function openForm(person) {
  editing = person;
  personForm.hidden = false;
  document.getElementById('person-form-title').textContent = person ? person.name : t('console-person-register');
  for (const f of fields) document.getElementById(`pe-${f}`).value = person?.[f] ?? '';
}

function formBody() {
  const body = {};
  for (const f of fields) {
    const v = document.getElementById(`pe-${f}`).value.trim();
    const before = editing?.[f] ?? '';
    if (v === String(before)) continue;
    if (v === '') continue;
    body[f] = ['fide_id', 'grade_points'].includes(f) ? Number(v) : v;
  }
  return body;
}

async function findPeople() {
  const q = pq.value.trim();
  found.replaceChildren();
  if (q.length < 2) return;
  const r = await api('GET', `/registry/search?q=${encodeURIComponent(q)}&limit=20`);
  if (r.status !== 200) { found.append(el('li', { class: 'error' }, refusal(r))); return; }
  const people = r.body.results.filter((x) => x.source === 'person');
  if (!people.length) found.append(el('li', { class: 'muted' }, t('console-registry-none')));
  for (const p of people) {
    found.append(el('li', { 'data-person': p.person_id },
      el('a', { href: `/people/${encodeURIComponent(p.person_id)}` }, p.name),
      p.chinese_name ? ` ${p.chinese_name}` : '', ' ',
      el('span', { class: 'muted' }, [p.title, p.federation, p.fide_id].filter((x) => x !== null && x !== undefined).join(' · ')), ' ',
      el('button', { type: 'button', 'data-action': 'edit-person', onclick: async () => {
        const full = await api('GET', `/people/${encodeURIComponent(p.person_id)}`);
        if (full.status === 200) openForm(full.body); else notice(personBox, 'error', refusal(full));
      } }, t('console-edit'))));
  }
}

pq.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(findPeople, 250); });
document.getElementById('person-register').addEventListener('click', () => openForm(null));

async function register(extra = {}) {
  const r = await api('POST', '/people', { ...formBody(), ...extra });
  if (r.status === 201) { notice(personBox, 'ok', t('console-saved')); personForm.hidden = true; return; }
  if (r.status === 409 && r.body?.error === 'possible_duplicate') {
    notice(personBox, 'error', refusal(r));
    personBox.append(' ', el('button', { type: 'button', 'data-action': 'someone-else', onclick: () => register({ not_a_duplicate: true }) },
      t('console-registry-someone-else')));
    return;
  }
  notice(personBox, 'error', refusal(r));
}

personForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  if (!editing) return register();
  const body = formBody();
  if (!Object.keys(body).length) return notice(personBox, 'ok', t('console-nothing-changed'));
  const r = await api('PATCH', `/people/${encodeURIComponent(editing.id)}`, body);
  if (r.status !== 200) return notice(personBox, 'error', refusal(r));
  editing = r.body;
  notice(personBox, 'ok', t('console-saved'));
  findPeople();
});

// The registry on the organiser's page of an event: find a person or a
// rating list's player by FIDE id or name (any order, script or typing
// error) and add them; a player typed in who looks like a registered
// person is shown the candidates (the same person: link; someone else:
// add anyway); closing and reopening the event.

import { api } from './auth.js';
import { el } from './dom.js';
import { t } from './i18n.js';
import { refusal, notice } from './refusal.js';


// What adding a search result sends: the person, else the FIDE id (the
// server registers the person from the latest FIDE list), else the list's
// data with a new person.
function addBody(f) {
  if (f.person_id) return { person_id: f.person_id };
  if (f.fide_id) return { fide_id: f.fide_id };
  const body = { name: f.name, register: true };
  if (f.standard) body.rating = f.standard;
  if (f.federation) body.federation = f.federation;
  if (f.title) body.title = f.title;
  return body;
}

export function registryFinder({ base, call, added }) {
  const q = document.getElementById('registry-q');
  const list = document.getElementById('registry-results');
  if (!q) return;
  let timer;
  let asked = 0;
  const run = async () => {
    const text = q.value.trim();
    const mine = ++asked;
    if (text.length < 2) { list.replaceChildren(); return; }
    const r = await api('GET', `/registry/search?q=${encodeURIComponent(text)}&limit=10`);
    if (mine !== asked) return;
    list.replaceChildren();
    if (r.status !== 200) { list.append(el('li', { class: 'error' }, refusal(r))); return; }
    if (!r.body.results.length) { list.append(el('li', { class: 'muted' }, t('console-registry-none'))); return; }
    for (const f of r.body.results) {
      const where = f.source === 'person'
        ? t('console-registry-registered')
        : t('console-registry-listed', { list: f.list, month: f.month });
      const facts = [f.title, f.federation, f.fide_id, f.standard].filter((x) => x !== null && x !== undefined && x !== '');
      list.append(el('li', { 'data-found': f.source },
        el('strong', {}, f.name), f.chinese_name ? ` ${f.chinese_name}` : '', ' ',
        el('span', { class: 'muted' }, `${facts.join(' · ')} — ${where}`), ' ',
        el('button', { type: 'button', 'data-action': 'add-found', onclick: async () => {
          if (await call('POST', `${base}/players`, addBody(f))) {
            q.value = '';
            list.replaceChildren();
            added();
          }
        } }, t('console-add'))));
    }
  };
  q.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, 250); });
}

// Adds a player typed in; a lookalike of a registered person asks first.
export async function addTyped({ base, call, body, added }) {
  const box = document.getElementById('duplicate-choice');
  box.hidden = true;
  box.replaceChildren();
  const r = await api('POST', `${base}/players`, body);
  if (r.status === 201) { added(); return true; }
  if (r.status !== 409 || r.body?.error !== 'possible_duplicate') {
    return !!(await call('POST', `${base}/players`, body));
  }
  const send = async (extra) => {
    if (await call('POST', `${base}/players`, { ...body, ...extra })) {
      box.hidden = true;
      added();
    }
  };
  box.append(el('p', {}, t('code-possible_duplicate')));
  const choices = el('ul', {});
  for (const c of r.body.candidates || []) {
    const facts = [c.federation, c.fide_id, c.birth_year].filter((x) => x !== null && x !== undefined);
    choices.append(el('li', {},
      el('a', { href: `/people/${encodeURIComponent(c.person_id)}`, target: '_blank' }, c.name),
      facts.length ? ` (${facts.join(' · ')}) ` : ' ',
      el('button', { type: 'button', 'data-action': 'same-person', onclick: () => send({ person_id: c.person_id }) },
        t('console-registry-same'))));
  }
  box.append(choices, el('button', { type: 'button', 'data-action': 'someone-else', onclick: () => send({ not_a_duplicate: true }) },
    t('console-registry-someone-else')));
  box.hidden = false;
  return false;
}

// Closing the event (its results stored on the registered people) and
// reopening it.
export function closing({ base }) {
  const box = document.getElementById('close-notice');
  for (const [id, path] of [['close-event', 'close'], ['reopen-event', 'reopen']]) {
    document.getElementById(id)?.addEventListener('click', async () => {
      const r = await api('POST', `${base}/${path}`, {});
      if (r.status === 200) window.location.reload();
      else notice(box, 'error', refusal(r));
    });
  }
}

// The rating list the event takes its ratings from (before round 1): the
// ready lists' names are offered; "by hand" clears the choice.
export async function ratingChoice({ base }) {
  const form = document.getElementById('rating-list-form');
  if (!form) return;
  const select = document.getElementById('rl-list');
  const r = await api('GET', '/rating-lists');
  if (r.status === 200) {
    const names = [...new Set(r.body.lists.filter((l) => l.status === 'ready').map((l) => l.name))];
    for (const name of names) select.append(el('option', { value: name }, name.toUpperCase()));
  }
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const box = document.getElementById('rating-notice');
    const list = select.value;
    const month = document.getElementById('rl-month').value || null;
    const kind = document.getElementById('rl-kind').value;
    const answer = list
      ? await api('PUT', `${base}/rating-list`, { list, kind, month })
      : await api('DELETE', `${base}/rating-list`);
    if (answer.status !== 200) return notice(box, 'error', refusal(answer));
    window.location.reload();
  });
}

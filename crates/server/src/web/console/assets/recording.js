// The arbiter's recording screen of one game: the board, the clocks, the
// move list, the Laws' events and their rulings. Every write carries the
// state's `seq` (`expected_seq`): a 409 means another arbiter recorded
// first, so the state is reloaded and nothing is resent; a 422 is the
// Laws' refusal, shown with its article, and nothing changes.

import { api } from './auth.js';
import { t, citation, clockText, articleNote } from './i18n.js';
import { Board } from './board.js';
import { ACTIONS, form, body } from './events.js';

const root = document.getElementById('recording');
const id = root.dataset.game;
const kind = root.dataset.kind;
const sides = kind === 'xiangqi' ? ['red', 'black'] : ['white', 'black'];
const notice = document.getElementById('notice');
let state = null;
let loadedAt = 0;
let busy = false;
let selected = null;
let player = sides[0];

function say(kindOfNotice, ...content) {
  notice.hidden = content.length === 0;
  notice.className = `notice ${kindOfNotice}`;
  notice.replaceChildren(...content);
}

// The moves the board offers now: the legal moves, narrowed by a stated
// move due after an incorrect claim (Art. 10.13(2)) or by a touch-move
// obligation (Art. 7.2; xq 5).
function playable(s) {
  let moves = s.legal_moves || [];
  const due = s.pending?.claimed_move_due;
  if (due) moves = moves.filter((m) => m === due);
  const allowed = s.pending?.touch?.allowed;
  if (allowed && allowed.length) moves = moves.filter((m) => allowed.includes(m));
  return moves;
}

function renderClocks() {
  if (!state) return;
  const running = state.clocks?.running;
  for (const el of document.querySelectorAll('.clock')) {
    const colour = el.dataset.colour;
    let ms = state.clocks?.[`${colour}_ms`];
    const on = running === colour && state.status === 'in_progress';
    el.classList.toggle('running', on);
    const time = el.querySelector('.time');
    if (ms === null || ms === undefined) {
      time.textContent = '–';
      continue;
    }
    if (on) ms -= Date.now() - loadedAt;
    time.textContent = clockText(ms);
    time.dataset.ms = String(ms);
  }
}

// The moves as the reader writes them: SAN; in Xiangqi WXF, or the
// Chinese notation for a Chinese reader.
function moveTexts() {
  const chinese = kind === 'xiangqi' && document.documentElement.lang.startsWith('zh');
  return (chinese ? state.moves_chinese : state.moves) || [];
}

function renderMoves() {
  const list = document.getElementById('moves');
  list.replaceChildren();
  const moves = moveTexts();
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement('li');
    li.textContent = moves.slice(i, i + 2).join(' ');
    list.append(li);
  }
  list.scrollTop = list.scrollHeight;
}

function renderStatus() {
  const line = document.getElementById('status-line');
  line.replaceChildren();
  const status = document.createElement('strong');
  status.textContent = t(`game-status-${state.status}`);
  line.append(status);
  if (state.result) line.append(` · ${state.result.replaceAll('1/2', '½')}`);
  if (state.termination?.reason) line.append(' · ', citation(state.termination.reason));
  else if (state.status === 'in_progress') line.append(` · ${t('console-to-move', { side: t(`colour-${state.to_move}`) })}`);
  const pending = document.getElementById('pending-line');
  const p = state.pending || {};
  const items = [];
  if (p.draw_offer) items.push(t('console-draw-offer', { side: t(`colour-${p.draw_offer}`) }));
  if (p.claimed_move_due) items.push(`${t('console-claimed-move', { move: p.claimed_move_due })}${articleNote('10.13(2)')}`);
  if (p.touch?.allowed?.length) {
    items.push(`${t('console-touch', { moves: p.touch.allowed.join(', ') })}${articleNote(p.touch.reason.article)}`);
  }
  if (p.unpressed) items.push(t('console-unpressed', { side: t(`colour-${p.unpressed}`) }));
  if (p.sealed_move_present) items.push(t('console-sealed'));
  items.push(...repetitionItems(state.repetition));
  pending.textContent = items.join(' · ');
  pending.hidden = items.length === 0;
}

// A Xiangqi cycle the prohibitions forbid, or one whose verdict the rules
// leave to the arbiter (xq 4.1.7): said in the reader's language.
function repetitionItems(rep) {
  if (!rep) return [];
  const article = rep.article ? articleNote(rep.article) : '';
  // Answered: the arbiter let the side to move repeat it once.
  if (rep.allowed) return [`${t('console-xq-allowed', { side: t(`colour-${rep.allowed}`) })}${articleNote('xq 4.1.7')}`];
  if (rep.verdict === 'must_change') {
    const what = t(`console-xq-prohibition-${rep.prohibition_code}`, {}, rep.prohibition);
    return [`${t('console-xq-must-change', { side: t(`colour-${rep.must_change}`), what, times: rep.repetitions })}${article}`];
  }
  if (rep.verdict === 'arbiter_decides' && rep.question) {
    const q = rep.question;
    const other = q.side === 'red' ? 'black' : 'red';
    const outcome = (r) => (r.must_change
      ? t('console-xq-outcome-must-change', { side: t(`colour-${r.must_change}`) })
      : t('console-xq-outcome-draw'));
    const args = { side: t(`colour-${q.side}`), times: rep.repetitions, if_so: outcome(q.if_so), if_not: outcome(q.if_not) };
    const text = q.kind === 'value_chase' || q.kind === 'outnumbered'
      ? t(`console-xq-question-${q.kind.replace('_', '-')}`, {
        ...args,
        attacker: t(`console-xq-role-${q.side}-${q.attacker}`, {}, q.attacker),
        target: t(`console-xq-role-${other}-${q.target}`, {}, q.target),
        square: q.square,
      })
      : q.kind === 'win_by_check'
        ? t('console-xq-question-win-by-check', {
          ...args,
          target: t(`console-xq-role-${other}-${q.target}`, {}, q.target),
          square: q.square,
        })
        : t('console-xq-question-mate-search', args);
    return [`${text}${article}`];
  }
  return [];
}

function renderSelection() {
  const line = document.getElementById('selected-line');
  line.textContent = selected ? t('console-selected', { square: selected }) : t('console-select-hint');
  for (const b of document.querySelectorAll('[data-needs-square]')) b.disabled = !selected || busy;
}

function render(s) {
  state = s;
  loadedAt = Date.now();
  player = s.to_move || sides[0];
  for (const r of document.querySelectorAll('input[name="player"]')) r.checked = r.value === player;
  board.show(s.fen, playable(s));
  renderClocks();
  renderMoves();
  renderStatus();
  renderSelection();
}

async function load() {
  const r = await api('GET', `/games/${encodeURIComponent(id)}`);
  if (r.status === 200) render(r.body);
  else if (r.status === 0) say('error', t('console-network'));
  else say('error', citation(r.body || { error: 'not_found' }));
}

function logRulings(event, rulings) {
  const list = document.getElementById('rulings');
  const li = document.createElement('li');
  const head = document.createElement('span');
  head.className = 'event';
  head.textContent = event.type === 'move'
    ? `${t('console-ev-move')} ${moveTexts().at(-1) || ''}`
    : t(`console-ev-${event.type}`);
  li.append(head);
  const inner = document.createElement('ul');
  for (const ruling of rulings) {
    const item = document.createElement('li');
    item.className = 'ruling';
    item.dataset.code = ruling.code;
    item.append(citation(ruling));
    inner.append(item);
  }
  li.append(inner);
  list.prepend(li);
  while (list.children.length > 40) list.lastChild.remove();
}

async function record(event) {
  if (!state || busy || !event) return;
  busy = true;
  document.body.classList.add('busy');
  const r = await api('POST', `/games/${encodeURIComponent(id)}/events`, { ...event, expected_seq: state.seq });
  busy = false;
  document.body.classList.remove('busy');
  if (r.status === 201) {
    render(r.body.state);
    logRulings(event, r.body.rulings || []);
    say('ok', t('console-recorded', { event: t(`console-ev-${event.type}`) }));
  } else if (r.status === 409) {
    say('warning', t('console-stale'));
    await load();
  } else if (r.status === 422) {
    const line = document.createElement('span');
    line.append(t('console-refused'), ' ', citation(r.body || {}));
    say('error', line);
    renderSelection();
  } else if (r.status === 0) {
    say('error', t('console-network'));
  } else {
    const line = document.createElement('span');
    line.append(t('console-error', { status: r.status }), ' ', citation(r.body || {}));
    say('error', line);
  }
}

function buildActions() {
  const panel = document.getElementById('actions');
  const who = document.createElement('fieldset');
  who.className = 'player';
  const legend = document.createElement('legend');
  legend.textContent = t('console-player');
  who.append(legend);
  for (const side of sides) {
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'player';
    input.value = side;
    input.addEventListener('change', () => { player = side; });
    label.append(input, ` ${t(`colour-${side}`)}`);
    who.append(label);
  }
  const buttons = document.createElement('div');
  buttons.className = 'buttons';
  const more = document.createElement('div');
  more.className = 'more';
  const moreTitle = document.createElement('h2');
  moreTitle.textContent = t('console-more');
  more.append(moreTitle);
  for (const action of ACTIONS.filter((a) => a.games.includes(kind))) {
    const label = t(`console-ev-${action.type}`);
    if (action.fields) {
      const d = document.createElement('details');
      d.dataset.type = action.type;
      const summary = document.createElement('summary');
      summary.textContent = label;
      const f = form(action);
      f.addEventListener('submit', (e) => {
        e.preventDefault();
        record(body(kind, action, player, selected, f));
      });
      d.append(summary, f);
      more.append(d);
    } else {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.type = action.type;
      b.textContent = label;
      if (action.square) b.dataset.needsSquare = '';
      b.addEventListener('click', () => record(body(kind, action, player, selected)));
      buttons.append(b);
    }
  }
  panel.append(who, buttons, more);
}

const board = new Board(
  document.getElementById('board'),
  kind,
  (uci) => record(kind === 'xiangqi' ? { type: 'move', move: uci } : { type: 'move', uci }),
  (square) => { selected = square; renderSelection(); },
);
buildActions();
load();
setInterval(renderClocks, 250);

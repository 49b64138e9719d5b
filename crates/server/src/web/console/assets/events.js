// The Laws' events the arbiter records, as the API takes them
// (`POST /games/{id}/events`, `EventRequest` in the OpenAPI document):
// which game each belongs to, whether it names a player or the selected
// square, and the fields of its small form. The console judges nothing;
// the answer's rulings (or its refusal) are shown as they come.

import { t, parseClock } from './i18n.js';

const CHESS = ['chess'];
const XQ = ['xiangqi'];
const BOTH = ['chess', 'xiangqi'];

// `labels`: the catalogue prefix of the options' labels (Xiangqi's grounds
// cite the Xiangqi rules' articles, not the Laws').
const select = (name, label, options, labels = 'console-f-') => ({ name, label, kind: 'select', options, labels });
const text = (name, label) => ({ name, label, kind: 'text' });
const check = (name, label, checked = false) => ({ name, label, kind: 'check', checked });

// `player`: the event names the player chosen above the buttons;
// `square`: the square selected on the board; `fields`: its form (an
// event with a form is a <details> under "More events").
export const ACTIONS = [
  { type: 'start', games: BOTH },
  { type: 'touch', games: BOTH, player: true, square: true },
  { type: 'adjust', games: BOTH, player: true, square: true },
  { type: 'offer_draw', games: BOTH, player: true },
  { type: 'accept_draw', games: BOTH, player: true },
  { type: 'decline_draw', games: BOTH, player: true },
  { type: 'flag', games: BOTH, player: 'chess' },
  { type: 'resign', games: BOTH, player: true },
  { type: 'arrive', games: BOTH, player: true },
  { type: 'press', games: CHESS, player: true },
  { type: 'claim_touch_move', games: CHESS, player: true, square: true },
  { type: 'foul', games: XQ, player: true },
  { type: 'simple_position', games: XQ },
  {
    type: 'claim_draw', games: CHESS, player: true,
    fields: [select('reason', 'console-f-reason', ['threefold', 'fifty_moves']), text('move', 'console-f-stated-move')],
  },
  {
    type: 'declare_illegal', games: CHESS,
    fields: [
      { name: 'ply', label: 'console-f-ply', kind: 'number' },
      select('kind', 'console-f-reason', ['illegal_move', 'displaced_pieces']),
      text('white_clock', 'console-f-white-clock'),
      text('black_clock', 'console-f-black-clock'),
    ],
  },
  {
    type: 'adjust_clock', games: CHESS, player: true,
    fields: [
      text('remaining', 'console-f-remaining'),
      select('reason', 'console-f-reason', ['arbiter_decision', 'defective_clock', 'resumption_error']),
      check('grave', 'console-f-grave'),
    ],
  },
  {
    type: 'penalise', games: CHESS, player: true,
    fields: [
      select('penalty', 'console-f-penalty', ['warn', 'add_time_to_opponent', 'deduct_time', 'changed_move', 'move_time']),
      { name: 'minutes', label: 'console-f-minutes', kind: 'number' },
      text('reason', 'console-f-note'),
    ],
  },
  { type: 'stop_clocks', games: CHESS, fields: [text('reason', 'console-f-note')] },
  { type: 'start_clocks', games: CHESS, fields: [text('reason', 'console-f-note')] },
  { type: 'seal', games: CHESS, fields: [text('san', 'console-f-san')] },
  {
    type: 'resume', games: CHESS,
    fields: [
      check('white_present', 'console-f-white-present', true),
      check('black_present', 'console-f-black-present', true),
      check('envelope_lost', 'console-f-envelope-lost'),
    ],
  },
  {
    type: 'declare_result', games: CHESS,
    fields: [
      select('result', 'console-f-result', ['1-0', '0-1', '1/2-1/2', '+-', '-+', '--', '0-0']),
      select('grounds', 'console-f-grounds', ['other', 'lateness', 'flag_fall']),
      text('reason', 'console-f-note'),
    ],
  },
  {
    type: 'declare_loss', games: XQ, player: true,
    fields: [select('grounds', 'console-f-grounds', ['illegal_move', 'not_changing'], 'console-xq-')],
  },
  // The arbiter, not the program, judges (棋例): an ending ruled by the
  // server is annulled and play goes on; a forbidden cycle is let stand for
  // the side to move; a result is declared on the grounds of an article.
  { type: 'annul_ruling', games: XQ, fields: [text('reason', 'console-f-note')] },
  { type: 'allow_cycle', games: XQ, fields: [text('reason', 'console-f-note')] },
  {
    type: 'declare_result', games: XQ,
    fields: [
      select('result', 'console-f-result', ['1-0', '0-1', '1/2-1/2', '0-0', '+-', '-+', '--']),
      select('grounds', 'console-f-grounds', ['flag_fall', 'lateness', 'illegal_move', 'not_changing', 'fouls',
        'refusal', 'simple_position', 'repetition', 'natural_move_limit'], 'console-xq-'),
      text('reason', 'console-f-note'),
    ],
  },
  {
    type: 'annul', games: CHESS,
    fields: [select('reason', 'console-f-reason', ['wrong_initial_position', 'position_unrecoverable', 'envelope_lost'])],
  },
];

// The label of a select's option: the catalogue's `console-f-<value>`
// when there is one (reasons, penalties), else the value (results).
function optionLabel(value, prefix = 'console-f-') {
  const label = t(`${prefix}${value}`);
  return label === `${prefix}${value}` ? value : label;
}

// The form of an action with fields.
export function form(action) {
  const f = document.createElement('form');
  f.className = 'event-form';
  f.dataset.type = action.type;
  for (const field of action.fields) {
    const label = document.createElement('label');
    const caption = document.createElement('span');
    caption.textContent = t(field.label);
    let input;
    if (field.kind === 'select') {
      input = document.createElement('select');
      for (const value of field.options) input.append(new Option(optionLabel(value, field.labels), value));
    } else {
      input = document.createElement('input');
      input.type = field.kind === 'check' ? 'checkbox' : field.kind === 'number' ? 'number' : 'text';
      if (field.kind === 'number') input.min = '0';
      if (field.kind === 'check') input.checked = field.checked;
      input.autocomplete = 'off';
    }
    input.name = field.name;
    if (field.kind === 'check') label.append(input, caption); else label.append(caption, input);
    f.append(label);
  }
  const send = document.createElement('button');
  send.type = 'submit';
  send.textContent = t('console-f-send');
  f.append(send);
  return f;
}

// The event's body from the action, the chosen player, the selected
// square and the form (if any); `null` with nothing posted when a field
// cannot be read (the server refuses anything else with its reason).
export function body(kind, action, player, square, f) {
  const b = { type: action.type };
  // `player: 'chess'`: a chess flag names the player; a Xiangqi flag names
  // none (the clocks say whose it is).
  if (action.player === true || action.player === kind) b.player = player;
  if (action.square) b.square = square || '';
  if (!f) return b;
  const v = (name) => f.elements[name];
  const val = (name) => v(name)?.value.trim() ?? '';
  switch (action.type) {
    case 'claim_draw':
      b.reason = val('reason');
      if (val('move')) b.move = val('move');
      break;
    case 'declare_illegal': {
      b.ply = Number(val('ply') || 0);
      b.kind = val('kind');
      const w = parseClock(val('white_clock'));
      const k = parseClock(val('black_clock'));
      if (w !== null && k !== null) b.clocks = { white_ms: w, black_ms: k };
      break;
    }
    case 'adjust_clock': {
      const ms = parseClock(val('remaining'));
      if (ms === null) return null;
      b.remaining_ms = ms;
      b.reason = val('reason');
      b.grave = v('grave').checked;
      break;
    }
    case 'penalise': {
      // The club plan's two fouls (3) are one penalty with two counters.
      const kind = val('penalty');
      if (kind === 'changed_move' || kind === 'move_time') b.penalty = { kind: 'foul', foul: kind };
      else b.penalty = { kind };
      if (kind === 'add_time_to_opponent' || kind === 'deduct_time') {
        b.penalty.ms = Math.round(Number(val('minutes') || 0) * 60000);
      }
      b.reason = val('reason');
      break;
    }
    case 'resume':
      b.white_present = v('white_present').checked;
      b.black_present = v('black_present').checked;
      b.envelope_lost = v('envelope_lost').checked;
      break;
    default:
      for (const field of action.fields) b[field.name] = val(field.name);
  }
  return b;
}

// The settings form of a tournament (new or existing) as the body of
// `POST /tournaments` or `PATCH /tournaments/{id}`: what the organiser
// typed, in the API's fields. With `changedOnly`, a field still holding
// the value it was shown with (`data-initial`) is left out. The console
// checks nothing itself: the API answers every value.

const value = (id) => document.getElementById(id)?.value.trim() ?? '';
const changed = (id) => {
  const el = document.getElementById(id);
  return el && el.value.trim() !== (el.dataset.initial ?? '').trim();
};
// A whole number as a number, anything else as typed (for the API to refuse).
const number = (text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text);

export function settingsBody(changedOnly) {
  const want = (id) => (changedOnly ? changed(id) : value(id) !== '');
  const body = {};
  if (want('t-name')) body.name = value('t-name');
  if (!changedOnly && document.getElementById('t-system')) body.system = value('t-system');
  if (want('t-rounds')) body.rounds = number(value('t-rounds'));
  if (want('t-tc')) body.time_control = value('t-tc');
  if (changedOnly ? changed('t-regulations') : true) body.regulations = value('t-regulations');
  if (want('t-recording')) body.recording = value('t-recording');
  // FIDE mode: a new event follows its game unless the organiser declines
  // it; leaving it is a change the API asks to confirm twice.
  if (changedOnly ? changed('t-fide-mode') : value('t-fide-mode') === 'off') {
    body.fide_mode = value('t-fide-mode') === 'on';
  }
  // Dates and place; a field emptied in the settings form clears it.
  for (const [id, key] of [['t-place', 'place'], ['t-federation', 'federation'],
    ['t-start-date', 'start_date'], ['t-end-date', 'end_date'], ['t-chief-arbiter', 'chief_arbiter']]) {
    if (want(id)) body[key] = value(id);
  }
  if (want('t-tiebreaks')) {
    body.tiebreaks = value('t-tiebreaks').split(/[,\s]+/).filter(Boolean);
  }
  if (['t-win', 't-draw', 't-loss'].some(want)) {
    body.scoring = {};
    for (const [id, key] of [['t-win', 'win'], ['t-draw', 'draw'], ['t-loss', 'loss']]) {
      if (value(id) !== '') body.scoring[key] = number(value(id));
    }
  }
  const pairing = {};
  if (changedOnly ? changed('t-colour') : value('t-colour') !== 'lot') pairing.initial_colour = value('t-colour');
  if (changedOnly ? changed('t-acceleration') : value('t-acceleration') !== 'none') {
    pairing.acceleration = value('t-acceleration');
  }
  if (want('t-forbidden')) {
    // One group a line: the start numbers of players who must not meet.
    pairing.forbidden_pairs = value('t-forbidden').split('\n').map((l) => l.trim()).filter(Boolean)
      .map((line) => ({ players: line.split(/[,\s]+/).filter(Boolean).map(number) }));
  }
  if (Object.keys(pairing).length) body.pairing = pairing;
  return body;
}

// After a successful save: what is shown now is the new starting point.
export function settingsSaved() {
  for (const el of document.querySelectorAll('#tournament-form [data-initial]')) {
    el.dataset.initial = el.value;
  }
}

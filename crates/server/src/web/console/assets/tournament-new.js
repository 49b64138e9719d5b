// A new tournament: the settings form as `POST /tournaments`, or a TRF
// file as `POST /tournaments/import`; either way the event's page opens.

import { api, token } from './auth.js';
import { t } from './i18n.js';
import { refusal, notice } from './refusal.js';
import { settingsBody } from './tournament-form.js';

// A tab that uses an API token needs no hint to sign in.
if (token()) document.getElementById('sign-in-hint')?.remove();

const form = document.getElementById('tournament-form');
const formNotice = document.getElementById('form-notice');
const open = (id) => { location.href = `/console/tournaments/${encodeURIComponent(id)}`; };

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  document.body.classList.add('busy');
  const r = await api('POST', '/tournaments', settingsBody(false));
  document.body.classList.remove('busy');
  if (r.status === 201) return open(r.body.id);
  notice(formNotice, 'error', refusal(r));
});

document.getElementById('import-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const box = document.getElementById('import-notice');
  const file = document.getElementById('trf-file').files[0];
  if (!file) return notice(box, 'error', t('console-import-choose'));
  const r = await api('POST', '/tournaments/import', await file.text(), 'text/plain');
  if (r.status === 201) return open(r.body.id);
  notice(box, 'error', refusal(r));
});

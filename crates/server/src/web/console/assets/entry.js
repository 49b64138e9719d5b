// The console's entry page: keep an API token for this tab, open a game.
import { token, setToken } from './auth.js';
import { t } from './i18n.js';

const status = document.getElementById('token-status');
const show = () => {
  status.textContent = token() ? t('console-token-stored') : t('console-token-none');
};
document.getElementById('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = document.getElementById('token');
  setToken(input.value);
  input.value = '';
  show();
});
document.getElementById('token-forget').addEventListener('click', () => {
  setToken('');
  show();
});
document.getElementById('game-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const id = document.getElementById('game-id').value.trim();
  if (id) location.href = `/console/games/${encodeURIComponent(id)}`;
});
show();

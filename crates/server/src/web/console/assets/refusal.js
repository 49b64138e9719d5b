// An API answer that refused a request, in the reader's words: the
// status, the catalogue's text for its code (`code-*`) with the article
// and the server's detail; a field (`at`) or a paste's refused lines
// (`problems`, each with its line number) are listed under it.

import { t, citation } from './i18n.js';

export function refusal(r) {
  const box = document.createElement('div');
  // A change the reader chose not to confirm is said plainly, not as an
  // error (`notice` shows it as a warning).
  if (r.status === 409 && r.body?.error === 'confirmation_required') {
    box.dataset.cancelled = 'true';
    box.textContent = t('code-confirmation_required');
    return box;
  }
  const head = document.createElement('p');
  head.append(r.status === 0 ? t('console-network') : t('console-error', { status: r.status }));
  if (r.body) head.append(' ', citation(r.body));
  const at = r.body?.where;
  if (at) head.append(' ', t('console-at-field', { field: at }));
  box.append(head);
  const problems = r.body?.problems;
  if (Array.isArray(problems) && problems.length) {
    const list = document.createElement('ul');
    list.className = 'problems';
    for (const p of problems) {
      const item = document.createElement('li');
      item.dataset.line = p.line;
      const field = t(`console-field-${p.field}`, {}, p.field);
      item.textContent = t('console-line-problem', { line: p.line, field, message: p.message });
      list.append(item);
    }
    box.append(list);
  }
  return box;
}

// Shows `content` in a notice element (`ok`, `error`), or hides it. An
// error is scrolled into view: the reader may have clicked far from it.
export function notice(el, kind, ...content) {
  const cancelled = kind === 'error' && content[0]?.dataset?.cancelled === 'true';
  el.className = `notice ${cancelled ? 'warning' : kind}`;
  el.replaceChildren(...content);
  el.hidden = content.length === 0;
  if (kind === 'error' && !cancelled && !el.hidden) el.scrollIntoView?.({ block: 'nearest' });
}

// The warning protocol's dialog (the API's `409 confirmation_required`):
// the warnings in the reader's words (`console-warning-<code>`, the
// server's text beneath), the level's question (acknowledge, confirm, or
// confirm twice with the step; or the console's own `question`), and
// Confirm / Cancel (or the console's own `confirmLabel` / `cancelLabel`). Resolves to whether the reader confirmed. Keyboard:
// Escape cancels, Enter confirms.

import { t, has, serverWords } from './i18n.js';

export function askConfirmation(answer) {
  return new Promise((resolve) => {
    const dialog = document.createElement('dialog');
    dialog.className = 'confirm-dialog';
    dialog.dataset.level = answer.level;
    dialog.dataset.step = answer.step;
    dialog.setAttribute('aria-labelledby', 'confirm-dialog-title');
    const title = document.createElement('h2');
    title.id = 'confirm-dialog-title';
    title.textContent = t('console-confirm-title');
    const question = document.createElement('p');
    question.textContent = answer.question ?? t(`console-confirm-level-${answer.level}`,
      { step: answer.step, steps: answer.steps }, t('console-confirm-level-3'));
    const list = document.createElement('ul');
    for (const w of answer.warnings || []) {
      const item = document.createElement('li');
      item.dataset.code = w.code;
      const head = document.createElement('strong');
      head.textContent = t(`console-warning-${w.code}`, {}, w.message);
      item.append(head);
      const detail = document.createElement('small');
      detail.className = 'detail';
      detail.textContent = w.article ? `${w.message} (${w.article})` : w.message;
      item.append(' ', has(`console-warning-${w.code}`) ? serverWords(detail) : detail);
      list.append(item);
    }
    const row = document.createElement('div');
    row.className = 'row';
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.dataset.action = 'cancel';
    cancel.textContent = answer.cancelLabel ?? t('console-confirm-cancel');
    const ok = document.createElement('button');
    ok.type = 'button';
    ok.className = 'primary';
    ok.dataset.action = 'confirm';
    ok.textContent = answer.confirmLabel
      ?? (answer.step > 1 ? t('console-confirm-again') : t('console-confirm-ok'));
    row.append(cancel, ' ', ok);
    dialog.append(title, question, list, row);
    let confirmed = false;
    ok.addEventListener('click', () => { confirmed = true; dialog.close(); });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => { dialog.remove(); resolve(confirmed); });
    document.body.append(dialog);
    dialog.showModal();
    ok.focus();
  });
}

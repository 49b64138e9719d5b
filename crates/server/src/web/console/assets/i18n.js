// The page's messages (the catalogues' `console-*`, `code-*`, `colour-*`
// and `game-status-*`, put in the page by the server): `t(key, args)`
// fills `{name}` arguments; a missing key shows the fallback or the key.

const messages = JSON.parse(document.getElementById('console-messages')?.textContent || '{}');

export function t(key, args = {}, fallback) {
  const text = messages[key] ?? fallback ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? String(args[name]) : all));
}

export function has(key) {
  return key in messages;
}

// A ruling, a refusal or an API error as the reader reads it: the
// catalogue's words for its code, the article, and the server's detail.
// The article a line cites, after it: " (Art. 10.13(2))"; in Chinese
// "（第 4.1.7 条）" — a Xiangqi article without its prefix, the page's game
// saying whose rules they are.
export function articleNote(article) {
  if (document.documentElement.lang.startsWith('zh')) {
    return `（${t('console-article', { article: String(article).replace(/^xq /, '') })}）`;
  }
  return ` (${t('console-article', { article })})`;
}

// A ruling's catalogue key: a Xiangqi ruling (its article `xq …`) has its
// own words where the game's differ from chess's (困毙 is a loss, not 逼和).
function codeKey(c) {
  const code = c.code || c.error;
  const xq = `code-xq-${code}`;
  return /^xq /.test(String(c.article || '')) && has(xq) ? xq : `code-${code}`;
}

export function citation(c) {
  const line = document.createElement('span');
  const head = document.createElement('strong');
  head.textContent = t(codeKey(c), {}, c.message || c.code || c.error);
  line.append(head);
  if (c.article) line.append(articleNote(c.article));
  if (c.message && has(codeKey(c))) {
    const detail = document.createElement('small');
    detail.className = 'detail';
    detail.textContent = c.message;
    line.append(' ', serverWords(detail));
  }
  return line;
}

// The server's own words (English) under the reader's: on a Chinese page
// they wait behind a summary the reader may open.
export function serverWords(detail) {
  if (!document.documentElement.lang.startsWith('zh')) return detail;
  const more = document.createElement('details');
  more.className = 'detail';
  const summary = document.createElement('summary');
  summary.textContent = t('console-detail');
  more.append(summary, detail);
  return more;
}

// `1:05:03`, `4:59`; `-0:03` once a flag is down.
export function clockText(ms) {
  const sign = ms < 0 ? '-' : '';
  let s = Math.floor(Math.abs(ms) / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  s %= 60;
  const two = (n) => String(n).padStart(2, '0');
  return h > 0 ? `${sign}${h}:${two(m)}:${two(s)}` : `${sign}${m}:${two(s)}`;
}

// `h:mm:ss`, `mm:ss` or minutes as milliseconds; null when empty or unreadable.
export function parseClock(text) {
  const parts = (text || '').trim().split(':').map((p) => p.trim());
  if (!parts[0]) return null;
  if (parts.some((p) => !/^\d+$/.test(p)) || parts.length > 3) return null;
  const n = parts.map(Number);
  const [h, m, s] = n.length === 3 ? n : n.length === 2 ? [0, n[0], n[1]] : [0, n[0], 0];
  return ((h * 60 + m) * 60 + s) * 1000;
}

/** The development inbox page; its script is served apart so the page's CSP can forbid inline scripts. */
export const MAILBOX_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Mailbox – captured e-mails and SMS</title>
<style>
  :root { color-scheme: light dark; --line: #8884; --muted: #888; --accent: #c2410c; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; }
  header { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center;
    padding: .6rem 1rem; background: Canvas; border-bottom: 1px solid var(--line); }
  h1 { font-size: 1.1rem; margin: 0 auto 0 0; }
  input, button { font: inherit; padding: .35rem .6rem; border: 1px solid var(--line); border-radius: .4rem; background: Field; color: FieldText; }
  button { cursor: pointer; }
  main { max-width: 60rem; margin: 0 auto; padding: .5rem; }
  .empty { color: var(--muted); text-align: center; padding: 3rem 1rem; }
  article { border: 1px solid var(--line); border-radius: .6rem; margin: .6rem 0; overflow: hidden; }
  summary { display: flex; flex-wrap: wrap; gap: .2rem .8rem; padding: .6rem .8rem; cursor: pointer; list-style: none; }
  .kind { font-size: .75rem; font-weight: 600; text-transform: uppercase; padding: .1rem .4rem; border-radius: .3rem; background: var(--accent); color: white; }
  .kind.sms { background: #0369a1; }
  .subject { font-weight: 600; flex: 1 1 100%; overflow-wrap: anywhere; }
  .meta { color: var(--muted); font-size: .85rem; overflow-wrap: anywhere; }
  iframe { display: block; width: 100%; height: 28rem; border: 0; border-top: 1px solid var(--line); background: white; }
  .sms-body { flex: 1 1 100%; padding: .5rem .8rem; border-radius: 1rem; background: #0369a122; white-space: pre-wrap; overflow-wrap: anywhere; }
  details[open] > summary .subject { color: var(--accent); }
</style>
<script src="/_mailbox/mailbox.js" defer></script>
</head>
<body>
<header>
  <h1>Mailbox <span id="count" class="meta"></span></h1>
  <input id="filter" type="search" placeholder="Filter by recipient" aria-label="Filter by recipient">
  <button id="clear" type="button">Clear all</button>
</header>
<main id="list"><p class="empty">Loading…</p></main>
</body>
</html>
`;

export const MAILBOX_SCRIPT = `'use strict';
const list = document.getElementById('list');
const count = document.getElementById('count');
const filter = document.getElementById('filter');
let shown = '';
// Open e-mails stay open when the list refreshes.
const opened = new Set();

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function card(m) {
  const d = el('details');
  const a = el('article');
  const s = el('summary');
  s.append(el('span', 'kind ' + m.kind, m.kind === 'sms' ? 'SMS' : 'E-mail'));
  s.append(el('span', 'meta', 'to ' + m.to.join(', ')));
  s.append(el('span', 'meta', new Date(m.created_at).toLocaleString()));
  d.append(s);
  if (m.kind === 'email') {
    s.append(el('span', 'subject', m.subject || '(no subject)'));
    if (m.from) s.append(el('span', 'meta', 'from ' + m.from));
    d.addEventListener('toggle', () => {
      if (d.open) opened.add(m.id);
      else opened.delete(m.id);
      if (!d.open || d.querySelector('iframe')) return;
      const f = el('iframe');
      f.setAttribute('sandbox', '');
      f.setAttribute('referrerpolicy', 'no-referrer');
      f.title = m.subject || 'e-mail';
      f.src = '/_mailbox/messages/' + encodeURIComponent(m.id) + '/html';
      d.append(f);
    });
    if (opened.has(m.id)) d.open = true;
  } else {
    s.append(el('span', 'sms-body', m.body));
  }
  a.append(d);
  return a;
}

async function refresh() {
  const to = filter.value.trim();
  try {
    const res = await fetch('/_mailbox/api/messages' + (to ? '?to=' + encodeURIComponent(to) : ''), { cache: 'no-store' });
    const { messages } = await res.json();
    const key = to + '|' + messages.map((m) => m.id).join(',');
    if (key === shown) return;
    shown = key;
    count.textContent = '(' + messages.length + ')';
    list.replaceChildren(...(messages.length ? messages.map(card) : [el('p', 'empty', 'No messages yet. E-mails and SMS sent by the backend appear here.')]));
  } catch (e) {
    count.textContent = '(offline)';
  }
}

document.getElementById('clear').addEventListener('click', async () => {
  if (!confirm('Delete every captured message?')) return;
  await fetch('/_mailbox/api/messages', { method: 'DELETE' });
  refresh();
});
filter.addEventListener('input', refresh);
refresh();
setInterval(refresh, 3000);
`;

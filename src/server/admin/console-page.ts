/**
 * The admin console at `/_coopctl/` (`serve --admin`): one page, its script
 * and its style, all served by the server itself (no external asset, nothing
 * inline: the CSP allows only 'self'), in the language the browser asks for.
 * It shows the demo's cards with what to try on each, the live journal (the
 * page asks for new entries every second), the failure-injection toggles
 * (a `Prefer` value the server applies to the next requests), reset and
 * snapshots. Its words travel as JSON in a data attribute; the script writes
 * every value with textContent.
 */
import type { Lang } from '../../catalogue/index.js';

/** What the console's answers carry besides their type: no script, style or connection but the server's own. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const WORDS = {
  en: {
    title: 'coopctl stand-in console',
    token: 'Server token (kept in this tab only)',
    cards: 'Demo cards',
    card: 'Card',
    tryIt: 'Try',
    prefer: 'Failure injection for the next requests',
    none: 'none (normal answers)',
    noResult: 'confirma=3: no result',
    failed: 'confirma=4: request failed',
    unavailable: 'status=503: service unavailable',
    slow: 'delay=2000: answers 2 s late',
    state: 'State',
    reset: 'Reset to the start dataset',
    snapshotName: 'Snapshot name',
    snapshot: 'Take snapshot',
    restore: 'Restore',
    journal: 'Requests (newest first)',
    head: ['id', 'time', 'method', 'operation', 'status', 'outcome', 'ms'],
    done: 'Done',
    resetDone: 'Reset: the start dataset is back, the journal is empty',
    failedAction: 'Refused',
    empty: 'No requests yet',
  },
  'pt-BR': {
    title: 'Console do substituto coopctl',
    token: 'Token do servidor (guardado só nesta aba)',
    cards: 'Cartões de demonstração',
    card: 'Cartão',
    tryIt: 'Experimente',
    prefer: 'Injeção de falhas nas próximas requisições',
    none: 'nenhuma (respostas normais)',
    noResult: 'confirma=3: sem resultado',
    failed: 'confirma=4: requisição falhou',
    unavailable: 'status=503: serviço indisponível',
    slow: 'delay=2000: responde 2 s depois',
    state: 'Estado',
    reset: 'Reiniciar com os dados do início',
    snapshotName: 'Nome do snapshot',
    snapshot: 'Fazer snapshot',
    restore: 'Restaurar',
    journal: 'Requisições (as mais novas primeiro)',
    head: ['id', 'horário', 'método', 'operação', 'status', 'resultado', 'ms'],
    done: 'Feito',
    resetDone: 'Reinício: os dados do início voltaram, o diário está vazio',
    failedAction: 'Recusado',
    empty: 'Nenhuma requisição ainda',
  },
} as const satisfies Record<Lang, Record<string, string | readonly string[]>>;

/** The failure-injection choices: the `Prefer` value and its label's key. */
export const PREFER_CHOICES = [
  ['', 'none'],
  ['confirma=3', 'noResult'],
  ['confirma=4', 'failed'],
  ['status=503', 'unavailable'],
  ['delay=2000', 'slow'],
] as const;

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page, in `lang`. */
export function consolePage(lang: Lang): string {
  const w = WORDS[lang];
  const choices = PREFER_CHOICES.map(
    ([value, key], i) =>
      `<label><input type="radio" name="prefer" value="${value}"${i === 0 ? ' checked' : ''}> ${html(w[key])}</label>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(w.title)}</title>
<link rel="icon" href="/_coopctl/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/_coopctl/console.css">
<script src="/_coopctl/console.js" defer></script>
</head>
<body data-words="${html(JSON.stringify(w))}">
<h1>${html(w.title)}</h1>
<p><label>${html(w.token)} <input id="token" type="password" autocomplete="off"></label></p>
<section><h2>${html(w.cards)}</h2>
<table><thead><tr><th>${html(w.card)}</th><th>${html(w.tryIt)}</th></tr></thead><tbody id="cards"></tbody></table>
</section>
<section><h2>${html(w.prefer)}</h2>
<fieldset id="prefer">${choices}</fieldset>
</section>
<section><h2>${html(w.state)}</h2>
<p><button id="reset" type="button">${html(w.reset)}</button></p>
<p><label>${html(w.snapshotName)} <input id="snapshot-name" value="clean" maxlength="64"></label>
<button id="snapshot" type="button">${html(w.snapshot)}</button>
<select id="snapshots"></select> <button id="restore" type="button">${html(w.restore)}</button></p>
<p id="status" role="status"></p>
</section>
<section><h2>${html(w.journal)}</h2>
<table><thead><tr>${w.head.map((h) => `<th>${html(h)}</th>`).join('')}</tr></thead><tbody id="requests"></tbody></table>
<p id="empty">${html(w.empty)}</p>
</section>
</body>
</html>
`;
}

/** The page's icon (the browser asks for one; without it, /favicon.ico would be a 404 on every load). */
export const CONSOLE_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0a6e4f"/></svg>';

export const CONSOLE_CSS = `body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:70rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.2rem .5rem;border-bottom:1px solid #ddd}
td{font-family:ui-monospace,monospace;font-size:.9rem}fieldset{border:0;padding:0}label{margin-right:1rem}
#status{min-height:1.2rem;font-weight:600}button{margin-right:.5rem}
`;

/** The page's script: plain browser JavaScript, no framework. */
export const CONSOLE_JS = `'use strict';
(() => {
  const words = JSON.parse(document.body.dataset.words);
  const $ = (id) => document.getElementById(id);
  const token = $('token');
  token.value = sessionStorage.getItem('coopctl-token') || '';
  token.addEventListener('change', () => sessionStorage.setItem('coopctl-token', token.value));
  const headers = () => (token.value ? { authorization: 'Bearer ' + token.value } : {});
  const call = async (method, path, body) => {
    const init = { method, headers: { ...headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetch('/_coopctl/' + path, init);
    const value = await res.json().catch(() => undefined);
    if (!res.ok) throw new Error(Array.isArray(value) && value[0] ? String(value[0].mensagem_erro) : String(res.status));
    return value;
  };
  const say = (text) => { $('status').textContent = text; };
  const cell = (row, text) => { const td = document.createElement('td'); td.textContent = String(text); row.append(td); };
  let last = 0;
  const rows = $('requests');
  const show = (e) => {
    if (e.id <= last) return;
    const tr = document.createElement('tr');
    tr.dataset.operation = e.operation;
    for (const k of ['id', 'time', 'method', 'operation', 'status', 'outcome', 'duration_ms']) cell(tr, e[k]);
    rows.prepend(tr);
    last = e.id;
    $('empty').hidden = true;
  };
  // The journal so far, then its event stream from the last id; the stream ends itself, and is opened again with a new ticket.
  let source;
  const live = async () => {
    source?.close();
    try {
      const { requests } = await call('GET', 'requests?since=' + last);
      for (const e of requests) show(e);
      $('empty').hidden = rows.children.length > 0;
      const { ticket } = await call('POST', 'requests/ticket');
      source = new EventSource('/_coopctl/requests/stream?since=' + last + '&ticket=' + encodeURIComponent(ticket));
      source.onopen = () => { document.body.dataset.live = 'stream'; };
      source.onmessage = (m) => show(JSON.parse(m.data));
      const again = () => { source.close(); delete document.body.dataset.live; setTimeout(live, 1000); };
      source.addEventListener('end', again);
      source.onerror = again;
    } catch (err) { say(words.failedAction + ': ' + err.message); setTimeout(live, 5000); }
  };
  const refresh = async () => {
    const state = await call('GET', 'state');
    const cards = $('cards');
    cards.replaceChildren();
    for (const card of state.cards) {
      const tr = document.createElement('tr');
      cell(tr, card);
      cell(tr, 'coopctl registration show ' + card + ' · coopctl record summary ' + card + ' · coopctl schedule list ' + card);
      cards.append(tr);
    }
    const select = $('snapshots');
    select.replaceChildren(...state.snapshots.map((n) => { const o = document.createElement('option'); o.textContent = n; o.value = n; return o; }));
    for (const input of document.querySelectorAll('input[name=prefer]')) input.checked = input.value === (state.prefer || '');
  };
  $('reset').addEventListener('click', async () => {
    try { await call('POST', 'reset'); rows.replaceChildren(); last = 0; $('empty').hidden = false; say(words.resetDone); }
    catch (err) { say(words.failedAction + ': ' + err.message); }
  });
  $('snapshot').addEventListener('click', async () => {
    try { await call('POST', 'snapshots/' + encodeURIComponent($('snapshot-name').value)); await refresh(); say(words.done); }
    catch (err) { say(words.failedAction + ': ' + err.message); }
  });
  $('restore').addEventListener('click', async () => {
    try { await call('POST', 'snapshots/' + encodeURIComponent($('snapshots').value) + '/restore'); rows.replaceChildren(); last = 0; say(words.done); }
    catch (err) { say(words.failedAction + ': ' + err.message); }
  });
  $('prefer').addEventListener('change', async (event) => {
    try { await call('POST', 'prefer', { prefer: event.target.value }); say(words.done); }
    catch (err) { say(words.failedAction + ': ' + err.message); }
  });
  refresh().catch((err) => say(words.failedAction + ': ' + err.message));
  live();
})();
`;

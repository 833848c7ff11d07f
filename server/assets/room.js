// The room's screen (docs/organisers.md): the event's live standings in large type, provisional
// while tables play, with the round's progress; it follows the event by long poll. The standings
// are public (GET /events/ID/standings), so the screen needs no token: its link is /room/EVENT.
import {EventApi, linkParts, make, showConnection} from './common.js?v={{version}}';

const {table: eventId} = linkParts('/room/');
const api = new EventApi(eventId, '');
const $ = (id) => document.getElementById(id);

function progress(event) {
  const round = event.rounds[event.rounds.length - 1];
  if (!round) return '';
  const done = round.tables.filter((table) => table.status !== 'in-play').length;
  return `Round ${round.round} of ${event.planned_rounds}: ` +
      `${done} of ${round.tables.length} tables finished`;
}

function points(row) {
  return typeof row.points === 'number' ? String(row.points) : String(row.points ?? '');
}

function standingsTable(table) {
  const head = make('tr', {}, ['Rank', 'Name', 'Played', 'Points'].map(
      (text) => make('th', {scope: 'col', text})));
  const rows = (table.rows || []).map((row) => make('tr', {'data-entrant': row.entrant}, [
    make('td', {class: 'rank', text: `${row.rank}${row.shared ? '=' : ''}`}),
    make('td', {class: 'name', text: row.name || row.entrant}),
    make('td', {class: 'played', text: String(row.played ?? '')}),
    make('td', {class: 'points', text: points(row)}),
  ]));
  const title = table.direction ? make('h2', {text: `Direction ${table.direction}`}) : null;
  return make('section', {}, [
    ...(title ? [title] : []),
    make('table', {class: 'room-standings'}, [make('thead', {}, [head]),
                                              make('tbody', {}, rows)]),
  ]);
}

function render(event, reply) {
  $('title').textContent = event.name || event.id;
  document.title = `${event.name || event.id}: standings`;
  const state = $('state');
  state.dataset.final = reply.provisional ? 'false' : 'true';
  state.textContent = reply.provisional ?
      `Provisional${reply.playing ? `: ${reply.playing}` : ''}` : 'Final standings';
  $('progress').textContent = progress(event);
  const tables = (reply.standings.tables || []).filter(
      (table) => table.kind !== 'cross-table' && Array.isArray(table.rows));
  $('standings').replaceChildren(...tables.map(standingsTable));
}

async function show() {
  const [event, standings] = await Promise.all([api.info(), api.request('GET', '/standings')]);
  if (!event.json.ok || !standings.json.ok) {
    const refused = event.json.ok ? standings.json : event.json;
    $('state').textContent = `No standings: ${refused.message || refused.code}`;
    return null;
  }
  render(event.json, standings.json);
  // The two replies were made at two moments: wait on the older, so that whatever changed
  // between them is shown at the next look.
  return Math.min(event.json.state, standings.json.state);
}

async function start() {
  if (!eventId) {
    $('state').textContent = 'This screen needs an event: /room/EVENT.';
    return;
  }
  let state = await show();
  showConnection($('connection'), 'ok');
  for (;;) {
    try {
      const reply = await api.wait(state ?? undefined);
      showConnection($('connection'), 'ok');
      if (reply.json.ok && reply.json.state !== state) state = await show();
      else if (!reply.json.ok) await new Promise((resolve) => setTimeout(resolve, 5000));
    } catch (error) {
      showConnection($('connection'), 'lost');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

start();

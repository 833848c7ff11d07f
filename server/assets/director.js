// The director's page (docs/organisers.md): the event's tables and calls, each act of the
// director as a form with its reason, the next round, and the sheet of seat links with their QR
// codes. The event's id is the page's path, the director's token its link's fragment.
import {EventApi, linkParts, make, qrImage, showConnection} from './common.js?v={{version}}';

const {table: eventId, token} = linkParts('/director/');
const api = new EventApi(eventId, token);
const $ = (id) => document.getElementById(id);
let event = null;  // GET /events/ID, as last answered

// Each act: its members as form fields (docs/serve.md, "The director's acts").
const ACTS = {
  adjust: {title: 'Adjust a score', fields: [['entrant'], ['points', -1000, 1000], ['round', 1]]},
  penalty: {title: 'A penalty', fields: [['entrant'], ['points', 1, 1000], ['round', 1]]},
  average: {title: 'Award an average (a bye)',
            fields: [['entrant'], ['round', 1], ['points', -1000, 1000, 'optional']]},
  withdraw: {title: 'Withdraw an entrant', fields: [['entrant'], ['after_round', 0]]},
  settle: {title: 'Settle a table (close it unfinished)', fields: [['table']]},
  replace: {title: 'Replace a player at a table', fields: [['table'], ['seat'], ['player']]},
  void: {title: 'Void a deal played out (it is not scored)',
         fields: [['played-table'], ['deal', 1, 10000]]},
};
const LABELS = {entrant: 'Entrant', points: 'Points', round: 'Round', after_round: 'After round',
                table: 'Table', seat: 'Seat', player: 'Substitute (a name)',
                'played-table': 'Table', deal: 'Deal'};

function say(text, isError = false) {
  $('message').hidden = !isError;
  $('message').textContent = isError ? text : '';
  $('done').textContent = isError ? '' : text;
}

function refusal(reply) {
  return `Refused: ${reply.json.message || reply.json.code || `error ${reply.status}`}`;
}

function currentRound() {
  return event && event.rounds.length ? event.rounds[event.rounds.length - 1] : null;
}

function entrants() {
  const names = new Set();
  for (const round of event.rounds) {
    for (const table of round.tables) table.entrants.forEach((name) => names.add(name));
    (round.sitting_out || []).forEach((name) => names.add(name));
  }
  return [...names].sort();
}

function options(select, values) {
  const kept = select.value;
  select.replaceChildren(...values.map((value) => make('option', {value, text: value})));
  if (values.includes(kept)) select.value = kept;
}

function field(act, [name, min, max, optional]) {
  const id = `${act}-${name}`;
  const label = make('label', {for: id, text: LABELS[name]});
  let input;
  if (name === 'entrant' || name === 'table' || name === 'seat' || name === 'played-table') {
    // A played table is any table with a deal played out, in play or finished, of any round.
    input = make('select', {id, name: name === 'played-table' ? 'table' : name, required: true,
                            'data-list': name});
  } else if (name === 'player') {
    input = make('input', {id, name, required: true, maxlength: 64, autocomplete: 'off'});
  } else {
    const isRound = name === 'round' || name === 'after_round';
    input = make('input', {id, name, type: 'number', inputmode: 'numeric', step: 1, min,
                           max, required: !isRound && !optional});
    if (isRound || optional) label.append(' (optional)');
  }
  return make('div', {class: 'field'}, [label, input]);
}

function actForm(act, spec) {
  const why = make('textarea', {id: `${act}-why`, name: 'why', required: true, maxlength: 500,
                                rows: 2});
  const form = make('form', {class: 'act-form', 'data-act': act}, [
    ...spec.fields.map((one) => field(act, one)),
    make('div', {class: 'field'}, [make('label', {for: `${act}-why`, text: 'Reason'}), why]),
    make('button', {type: 'submit', class: 'action', text: spec.title}),
  ]);
  form.addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    send(form, act);
  });
  return make('details', {class: 'act'}, [make('summary', {text: spec.title}), form]);
}

async function send(form, act) {
  const body = {act};
  for (const element of form.elements) {
    if (!element.name || element.value === '') continue;
    body[element.name] = element.type === 'number' ? Number(element.value) : element.value;
  }
  const reply = await api.write('/acts', body, event.journal_lines);
  if (!reply.json.ok) return say(refusal(reply), true);
  form.reset();
  let text = `Done: ${ACTS[act].title.toLowerCase()}.`;
  if (reply.json.link) text += ` The substitute's seat link: ${location.origin}${reply.json.link}`;
  say(text);
  await refresh();
}

function tableRows() {
  const round = currentRound();
  const calls = new Map();
  for (const call of (event.calls_open || [])) calls.set(call.table, (calls.get(call.table) || 0) + 1);
  const head = make('tr', {}, ['Table', 'Players', 'State', 'Calls'].map(
      (text) => make('th', {scope: 'col', text})));
  const rows = round.tables.map((table) => {
    const players = Object.entries(table.players).map(([seat, who]) => `${seat} ${who}`);
    const state = {'in-play': table.events ? 'playing' : 'waiting', over: 'finished',
                   settled: 'settled'}[table.status] || table.status;
    const link = make('a', {href: `/tables/${encodeURIComponent(table.id)}/sheet`,
                            text: `${table.table} (${table.id})`});
    return make('tr', {'data-table': table.id, 'data-state': state}, [
      make('td', {}, [link]), make('td', {text: players.join(', ')}),
      make('td', {text: state}), make('td', {text: String(calls.get(table.id) || '')}),
    ]);
  });
  const table = make('table', {class: 'sheet'}, [make('thead', {}, [head]),
                                                make('tbody', {}, rows)]);
  const out = round.sitting_out && round.sitting_out.length ?
      make('p', {text: `Sitting out: ${round.sitting_out.join(', ')}`}) : null;
  $('tables').replaceChildren(table, ...(out ? [out] : []));
}

function renderCalls(calls) {
  event.calls_open = calls.open;
  if (!calls.open.length) {
    $('calls').replaceChildren(make('p', {class: 'hint', text: 'No call is waiting.'}));
    return;
  }
  $('calls').replaceChildren(...calls.open.map((call) => {
    const id = `answer-${call.call}`;
    const form = make('form', {class: 'act-form call'}, [
      make('p', {text: `Call ${call.call}: ${call.player} at ${call.table || 'no table'}: ` +
                        `\u201c${call.message}\u201d`}),
      make('label', {for: id, text: 'Answer'}),
      make('input', {id, name: 'answer', required: true, maxlength: 500}),
      make('button', {type: 'submit', class: 'action', text: 'Answer'}),
    ]);
    form.addEventListener('submit', async (submitted) => {
      submitted.preventDefault();
      const reply = await api.write(`/calls/${call.call}/answer`,
                                    {answer: form.elements.answer.value}, event.journal_lines);
      if (!reply.json.ok) return say(refusal(reply), true);
      say(`Call ${call.call} answered.`);
      await refresh();
    });
    return form;
  }));
}

// The void's deal goes up to the deals its table has played out.
function limitDeal() {
  const tables = event ? event.rounds.flatMap((made) => made.tables) : [];
  const chosen = tables.find((table) => table.id === $('void-played-table').value);
  $('void-deal').max = chosen ? Math.max(1, chosen.deals_played) : 1;
}

function render() {
  const round = currentRound();
  $('title').textContent = `Director: ${event.name || event.id}`;
  $('summary').textContent = event.status === 'over' ? 'The event is over.' :
      `Round ${round.round} of ${event.planned_rounds}: ` +
      (event.playing || (event.round_complete ? 'every table is done' : 'no table playing'));
  tableRows();
  const inPlay = round.tables.filter((table) => table.status === 'in-play');
  const played = event.rounds.flatMap((made) => made.tables).filter((table) =>
      (table.status === 'in-play' || table.status === 'over') && table.deals_played > 0);
  const seats = new Set(round.tables.flatMap((table) => Object.keys(table.players)));
  const lists = {entrant: () => entrants(), table: () => inPlay.map((table) => table.id),
                 'played-table': () => played.map((table) => table.id), seat: () => [...seats]};
  for (const select of document.querySelectorAll('select[data-list]')) {
    options(select, lists[select.dataset.list]());
  }
  limitDeal();
  $('journal').replaceChildren(...event.acts.filter((act) => ACTS[act.act]).map((act) =>
      make('li', {text: `${act.act}${act.entrant ? ` ${act.entrant}` : ''}` +
                        `${act.table ? ` ${act.table}` : ''}` +
                        `${act.deal ? ` deal ${act.deal}` : ''}` +
                        `${act.points !== undefined && act.points !== null ? ` ${act.points}` : ''}` +
                        `: ${act.why}`})));
}

async function refresh() {
  const reply = await api.info();
  if (!reply.json.ok) return say(refusal(reply), true);
  event = reply.json;
  const calls = await api.request('GET', '/calls');
  if (calls.json.ok) renderCalls(calls.json);
  else say(refusal(calls), true);
  render();
}

// A table's number in its round, as the tables are called in the room.
function tableNumber(id) {
  const found = currentRound().tables.find((table) => table.id === id);
  return found ? found.table : id;
}

async function makeSheet(form) {
  const reply = await api.write('/tokens', {}, event.journal_lines);
  if (!reply.json.ok) return say(refusal(reply), true);
  const cards = [];
  for (const [player, link] of Object.entries(reply.json.players)) {
    if (!link.link) {
      cards.push(make('div', {class: 'seat-link'}, [make('p', {class: 'big',
          text: `${player}: sits this round out`})]));
      continue;
    }
    const address = `${location.origin}${link.link}`;
    const image = make('img', {alt: `QR code of the seat link of ${player}`, class: 'qr',
                               width: 180, height: 180});
    image.src = await qrImage(address);
    cards.push(make('div', {class: 'seat-link', 'data-player': player}, [
      make('p', {class: 'big', text: `Table ${tableNumber(link.table)}, seat ${link.seat}`}),
      make('p', {text: `${player} (${link.table})`}), image,
      make('p', {class: 'link-text'}, [make('a', {href: address, text: address})]),
    ]));
  }
  $('sheet').replaceChildren(...cards);
  $('print').hidden = false;
  form.reset();
  say('New seat links are ready to print.');
  await refresh();
}

async function follow() {
  for (;;) {
    try {
      const reply = await api.wait(event ? event.state : undefined);
      showConnection($('connection'), 'ok');
      if (reply.json.ok && (!event || reply.json.state !== event.state)) await refresh();
    } catch (error) {
      showConnection($('connection'), 'lost');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function start() {
  if (!eventId || !token) {
    say('This page needs the director\u2019s link of an event: /director/EVENT#TOKEN.', true);
    $('summary').textContent = 'No event.';
    return;
  }
  $('room-link').href = `/room/${encodeURIComponent(eventId)}`;
  $('acts').replaceChildren(...Object.entries(ACTS).map(([act, spec]) => actForm(act, spec)));
  $('void-played-table').addEventListener('change', limitDeal);
  $('next-round').addEventListener('submit', async (submitted) => {
    submitted.preventDefault();
    const reply = await api.write('/rounds', {}, event.journal_lines);
    if (!reply.json.ok) return say(refusal(reply), true);
    say(`Round ${reply.json.round.round} is made.`);
    await refresh();
  });
  $('make-sheet').addEventListener('submit', (submitted) => {
    submitted.preventDefault();
    makeSheet($('make-sheet'));
  });
  $('print').addEventListener('click', () => window.print());
  await refresh();
  showConnection($('connection'), 'ok');
  follow();
}

start();

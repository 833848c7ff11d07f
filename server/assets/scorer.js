// The scorer's page (docs/organisers.md, "The scorer's page"): one device at a table played with
// real cards enters every card as it is played, or the four cards of a trick once it is over. It
// acts with the table's scorer token, for the seat whose turn it is. Where the server holds the
// board's hands it refuses at once a card that seat cannot play; where nobody entered them (a
// table with hands unknown, docs/serve.md) it refuses a card that proves a revoke. Either way the
// page says why in plain words. It shows only what every seat may see: the cards played, never a
// hand.
import {
  SEATS, SEAT_NAMES, TableApi, acceptedFindings, cardFace, cardName, deckOption, follow, gameTitle,
  linkParts, make, plainWords, postEvent, readCard, showConnection, sortCards, suitName, words,
} from './common.js?v={{version}}';
import {SheetArea, callControl, trickTable} from './table.js?v={{version}}';

const $ = (id) => document.getElementById(id);
const link = linkParts('/scorer/');
const page = {
  api: null, info: null, state: null, sheet: null,
  pad: new Map(), padKey: '',  // the pad's buttons by card, made once for the pack
  queue: [],        // cards tapped, not yet accepted, in the order they were played
  entered: 0,       // the number of the last event the page entered
  posting: false,   // the first of them is on its way
  call: {trump: null, tricks: null},
};

start();

async function start() {
  deckOption($('four-colour'));
  if (!link.table || !link.token) {
    return fatal('This page needs the whole scorer\u2019s link of the table: the table after ' +
                 '/scorer/ and the scorer\u2019s key after the #.');
  }
  page.api = new TableApi(link.table, link.token);
  let info;
  for (let pause = 1000; ; pause = Math.min(pause * 2, 8000)) {
    try {
      info = await page.api.info();
      if (info.status < 500) break;
    } catch (error) {
      showConnection($('connection'), 'lost');
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  if (info.status !== 200) return fatal(plainWords(info.json).rule);
  page.info = info.json;
  page.unknown = page.info.hands === 'unknown';
  if (page.unknown) {
    $('pad-hint').textContent = 'Or the four cards of a trick, in the order they were played, ' +
      'once it is over. Nobody entered the hands: each card is checked against the cards played ' +
      'so far, and a revoke is caught as soon as a later card shows it.';
  }
  page.sheet = new SheetArea(page.api, $('scores'), $('result'),
                             (unit) => unit.length === 1 ? seatLabel(unit) : unit);
  $('title').textContent = `${gameTitle(page.info.game)} \u00b7 table ${link.table} \u00b7 scorer`;
  document.title = `Scorer, table ${link.table}: referee`;
  follow(page.api, {
    onState: (state) => {
      page.state = state;
      document.body.dataset.events = state.events;  // where the page stands, for its tests
      render();
      page.sheet.refresh(state);
      pump();
    },
    onConnection: (state) => showConnection($('connection'), state),
    onStop: (refusal) => {
      if (refusal) return fatal(refusal.rule);
      page.sheet.refresh(page.state, true);
    },
  });
}

function fatal(text) {
  $('turn').textContent = text;
  $('turn').classList.add('stopped');
  $('pad-area').hidden = true;
  $('controls').hidden = true;
}

function seatLabel(seat) {
  const players = page.info && page.info.header && page.info.header.players;
  const name = players && !Array.isArray(players) ? players[seat] : '';
  return name ? `${SEAT_NAMES[seat]} (${name})` : SEAT_NAMES[seat] || seat;
}

function render() {
  const {state} = page;
  const view = state.view || {};
  const next = state.next || {};
  // A table of four seats plays its cards in tricks; a table of players in turn order does not.
  if (Array.isArray((page.info.header || {}).players)) {
    return fatal('The scorer\u2019s page enters the cards of a trick game; this table is ' +
                 'played on its players\u2019 own pages.');
  }
  renderTurn(next);
  const shown = {...view, pending: pendingSeats(next)};
  $('table').replaceChildren(trickTable(shown, next, {bottom: 'S', label: seatLabel}));
  const calls = (state.legal || []).filter((event) => event.event === 'call');
  $('controls').hidden = calls.length === 0;
  $('controls').replaceChildren(...(calls.length ? [
    make('p', {text: `${seatLabel(next.seat)} calls:`}),
    callControl(calls, page.call, {
      locked: page.posting || state.status !== 'in-play', redraw: render,
      side: 'the caller\u2019s side',
      send: (line) => {
        page.queue.push({...line, seat: next.seat});
        pump();
      },
    }),
  ] : []));
  renderPad(view, next);
}

function renderTurn(next) {
  const {status} = page.state;
  let text = '';
  if (status === 'over' || next.phase === 'over') text = 'The match is over.';
  else if (status === 'cancelled') text = 'The organiser cancelled this table.';
  else if (next.phase === 'deal') text = 'Waiting for the cards to be dealt.';
  else if (next.phase === 'call') text = `Deal ${next.deal}: ${seatLabel(next.seat)} to call.`;
  else if (next.phase === 'play') {
    text = `Deal ${next.deal}, trick ${next.trick}: ${seatLabel(next.seat)} to play.`;
  }
  $('turn').textContent = text;
}

// The cards tapped and not yet accepted, by the seat each is for: the seats in turn from the one
// to play.
function pendingSeats(next) {
  const pending = {};
  const from = SEATS.indexOf(next.seat);
  const cards = page.queue.filter((entry) => entry.event === 'play');
  if (from < 0) return pending;
  const trickSoFar = words((page.state.view.trick || {}).cards).length;
  cards.slice(0, 4 - trickSoFar).forEach((entry, i) => {
    pending[SEATS[(from + i) % 4]] = entry.card;
  });
  return pending;
}

// Every card of the pack, by suit, each a button of its own that keeps its place for the whole
// deal: a card played (or tapped and on its way) leaves a gap, so that a finger tapping fast never
// lands on a card that moved, and a button is never replaced between the press and the release.
function renderPad(view, next) {
  const pack = sortCards(words(view.pack));
  const key = pack.join(' ');
  if (page.padKey !== key) {
    page.padKey = key;
    page.pad = new Map();
    const bySuit = new Map();
    for (const card of pack) {
      const suit = readCard(card).suit || '?';
      if (!bySuit.has(suit)) bySuit.set(suit, []);
      const button = cardFace(card, {button: true});
      button.addEventListener('click', () => tap(card));
      page.pad.set(card, button);
      bySuit.get(suit).push(button);
    }
    $('pad').replaceChildren(...[...bySuit.entries()].map(([suit, buttons]) => make('div', {
      class: `pad-row suit-${suit}`, role: 'group', 'aria-label': suitName(suit),
    }, [make('span', {class: 'pad-suit', text: suitName(suit)}), ...buttons])));
  }
  const played = new Set(words(view.played));
  const queued = new Set(page.queue.map((entry) => entry.card));
  const open = page.state.status === 'in-play' && next.phase === 'play';
  for (const [card, button] of page.pad) {
    const gone = played.has(card) || queued.has(card);
    button.classList.toggle('gone', gone);
    button.disabled = gone || !open;
    button.classList.toggle('playable', !gone && open);
    if (gone) button.setAttribute('aria-hidden', 'true');
    else button.removeAttribute('aria-hidden');
  }
  $('pad-area').hidden = !view.pack;
}

function tap(card) {
  page.queue.push({event: 'play', card});
  say(null);
  render();
  pump();
}

// Sends the first card tapped, as the table's next event, for the seat to play; the next one goes
// once the state that holds it has arrived (its number is then known). A refusal drops the cards
// tapped after it: they were tapped as following a card the table does not hold.
async function pump() {
  const {state} = page;
  if (page.posting || !page.queue.length || !state || state.status !== 'in-play') return;
  if (state.events < page.entered) return;  // the state that holds the last card is on its way
  const entry = page.queue[0];
  const next = state.next || {};
  const line = entry.event === 'play' ? {event: 'play', seat: next.seat, card: entry.card} : entry;
  page.posting = true;
  const events = state.events;
  const reply = await postEvent(page.api, line, events);
  page.posting = false;
  if (reply.status === 200 && reply.json.ok) {
    page.queue.shift();
    // A finding with an accepted card is said (and stays) until the next card is tapped.
    const found = acceptedFindings(reply.json);
    if (found) say(found);
    // The next card waits for the state with this one (the long poll brings it at once): its
    // number is the table's count then.
    page.entered = events + 1;
    render();
    return pump();
  }
  const dropped = page.queue.length - 1;
  page.queue = [];
  if (reply.status === 0) {
    say({rule: 'No answer from the server: the page checks where the table stands. Tap again ' +
               'any card the table does not show.', detail: ''});
  } else {
    say(refusal(reply.json, line), dropped);
  }
  render();
}

// A refusal of an entered card, said for the table: which seat, which card, and the rule.
function refusal(json, line) {
  const said = plainWords(json);
  const who = seatLabel(line.seat);
  const card = line.card ? cardName(line.card) : '';
  if (page.unknown) return refusalWithHandsUnknown(json, said, who, card);
  // The page names the seat to play, so a lead the rules refuse is a card that seat lacks.
  if (json.code === 'card-not-in-hand' || json.code === 'wrong-leader') {
    said.rule = `${who} does not hold the ${card} on this board. Check the card tapped, and ` +
                'the board\u2019s cards.';
  } else if (json.code === 'revoke') {
    const first = words(((page.state.view || {}).trick || {}).cards)[0];
    const led = first ? suitName(readCard(first).suit) : 'the suit led';
    said.rule = `${who} must follow suit in ${led}: the board gives ${who} a card of that ` +
                `suit, so the ${card} cannot be played. Enter the card played instead, or ` +
                'call the director.';
  } else if (['out-of-turn', 'event-taken', 'event-number'].includes(json.code)) {
    said.rule = 'The table moved on before this card arrived: it now shows where play stands.';
  }
  return said;
}

// A refusal where nobody knows the hands: the cards played prove a revoke (the message of
// docs/serve.md, "Hands unknown", names the seat, the suit and the trick), or a card was tapped
// twice.
function refusalWithHandsUnknown(json, said, who, card) {
  const proven = /from (\w), which did not follow (\w+) to trick (\d+) \(it played (\w+)\)/
      .exec(json.message || '');
  const certain = /found a revoke certain: (.*)$/.exec(json.message || '');
  if (json.code === 'revoke' && proven) {
    const [, seat, suit, trick, instead] = proven;
    said.rule = `Revoke: ${seatLabel(seat)} did not follow ${suit} at trick ${trick} (it played ` +
                `the ${cardName(instead)}), and now plays the ${card}. If the card was tapped by ` +
                'mistake, tap the card played; otherwise call the director.';
  } else if (json.code === 'revoke' && certain) {
    said.rule = `A revoke is certain after the ${card}: there are more cards left in a suit ` +
                'than the players who followed it can hold, so a player who did not follow ' +
                `it holds one (${certain[1].replace(/\b([NESW]) /g, (all, seat) => `${SEAT_NAMES[seat]} `)}). ` +
                'Check the cards entered; otherwise call the director.';
  } else if (json.code === 'card-not-in-hand') {
    said.rule = `The ${card} was played already in this deal. Check the card tapped.`;
  } else if (['out-of-turn', 'event-taken', 'event-number'].includes(json.code)) {
    said.rule = 'The table moved on before this card arrived: it now shows where play stands.';
  }
  return said;
}

function say(words, dropped = 0) {
  const box = $('message');
  box.hidden = !words;
  box.replaceChildren();
  if (!words) return;
  box.append(make('p', {class: 'rule', text: words.rule}));
  if (dropped > 0) {
    box.append(make('p', {text: `The ${dropped} card${dropped === 1 ? '' : 's'} tapped after ` +
                                'it were not entered: tap them again.'}));
  }
  if (words.detail) box.append(make('p', {class: 'detail', text: `The referee: ${words.detail}`}));
}

// What the pages of `referee serve` share: the table API as any client uses it, cards as people
// read them, refusals in plain words, and the options a player sets (docs/organisers.md). Plain
// JavaScript modules, no framework and no build step: the server ships this file as it is.

export const SEAT_NAMES = {N: 'North', E: 'East', S: 'South', W: 'West'};
export const SEATS = ['N', 'E', 'S', 'W'];

// A trick game's pack: ranks 2 to ace, suits as records write them (docs/record-format.md).
const SUITS = {
  S: {symbol: '\u2660', name: 'spades', one: 'spade'},
  H: {symbol: '\u2665', name: 'hearts', one: 'heart'},
  C: {symbol: '\u2663', name: 'clubs', one: 'club'},
  D: {symbol: '\u2666', name: 'diamonds', one: 'diamond'},
};
const SUIT_ORDER = 'SHCD';  // black, red, black, red: neighbours differ in the two-colour deck
const RANKS = '23456789TJQKA';
const RANK_NAMES = {
  2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine',
  T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace',
};
// Number cards (1 to 7) of a colour, as the editions of a number-card game write them: each
// letter names one colour in every edition.
const COLOURS = {
  G: 'green', P: 'pink', O: 'orange', U: 'purple', B: 'blue', Y: 'yellow', R: 'red',
};
const COLOUR_ORDER = 'GPOUBYR';

// The words of a space-separated list of cards, as views write them.
export function words(text) {
  return typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : [];
}

// A card's text read: {suit, rank} for a suited card, {colour, number} for a number card.
export function readCard(text) {
  const suited = /^(10|[2-9TJQKA])([SHCD])$/.exec(text);
  if (suited) return {text, rank: suited[1] === '10' ? 'T' : suited[1], suit: suited[2]};
  const number = /^([1-9])([A-Z])$/.exec(text);
  if (number && COLOURS[number[2]]) return {text, number: Number(number[1]), colour: number[2]};
  return {text};
}

export function cardName(text) {
  const card = readCard(text);
  if (card.suit) return `${RANK_NAMES[card.rank]} of ${SUITS[card.suit].name}`;
  if (card.colour) return `${card.number} ${COLOURS[card.colour]}`;
  return text;
}

export function suitName(letter, count = 2) {
  const suit = SUITS[letter];
  return suit ? (count === 1 ? suit.one : suit.name) : letter;
}

export function suitSymbol(letter) {
  return SUITS[letter] ? SUITS[letter].symbol : '';
}

function cardOrder(text) {
  const card = readCard(text);
  if (card.suit) return SUIT_ORDER.indexOf(card.suit) * 100 + (12 - RANKS.indexOf(card.rank));
  if (card.colour) return 1000 + COLOUR_ORDER.indexOf(card.colour) * 100 + card.number;
  return 5000;
}

// A hand sorted for reading: by suit (black and red alternating), high cards first; number cards
// by colour, then number.
export function sortCards(cards) {
  return [...cards].sort((a, b) => cardOrder(a) - cardOrder(b) || (a < b ? -1 : a > b ? 1 : 0));
}

// Makes an element; `attributes` may hold `text`, `class` and any attribute.
export function make(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') element.textContent = value;
    else if (key === 'class') element.className = value;
    else element.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

// A card as people see it: its rank or number large, its suit's symbol or colour's name beside,
// so that no suit is told by its colour alone; a screen reader reads its name.
export function cardFace(text, {button = false, small = false} = {}) {
  const card = readCard(text);
  const classes = ['card'];
  if (small) classes.push('small');
  if (card.suit) classes.push(`suit-${card.suit}`);
  if (card.colour) classes.push('number-card', `colour-${card.colour}`);
  const face = make(button ? 'button' : 'span', {
    class: classes.join(' '), 'data-card': text, 'aria-label': cardName(text),
    type: button ? 'button' : undefined, role: button ? undefined : 'img',
  });
  if (card.suit) {
    face.append(make('span', {class: 'rank', text: card.rank === 'T' ? '10' : card.rank,
                              'aria-hidden': 'true'}),
                make('span', {class: 'pip', text: SUITS[card.suit].symbol, 'aria-hidden': 'true'}));
  } else if (card.colour) {
    face.append(make('span', {class: 'rank', text: String(card.number), 'aria-hidden': 'true'}),
                make('span', {class: 'pip', text: COLOURS[card.colour], 'aria-hidden': 'true'}));
  } else {
    face.append(make('span', {class: 'rank', text}));
  }
  return face;
}

// The refusals a page may still meet (its own moves are legal when it sends them: the table may
// have moved on, or another device acted first), as the rule they apply in plain words. The
// server's message follows, which says what it expected and what it found.
const PLAIN = {
  'revoke': 'You must follow suit: a card of the suit led is in the hand.',
  'out-of-turn': 'It is not this seat\u2019s turn.',
  'wrong-leader': 'Only the player who won the last trick (or the first leader) may lead.',
  'card-not-in-hand': 'That card is not in the hand that plays now.',
  'duplicate-card': 'That card has been played already.',
  'card-not-in-pack': 'That card is not in this game\u2019s pack.',
  'wrong-player': 'It is another player\u2019s turn.',
  'wrong-caller': 'Only the player to the dealer\u2019s left calls.',
  'missing-call': 'The call must come before the first card.',
  'call-out-of-range': 'That number of tricks cannot be called.',
  'missing-trump': 'A call names a trump suit.',
  'no-trump-not-allowed': 'These rules need a trump suit: no-trump calls are not played.',
  'bad-call': 'That call is not one the rules allow.',
  'conference-too-long': 'The conference ran over its time; the call stands.',
  'bad-conference': 'A conference comes once, before the call.',
  'not-conferring': 'Only the calling partners confer, before the call.',
  'unexpected-event': 'That move has no place now: the table waits for something else.',
  'bad-pile': 'There are four piles, numbered 1 to 4.',
  'no-match': 'A card goes on a pile whose top card has its colour or its number.',
  'play-after-end': 'The match is over: no more moves.',
  'deal-after-end': 'The match is over: no more deals.',
  'event-taken': 'The table moved on before this move arrived; it now shows where play stands.',
  'event-number': 'The table moved on before this move arrived; it now shows where play stands.',
  'wrong-seat': 'This device acts for another seat.',
  'wrong-token': 'This link no longer works: the organiser has issued a new one.',
  'missing-token': 'This link has no key: open the whole link the organiser gave.',
  'table-cancelled': 'The organiser cancelled this table.',
  'unknown-table': 'There is no such table on this server: check the link.',
  'disk': 'The server could not save the move: tell the organiser.',
  'busy': 'The server is busy: the page tries again by itself.',
  'busy-client': 'The server is busy: the page tries again by itself.',
};

// The findings that came with an accepted event (what did happen, and counts in the verdict: a
// conference over its time, a revoke that a later card showed), in plain words; none without.
export function acceptedFindings(reply) {
  const findings = (reply && reply.findings) || [];
  if (!findings.length) return null;
  return {
    rule: 'Entered, with a finding the verdict counts: ' +
          findings.map((finding) => PLAIN[finding.code] || finding.code).join(' '),
    detail: findings.map((finding) => finding.message).join('; '),
  };
}

export function plainWords(reply) {
  const code = reply && reply.code;
  const rule = PLAIN[code] || 'The server refused that.';
  const detail = reply && typeof reply.message === 'string' ? reply.message : '';
  return {rule, detail, code};
}

// The table API (docs/serve.md), as this page's token may use it. Every request has a deadline:
// a dropped connection is seen as one, never as a page that waits for ever.
export class TableApi {
  constructor(table, token) {
    this.table = table;
    this.token = token;
    this.base = `/tables/${encodeURIComponent(table)}`;
  }

  async request(method, path, {body, seconds = 15} = {}) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), seconds * 1000);
    const headers = {};
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetch(this.base + path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal, cache: 'no-store', credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      let json = null;
      try {
        json = await response.json();
      } catch (error) {
        json = {ok: false, code: 'not-json', message: `the server answered ${response.status}`};
      }
      return {status: response.status, json};
    } finally {
      clearTimeout(timer);
    }
  }

  info() { return this.request('GET', ''); }
  sheet() { return this.request('GET', '/sheet'); }
  // The long poll: answered when the table has more than `after` events, or after the server's
  // poll time (25 s by default); at once without `after`.
  wait(after) {
    return this.request('GET', after === undefined ? '/wait' : `/wait?after=${after}`,
                        {seconds: 70});
  }
  // An event, naming the number it will have: a retry of it gets the first one's reply.
  post(line, number) { return this.request('POST', `/events?event=${number}`, {body: line}); }
}

// The table's id (the page's path) and the token (the fragment, which no request carries).
export function linkParts(prefix) {
  const path = decodeURIComponent(location.pathname);
  const table = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  let token = location.hash.replace(/^#/, '');
  if (token.startsWith('token=')) token = token.slice(6);
  return {table, token: /^[0-9a-f]{16,128}$/i.test(token) ? token : ''};
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Follows a table by long poll until it is over: `onState` gets every state the server sends,
// `onConnection` whether the page is in touch ('ok', 'lost'), `onStop` why following stopped for
// good (a refusal the page cannot cure by asking again). A lost connection is tried again after
// 1, 2, 4, then every 8 seconds; the state after it is the server's, so a reload or a dropped
// connection shows the same table.
export async function follow(api, {onState, onConnection, onStop}) {
  let after;
  let last = '';
  let pause = 1000;
  for (;;) {
    let reply;
    try {
      reply = await api.wait(after);
    } catch (error) {
      onConnection('lost');
      await sleep(pause);
      pause = Math.min(pause * 2, 8000);
      continue;
    }
    if (reply.status === 200 && reply.json && reply.json.ok) {
      pause = 1000;
      onConnection('ok');
      after = reply.json.events;
      // A poll that timed out brings the same state: the page is left as it is (a control being
      // pressed is not replaced under the finger).
      const text = JSON.stringify(reply.json);
      if (text !== last) onState(reply.json);
      last = text;
      if (reply.json.status !== 'in-play') return onStop(null, reply.json);
      continue;
    }
    if (reply.status >= 500 || reply.status === 408 || reply.status === 429) {
      onConnection('lost');
      await sleep(pause);
      pause = Math.min(pause * 2, 8000);
      continue;
    }
    onConnection('ok');
    return onStop(plainWords(reply.json), reply.json);
  }
}

// Posts an event as the next one of the table (`events` + 1). A request whose reply is lost (a
// dropped connection, no answer in time) is sent once more with the same number: the server
// applies it once and answers the retry with the first reply.
export async function postEvent(api, line, events) {
  const number = events + 1;
  try {
    return await api.post(line, number);
  } catch (error) {
    try {
      return await api.post(line, number);
    } catch (again) {
      return {status: 0, json: {ok: false, code: 'lost', message: 'no answer from the server'}};
    }
  }
}

// The four-colour deck: diamonds blue and clubs green beside black spades and red hearts. Kept in
// this browser for every page.
export function deckOption(checkbox) {
  const stored = () => {
    try {
      return localStorage.getItem('referee.deck') === 'four';
    } catch (error) {
      return false;
    }
  };
  const apply = (four) => document.body.classList.toggle('four-colour', four);
  checkbox.checked = stored();
  apply(checkbox.checked);
  checkbox.addEventListener('change', () => {
    apply(checkbox.checked);
    try {
      localStorage.setItem('referee.deck', checkbox.checked ? 'four' : 'two');
    } catch (error) {
      // private browsing: the choice lasts for this page
    }
  });
}

// The connection line of a page's bar.
export function showConnection(element, state) {
  element.dataset.state = state;
  element.textContent = state === 'ok' ? 'Connected' : state === 'lost' ? 'Reconnecting\u2026' :
                                                                           'Connecting\u2026';
}

// A score sheet (GET /tables/ID/sheet) as a table: a row per deal, a column per seat or side,
// the totals last.
export function sheetTable(sheet, unitName) {
  const units = sheet.units || [];
  const table = make('table', {class: 'sheet'});
  const head = make('tr', {}, [make('th', {scope: 'col', text: 'Deal'})]);
  for (const unit of units) head.append(make('th', {scope: 'col', text: unitName(unit)}));
  table.append(make('thead', {}, [head]));
  const body = make('tbody');
  if (!(sheet.deals || []).length) {
    body.append(make('tr', {}, [make('td', {colspan: units.length + 1, class: 'none',
                                            text: 'No deal scored yet.'})]));
  }
  for (const deal of sheet.deals || []) {
    const label = deal.board && deal.board !== deal.deal ? `${deal.deal} (board ${deal.board})` :
                                                           String(deal.deal);
    const row = make('tr', {}, [make('th', {scope: 'row'}, [
      make('span', {text: label}), make('span', {class: 'label', text: deal.label || ''}),
    ])]);
    for (const unit of units) {
      row.append(make('td', {text: deal.void ? 'void' : String(deal.points[unit] ?? '')}));
    }
    body.append(row);
  }
  table.append(body);
  const totals = make('tr', {class: 'totals'}, [make('th', {scope: 'row', text: 'Total'})]);
  for (const unit of units) totals.append(make('td', {text: String(sheet.totals[unit] ?? 0)}));
  table.append(make('tfoot', {}, [totals]));
  return table;
}

export function gameTitle(name) {
  return typeof name === 'string' && name ? name[0].toUpperCase() + name.slice(1) : 'Table';
}

// The event API (docs/serve.md, "A club night"), as the director's page and the room's screen
// use it: the same requests as a table's, under /events/ID.
export class EventApi extends TableApi {
  constructor(event, token) {
    super(event, token);
    this.base = `/events/${encodeURIComponent(event)}`;
  }

  // A director's request that writes a line of the event's journal, naming the line it will be
  // (`expect`): when its reply is lost it is sent once more, and the server applies it once.
  async write(path, body, lines) {
    const sent = {...body, expect: lines + 1};
    try {
      return await this.request('POST', path, {body: sent});
    } catch (error) {
      return this.request('POST', path, {body: sent});
    }
  }
}

// A QR code of a link, as the server draws it (POST /qr: the link, which holds a token, travels
// in a body, never in an address), as an image's address.
export async function qrImage(link) {
  const response = await fetch('/qr', {
    method: 'POST', body: link, cache: 'no-store', credentials: 'omit',
    referrerPolicy: 'no-referrer', headers: {'Content-Type': 'text/plain'},
  });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return `data:image/svg+xml,${encodeURIComponent(await response.text())}`;
}

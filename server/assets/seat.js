// A seat's page (docs/organisers.md, "The seat's page"): the seat's hand and the table, from the
// seat's own view of the table API; every control offers only what the rules allow now (the
// `legal` events of the view), and a refusal is said as the rule in plain words. The token comes
// from the link's fragment and goes only into the Authorization header.
import {
  SEAT_NAMES, TableApi, acceptedFindings, cardFace, deckOption, follow, gameTitle, linkParts, make,
  plainWords, postEvent, showConnection, sortCards, words,
} from './common.js?v={{version}}';
import {SheetArea, callControl, trickTable} from './table.js?v={{version}}';

const $ = (id) => document.getElementById(id);
const link = linkParts('/seat/');
const page = {
  api: null, info: null, state: null, sheet: null,
  busy: false,        // a move is on its way
  awaiting: 0,        // an accepted move's number: controls wait for the state that holds it
  chosen: null,       // the card chosen for a turn, before its pile
  call: {trump: null, tricks: null},
};

start();

async function start() {
  deckOption($('four-colour'));
  if (!link.table || !link.token) {
    return fatal('This page needs the whole link the organiser gave for your seat: the table ' +
                 'after /seat/ and your seat\u2019s key after the #.');
  }
  page.api = new TableApi(link.table, link.token);
  const info = await patiently(() => page.api.info());
  if (info.status !== 200) return fatal(plainWords(info.json).rule);
  page.info = info.json;
  page.sheet = new SheetArea(page.api, $('scores'), $('result'),
                             (unit) => unit.length === 1 ? seatLabel(unit) : unit);
  $('title').textContent = `${gameTitle(page.info.game)} \u00b7 table ${link.table}`;
  document.title = `${gameTitle(page.info.game)}, table ${link.table}: referee`;
  follow(page.api, {
    onState: (state) => {
      page.state = state;
      document.body.dataset.events = state.events;  // where the page stands, for its tests
      if (page.awaiting && state.events >= page.awaiting) page.awaiting = 0;
      render();
      page.sheet.refresh(state);
    },
    onConnection: (state) => showConnection($('connection'), state),
    onStop: (refusal) => {
      if (refusal) return fatal(refusal.rule);
      page.sheet.refresh(page.state, true);
    },
  });
}

// A request tried until the server answers (a page opened while the network comes and goes).
async function patiently(request) {
  for (let pause = 1000; ; pause = Math.min(pause * 2, 8000)) {
    try {
      const reply = await request();
      if (reply.status < 500) return reply;
    } catch (error) {
      showConnection($('connection'), 'lost');
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

function fatal(text) {
  $('turn').textContent = text;
  $('turn').classList.add('stopped');
  for (const id of ['controls', 'hand-area']) $(id).hidden = true;
}

// Who is who: the header's players by seat, or in turn order.
function playerName(actor) {
  const players = page.info && page.info.header && page.info.header.players;
  if (!players) return '';
  return Array.isArray(players) ? actor : players[actor] || '';
}

function seatLabel(seat) {
  const name = playerName(seat);
  return name ? `${SEAT_NAMES[seat]} (${name})` : SEAT_NAMES[seat];
}

function me() {
  const view = page.state.view || {};
  return view.seat || view.player;
}

function locked() {
  return page.busy || page.awaiting > 0 || page.state.status !== 'in-play';
}

function render() {
  const view = page.state.view || {};
  const piles = 'piles' in view;
  renderTurn();
  document.querySelector('.options').hidden = piles;  // number cards have no suits to colour
  $('table').replaceChildren(piles ? pilesTable(view) :
                                     trickTable(view, page.state.next || {},
                                                {bottom: me(), label: seatLabel, you: me()}));
  renderControls(view);
  renderHand(view, piles);
}

function renderTurn() {
  const {next = {}, status} = page.state;
  const mine = next.seat === me() || next.player === me();
  let text;
  if (status === 'over' || next.phase === 'over') {
    text = 'The match is over.';
  } else if (status === 'cancelled') {
    text = 'The organiser cancelled this table.';
  } else if (next.phase === 'deal') {
    text = 'Waiting for the cards to be dealt.';
  } else if (next.phase === 'call') {
    text = mine ? 'Your call.' : `Waiting for ${seatLabel(next.seat)} to call.`;
  } else if (next.phase === 'play') {
    text = mine ? 'Your turn: play a card.' : `Waiting for ${seatLabel(next.seat)} to play.`;
  } else if (next.phase === 'turn') {
    text = !next.player ? 'Play whenever you can: there is no turn order.' :
           mine ? 'Your turn: choose a card, then its pile.' : `Waiting for ${next.player}.`;
  } else {
    text = '';
  }
  $('turn').textContent = text;
  $('turn').classList.toggle('mine', mine && status === 'in-play');
}

// A number-card game's table: the four piles, the goals shown, the draw pile, the players.
function pilesTable(view) {
  const felt = make('div', {class: 'felt piles-table'});
  const tops = words(view.piles);
  const turns = legalOf('turn');
  const piles = make('div', {class: 'piles', role: 'group', 'aria-label': 'Piles'});
  tops.forEach((top, i) => {
    const pile = i + 1;
    const allowed = page.chosen !== null &&
                    turns.some((turn) => turn.card === page.chosen && turn.pile === pile);
    const button = make('button', {
      type: 'button', class: `pile${allowed ? ' playable' : ''}`, 'data-pile': pile,
      disabled: !allowed || locked(), 'aria-label': `pile ${pile}`,
    }, [make('span', {class: 'pile-number', text: `Pile ${pile}`}), cardFace(top)]);
    button.addEventListener('click', () => act({event: 'turn', card: page.chosen, pile}));
    piles.append(button);
  });
  felt.append(piles);
  const goals = make('ul', {class: 'goals', 'aria-label': 'Goals shown'});
  for (const goal of view.goals || []) goals.append(make('li', {text: goal.text}));
  felt.append(make('div', {class: 'goal-area'}, [
    make('h3', {
      text: `Goals: ${view.goals_completed ?? 0} of ${view.goals_total ?? '?'} completed`,
    }),
    goals,
    make('p', {text: `Draw pile: ${view.draw_pile ?? 0} cards`}),
  ]));
  const players = page.info.header.players || [];
  const {next = {}} = page.state;
  felt.append(make('ol', {class: 'players', 'aria-label': 'Turn order'}, players.map((name) =>
    make('li', {class: name === next.player ? 'to-act' : ''}, [
      make('span', {text: name === me() ? `${name} (you)` : name}),
      name === next.player ? ' ' : null,
      name === next.player ? make('span', {class: 'badge', text: 'to play'}) : null,
    ]))));
  return felt;
}

function legalOf(kind) {
  return (page.state.legal || []).filter((event) => event.event === kind);
}

function renderHand(view, piles) {
  const hand = $('hand');
  const cards = sortCards(words(piles ? view.cards : view.hand));
  const plays = new Set(legalOf('play').map((event) => event.card));
  const turns = new Set(legalOf('turn').map((event) => event.card));
  if (page.chosen !== null && !turns.has(page.chosen)) page.chosen = null;
  hand.replaceChildren(...cards.map((card) => {
    const allowed = piles ? turns.has(card) : plays.has(card);
    const button = cardFace(card, {button: true});
    button.disabled = !allowed || locked();
    button.classList.toggle('playable', allowed);
    if (piles) button.setAttribute('aria-pressed', String(page.chosen === card));
    button.addEventListener('click', () => {
      if (!piles) return act({event: 'play', card});
      page.chosen = page.chosen === card ? null : card;
      render();
      const first = document.querySelector('.pile.playable');
      if (first) first.focus();
    });
    return button;
  }));
  $('hand-title').textContent = cards.length ? 'Your hand' : 'Your hand is empty';
  const known = view.known_hands || {};
  const shown = Object.entries(known);
  $('known').hidden = shown.length === 0;
  $('known').replaceChildren(...shown.map(([seat, text]) => make('div', {class: 'known-hand'}, [
    make('h3', {text: `${seatLabel(seat)}\u2019s hand, shown to you`}),
    make('div', {class: 'hand small'},
         sortCards(words(text)).map((card) => cardFace(card, {small: true}))),
  ])));
}

// The calls and claims the game has now, as controls: a call's trump and tricks among the legal
// calls; the conference of the calling partners before it.
function renderControls(view) {
  const controls = $('controls');
  const parts = [];
  const {next = {}} = page.state;
  if (next.phase === 'call' && view.known_hands && !conferred(view.deal)) {
    const button = make('button', {type: 'button', class: 'action', text: 'Our conference is over',
                                   disabled: locked()});
    button.addEventListener('click',
                            () => act({event: 'conference'}, () => markConferred(view.deal)));
    parts.push(make('div', {class: 'conference'}, [
      make('p', {text: 'You and your partner see each other\u2019s hands: confer (a minute at ' +
                       'most), then say so here. The server times it.'}),
      button,
    ]));
  }
  const calls = legalOf('call');
  if (calls.length) {
    parts.push(callControl(calls, page.call, {locked: locked(), redraw: render, send: act}));
  }
  controls.hidden = parts.length === 0;
  controls.replaceChildren(...parts);
}

function conferred(deal) {
  try {
    return sessionStorage.getItem(`referee.conference.${link.table}`) === String(deal);
  } catch (error) {
    return false;
  }
}

function markConferred(deal) {
  try {
    sessionStorage.setItem(`referee.conference.${link.table}`, String(deal));
  } catch (error) {
    // kept for this page only
  }
}

// Sends a move as the table's next event. The controls stay locked until the state that holds it
// arrives by the long poll; a refusal is said in plain words and nothing changes.
async function act(line, accepted = () => {}) {
  if (locked()) return;
  page.busy = true;
  say(null);
  render();
  const number = page.state.events + 1;
  const reply = await postEvent(page.api, line, page.state.events);
  page.busy = false;
  if (reply.status === 200 && reply.json.ok) {
    // Locked until the state that holds the move arrives, unless it came before this reply.
    if (page.state.events < number) page.awaiting = number;
    page.chosen = null;
    page.call = {trump: null, tricks: null};
    accepted();
    announce(reply.json.public);
    say(acceptedFindings(reply.json));
  } else if (reply.status === 0) {
    say({rule: 'No answer from the server: the page checks where the table stands and shows it.',
         detail: ''});
  } else {
    say(plainWords(reply.json));
    if (reply.json && reply.json.code === 'bad-conference') markConferred(page.state.view.deal);
  }
  if (page.state) render();
}

function say(words) {
  const box = $('message');
  box.hidden = !words;
  box.replaceChildren();
  if (!words) return;
  box.append(make('p', {class: 'rule', text: words.rule}));
  if (words.detail) box.append(make('p', {class: 'detail', text: `The referee: ${words.detail}`}));
}

function announce(items) {
  const texts = (items || []).map((item) => item.text).filter(Boolean);
  $('news').textContent = texts.join('. ');
}

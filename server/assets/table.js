// The table as the seat's and the scorer's pages draw it: four seats around the trick, the call
// control, and the score sheet. Everything drawn here is what the page's view holds: public play,
// and the seat's own hand where it has one.
import {
  SEATS, SEAT_NAMES, cardFace, make, sheetTable, suitName, suitSymbol, words,
} from './common.js?v={{version}}';

// The four seats around the trick; `bottom` sits at the bottom (the seat itself, or South for a
// scorer's device that lies on the table with North away from it). `label(seat)` names a seat.
export function trickTable(view, next, {bottom = 'S', label, you = null}) {
  const trick = view.trick || {};
  const cards = words(trick.cards);
  const played = {};
  const lead = SEATS.indexOf(trick.leader);
  cards.forEach((card, i) => {
    played[SEATS[(lead + i) % 4]] = card;
  });
  const pending = view.pending || {};
  const at = Math.max(0, SEATS.indexOf(bottom));
  const felt = make('div', {class: 'felt trick-table'});
  ['bottom', 'left', 'top', 'right'].forEach((position, i) => {
    const seat = SEATS[(at + i) % 4];
    const badges = [];
    if (view.dealer === seat) badges.push('deals');
    if (trick.leader === seat && cards.length) badges.push('led');
    if (next.seat === seat && (next.phase === 'play' || next.phase === 'call')) {
      badges.push(next.phase === 'call' ? 'to call' : 'to play');
    }
    const won = view.tricks_won ? view.tricks_won[seat] : undefined;
    const card = played[seat] ? cardFace(played[seat]) :
                 pending[seat] ? cardFace(pending[seat], {}) : null;
    if (!played[seat] && pending[seat]) card.classList.add('pending');
    felt.append(make('div', {class: `seat pos-${position}`, 'data-seat': seat}, [
      make('span', {class: 'who', text: seat === you ? `${SEAT_NAMES[seat]} (you)` : label(seat)}),
      // Always there, empty or not, so that the table keeps its height as the turn moves on.
      make('span', {class: 'badges'},
           badges.map((badge) => make('span', {class: 'badge', text: badge}))),
      won === undefined ? null :
                          make('span', {class: 'won', text: `${won} trick${won === 1 ? '' : 's'}`}),
      make('span', {class: 'slot'}, [card]),
    ]));
  });
  felt.append(centre(view, next, cards));
  return felt;
}

function centre(view, next, cards) {
  const lines = [];
  if (view.deal) lines.push(make('span', {class: 'deal', text: `Deal ${view.deal}`}));
  if (next.trick) lines.push(make('span', {text: `Trick ${next.trick}`}));
  if (view.call) {
    const trump = view.call.trump === 'NT' ? 'no trump' : suitName(view.call.trump);
    const by = view.call.by ? `${view.call.by} called` : 'Called';
    lines.push(make('span', {class: 'call', text: `${by} ${view.call.tricks}, ${trump}`}));
  }
  const played = words(view.played);
  if (!cards.length && played.length >= 4 && played.length % 4 === 0) {
    lines.push(make('span', {class: 'last'}, [
      make('span', {text: 'Last trick'}),
      make('span', {class: 'cards'}, played.slice(-4).map((card) => cardFace(card, {small: true}))),
      view.trick && view.trick.leader ? make('span', {text: `won by ${view.trick.leader}`}) : null,
    ]));
  }
  return make('div', {class: 'centre'}, lines);
}

// A call (trumps and tricks) chosen among the legal calls only, then sent by one button.
// `choice` holds what is chosen so far ({trump, tricks}); `redraw` after a choice; `send(line)`.
export function callControl(calls, choice, {locked, redraw, send, side = 'your side'}) {
  const trumps = [...new Set(calls.map((call) => call.trump))];
  if (!trumps.includes(choice.trump)) choice.trump = null;
  const tricks = [...new Set(calls.filter((c) => choice.trump === null || c.trump === choice.trump)
                                   .map((c) => c.tricks))].sort((a, b) => a - b);
  if (!tricks.includes(choice.tricks)) choice.tricks = null;
  const option = (label, chosen, pick, extra = '') => {
    const button = make('button', {type: 'button', class: `choice ${extra}`.trim(), text: label,
                                   'aria-pressed': String(chosen), disabled: locked});
    button.addEventListener('click', () => {
      pick();
      redraw();
    });
    return button;
  };
  const trumpName = (trump) => trump === 'NT' ? 'No trump' : suitName(trump);
  const ready = choice.trump !== null && choice.tricks !== null;
  const button = make('button', {
    type: 'button', class: 'action', disabled: !ready || locked,
    text: ready ? `Call ${choice.tricks}, ${trumpName(choice.trump)} trumps` :
                  'Choose trumps and tricks',
  });
  if (ready && choice.trump === 'NT') button.textContent = `Call ${choice.tricks}, no trump`;
  button.addEventListener('click', () => send({event: 'call', trump: choice.trump,
                                               tricks: choice.tricks}));
  return make('div', {class: 'call-control'}, [
    make('fieldset', {}, [make('legend', {text: 'Trumps'}), ...trumps.map((trump) =>
      option(trump === 'NT' ? 'No trump' : `${suitSymbol(trump)} ${suitName(trump)}`,
             choice.trump === trump, () => { choice.trump = trump; },
             trump === 'NT' ? '' : `suit-${trump}`))]),
    make('fieldset', {}, [make('legend', {text: `Tricks ${side} will take`}), ...tricks.map((n) =>
      option(String(n), choice.tricks === n, () => { choice.tricks = n; }))]),
    button,
  ]);
}

// The score sheet of the table, asked for again only when the scores or the status change.
export class SheetArea {
  constructor(api, area, result, label) {
    Object.assign(this, {api, area, result, label, key: ''});
  }

  async refresh(state, force = false) {
    const scores = JSON.stringify((state && state.view && state.view.scores) || {});
    const key = `${scores}|${state ? state.status : ''}`;
    if (!force && key === this.key) return;
    this.key = key;
    let reply;
    try {
      reply = await this.api.sheet();
    } catch (error) {
      this.key = '';
      return;
    }
    if (reply.status !== 200) return;
    const sheet = reply.json;
    if (!(sheet.units || []).length) {
      this.area.replaceChildren(make('p', {
        text: 'This game keeps no score sheet: the goals say how the table stands.'}));
    } else {
      this.area.replaceChildren(sheetTable(sheet, this.label));
    }
    this.result.hidden = !sheet.result;
    this.result.textContent = sheet.result ? `Result: ${sheet.result}` : '';
  }
}

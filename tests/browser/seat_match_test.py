"""Four seats play a whole Collusion match through four seat pages, in one headless Chromium, each
page behind a proxy that keeps every response it gets (docs/organisers.md, "The seat's page").

At every move: the page of the seat to play offers exactly the legal cards and nothing else, and
the move is a tap on one of them; no page's document, and no response any page got since the
last move, holds a card of another seat's hand. On the way: a page reloaded in the middle of a
trick shows the same table; the reply to a play is lost on its way to the page, which sends it
again with its event number, and the server applies it once; a page loses the server for a while
and catches up; a move is made from the keyboard alone. Positions are checked at 400 px and
1200 px, contrast in both decks, and screenshots are kept.
"""

import random
import time

import harness
from harness import SEATS, card_name, cards_in
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

TABLE = 'club-1'
HEADER = {'format': 'referee/1', 'game': 'collusion', 'rules': {'target': 10},
          'players': {'N': 'ann', 'E': 'bob', 'S': 'cy', 'W': 'dee'}, 'seed': 'browser-night'}

# What a page shows of the table, to compare before and after a reload.
SNAPSHOT = r"""
const text = (id) => document.getElementById(id).innerText;
const hand = [...document.querySelectorAll('#hand button.card')].map(
    (b) => `${b.dataset.card}:${b.disabled ? 'off' : 'on'}`);
return {turn: text('turn'), table: text('table'), hand, scores: text('scores'),
        message: document.getElementById('message').hidden ? '' : text('message')};
"""

# The cards of the hand: each with whether it can be tapped and whether it is marked playable.
HAND = r"""
return [...document.querySelectorAll('#hand button.card')].map(
    (b) => [b.dataset.card, !b.disabled, b.classList.contains('playable')]);
"""


class SeatMatchTest(harness.PageTest):

    def setUp(self):
        super().setUp()
        self.tokens = self.server.create(HEADER, TABLE)
        self.pages = {}
        for seat in SEATS:
            proxy = self.proxy()
            self.pages[seat] = proxy
            self.browser.open(seat, proxy.url(f'/seat/{TABLE}#{self.tokens[seat]}'))
        for seat in SEATS:
            self.browser.wait_events(seat, 1)
        hands = self.hands()
        self.hidden = {seat: self.others(hands, seat) for seat in SEATS}  # at the last check

    @staticmethod
    def others(hands, seat):
        return set().union(*(hands[other] for other in SEATS if other != seat))

    def hands(self):
        return {seat: set(self.server.view(TABLE, self.tokens[seat]).get('hand', '').split())
                for seat in SEATS}

    def check_secrecy(self):
        """No page's document holds a card another seat holds now, and no response a page got
        since the last check holds a card another seat held both then and now."""
        self.quiet()
        hands = self.hands()
        for seat in SEATS:
            hidden = self.others(hands, seat)
            found = self.browser.script(seat, harness.DOCUMENT_CARDS, None)
            shown = set(found['cards']) | cards_in(found['html'])
            self.assertEqual(shown & hidden, set(), f'{seat}\u2019s page holds hidden cards')
            for card in hidden:
                self.assertNotIn(card_name(card), found['html'], f'{seat}\u2019s page names {card}')
            for method, path, status, body, _ in self.pages[seat].take():
                leaked = cards_in(body.decode()) & hidden & self.hidden[seat]
                self.assertEqual(leaked, set(), f'{seat}\u2019s page got {method} {path}')
            self.hidden[seat] = hidden

    def move(self, seat, events, pick):
        """Taps a card on `seat`'s page, after checking that the page offers exactly the legal
        cards; waits until every page shows the table after it."""
        legal = {line['card'] for line in self.server.legal(TABLE, self.tokens[seat])}
        hand = self.browser.script(seat, HAND)
        offered = {card for card, enabled, marked in hand if enabled}
        self.assertEqual(offered, legal, f'{seat}\u2019s page offers other cards than the legal '
                         f'ones: {self.browser.script(seat, SNAPSHOT)}')
        self.assertEqual({card for card, enabled, marked in hand if marked}, legal)
        card = pick(sorted(legal))
        self.browser.tap(seat, f'#hand button[data-card="{card}"]')
        self.wait_table(events + 1)
        return card

    def wait_table(self, at_least):
        end = time.time() + 15
        while self.server.table(TABLE)['events'] < at_least:
            self.assertLess(time.time(), end, 'the move never reached the server')
            time.sleep(0.01)
        events = self.server.table(TABLE)['events']
        for seat in SEATS:
            self.browser.wait_events(seat, events)
        return events

    def test_four_pages_play_a_whole_match_and_hold_no_hidden_card(self):
        rng = random.Random(2026)
        # What happens on the way, each once, at the first move from its count on.
        incidents = [(9, self.lost_reply), (14, self.reload_in_the_middle_of_a_trick),
                     (21, self.keyboard_move), (26, self.connection_lost_for_a_while),
                     (30, self.layouts_and_screenshots)]
        moves = 0
        while True:
            table = self.server.table(TABLE)
            if table['status'] != 'in-play':
                break
            seat = table['next']['seat']
            events = table['events']
            self.check_secrecy()
            # An incident says whether it made the move (True), left it to be made (False), or
            # cannot happen now (None).
            made = None
            if incidents and moves >= incidents[0][0]:
                made = incidents[0][1](seat, events, rng)
                if made is not None:
                    incidents.pop(0)
            if not made:
                self.move(seat, events, rng.choice)
            moves += 1
        self.assertEqual(incidents, [], 'the match ended before everything was tried')
        self.check_secrecy()
        self.assertEqual(table['status'], 'over')
        self.assertGreaterEqual(moves, 52)
        sheet = self.server.call('GET', f'/tables/{TABLE}/sheet')[1]
        for seat in SEATS:
            driver = self.browser.use(seat)
            self.browser.wait_for_end(seat, sheet['result'], [sheet['totals'][s] for s in SEATS])
            self.assertEqual(len(driver.find_elements(By.CSS_SELECTOR, '#scores tbody tr')),
                             len(sheet['deals']))
            self.assertFalse(driver.find_elements(By.CSS_SELECTOR, '#hand button:enabled'))
        self.browser.screenshot('S', 'seat-over-400.png')

    def lost_reply(self, seat, events, rng):
        """The reply to a play is lost between the server and the page: the page sends the play
        again with the same event number and gets the first reply; the card is played once."""
        proxy = self.pages[seat]
        proxy.take()
        proxy.lose_next_post_reply = True
        self.move(seat, events, lambda cards: cards[0])
        self.quiet()
        posts = [(path, status) for method, path, status, _, _ in proxy.take() if method == 'POST']
        self.assertEqual(len(posts), 2, posts)
        self.assertEqual(posts[0][0], f'/tables/{TABLE}/events?event={events + 1}')
        self.assertEqual(posts[0], posts[1])
        self.assertEqual(self.server.table(TABLE)['events'], events + 1)
        self.assertTrue(self.browser.script(seat,
                                            'return document.getElementById("message").hidden;'))
        return True

    def reload_in_the_middle_of_a_trick(self, seat, events, rng):
        """Each page reloaded in the middle of a trick shows the same table as before."""
        if len(self.server.view(TABLE, self.tokens[seat])['trick']['cards'].split()) != 2:
            return None
        for name in (seat, SEATS[(SEATS.index(seat) + 2) % 4]):
            before = self.browser.script(name, SNAPSHOT)
            events = self.browser.events(name)
            self.browser.use(name).refresh()
            self.browser.wait_events(name, events)
            self.browser.wait(name, lambda d: self.browser.script(name, SNAPSHOT)['scores'] != '',
                              what='the scores')
            self.assertEqual(self.browser.script(name, SNAPSHOT), before)
        self.browser.screenshot(seat, 'seat-mid-trick-400.png', 'seat-phone.png')
        self.move(seat, events, rng.choice)
        return True

    def keyboard_move(self, seat, events, rng):
        """A card played with the keyboard alone: Tab to the first card the seat may play, Enter."""
        driver = self.browser.use(seat)
        driver.find_element(By.TAG_NAME, 'body').click()
        body = driver.switch_to.active_element
        for _ in range(60):
            body.send_keys(Keys.TAB)
            body = driver.switch_to.active_element
            if 'playable' in (body.get_attribute('class') or '') and body.is_enabled():
                break
        else:
            self.fail('no card the seat may play could be reached with Tab')
        card = body.get_attribute('data-card')
        body.send_keys(Keys.ENTER)
        self.wait_table(events + 1)
        self.assertIn(card, self.server.view(TABLE, self.tokens[seat])['played'].split())
        return True

    def connection_lost_for_a_while(self, seat, events, rng):
        """Another page loses the server while this seat plays, says so, and catches up."""
        other = SEATS[(SEATS.index(seat) + 1) % 4]
        proxy = self.pages[other]
        proxy.down = True
        legal = sorted(line['card'] for line in self.server.legal(TABLE, self.tokens[seat]))
        self.browser.tap(seat, f'#hand button[data-card="{rng.choice(legal)}"]')
        end = time.time() + 15
        while self.server.table(TABLE)['events'] < events + 1:
            self.assertLess(time.time(), end)
            time.sleep(0.01)
        self.browser.wait(other, lambda d: d.find_element(By.ID, 'connection').text ==
                          'Reconnecting\u2026', seconds=30, what='"Reconnecting"')
        proxy.down = False
        self.wait_table(events + 1)
        self.browser.wait(other, lambda d: d.find_element(By.ID, 'connection').text == 'Connected',
                          seconds=30, what='"Connected"')
        return True

    def layouts_and_screenshots(self, seat, events, rng):
        """At 400 px: one column, the four seats around the trick with this seat at the bottom,
        the hand under the table and the scores under the hand; at 1200 px the scores beside."""
        regions = ['#turn', '#table', '.pos-top', '.pos-left', '.pos-right', '.pos-bottom',
                   '.centre', '#hand', '#scores', '.side-area', '.play-area']
        phone = self.check_layout(seat, 400, regions)
        self.assertLess(phone['.pos-top']['bottom'], phone['.pos-bottom']['top'])
        self.assertLess(phone['.pos-left']['right'], phone['.pos-right']['left'])
        self.assertLessEqual(phone['.pos-left']['right'], phone['.centre']['left'] + 1)
        self.assertLess(phone['#table']['bottom'], phone['#hand']['top'])
        self.assertLess(phone['.play-area']['bottom'], phone['.side-area']['top'] + 1)
        bottom = self.browser.use(seat).find_element(By.CSS_SELECTOR, '.pos-bottom')
        self.assertIn('(you)', bottom.text)
        self.check_contrast(seat)
        desk = self.check_layout(seat, 1200, regions)
        self.assertLess(desk['.play-area']['right'], desk['.side-area']['left'])
        self.assertLess(desk['.side-area']['top'], desk['#hand']['top'])
        self.browser.screenshot(seat, 'seat-1200.png', 'seat-desktop.png')
        self.browser.resize(400)
        self.browser.screenshot(seat, 'seat-400.png')
        # The four-colour deck: diamonds and clubs in colours of their own, still legible.
        driver = self.browser.use(seat)
        driver.find_element(By.ID, 'four-colour').click()
        colours = self.browser.script(seat, """
            const colour = (s) => { const e = document.querySelector(`.card.suit-${s}`);
                                    return e ? getComputedStyle(e).color : null; };
            return ['S', 'H', 'D', 'C'].map(colour);""")
        shown = [c for c in colours if c]
        self.assertEqual(len(set(shown)), len(shown), f'the four-colour deck: {colours}')
        self.check_contrast(seat)
        self.browser.screenshot(seat, 'seat-four-colour-400.png', 'seat-four-colour-phone.png')
        driver.find_element(By.ID, 'four-colour').click()
        return False  # the move is still to be made


if __name__ == '__main__':
    harness.main()

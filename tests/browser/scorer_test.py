"""A Plonk table on a seeded board, its cards entered from the scorer's page (docs/organisers.md,
"The scorer's page"): the board is printed beforehand with `referee deal`, as a club prints it for
its board wallets, and the test plays it with those hands, tapping each card on the scorer's pad.
Then a Collusion table whose hands nobody entered: a revoke caught when a later card proves it.

On the way: a card the seat to play does not hold is caught as soon as it is tapped, and the page
says so plainly; a whole trick is tapped at once, four taps; the pad offers every card not yet
played; no response the page gets and nothing in its document outside the pad shows a card before
it is played. The sheet's score comes from the play. Positions are checked at 400 px and 1200 px.
"""

import json
import random
import subprocess
import time

import harness
from harness import SEATS, cards_in
from selenium.webdriver.common.by import By

TABLE = 'plonk-1'
SEED = 'scorer-night'
HEADER = {'format': 'referee/1', 'game': 'plonk', 'rules': {'target': 1},
          'players': {'N': 'ann', 'E': 'bob', 'S': 'cy', 'W': 'dee'}, 'seed': SEED}

PAD = r"""
return [...document.querySelectorAll('#pad button.card:not(.gone)')].map(
    (b) => [b.dataset.card, !b.disabled]);
"""


class ScorerPage(harness.PageTest):
    """A scorer's page open on table `self.table_id`, and the taps on its pad."""

    def open_scorer(self, header, table_id, options=None):
        self.table_id = table_id
        status, reply = self.server.call('POST', '/tables', harness.ORGANISER,
                                         {'id': table_id, 'header': header, **(options or {})})
        self.assertEqual(status, 201, reply)
        status, reply = self.server.call('POST', f'/tables/{table_id}/tokens', harness.ORGANISER,
                                         {'scorer': True})
        self.assertEqual(status, 200, reply)
        self.proxy_of_page = self.proxy()
        self.browser.open('scorer',
                          self.proxy_of_page.url(f'/scorer/{table_id}#{reply["scorer"]}'))
        self.browser.wait_events('scorer', 1)

    def table(self):
        return self.server.table(self.table_id)

    def tap(self, card):
        self.browser.tap('scorer', f'#pad button[data-card="{card}"]')

    def enter(self, cards):
        """Taps `cards` one after the other without waiting, then waits until the table and the
        page hold them all."""
        events = self.table()['events']
        for card in cards:
            self.tap(card)
        end = time.time() + 20
        while self.table()['events'] < events + len(cards):
            self.assertLess(time.time(), end, 'the cards tapped never all reached the server: ' +
                            str(self.browser.script('scorer', 'return [document.body.innerText, '
                                                    'document.body.dataset.events];')) +
                            str(self.browser.use('scorer').get_log('browser')))
            time.sleep(0.01)
        self.browser.wait_events('scorer', self.table()['events'])
        for card in cards:
            self.unplayed.discard(card)

    def refusal(self, card):
        """Taps `card`, which the table refuses: nothing is entered; the page's message."""
        events = self.table()['events']
        self.tap(card)
        self.browser.wait('scorer', lambda d: d.find_element(By.ID, 'message').is_displayed(),
                          what='the refusal')
        self.assertEqual(self.table()['events'], events)
        self.assertIn(card, {card for card, _ in self.browser.script('scorer', PAD)})
        return self.browser.use('scorer').find_element(By.ID, 'message').text


class ScorerTest(ScorerPage):

    def setUp(self):
        super().setUp()
        printed = subprocess.run([harness.ARGS.referee, 'deal', '--game', 'plonk', '--seed', SEED,
                                  '--boards', '1', '--format', 'json'],
                                 check=True, capture_output=True, text=True).stdout
        board = json.loads(printed)['boards'][0]
        self.hands = {seat: set(cards.split()) for seat, cards in board['hands'].items()}
        self.open_scorer(HEADER, TABLE)
        self.unplayed = set().union(*self.hands.values())
        self.hidden = set(self.unplayed)

    def check_secrecy(self):
        """Outside the pad (every card not yet played, whoever holds it) no card shows before it
        is played: neither in the document nor in a response, the pack left out."""
        self.quiet()
        found = self.browser.script('scorer', harness.DOCUMENT_CARDS, '#pad')
        shown = set(found['cards']) | cards_in(found['html'])
        self.assertEqual(shown & self.unplayed, set(), 'the scorer\u2019s page shows a hand')
        for method, path, status, body, sent in self.proxy_of_page.take():
            text = body.decode()
            for key in ('"hand"', '"known_hands"'):
                self.assertNotIn(key, text, f'{method} {path}')
            try:
                reply = json.loads(text)
            except ValueError:
                reply = None
            if isinstance(reply, dict) and isinstance(reply.get('view'), dict):
                reply['view'].pop('pack', None)
                text = json.dumps(reply)
            # A card the page sent comes back in the reply (a refusal says what it found).
            leaked = (cards_in(text) - cards_in(sent.decode())) & self.unplayed & self.hidden
            self.assertEqual(leaked, set(), f'{method} {path} holds unplayed cards')
        self.hidden = set(self.unplayed)

    def test_a_seeded_board_is_scored_from_the_scorers_page(self):
        rng = random.Random(33)
        for trick in range(13):
            self.check_secrecy()
            pad = self.browser.script('scorer', PAD)
            self.assertEqual({card for card, _ in pad}, self.unplayed, 'the pad')
            self.assertTrue(all(enabled for _, enabled in pad))
            if trick == 1:
                self.wrong_card(rng)
            if trick == 4:
                self.four_taps(rng)
                continue
            if trick == 6:
                self.layouts_and_screenshots()
            for _ in range(4):
                self.enter([self.pick(self.table()['next']['seat'], rng)])
                self.check_secrecy()
        self.assertEqual(self.unplayed, set())
        self.assertEqual(self.table()['status'], 'over')
        sheet = self.server.call('GET', f'/tables/{TABLE}/sheet')[1]
        self.assertEqual(len(sheet['deals']), 1)
        driver = self.browser.use('scorer')
        self.browser.wait_for_end('scorer', sheet['result'],
                                  [sheet['totals'][unit] for unit in sheet['units']])
        self.assertFalse(driver.find_elements(By.CSS_SELECTOR, '#pad button:enabled'))
        self.browser.screenshot('scorer', 'scorer-over-400.png')

    def pick(self, seat, rng):
        return rng.choice(sorted(self.hands[seat] & self.unplayed))

    def wrong_card(self, rng):
        """A card of another seat's hand, tapped for the seat to play: refused at once, and the
        page says who does not hold what; nothing is entered, and the pad still offers it."""
        seat = self.table()['next']['seat']
        other = SEATS[(SEATS.index(seat) + 2) % 4]
        card = self.pick(other, rng)
        message = self.refusal(card)
        self.assertIn(f'{harness.SEAT_NAMES[seat]} ({HEADER["players"][seat]}) does not hold the '
                      f'{harness.card_name(card)} on this board', message)
        self.browser.screenshot('scorer', 'scorer-wrong-card-400.png',
                                'scorer-wrong-card-phone.png')

    def four_taps(self, rng):
        """A whole trick tapped at once, in the order it was played: four taps, all entered, and
        the table shows it as the last trick."""
        seat = self.table()['next']['seat']
        trick = [self.pick(SEATS[(SEATS.index(seat) + i) % 4], rng) for i in range(4)]
        self.enter(trick)
        self.check_secrecy()
        shown = self.browser.script('scorer', """
            return [...document.querySelectorAll('#table .last [data-card]')].map(
                (e) => e.dataset.card);""")
        self.assertEqual(shown, trick)

    def layouts_and_screenshots(self):
        regions = ['#turn', '#table', '.pos-top', '.pos-bottom', '.pos-left', '.pos-right', '#pad',
                   '#scores', '.side-area', '.play-area']
        phone = self.check_layout('scorer', 400, regions)
        self.assertLess(phone['#table']['bottom'], phone['#pad']['top'])
        self.assertLess(phone['.pos-left']['right'], phone['.pos-right']['left'])
        self.assertIn('South', self.browser.use('scorer').find_element(By.CSS_SELECTOR,
                                                                        '.pos-bottom').text)
        self.check_contrast('scorer')
        self.browser.screenshot('scorer', 'scorer-400.png', 'scorer-phone.png')
        desk = self.check_layout('scorer', 1200, regions)
        self.assertLess(desk['.play-area']['right'], desk['.side-area']['left'])
        self.browser.screenshot('scorer', 'scorer-1200.png')
        self.browser.resize(400)


class HandsUnknownTest(ScorerPage):
    """A Collusion table played with cards shuffled at the table: nobody entered the hands.
    Trick 1: East leads the 2H, South plays the 3C (it has no heart), West and North follow, and
    North's 5H wins. Trick 2: North leads the 6H, East follows, and South's 8H shows that South
    revoked at trick 1: refused, and the page names the seat, the suit and the trick."""

    def setUp(self):
        super().setUp()
        header = {'format': 'referee/1', 'game': 'collusion', 'rules': {'target': 10},
                  'players': HEADER['players']}
        self.open_scorer(header, 'collusion-1', {'hands': 'unknown'})
        self.unplayed = set()

    def test_a_revoke_is_caught_when_a_later_card_shows_it(self):
        driver = self.browser.use('scorer')
        self.assertIn('Nobody entered the hands', driver.find_element(By.ID, 'pad-hint').text)
        self.enter(['2H', '3C', '4H', '5H'])
        self.enter(['6H', '7H'])
        message = self.refusal('8H')
        self.assertIn(f'Revoke: South (cy) did not follow hearts at trick 1 (it played the '
                      f'{harness.card_name("3C")}), and now plays the {harness.card_name("8H")}',
                      message)
        phone = self.check_layout('scorer', 400, ['#turn', '#table', '#message', '#pad'])
        self.assertLess(phone['#message']['bottom'], phone['#pad']['top'])
        self.browser.screenshot('scorer', 'scorer-revoke-400.png', 'scorer-revoke-phone.png')
        self.enter(['8D'])
        self.assertEqual(self.table()['next']['seat'], 'W')
        for method, path, status, body, sent in self.proxy_of_page.take():
            self.assertNotIn('"hand"', body.decode(), f'{method} {path}')


if __name__ == '__main__':
    harness.main()

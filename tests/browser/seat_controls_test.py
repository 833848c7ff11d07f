"""The calls and turns a game has, as the seat's page offers them (docs/organisers.md, "The seat's
page"): a Conspiracy call made with the controls, after the calling partners' conference, and a
Cahoots turn, a card and then its pile, each offering only what the rules allow. The landing page
is checked too. Positions at 400 px and 1200 px, contrast, screenshots.
"""

import harness
from harness import SEATS, card_name, cards_in
from selenium.webdriver.common.by import By

CALL_TABLE = 'call-1'
# A conference may last no time at all here: the one held is over its time, and accepted with a
# finding that the page says.
CALL = {'format': 'referee/1', 'game': 'conspiracy', 'rules': {'deals': 2, 'conference_seconds': 0},
        'players': {'N': 'ann', 'E': 'bob', 'S': 'cy', 'W': 'dee'}, 'seed': 'controls'}
PILE_TABLE = 'piles-1'
PILES = {'format': 'referee/1', 'game': 'cahoots', 'rules': {'goal_count': 3},
         'players': ['ann', 'bob'], 'seed': 'controls',
         'goals': [{'kind': 'sum-all', 'total': 13},
                   {'kind': 'pile-count', 'colour': 'green', 'count': 2},
                   {'kind': 'numbers-different'}]}

CHOICES = r"""
return [...document.querySelectorAll(arguments[0])].map(
    (b) => [b.textContent, !b.disabled, b.getAttribute('aria-pressed')]);
"""


class SeatControlsTest(harness.PageTest):

    def open(self, name, table, token):
        self.browser.open(name, self.proxy().url(f'/seat/{table}#{token}'))
        self.browser.wait_events(name, 0)
        self.browser.wait(name, lambda d: d.find_element(By.ID, 'turn').text !=
                          'Loading the table\u2026')

    def text(self, name, selector):
        return self.browser.use(name).find_element(By.CSS_SELECTOR, selector).text

    def test_a_call_after_the_conference_with_the_controls(self):
        tokens = self.server.create(CALL, CALL_TABLE)
        for seat in 'NEW':
            self.open(seat, CALL_TABLE, tokens[seat])
        caller = self.server.table(CALL_TABLE)['next']['seat']
        self.assertEqual(caller, 'E')
        # The defenders see neither controls nor another hand.
        self.assertFalse(self.browser.script('N', CHOICES, '#controls button'))
        hands = {seat: set(self.server.view(CALL_TABLE, tokens[seat])['hand'].split())
                 for seat in SEATS}
        found = self.browser.script('N', harness.DOCUMENT_CARDS, None)
        self.assertEqual((set(found['cards']) | cards_in(found['html'])) - hands['N'], set())
        # The caller's partner sees the caller's hand for the conference, and ends it.
        self.assertEqual(set(self.browser.script('W', harness.DOCUMENT_CARDS, '#known')['cards']),
                         hands['W'])
        known = {card for card in self.browser.script('W', harness.DOCUMENT_CARDS, None)['cards']}
        self.assertEqual(known, hands['W'] | hands['E'])
        self.browser.tap('W', '#controls .conference button')
        self.browser.wait('W', lambda d: not d.find_elements(By.CSS_SELECTOR, '.conference'),
                          what='the conference to end')
        self.assertEqual(self.server.table(CALL_TABLE)['events'], 2)
        self.assertIn('Entered, with a finding the verdict counts: The conference ran over its '
                      'time; the call stands.', self.text('W', '#message'))
        # The caller: trumps and tricks among the legal calls only, then one button.
        trumps = self.browser.script('E', CHOICES, '.call-control fieldset:first-of-type button')
        self.assertEqual([t for t, _, _ in trumps],
                         ['\u2663 clubs', '\u2666 diamonds', '\u2665 hearts', '\u2660 spades'])
        tricks = self.browser.script('E', CHOICES, '.call-control fieldset:last-of-type button')
        self.assertEqual([t for t, _, _ in tricks], [str(n) for n in range(9)])
        send = '.call-control .action'
        self.assertFalse(self.browser.use('E').find_element(By.CSS_SELECTOR, send).is_enabled())
        self.browser.tap('E', '.call-control fieldset:first-of-type button.suit-H')
        self.browser.tap('E', '.call-control fieldset:last-of-type button:nth-of-type(6)')
        self.assertEqual(self.text('E', send), 'Call 5, hearts trumps')
        self.check_layout('E', 400, ['#turn', '#table', '#controls', '#hand', '#scores'])
        self.check_contrast('E')
        self.browser.screenshot('E', 'seat-call-400.png', 'seat-call-phone.png')
        self.browser.tap('E', send)
        self.browser.wait_events('E', 3)
        view = self.server.view(CALL_TABLE, tokens['E'])
        self.assertEqual((view['call']['trump'], view['call']['tricks']), ('H', 5))
        self.browser.wait('N', lambda d: 'called 5, hearts' in d.find_element(By.ID, 'table').text,
                          what='the call on the table')
        # The caller leads: the cards offered are the legal ones.
        legal = {line['card'] for line in self.server.legal(CALL_TABLE, tokens['E'])}
        offered = {b.get_attribute('data-card') for b in self.browser.use('E').find_elements(
            By.CSS_SELECTOR, '#hand button.card:enabled')}
        self.assertEqual(offered, legal)

    def test_a_turn_is_a_card_then_its_pile(self):
        tokens = self.server.create(PILES, PILE_TABLE)
        for player in ('ann', 'bob'):
            self.open(player, PILE_TABLE, tokens[player])
        legal = self.server.legal(PILE_TABLE, tokens['ann'])
        turns = {}
        for line in legal:
            turns.setdefault(line['card'], set()).add(line['pile'])
        cards = self.browser.script('ann', CHOICES, '#hand button.card')
        offered = {b.get_attribute('data-card') for b in self.browser.use('ann').find_elements(
            By.CSS_SELECTOR, '#hand button.card:enabled')}
        self.assertEqual(offered, set(turns))
        self.assertFalse(self.browser.script('ann', CHOICES, '.pile:enabled'))
        self.assertFalse(self.browser.script('bob', CHOICES, '#hand button.card:enabled'))
        card = sorted(turns)[0]
        self.browser.tap('ann', f'#hand button[data-card="{card}"]')
        piles = self.browser.use('ann').find_elements(By.CSS_SELECTOR, '.pile:enabled')
        self.assertEqual({int(p.get_attribute('data-pile')) for p in piles}, turns[card])
        self.assertRegex(self.text('ann', '#table'), r'Goals: \d of 3 completed')
        self.check_layout('ann', 400, ['#turn', '.piles', '.goal-area', '.players', '#hand'])
        self.check_contrast('ann')
        self.browser.screenshot('ann', 'seat-piles-400.png', 'seat-piles-phone.png')
        self.check_layout('ann', 1200, ['#turn', '.piles', '.goal-area', '.players', '#hand'])
        self.browser.resize(400)
        pile = min(turns[card])
        self.browser.tap('ann', f'.pile[data-pile="{pile}"]')
        self.browser.wait_events('bob', 1)
        self.assertEqual(self.server.table(PILE_TABLE)['next']['player'], 'bob')
        tops = self.server.view(PILE_TABLE, tokens['bob'])['piles'].split()
        self.assertEqual(tops[pile - 1], card)
        self.browser.wait('bob',
                          lambda d: d.find_element(By.ID, 'turn').text.startswith('Your turn'))
        self.assertTrue(self.browser.script('bob', CHOICES, '#hand button.card:enabled'))

    def test_the_landing_page_says_what_this_is_and_where_to_go(self):
        proxy = self.proxy()
        self.browser.open('home', proxy.url('/'))
        driver = self.browser.use('home')
        self.assertEqual(driver.find_element(By.TAG_NAME, 'h1').text,
                         'Card games, refereed as they are played')
        headings = [h.text for h in driver.find_elements(By.TAG_NAME, 'h2')]
        self.assertEqual(headings, ['Playing at a table', 'Scoring a table played with real cards',
                                    'Organising'])
        for width in (400, 1200):
            boxes = self.check_layout('home', width, ['h1', 'main'])
            self.assertLessEqual(boxes['main']['width'], 44 * 16 + 1)
        self.check_contrast('home')
        self.browser.resize(400)
        self.browser.screenshot('home', 'home-400.png', 'home-phone.png')
        # The first load: the page, its style sheet and its icon, well under 100 KB.
        loaded = sum(len(body) for _, _, _, body, _ in proxy.take())
        self.assertLess(loaded, 100 * 1024)
        self.browser.open('nowhere', proxy.url('/seat/'))
        self.assertEqual(self.browser.use('nowhere').find_element(By.TAG_NAME, 'h1').text,
                         'No such page')


if __name__ == '__main__':
    harness.main()

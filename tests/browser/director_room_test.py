"""The director's page and the room's screen of a club night (docs/organisers.md, "The
director's page", "The room's screen"): a small event of eight players over two rounds, its
tables played by the bots (`referee event play`); the director adjusts a score with a reason from
the page and the standings change, on the room's screen too; the director voids a deal played
out, and the standings list it; the room's screen says provisional,
then final; a round is made from the page; the sheet of seat links holds one QR code per seated
player, each decoding to its link. Positions at 400 px and 1200 px, contrast, screenshots.
"""

import json
import os
import shutil
import subprocess
import tempfile

import harness
from harness import ORGANISER
from selenium.webdriver.common.by import By

EVENT = 'night'
PLAYERS = [f'p{n}' for n in range(1, 9)]
BODY = {'id': EVENT,
        'league': {'format': 'referee-league/1', 'name': 'Browser night', 'game': 'collusion',
                   'entrants': [{'id': player} for player in PLAYERS]},
        'schedule': {'method': 'swiss', 'seed': 'browser-night', 'planned_rounds': 2},
        'table_header': {'rules': {'target': 20}}}
ROOM_ROWS = r"""
return [...document.querySelectorAll('#standings tbody tr')].map(
    (row) => [row.dataset.entrant, row.querySelector('.points').textContent]);
"""


class DirectorRoomTest(harness.PageTest):

    def setUp(self):
        super().setUp()
        status, self.reply = self.server.call('POST', '/events', ORGANISER, BODY)
        self.assertEqual(status, 201, self.reply)
        self.reply_file = os.path.join(self.scratch, 'event.json')
        with open(self.reply_file, 'w') as out:
            json.dump(self.reply, out)
        self.director = self.reply['director']
        self.assertEqual(self.director['link'], f'/director/{EVENT}#{self.director["token"]}')

    def url(self, path):
        return f'http://127.0.0.1:{self.server.port}{path}'

    def play_round(self):
        subprocess.run([harness.ARGS.referee, 'event', 'play', '--port', str(self.server.port),
                        EVENT, self.reply_file], check=True, capture_output=True, timeout=60)

    def standings(self):
        reply = self.server.call('GET', f'/events/{EVENT}/standings')[1]
        rows = [table for table in reply['standings']['tables'] if table['kind'] == 'players']
        return reply['provisional'], {row['entrant']: row['points'] for row in rows[0]['rows']}

    def room_text(self, selector):
        return self.browser.use('room').find_element(By.CSS_SELECTOR, selector).text

    def wait_room(self, condition, what):
        self.browser.wait('room', lambda d: condition(), seconds=30, what=what)

    def test_a_night_directed_and_shown_on_the_rooms_screen(self):
        self.browser.open('room', self.url(f'/room/{EVENT}'))
        self.wait_room(lambda: self.room_text('#progress') ==
                       'Round 1 of 2: 0 of 2 tables finished', 'the first round, unplayed')
        self.assertTrue(self.room_text('#state').startswith('Provisional'))
        self.browser.open('director', self.url(self.director['link']))
        self.browser.wait('director', lambda d: d.find_elements(By.CSS_SELECTOR, '#tables tr'),
                          what='the tables')

        self.play_round()
        self.wait_room(lambda: self.room_text('#progress') ==
                       'Round 1 of 2: 2 of 2 tables finished', 'the first round, played')
        self.assertTrue(self.room_text('#state').startswith('Provisional'))
        _, before = self.standings()
        self.browser.wait('director', lambda d: d.find_element(
            By.CSS_SELECTOR, '#tables tr[data-table] td:nth-child(3)').text == 'finished',
            what='the finished tables')

        # The director adjusts p1's score by 7 with a reason; the standings and the room follow.
        self.adjust('p1', 7, 'scored wrongly at the table')
        _, after = self.standings()
        self.assertEqual(after['p1'], before['p1'] + 7)
        self.wait_room(lambda: dict(self.browser.script('room', ROOM_ROWS)).get('p1') ==
                       str(after['p1']), 'the adjusted standings')
        acts = self.server.call('GET', f'/events/{EVENT}')[1]['acts']
        self.assertEqual([(act['act'], act['why']) for act in acts],
                         [('adjust', 'scored wrongly at the table')])

        # The director voids deal 1 of a finished table: the standings list it with its reason.
        table = self.server.call('GET', f'/events/{EVENT}')[1]['rounds'][0]['tables'][1]['id']
        self.void_deal(table, 1, 'a fouled board')
        acts = self.server.call('GET', f'/events/{EVENT}')[1]['acts']
        self.assertEqual([(act['act'], act.get('table'), act.get('deal')) for act in acts],
                         [('adjust', None, None), ('void', table, 1)])
        entries = self.server.call('GET', f'/events/{EVENT}/standings')[1]['standings']['entries']
        self.assertIn(f'void: deal 1 of {table} not scored (director: a fouled board)', entries)
        self.layouts_and_screenshots()

        # The round is closed and the next one made from the page.
        self.browser.tap('director', '#next-round button')
        self.browser.wait('director', lambda d: d.find_element(By.ID, 'done').text ==
                          'Round 2 is made.', what='round 2')
        self.assertEqual(len(self.server.call('GET', f'/events/{EVENT}')[1]['rounds']), 2)
        self.sheet()

        self.play_round()
        self.wait_room(lambda: self.room_text('#state') == 'Final standings', 'the final standings')
        provisional, final = self.standings()
        self.assertFalse(provisional)
        self.assertEqual({player: str(points) for player, points in final.items()},
                         dict(self.browser.script('room', ROOM_ROWS)))
        self.browser.screenshot('room', 'room-final-400.png')

    def adjust(self, entrant, points, why):
        self.browser.tap('director', 'details[class="act"] summary')
        driver = self.browser.use('director')
        form = driver.find_element(By.CSS_SELECTOR, 'form[data-act="adjust"]')
        # A reason is required: without one the form is not sent.
        form.find_element(By.NAME, 'points').send_keys(str(points))
        driver.execute_script('arguments[0].value = arguments[1];',
                              form.find_element(By.NAME, 'entrant'), entrant)
        self.browser.tap('director', 'form[data-act="adjust"] button')
        self.assertEqual(self.server.call('GET', f'/events/{EVENT}')[1]['acts'], [])
        form.find_element(By.NAME, 'why').send_keys(why)
        self.browser.tap('director', 'form[data-act="adjust"] button')
        self.browser.wait('director', lambda d: d.find_element(By.ID, 'done').text ==
                          'Done: adjust a score.', what='the adjustment')

    def void_deal(self, table, deal, why):
        driver = self.browser.use('director')
        form = driver.find_element(By.CSS_SELECTOR, 'form[data-act="void"]')
        driver.execute_script('arguments[0].parentElement.open = true;', form)
        select = form.find_element(By.NAME, 'table')
        # Any table of any round with a deal played out may be chosen: here both of round 1.
        choices = [option.get_attribute('value')
                   for option in select.find_elements(By.TAG_NAME, 'option')]
        self.assertIn(table, choices)
        driver.execute_script('arguments[0].value = arguments[1];'
                              'arguments[0].dispatchEvent(new Event("change"));', select, table)
        deal_input = form.find_element(By.NAME, 'deal')
        self.assertGreaterEqual(int(deal_input.get_attribute('max')), deal)
        deal_input.send_keys(str(deal))
        form.find_element(By.NAME, 'why').send_keys(why)
        self.browser.tap('director', 'form[data-act="void"] button')
        self.browser.wait('director', lambda d: d.find_element(By.ID, 'done').text ==
                          'Done: void a deal played out (it is not scored).', what='the void')

    def sheet(self):
        self.browser.tap('director', '#make-sheet button[type="submit"]')
        self.browser.wait('director', lambda d: len(d.find_elements(
            By.CSS_SELECTOR, '#sheet .seat-link img.qr')) == len(PLAYERS), what='the sheet')
        event = self.server.call('GET', f'/events/{EVENT}')[1]
        seats = {player: (table['id'], table['table'], seat)
                 for table in event['rounds'][1]['tables']
                 for seat, player in table['players'].items()}
        self.assertEqual(len(seats), len(PLAYERS))
        decoder = shutil.which('zbarimg')  # zbar-tools: scripts/setup.sh --tests
        self.assertIsNotNone(decoder, 'no zbarimg to read the QR codes')
        for card in self.browser.use('director').find_elements(By.CSS_SELECTOR, '#sheet .seat-link'):
            player = card.get_attribute('data-player')
            table, number, seat = seats[player]
            self.assertEqual(card.find_element(By.CSS_SELECTOR, '.big').text,
                             f'Table {number}, seat {seat}')
            link = card.find_element(By.CSS_SELECTOR, '.link-text a').text
            self.assertRegex(link, rf'^http://127\.0\.0\.1:\d+/seat/{table}#[0-9a-f]{{16,}}$')
            self.assertEqual(self.decode(decoder, card.find_element(By.CSS_SELECTOR, 'img')), link)
            self.reply['players'][player]['token'] = link.split('#')[1]
        # The new links work, and the bots play the round with them.
        status, _ = self.server.call('GET', f'/tables/{table}/view', link.split('#')[1])
        self.assertEqual(status, 200)
        with open(self.reply_file, 'w') as out:
            json.dump(self.reply, out)
        self.browser.screenshot('director', 'director-sheet-400.png')

    def decode(self, decoder, image):
        folder = tempfile.mkdtemp(dir=self.scratch)
        path = os.path.join(folder, 'qr.png')
        image.screenshot(path)
        found = subprocess.run([decoder, '--quiet', '--raw', path], capture_output=True,
                               text=True, timeout=20)
        return found.stdout.strip()

    def layouts_and_screenshots(self):
        for name, regions in (('director', ['#tables', '#calls', '#acts', '#make-sheet']),
                              ('room', ['#state', '#progress', '#standings'])):
            phone = self.check_layout(name, 400, regions)
            self.check_contrast(name)
            self.browser.screenshot(name, f'{name}-400.png', f'{name}-phone.png')
            self.check_layout(name, 1200, regions)
            self.check_contrast(name)
            self.browser.screenshot(name, f'{name}-1200.png')
            self.browser.resize(400)
            if name == 'room':  # the rank, the name and the points side by side on a phone
                self.assertGreater(phone['#standings']['width'], 300)


if __name__ == '__main__':
    harness.main()

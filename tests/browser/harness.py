"""What the browser tests of the pages share (docs/organisers.md, "Tested in a real browser").

A real `referee serve` on a free port with a scratch folder; a recording proxy in front of it for
each page, so that every response a page gets is kept and can be searched for what the page must
not hold; headless Chromium driven by Debian's chromium-driver and python3-selenium (which load
under /usr/bin/python3); and the checks the pages share: positions at a phone's and a desktop's
width, contrast, keyboard use, screenshots kept in the build tree.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

ORGANISER = 'organiser-of-the-browser-tests'
SEATS = 'NESW'
SEAT_NAMES = {'N': 'North', 'E': 'East', 'S': 'South', 'W': 'West'}
# A card of a trick game as the API writes it, alone (not inside a longer word or a hex string).
CARD = re.compile(r'(?<![0-9A-Za-z])(?:10|[2-9TJQKA])[CDHS](?![0-9A-Za-z])')
SUITS = {'C': 'clubs', 'D': 'diamonds', 'H': 'hearts', 'S': 'spades'}
RANKS = {'T': 'ten', 'J': 'jack', 'Q': 'queen', 'K': 'king', 'A': 'ace', '2': 'two',
         '3': 'three', '4': 'four', '5': 'five', '6': 'six', '7': 'seven', '8': 'eight',
         '9': 'nine'}


def card_name(card):
    """A card's name as the pages give it to a screen reader: 'queen of hearts'."""
    return f'{RANKS[card[0]]} of {SUITS[card[1]]}'


def options():
    parser = argparse.ArgumentParser()
    parser.add_argument('--referee', required=True, help='the referee program under test')
    parser.add_argument('--artefacts', required=True, help='where the screenshots go')
    parser.add_argument('--docs', help='also write the phone screenshots of docs/ here')
    known, rest = parser.parse_known_args()
    sys.argv[1:] = rest
    return known


ARGS = None


def main():
    """Runs the tests of the calling file with the options above."""
    global ARGS
    ARGS = options()
    os.makedirs(ARGS.artefacts, exist_ok=True)
    unittest.main(verbosity=2)


class Server:
    """`referee serve` on a free loopback port, with its own data folder, until stop()."""

    def __init__(self, scratch):
        token_file = os.path.join(scratch, 'organiser.token')
        with open(token_file, 'w') as out:
            out.write(ORGANISER + '\n')
        self.log = open(os.path.join(scratch, 'serve.log'), 'w')
        self.process = subprocess.Popen(
            [ARGS.referee, 'serve', '--data', os.path.join(scratch, 'data'), '--port', '0',
             '--organiser-token-file', token_file, '--poll-seconds', '20'],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        line = self.process.stdout.readline()
        found = re.search(r'http://127\.0\.0\.1:(\d+)', line)
        if not found:
            self.stop()
            raise RuntimeError(f'referee serve did not start: {line!r}')
        self.port = int(found.group(1))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()
        self.log.close()

    def call(self, method, path, token=None, body=None):
        """One request to the API, straight to the server: (status, JSON)."""
        connection = http.client.HTTPConnection('127.0.0.1', self.port, timeout=30)
        headers = {}
        if token:
            headers['Authorization'] = f'Bearer {token}'
        data = None if body is None else json.dumps(body)
        if data is not None:
            headers['Content-Type'] = 'application/json'
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response.status, json.loads(text) if text.strip() else None

    def create(self, header, table_id):
        status, reply = self.call('POST', '/tables', ORGANISER, {'id': table_id, 'header': header})
        if status != 201:
            raise RuntimeError(f'cannot create the table: {status} {reply}')
        return reply['tokens']

    def table(self, table_id):
        return self.call('GET', f'/tables/{table_id}')[1]

    def view(self, table_id, token):
        return self.call('GET', f'/tables/{table_id}/view', token)[1]['view']

    def legal(self, table_id, token):
        return self.call('GET', f'/tables/{table_id}/legal', token)[1]['legal']


class Proxy:
    """A reverse proxy in front of the server for one page: every response the page gets is
    kept, whole, in `log` (method, path, status, body, and the body of the request). It can lose
    the reply to the next POST after the server has answered it (`lose_next_post_reply`), and be
    down for a while (`down`): what a club's Wi-Fi does."""

    def __init__(self, upstream):
        self.upstream = upstream
        self.log = []
        self.lock = threading.Lock()
        self.busy = 0  # requests in flight, long polls left out
        self.lose_next_post_reply = False
        self.down = False
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'

            def log_message(self, *args):
                pass

            def do_GET(self):
                self.forward('GET')

            def do_POST(self):
                self.forward('POST')

            def forward(self, method):
                length = int(self.headers.get('Content-Length') or 0)
                body = self.rfile.read(length) if length else None
                if proxy.down:
                    self.close_connection = True
                    return
                waits = '/wait' in self.path
                with proxy.lock:
                    proxy.busy += 0 if waits else 1
                try:
                    self.relay(method, body)
                finally:
                    with proxy.lock:
                        proxy.busy -= 0 if waits else 1

            def relay(self, method, body):
                headers = {name: self.headers[name] for name in
                           ('Authorization', 'Content-Type') if self.headers.get(name)}
                connection = http.client.HTTPConnection('127.0.0.1', proxy.upstream, timeout=90)
                try:
                    connection.request(method, self.path, body=body, headers=headers)
                    response = connection.getresponse()
                    data = response.read()
                except OSError:
                    self.close_connection = True
                    return
                finally:
                    connection.close()
                with proxy.lock:
                    proxy.log.append((method, self.path, response.status, data, body or b''))
                    lose = method == 'POST' and proxy.lose_next_post_reply
                    if lose:
                        proxy.lose_next_post_reply = False
                if lose or proxy.down:
                    self.close_connection = True  # the server acted; the page never hears of it
                    return
                self.send_response(response.status)
                for name, value in response.getheaders():
                    if name.lower() not in ('connection', 'content-length', 'server', 'date'):
                        self.send_header(name, value)
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        class Quiet(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # a page that went away (a reload, a lost connection) is no error here

        self.server = Quiet(('127.0.0.1', 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path):
        return f'http://127.0.0.1:{self.port}{path}'

    def take(self):
        """The responses logged since the last call."""
        with self.lock:
            taken, self.log = self.log, []
        return taken

    def idle(self):
        with self.lock:
            return self.busy == 0

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """Headless Chromium, started as this machine needs it, with a new empty profile."""

    def __init__(self, scratch):
        chrome = Options()
        for flag in ('--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
                     '--no-first-run', '--disable-background-networking',
                     '--disable-component-update', '--disable-sync', '--hide-scrollbars',
                     '--disable-renderer-backgrounding',
                     '--disable-background-timer-throttling',
                     '--disable-backgrounding-occluded-windows'):
            chrome.add_argument(flag)
        profile = os.path.join(scratch, 'profile')
        os.makedirs(profile)
        chrome.add_argument(f'--user-data-dir={profile}')
        chrome.binary_location = shutil.which('chromium') or '/usr/bin/chromium'
        driver = shutil.which('chromedriver') or '/usr/bin/chromedriver'
        self.driver = webdriver.Chrome(service=Service(driver), options=chrome)
        self.driver.set_page_load_timeout(30)
        self.windows = {}

    def open(self, name, url, width=400):
        """A window of its own for one page, `width` CSS pixels wide (a phone: 400)."""
        if self.windows:
            self.driver.switch_to.new_window('window')
        self.windows[name] = self.driver.current_window_handle
        self.resize(width)
        self.driver.get(url)

    def use(self, name):
        if self.driver.current_window_handle != self.windows[name]:
            self.driver.switch_to.window(self.windows[name])
        return self.driver

    def resize(self, width, height=900):
        self.driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride', {
            'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': width < 600})

    def script(self, name, code, *args):
        return self.use(name).execute_script(code, *args)

    def wait(self, name, condition, seconds=15, what='the page'):
        # A page that draws again replaces the elements a condition found a moment before: the
        # condition is then asked again rather than failing on the element it lost.
        driver = self.use(name)
        try:
            return WebDriverWait(driver, seconds, poll_frequency=0.02,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda _: condition(driver))
        except TimeoutException:
            raise AssertionError(f'{name}: {what} did not come within {seconds} s')

    def text(self, name, selector):
        """The text of the element at `selector` (None when there is none), read in one script:
        never an element found, then lost as the page draws itself again before it is read."""
        return self.use(name).execute_script(
            'const element = document.querySelector(arguments[0]);'
            'return element ? element.innerText : null;', selector)

    def wait_for_end(self, name, result, totals):
        """The page at the end of a match: the result, the score sheet's totals and no one to
        play, waited for together (the page draws its last state as the table's end reaches it)."""
        def shown():
            foot = self.text(name, '#scores tfoot') or ''
            return (self.text(name, '#result') or '', foot.split()[1:], self.text(name, '#turn'))
        expected = (result, [str(total) for total in totals], 'The match is over.')

        def ended(_):
            now = shown()
            return expected[0] in now[0] and now[1:] == expected[1:]
        try:
            self.wait(name, ended, what='the end of the match')
        except AssertionError:
            result_shown, totals_shown, turn_shown = shown()
            raise AssertionError(f'{name}: at the end, the page shows result {result_shown!r}, '
                                 f'totals {totals_shown}, turn {turn_shown!r}; expected '
                                 f'{expected}')

    def events(self, name):
        value = self.script(name, 'return document.body.dataset.events;')
        return int(value) if value not in (None, '') else -1

    def wait_events(self, name, events, seconds=15):
        self.wait(name, lambda d: self.events(name) >= events, seconds,
                  f'the state of {events} events')

    def tap(self, name, selector):
        """A tap (a press and a release of the mouse's button) on the middle of the element, as
        Chromium's input does it; the element must be on screen there, not covered."""
        driver = self.use(name)
        point = driver.execute_script(TAP_POINT, selector)
        if not point:
            raise AssertionError(f'{name}: nothing to tap at {selector}')
        if point.get('covered'):
            raise AssertionError(f'{name}: {selector} is covered by {point["covered"]}')
        for kind in ('mousePressed', 'mouseReleased'):
            driver.execute_cdp_cmd('Input.dispatchMouseEvent', {
                'type': kind, 'x': point['x'], 'y': point['y'], 'button': 'left', 'clickCount': 1})

    def screenshot(self, name, file_name, docs_name=None):
        """The whole page, as tall as it is, kept among the test's artefacts (and in docs/)."""
        driver = self.use(name)
        width = driver.execute_script('return window.innerWidth;')
        height = driver.execute_script('return document.documentElement.scrollHeight;')
        self.resize(width, height)
        time.sleep(0.1)
        path = os.path.join(ARGS.artefacts, file_name)
        driver.save_screenshot(path)
        if ARGS.docs and docs_name:
            shutil.copyfile(path, os.path.join(ARGS.docs, docs_name))
        self.resize(width)
        return path

    def quit(self):
        self.driver.quit()


class PageTest(unittest.TestCase):
    """A test with a server, a browser and its scratch folder, stopped whatever happens."""

    def setUp(self):
        self.scratch = tempfile.mkdtemp(prefix='referee-browser-')
        self.server = Server(self.scratch)
        self.addCleanup(self.server.stop)
        self.proxies = []
        self.browser = Browser(self.scratch)
        self.addCleanup(self.browser.quit)
        self.addCleanup(lambda: [proxy.stop() for proxy in self.proxies])
        self.addCleanup(shutil.rmtree, self.scratch, True)

    def proxy(self):
        proxy = Proxy(self.server.port)
        self.proxies.append(proxy)
        return proxy

    def quiet(self, seconds=10):
        """Waits until no page has a request in flight but its long poll."""
        end = time.time() + seconds
        while not all(proxy.idle() for proxy in self.proxies):
            if time.time() > end:
                raise AssertionError('the pages kept requests in flight')
            time.sleep(0.01)

    # The checks every page must pass at a phone's width and at a desktop's.

    def check_layout(self, name, width, regions):
        """Nothing sticks out sideways (but inside a container that scrolls), every control is
        at least 44 px square, and each of `regions` (selectors) is on the page with a size.
        Returns the boxes of the regions by selector."""
        self.browser.resize(width)
        found = self.browser.script(name, LAYOUT, regions)
        self.assertEqual(found['width'], width, f'{name}: the viewport is {found["width"]} wide')
        self.assertLessEqual(found['page'], width, f'{name} at {width}: the page scrolls sideways')
        self.assertEqual(found['overflow'], [], f'{name} at {width}: these stick out')
        self.assertEqual(found['small'], [], f'{name} at {width}: controls under 44 px')
        for selector in regions:
            box = found['boxes'].get(selector)
            self.assertIsNotNone(box, f'{name} at {width}: no {selector}')
            self.assertGreater(box['width'], 0, f'{name} at {width}: {selector} has no size')
        return found['boxes']

    def check_contrast(self, name):
        """Every text on the page against what is behind it: at least 4.5:1, or 3:1 for large
        text (WCAG 2.1 AA, 1.4.3)."""
        low = self.browser.script(name, CONTRAST)
        self.assertEqual(low, [], f'{name}: text under the contrast of WCAG AA')


# The middle of an element, brought on screen, and what covers it there, if anything.
TAP_POINT = r"""
const e = document.querySelector(arguments[0]);
if (!e) return null;
e.scrollIntoView({block: 'center'});
const r = e.getBoundingClientRect();
const x = r.left + r.width / 2, y = r.top + r.height / 2;
const top = document.elementFromPoint(x, y);
const covered = top && (top === e || e.contains(top)) ? null :
                top ? top.outerHTML.slice(0, 80) : 'nothing';
return {x, y, covered};
"""

# Measures the page as laid out: the viewport, the page's width, what sticks out of the viewport
# sideways (outside the containers that scroll), the controls smaller than 44 x 44, and the boxes
# of the regions asked for.
LAYOUT = r"""
const regions = arguments[0];
const width = document.documentElement.clientWidth;
const overflow = [];
const small = [];
for (const e of document.body.querySelectorAll('*')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  if (!e.closest('.scroll') && (r.left < -0.5 || r.right > width + 0.5)) {
    overflow.push(`${e.tagName}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  const control = e.matches('button, input, select, a.action');
  const box = e.matches('input[type=checkbox]') ? e.closest('label').getBoundingClientRect() : r;
  if (control && (box.width < 43.5 || box.height < 43.5)) {
    small.push(`${e.tagName}.${e.className} ${Math.round(box.width)}x${Math.round(box.height)}`);
  }
}
const boxes = {};
for (const selector of regions) {
  const e = document.querySelector(selector);
  if (!e) continue;
  const r = e.getBoundingClientRect();
  boxes[selector] = {left: r.left, right: r.right, top: r.top + window.scrollY,
                     bottom: r.bottom + window.scrollY, width: r.width, height: r.height};
}
return {width, page: document.documentElement.scrollWidth, overflow, small, boxes};
"""

# The contrast of every visible text node's element against the first opaque background behind it.
CONTRAST = r"""
const channel = (c) => {
  c /= 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const rgba = (text) => (text.match(/[\d.]+/g) || []).map(Number);
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const behind = (e) => {
  for (let at = e; at; at = at.parentElement) {
    const colour = rgba(getComputedStyle(at).backgroundColor);
    if (colour.length === 3 || (colour.length === 4 && colour[3] > 0.99)) return colour;
  }
  return [255, 255, 255];
};
const low = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.textContent.trim()) continue;
  const e = node.parentElement;
  const style = getComputedStyle(e);
  const r = e.getBoundingClientRect();
  if (style.visibility === 'hidden' || r.width === 0 || e.closest('[hidden]')) continue;
  const fore = luminance(rgba(style.color));
  const back = luminance(behind(e));
  const ratio = (Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05);
  const size = parseFloat(style.fontSize);
  const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
  if (ratio < (large ? 3 : 4.5)) {
    const text = node.textContent.trim().slice(0, 30);
    low.push(`${e.tagName}.${e.className} "${text}" ${ratio.toFixed(2)}`);
  }
}
return low;
"""

# Every card a page's document holds, by its code and by its name, outside `except` (a selector).
DOCUMENT_CARDS = r"""
const except = arguments[0];
const cards = [];
for (const e of document.querySelectorAll('[data-card]')) {
  if (!except || !e.closest(except)) cards.push(e.dataset.card);
}
const copy = document.documentElement.cloneNode(true);
if (except) for (const e of copy.querySelectorAll(except)) e.remove();
return {cards, html: copy.outerHTML};
"""


def cards_in(text):
    return set(CARD.findall(text))

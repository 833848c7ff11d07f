"""The Python module against the program: for every sample record, the verdicts that
referee.verify_stream gives, turned into the shape of `referee verify --format json`, equal the
program's own lines once both are parsed; a live table answers as `referee live` does; standings
computed through the module rank as `referee standings` does.

Usage: bindings_test.py REFEREE_BINARY SOURCE_DIR (with the module on PYTHONPATH).
"""
import json
import pathlib
import subprocess
import sys
import unittest

import referee

BINARY = sys.argv[1]
SOURCE = pathlib.Path(sys.argv[2])
RECORD_SUFFIXES = {".yaml", ".yml", ".json", ".jsonl"}


def run(*arguments):
    return subprocess.run([BINARY, *arguments], cwd=SOURCE, capture_output=True, text=True)


def finding_json(finding):
    place = finding.place
    shown = {"code": finding.code, "severity": finding.severity, "path": place.path}
    for key in ("deal", "trick", "turn"):
        if getattr(place, key) > 0:
            shown[key] = getattr(place, key)
    for key in ("actor", "card"):
        if getattr(place, key):
            shown[key] = getattr(place, key)
    shown["message"] = finding.message
    for key in ("expected", "found"):
        value = getattr(finding, key)
        if value is not None:
            shown[key] = value_json(value)
    return shown


def value_json(value):
    """A typed value as the JSON verdict writes it: a number, or its words in one string."""
    return value.number if value.number is not None else " ".join(value.words)


def statistics_json(statistics, one_each):
    return {s.name: (s.values[0] if one_each else list(s.values)) for s in statistics}


def line_json(verdict):
    """The verdict's typed fields in the shape of the program's JSON line."""
    locations = {}
    for finding in verdict.findings:
        if finding.place.line and finding.place.path not in locations:
            locations[finding.place.path] = [finding.place.line, finding.place.column]
    body = {"format": referee.VERDICT_FORMAT, "status": verdict.status, "game": verdict.game,
            "findings": [finding_json(f) for f in verdict.findings],
            "events_checked": verdict.events_checked,
            "events_unchecked": verdict.events_unchecked}
    if verdict.status != "malformed":
        body["scores"] = {
            "units": list(verdict.units),
            "deals": [{"deal": d.deal, "board": d.board, "points": list(d.points),
                       "label": d.label, "void": d.void_deal,
                       "statistics": statistics_json(d.statistics, False)}
                      for d in verdict.deals],
            "totals": list(verdict.totals)}
        body["outcome"] = {"over": verdict.over, "summary": verdict.summary,
                           "facts": {f.key: value_json(f.value) for f in verdict.facts},
                           "sides": [{"actors": list(side.actors), "total": side.total,
                                      "place": side.place, "won": side.won, "drew": side.drew,
                                      "statistics": statistics_json(side.statistics, True)}
                                     for side in verdict.sides]}
    return {"source": {"file": verdict.source, "record": verdict.record},
            "locations": locations, "verdict": body}


class VerifyAgreesWithTheProgram(unittest.TestCase):
    def test_every_sample(self):
        samples = sorted(p for p in (SOURCE / "samples").rglob("*")
                         if p.suffix in RECORD_SUFFIXES and "expected" not in p.parts
                         and "league" not in p.parts)
        self.assertGreater(len(samples), 50)
        for sample in samples:
            name = str(sample.relative_to(SOURCE))
            with self.subTest(sample=name):
                program = [json.loads(line) for line in
                           run("verify", "--format", "json", name).stdout.splitlines()]
                verdicts = referee.verify_stream(sample.read_bytes().decode("utf-8", "replace"),
                                                 name)
                self.assertEqual([line_json(v) for v in verdicts], program)
                self.assertEqual([json.loads(v.json) for v in verdicts], program)

    def test_one_record_or_a_clear_error(self):
        stream = (SOURCE / "samples/collusion/valid/season.jsonl").read_text()
        with self.assertRaises(ValueError):
            referee.verify(stream)
        verdict = referee.verify("format: referee/1\ngame: whist\n", "bad.yaml")
        self.assertEqual(verdict.status, "malformed")
        self.assertEqual(verdict.findings[0].place.line, 2)


class LiveTableAnswersAsTheProgram(unittest.TestCase):
    def test_the_same_replies_line_by_line(self):
        lines = ['{"format":"referee/1","game":"plonk","seed":"t",'
                 '"players":{"N":"a","E":"b","S":"c","W":"d"}}',
                 '{"event":"deal"}', '{"event":"play","card":"2C"}', 'not json',
                 '{"event":"legal","seat":"E"}', '{"event":"view","seat":"E"}']
        program = subprocess.run([BINARY, "live"], input="\n".join(lines) + "\n",
                                 capture_output=True, text=True).stdout.splitlines()
        table = referee.LiveTable()
        self.assertFalse(table.started)
        self.assertIsNone(table.verdict())
        replies = [table.handle(line) for line in lines]
        self.assertEqual([json.loads(r) for r in replies], [json.loads(p) for p in program])
        self.assertTrue(table.started)
        self.assertFalse(table.over)
        self.assertEqual(table.verdict().status, "incomplete")


def without_sources(tables):
    """The tables without the records' names in the cross-table: the module is given the records
    by the names the league lists them under, the program finds them from where it runs."""
    for table in tables:
        for row in table["rows"]:
            for meeting in row.get("cross_table", []):
                meeting.pop("source", None)
    return tables


class StandingsAgreeWithTheProgram(unittest.TestCase):
    def test_every_sample_league(self):
        for league_file in sorted((SOURCE / "samples/league").glob("*/league.yaml")):
            with self.subTest(league=str(league_file)):
                folder = league_file.parent
                records = [referee.RecordText(str(p.relative_to(folder)), p.read_text())
                           for p in sorted((folder / "records").rglob("*"))
                           if p.suffix in RECORD_SUFFIXES]
                ours = json.loads(referee.standings(league_file.read_text(), records, "json"))
                program = json.loads(run("standings", "--format", "json",
                                         str(league_file.relative_to(SOURCE))).stdout)
                self.assertEqual(without_sources(ours["tables"]),
                                 without_sources(program["tables"]))

    def test_a_league_file_that_cannot_be_used(self):
        with self.assertRaises(ValueError):
            referee.standings("format: referee-league/1\n", [], "json")
        with self.assertRaises(ValueError):
            referee.standings("", [], "pdf")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)

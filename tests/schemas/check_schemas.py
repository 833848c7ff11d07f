#!/usr/bin/env python3
"""Checks the JSON Schemas of docs/schemas/ against everything they describe.

With Debian's python3-jsonschema (Draft 2020-12) and python3-yaml:
- every sample record (samples/<game>/{valid,invalid}/, the league seasons' records): the valid
  ones and the invalid ones whose fault is in the rules must pass record.schema.json; the malformed
  ones the schema can see (EXPECTED_TO_FAIL) must fail it; and whatever the schema refuses,
  `referee verify` must find malformed (the schema is never stricter than the reader); the valid
  ones as `referee convert` writes them must pass it too, and so must the records the bots play
  (`referee generate`, faults included) unless referee finds them malformed;
- every sample league file against league.schema.json;
- the JSON golden outputs (tests/cli/expected/json-*.expected, samples/league/*/expected/
  standings.json), the lines `referee verify --format json` writes for every sample, the output
  of `referee standings --format json` for every sample league and the verdict a live referee
  gives at the end of a match, against verdict.schema.json and standings.schema.json; the output
  of `referee ratings --format json` for every sample league and samples/league/*/expected/
  ratings.json against ratings.schema.json;
- numbers are JSON numbers, and each exact fraction agrees with the number beside it;
- hand-made documents that each schema must refuse.

Usage: check_schemas.py SOURCE_DIR REFEREE_BINARY
"""
import copy
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    import jsonschema
    import yaml
except ImportError as missing:
    sys.exit(f"check_schemas: {missing}: install python3-jsonschema and python3-yaml "
             "(scripts/setup.sh --tests)")

# Invalid samples that are malformed in a way the schema sees: each must fail record.schema.json.
EXPECTED_TO_FAIL = {
    "samples/cahoots/invalid/bad-card.yaml": "3X is not a number card",
    "samples/cahoots/invalid/solo.yaml": "one player; Cahoots needs 2 to 4",
    "samples/cahoots/invalid/unknown-key.yaml": "draws is not a key of a turn",
    "samples/collusion/invalid/bad-card.yaml": "3X is not a card",
    "samples/collusion/invalid/missing-deal.yaml": "no hands, no deck and no seed",
    "samples/collusion/invalid/unknown-game.yaml": "colusion is not a game",
    "samples/collusion/invalid/unknown-key.yaml": "trick is not a key of a deal",
}
# Invalid samples whose fault is below the JSON data model: not checked against the schema.
NOT_A_JSON_DOCUMENT = {
    "samples/collusion/invalid/malformed-yaml.yaml": "not YAML",
    "samples/collusion/invalid/duplicate-key.yaml": "a map cannot hold a key twice",
    "samples/collusion/invalid/yaml-alias.yaml": "an alias is resolved before the data exists",
}
RECORD_EXTENSIONS = (".yaml", ".yml", ".json", ".jsonl", ".ndjson")


class RecordLoader(yaml.SafeLoader):
    """YAML typed as referee types it (record-format.md): plain scalars by their shape only, so
    `no`, `on`, `2026-05-01` and `007` keep the type the reader gives them."""


RecordLoader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("int", r"^[-+]?[0-9]+$", "-+0123456789"),
    ("float", r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$", "-+0123456789."),
]:
    RecordLoader.add_implicit_resolver("tag:yaml.org,2002:" + tag, re.compile(pattern), list(first))
RecordLoader.add_constructor("tag:yaml.org,2002:int",
                             lambda loader, node: int(loader.construct_scalar(node), 10))
RecordLoader.add_constructor("tag:yaml.org,2002:float",
                             lambda loader, node: float(loader.construct_scalar(node)))


class Checker:
    def __init__(self, source, referee):
        self.source = source
        self.referee = referee
        self.failures = []
        self.checked = 0
        self.generated = {}
        self.validators = {}
        for name in ("record", "verdict", "standings", "league", "ratings"):
            with open(os.path.join(source, "docs/schemas", name + ".schema.json")) as f:
                schema = json.load(f)
            jsonschema.Draft202012Validator.check_schema(schema)
            self.validators[name] = self.validator(schema)
        # The verdict object alone, as the live and serve replies carry it.
        with open(os.path.join(source, "docs/schemas/verdict.schema.json")) as f:
            alone = json.load(f)
        alone.pop("oneOf")
        alone["$ref"] = "#/$defs/verdict"
        self.validators["verdict-object"] = self.validator(alone)

    @staticmethod
    def validator(schema):
        return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())

    def fail(self, what, message):
        self.failures.append(f"{what}: {message}")

    def error(self, schema, document):
        self.checked += 1
        found = jsonschema.exceptions.best_match(self.validators[schema].iter_errors(document))
        if found is None:
            return None
        pointer = "/" + "/".join(str(part) for part in found.absolute_path)
        return f"{pointer}: {found.message[:300]}"

    def expect_valid(self, schema, document, what):
        problem = self.error(schema, document)
        if problem:
            self.fail(what, f"expected it to match {schema}.schema.json, found {problem}")
        return problem is None

    def expect_invalid(self, schema, document, what):
        if self.error(schema, document) is None:
            self.fail(what, f"expected {schema}.schema.json to refuse it, found it accepted")

    def run(self, *arguments, stdin=None):
        return subprocess.run([self.referee, *arguments], cwd=self.source, input=stdin,
                              capture_output=True, text=True, timeout=300)

    def path(self, relative):
        return os.path.join(self.source, relative)

    def load_documents(self, relative):
        with open(self.path(relative), encoding="utf-8-sig") as f:
            text = f.read()
        if relative.endswith((".jsonl", ".ndjson")):
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        if relative.endswith(".json"):
            return [json.loads(text)]
        return list(yaml.load_all(text, Loader=RecordLoader))

    # --- records -------------------------------------------------------------------------------

    def sample_records(self):
        files = []
        for pattern in ("samples/*/valid/*", "samples/*/invalid/*",
                        "samples/league/*/records/**/*"):
            files += glob.glob(pattern, root_dir=self.source, recursive=True)
        return sorted(f for f in files if f.endswith(RECORD_EXTENSIONS))

    def verdicts_of(self, relative):
        run = self.run("verify", "--format", "json", relative)
        lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        for number, line in enumerate(lines, 1):
            self.expect_valid("verdict", line, f"referee verify --format json {relative}, "
                              f"line {number}")
        return lines

    def check_records(self):
        files = self.sample_records()
        if len(files) < 100:
            self.fail("samples", f"expected at least 100 sample records, found {len(files)}")
        for listed in list(EXPECTED_TO_FAIL) + list(NOT_A_JSON_DOCUMENT):
            if listed not in files:
                self.fail(listed, "listed in check_schemas.py but not a sample any more")
        for relative in files:
            verdicts = self.verdicts_of(relative)
            if relative in NOT_A_JSON_DOCUMENT:
                continue
            documents = self.load_documents(relative)
            if len(verdicts) != len(documents):
                self.fail(relative, f"expected {len(documents)} verdicts, found {len(verdicts)}")
                continue
            for number, (document, line) in enumerate(zip(documents, verdicts), 1):
                self.check_record(relative, number, document, line)

    def check_record(self, relative, number, document, line):
        what = relative if number == 1 else f"{relative}#{number}"
        problem = self.error("record", document)
        status = line.get("verdict", {}).get("status")
        if relative in EXPECTED_TO_FAIL:
            if problem is None:
                self.fail(what, f"expected record.schema.json to refuse it "
                          f"({EXPECTED_TO_FAIL[relative]}), found it accepted")
        elif problem is not None:
            self.fail(what, f"expected it to match record.schema.json (verdict {status}), "
                      f"found {problem}")
        if problem is not None and status != "malformed":
            self.fail(what, f"record.schema.json refuses a record referee finds {status}: "
                      f"{problem}")
        if problem is None and "/valid/" in relative:
            # The schema refuses an unknown key at the top of every game's record.
            extra = dict(document, tricks=[])
            self.expect_invalid("record", extra, f"{what} with an unknown key 'tricks'")

    def check_converted_records(self):
        """The canonical form `referee convert` writes is a record of the schema too."""
        for relative in self.sample_records():
            if "/valid/" not in relative:
                continue
            run = self.run("convert", relative, "--to", "jsonl")
            if run.returncode != 0:
                self.fail(relative, f"referee convert exited {run.returncode}: {run.stderr}")
                continue
            for number, line in enumerate(run.stdout.splitlines(), 1):
                self.expect_valid("record", json.loads(line),
                                  f"referee convert {relative} --to jsonl, line {number}")

    def check_generated_records(self):
        """Matches the bots play, with faults injected into some: each record the schema refuses
        is one referee finds malformed, and each one it does not find malformed passes."""
        setups = [("collusion", []), ("plonk", ["dealer_rotation=two-dealers"]),
                  ("conspiracy", ["no_trump=true"]), ("cahoots", []),
                  ("cahoots", ["edition=spanish", "variant=speed"]),
                  ("cahoots", ["edition=dutch", "level=beginner"])]
        with tempfile.TemporaryDirectory() as folder:
            for number, (game, rules) in enumerate(setups):
                stream = os.path.join(folder, f"{number}-{game}.jsonl")
                rule_options = ["--rules", *rules] if rules else []
                run = self.run("generate", "--game", game, "--count", "12", "--seed", "schemas",
                               "--bot", "mixed", "--faults", "4", "--format", "jsonl",
                               "--output", stream, *rule_options)
                if run.returncode != 0:
                    self.fail(f"referee generate --game {game}", run.stderr)
                    continue
                verdicts = self.verdicts_of(stream)
                with open(stream) as f:
                    documents = [json.loads(line) for line in f if line.strip()]
                if len(documents) != 12 or len(verdicts) != 12:
                    self.fail(stream, f"expected 12 records and verdicts, found "
                              f"{len(documents)} and {len(verdicts)}")
                for document, line in zip(documents, verdicts):
                    what = f"referee generate --game {game} {' '.join(rules)}: " \
                           f"{line['source']['file']}"
                    problem = self.error("record", document)
                    status = line["verdict"]["status"]
                    if problem is not None and status != "malformed":
                        self.fail(what, f"record.schema.json refuses a record referee finds "
                                  f"{status}: {problem}")
                    self.generated[status] = self.generated.get(status, 0) + 1

    # --- league files and standings --------------------------------------------------------------

    def check_leagues(self):
        leagues = sorted(glob.glob("samples/league/*/league.yaml", root_dir=self.source))
        games = {self.load_documents(relative)[0]["game"] for relative in leagues}
        if games != {"collusion", "plonk", "conspiracy", "cahoots"}:
            self.fail("samples/league", f"expected a league of every game, found {sorted(games)}")
        for relative in leagues:
            self.expect_valid("league", self.load_documents(relative)[0], relative)
            # The sample seasons list records that are not counted on purpose (exit 5 otherwise).
            run = self.run("standings", relative, "--format", "json", "--allow-uncounted")
            if run.returncode != 0:
                self.fail(relative, f"referee standings exited {run.returncode}: {run.stderr}")
                continue
            standings = json.loads(run.stdout)
            what = f"referee standings {relative} --format json"
            if self.expect_valid("standings", standings, what):
                self.check_points(standings, what)
                self.check_complete(standings, what)
        for relative in sorted(glob.glob("samples/league/*/expected/standings*.json",
                                         root_dir=self.source)):
            with open(self.path(relative)) as f:
                standings = json.load(f)
            if self.expect_valid("standings", standings, relative):
                self.check_points(standings, relative)
        for relative in leagues:
            run = self.run("ratings", relative, "--format", "json", "--allow-uncounted")
            if run.returncode != 0:
                self.fail(relative, f"referee ratings exited {run.returncode}: {run.stderr}")
                continue
            self.expect_valid("ratings", json.loads(run.stdout),
                              f"referee ratings {relative} --format json")
        for relative in sorted(glob.glob("samples/league/*/expected/ratings*.json",
                                         root_dir=self.source)):
            with open(self.path(relative)) as f:
                self.expect_valid("ratings", json.load(f), relative)

    def check_points(self, standings, what):
        """Each exact fraction is the number beside it, rounded to two decimals."""
        for table in standings["tables"]:
            for row in table["rows"]:
                pairs = [(row["points"], row["points_exact"])]
                pairs += list(zip(row["by_round"], row["by_round_exact"]))
                if len(row["by_round"]) != len(row["by_round_exact"]):
                    self.fail(what, f"{row['entrant']}: by_round and by_round_exact differ")
                pairs += [(m["points"], m["points_exact"]) for m in row.get("cross_table", [])]
                for number, exact in pairs:
                    self.check_fraction(number, exact, what, row["entrant"])
        for traveller in standings.get("travellers", []):
            for line in traveller["lines"]:
                for number, exact in zip(line["matchpoints"], line["matchpoints_exact"]):
                    self.check_fraction(number, exact, what, line["source"])

    def check_fraction(self, number, exact, what, who):
        value = exact["numerator"] / exact["denominator"]
        if isinstance(number, bool) or abs(number - round(value, 2)) > 1e-9:
            self.fail(what, f"{who}: {number} is not {exact}")
        if 55440 % exact["denominator"] != 0:
            self.fail(what, f"{who}: {exact} is not in units of 1/55440")

    def check_complete(self, standings, what):
        """What the schema leaves optional for older files, today's output always gives."""
        for key in ("lots", "season_rounds", "after_round", "later_records", "travellers",
                    "provenance"):
            if key not in standings:
                self.fail(what, f"expected the key {key}")
        for table in standings["tables"]:
            for row in table["rows"]:
                for key in ("rank_by_round", "lot", "cross_table"):
                    if key not in row:
                        self.fail(what, f"{row['entrant']}: expected the key {key}")
                if len(row.get("rank_by_round", [])) != len(standings["rounds"]):
                    self.fail(what, f"{row['entrant']}: expected a rank for every round")
        if standings.get("provenance", {}).get("sha256") is None:
            self.fail(what, "expected the inputs digest")

    # --- golden outputs and the live referee -------------------------------------------------------

    def check_golden_verdicts(self):
        files = sorted(glob.glob("tests/cli/expected/json-*.expected", root_dir=self.source))
        if not files:
            self.fail("tests/cli/expected", "expected golden JSON outputs, found none")
        for relative in files:
            with open(self.path(relative)) as f:
                lines = f.read().split("\n--- standard error")[0].splitlines()
            if not lines or not lines[0].startswith("$ referee "):
                self.fail(relative, "expected it to start with the command line")
                continue
            for number, line in enumerate(lines[1:], 2):
                if line.strip():
                    self.expect_valid("verdict", json.loads(line), f"{relative}:{number}")

    def check_live_verdict(self):
        """Plays a Cahoots sample through `referee live`: its last reply carries the verdict."""
        record = self.load_documents("samples/cahoots/valid/win-beginner-4-players.yaml")[0]
        header = {key: value for key, value in record.items() if key not in ("turns", "result")}
        lines = [json.dumps(header)]
        for turn in record["turns"]:
            if isinstance(turn, str):
                player, card, pile = turn.split()
                turn = {"player": player, "card": card, "pile": int(pile)}
            fields = {k: v for k, v in turn.items() if k in ("player", "card", "pile", "at")}
            lines.append(json.dumps({"event": "turn", **fields}))
        run = self.run("live", stdin="\n".join(lines) + "\n")
        replies = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
        verdicts = [reply["verdict"] for reply in replies if "verdict" in reply]
        if not verdicts:
            self.fail("referee live", f"expected a verdict at the end, found {run.stdout[-300:]}")
            return
        self.expect_valid("verdict-object", verdicts[-1], "the verdict of referee live")
        if verdicts[-1]["status"] != "valid":
            self.fail("referee live", f"expected a valid match, found {verdicts[-1]['status']}")

    # --- documents each schema must refuse ---------------------------------------------------------

    def check_refusals(self):
        record = self.load_documents("samples/plonk/valid/target-150.yaml")[0]
        cahoots = self.load_documents("samples/cahoots/valid/speed-timed.yaml")[0]
        conspiracy = self.load_documents("samples/conspiracy/valid/two-deals.yaml")[0]
        spanish = self.load_documents("samples/cahoots/valid/win-spanish-catalogue.yaml")[0]
        self.expect_valid("record", spanish, "the spanish sample")

        def changed(document, change):
            document = copy.deepcopy(document)
            change(document)
            return document

        refused_records = {
            "format referee/2": changed(record, lambda d: d.update(format="referee/2")),
            "no players": changed(record, lambda d: d.pop("players")),
            "a fifth seat": changed(record, lambda d: d["players"].update(X="eve")),
            "a card 1H": changed(record, lambda d: d["deals"][0]["tricks"].__setitem__(
                0, "1H 2H 3H 4H")),
            "dealer north": changed(record, lambda d: d["deals"][0].update(dealer="north")),
            "a call in plonk": changed(record, lambda d: d["deals"][0].update(
                call={"tricks": 5})),
            "a claim per seat in plonk": changed(record, lambda d: d["deals"][0].update(
                claim={"N": 3})),
            "an unknown rule": changed(record, lambda d: d.update(rules={"targets": 150})),
            "a target as a string": changed(record, lambda d: d.update(
                rules={"target": "150"})),
            "a board without a seed": changed(record, lambda d: d["deals"][0].update(board=2)),
            "a name with an escape": changed(record, lambda d: d["players"].update(
                N="\u001b[31mred")),
            "a call without tricks": changed(conspiracy, lambda d: d["deals"][0]["call"].pop(
                "tricks")),
            "a conference at -1 s": changed(conspiracy, lambda d: d["deals"][0][
                "conference"].update(start=-1)),
            "deals in cahoots": changed(cahoots, lambda d: d.update(deals=[])),
            "five players": changed(cahoots, lambda d: d.update(
                players=["a", "b", "c", "d", "e"])),
            "no deck and no seed": changed(cahoots, lambda d: d.pop("deck")),
            "a goal of no kind": changed(cahoots, lambda d: d["goals"].append(
                {"kind": "sum-all", "total": 3})),
            "a goal with an extra key": changed(cahoots, lambda d: d["goals"][0].update(
                total=4)),
            "a turn on pile 1001": changed(cahoots, lambda d: d["turns"][0].update(pile=1001)),
            "a turn of two words": changed(cahoots, lambda d: d["turns"].append("ann 3G")),
            "a blue card in the gamewright edition": changed(cahoots, lambda d: d["turns"][
                0].update(card="3B")),
            "a red colour in the gamewright edition": changed(cahoots, lambda d: d[
                "goals"].append({"kind": "adjacent", "colour": "red"})),
            "a pink card in the spanish edition": changed(spanish, lambda d: d.update(
                deck=d["deck"] + ["4P"] if isinstance(d["deck"], list) else d["deck"] + " 4P")),
            "a purple colour in the spanish edition": changed(spanish, lambda d: d[
                "goals"].append({"kind": "sum-double", "half": "green", "double": "Purple"})),
        }
        for what, document in refused_records.items():
            self.expect_invalid("record", document, f"a record with {what}")

        verdict = self.verdicts_of("samples/collusion/valid/shared-win.yaml")[0]
        refused_verdicts = {
            "record 0": changed(verdict, lambda d: d["source"].update(record=0)),
            "format referee-verdict/2": changed(verdict, lambda d: d["verdict"].update(
                format="referee-verdict/2")),
            "status ok": changed(verdict, lambda d: d["verdict"].update(status="ok")),
            "totals as strings": changed(verdict, lambda d: d["verdict"]["scores"].update(
                totals=["1", "2"])),
            "a finding without a code": changed(verdict, lambda d: d["verdict"].update(
                findings=[{"severity": "error", "path": "", "message": "x"}])),
            "no outcome": changed(verdict, lambda d: d["verdict"].pop("outcome")),
            "a total as a string": changed(verdict, lambda d: d["verdict"]["outcome"][
                "facts"].update(N="102")),
            "an outcome without its sides": changed(verdict, lambda d: d["verdict"][
                "outcome"].pop("sides")),
            "a location without a column": changed(verdict, lambda d: d.update(
                locations={"/deals/0": [3]})),
            "an unreadable line with a verdict": {
                "source": {"file": "x"}, "unreadable": {
                    "format": "referee-verdict/1", "code": "unreadable", "message": "x"},
                "verdict": verdict["verdict"]},
        }
        for what, document in refused_verdicts.items():
            self.expect_invalid("verdict", document, f"a verdict line with {what}")
        self.expect_invalid("verdict-object", {"status": "valid"}, "a verdict object alone")

        run = self.run("standings", "samples/league/cahoots/league.yaml", "--format", "json")
        standings = json.loads(run.stdout)
        row = lambda d: d["tables"][0]["rows"][0]
        refused_standings = {
            "format referee-standings/2": changed(standings, lambda d: d.update(
                format="referee-standings/2")),
            "points as a string": changed(standings, lambda d: row(d).update(points="3")),
            "a tie-break value as a string": changed(standings, lambda d: row(d)[
                "tie_breaks"].update({"goals-completed": "9"})),
            "an unknown tie-break": changed(standings, lambda d: row(d)["tie_breaks"].update(
                {"most-goals": 9})),
            "a fraction over 0": changed(standings, lambda d: row(d).update(
                points_exact={"numerator": 1, "denominator": 0})),
            "a digest that is not hex": changed(standings, lambda d: d["provenance"].update(
                sha256="not a digest")),
            "a meeting of no kind": changed(standings, lambda d: row(d)["cross_table"][0].update(
                kind="visit")),
            "a rank after a round of 0": changed(standings, lambda d: row(d)[
                "rank_by_round"][0].update(rank=0)),
            "lots for some places": changed(standings, lambda d: d.update(
                lots={"seed": "s", "places": "some"})),
            "buchholz as a string": changed(standings, lambda d: row(d)["tie_breaks"].update(
                {"buchholz": "7"})),
            "rank 0": changed(standings, lambda d: row(d).update(rank=0)),
            "no tables": changed(standings, lambda d: d.pop("tables")),
        }
        for what, document in refused_standings.items():
            self.expect_invalid("standings", document, f"standings with {what}")
        run = self.run("standings", "samples/league/plonk-pairs/league.yaml", "--format", "json")
        pairs = json.loads(run.stdout)
        refused_pairs = {
            "a percentage as a string": changed(pairs, lambda d: row(d).update(percentage="50")),
            "a traveller without its lines": changed(pairs, lambda d: d["travellers"][0].pop(
                "lines")),
            "a traveller's matchpoints as strings": changed(pairs, lambda d: d["travellers"][0][
                "lines"][0].update(matchpoints=["4", "0"])),
        }
        for what, document in refused_pairs.items():
            self.expect_invalid("standings", document, f"duplicate standings with {what}")

        league = self.load_documents("samples/league/collusion/league.yaml")[0]
        cahoots_league = self.load_documents("samples/league/cahoots/league.yaml")[0]
        refused_leagues = {
            "format referee-league/2": changed(league, lambda d: d.update(
                format="referee-league/2")),
            "no records": changed(league, lambda d: d.pop("records")),
            "an unknown key": changed(league, lambda d: d.update(tiebreaks=["wins"])),
            "an unknown tie-break": changed(league, lambda d: d.update(
                tie_breaks=["wins", "most-wins"])),
            "a tie-break twice": changed(league, lambda d: d.update(
                tie_breaks=["wins", "wins"])),
            "partnerships in collusion": changed(league, lambda d: d.update(
                partnerships=[{"id": "p", "players": ["a", "b"]}])),
            "an unknown scheme": changed(league, lambda d: d.update(scheme="swiss")),
            "an empty placement table": changed(league, lambda d: d.update(
                scheme={"name": "placement", "points": []})),
            "an adjustment without a reason": changed(league, lambda d: d.update(
                adjustments=[{"entrant": "alice", "points": 1}])),
            "no teams in cahoots": changed(cahoots_league, lambda d: d.pop("teams")),
            "a misspelt buchholz": changed(league, lambda d: d.update(tie_breaks=["buchholtz"])),
            "lots for some places": changed(league, lambda d: d.update(
                lots={"seed": "s", "places": "some"})),
            "lots without a seed": changed(league, lambda d: d.update(lots={"places": "all"})),
            "lots of an empty seed": changed(league, lambda d: d.update(lots="")),
            "a direction WE": changed(league, lambda d: d.update(scheme={
                "name": "duplicate", "directions": {"WE": ["alice"]}})),
            "a duplicate ranked by speed": changed(league, lambda d: d.update(scheme={
                "name": "duplicate", "rank": "fastest"})),
        }
        for what, document in refused_leagues.items():
            self.expect_invalid("league", document, f"a league file with {what}")


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_schemas.py SOURCE_DIR REFEREE_BINARY")
    checker = Checker(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]))
    checker.check_records()
    checker.check_converted_records()
    checker.check_generated_records()
    checker.check_leagues()
    checker.check_golden_verdicts()
    checker.check_live_verdict()
    checker.check_refusals()
    for failure in checker.failures:
        print("FAIL " + failure)
    print(f"check_schemas: {checker.checked} documents checked (generated records: "
          f"{checker.generated}), {len(checker.failures)} failures")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Expected verdicts of the JSONTestSuite cases placed inside a valid record, for
tests/hostile/peer_suites_test.cpp, worked out with Python's json module (RFC 8259) and the rules
of docs/record-format.md, independently of referee's readers.

Each case is placed as the name of the player at N, and as the points N claims in the
first deal, of samples/collusion/valid/first-to-100.json. Prints one line per placement:
suite, case, placement, FNV-1a of the record's bytes, expected verdict (see expected.tsv).

Usage: python3 expect_json.py PEER_SUITES SOURCE_DIR
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from expect_common import MAX_DEPTH, control_at, fnv1a, raw_control  # noqa: E402

PLACEMENTS = {
    "name": ('"N": "alice"', "/players/N", 2),
    "claim": ('"N": 12', "/deals/0/claim/N", 4),
}


class Number:
    def __init__(self, text):
        self.text = text


def pairs(items):
    keys = [key for key, _ in items]
    return {"__pairs__": items, "__duplicate__": len(set(keys)) != len(keys)}


def reader_refusals(value, depth, refusals):
    """The readers' refusals inside a value: duplicate keys, control characters, depth."""
    if isinstance(value, (list, dict)) and depth > MAX_DEPTH:
        refusals.add("too-deep")
    if isinstance(value, str):
        if control_at(value, free_text=True):
            refusals.add("control-character")
    elif isinstance(value, list):
        for item in value:
            reader_refusals(item, depth + 1, refusals)
    elif isinstance(value, dict):
        if value["__duplicate__"]:
            refusals.add("duplicate-key")
        for key, item in value["__pairs__"]:
            if control_at(key, free_text=False):
                refusals.add("control-character")
            reader_refusals(item, depth + 1, refusals)


def kind(value):
    if isinstance(value, Number):
        return "integer" if value.text.lstrip("-").isdigit() else "decimal"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "bool"
    if value is None:
        return "null"
    return "list" if isinstance(value, list) else "map"


def verdict(value, placement):
    path = PLACEMENTS[placement][1]
    shape = kind(value)
    if placement == "name":
        if shape == "string" and control_at(value, free_text=False):
            return "malformed:control-character@" + path
        if shape in ("string", "integer"):
            name = value if shape == "string" else value.text
            return "malformed:duplicate-player@/players/E" if name == "bob" else "valid"
        return "malformed:bad-type@" + path
    if shape != "integer":
        return "malformed:bad-type@" + path
    points = int(value.text)
    if not -100000 <= points <= 100000:
        return "malformed:out-of-range@" + path
    return "valid" if points == 12 else "invalid:claim-mismatch"


def expected(record, placement):
    """The verdict of the record with a case at the placement."""
    if raw_control(record):
        return "malformed:bad-encoding"
    try:
        text = record.decode("utf-8")
        root = json.loads(
            text,
            object_pairs_hook=pairs,
            parse_int=Number,
            parse_float=Number,
            parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)),
        )
    except (ValueError, RecursionError):  # 100,000 open brackets are invalid JSON anyway
        return "refused"
    if "\ufeff" in text or any("\ud800" <= c <= "\udfff" for c in text):
        return "refused"
    value = root
    for key in PLACEMENTS[placement][1].strip("/").split("/"):
        value = value[int(key)] if key.isdigit() else dict(value["__pairs__"])[key]
    refusals = set()
    reader_refusals(value, PLACEMENTS[placement][2] + 1, refusals)
    if refusals:
        return "malformed:" + "|".join(sorted(refusals))
    return verdict(value, placement)


def main():
    suites, source = Path(sys.argv[1]), Path(sys.argv[2])
    base = (source / "samples/collusion/valid/first-to-100.json").read_bytes()
    for line in (suites / "index.tsv").read_text().splitlines()[1:]:
        suite, name, expect, _ = line.split("\t")
        if suite != "json":
            continue
        case = (suites / name).read_bytes()
        for placement, (target, _, _) in PLACEMENTS.items():
            at = base.index(target.encode())
            prefix = base[: at + len('"N": ')]
            record = prefix + case + base[at + len(target):]
            answer = "any" if expect == "either" else expected(record, placement)
            print("\t".join([suite, name, placement, fnv1a(record), answer]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Reference implementation of referee's seeded deal (docs/record-format.md), standard library only.

Anyone can regenerate a seeded deal with it, independently of referee:

    python3 scripts/seeded_deal.py SEED BOARD 52    # pack positions, top first
    python3 scripts/seeded_deal.py SEED BOARD 52 --cards
    python3 scripts/seeded_deal.py SEED BOARD 52 --hands N   # hands dealt by N, as `referee deal`
    python3 scripts/seeded_deal.py SEED BOARD 56 --cahoots gamewright   # a Cahoots deck order
    python3 scripts/seeded_deal.py SEED --commitment          # SHA-256(seed), the commitment
"""
import hashlib
import sys


def words(seed: str, board: int):
    k = 0
    while True:
        block = hashlib.sha256(seed.encode() + b"\0" + str(board).encode() + b"\0" +
                               k.to_bytes(4, "big")).digest()
        for i in range(4):
            yield int.from_bytes(block[8 * i:8 * i + 8], "big")
        k += 1


def uniform(stream, m: int) -> int:
    limit = (2**64 // m) * m
    for word in stream:
        if word < limit:
            return word % m


def permutation(seed: str, board: int, n: int):
    order = list(range(n))
    stream = words(seed, board)
    for i in range(n - 1, 0, -1):
        j = uniform(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def canonical_pack(n: int):
    ranks = "23456789TJQKA" if n == 52 else "789TJQKA"
    return [rank + suit for suit in "CDHS" for rank in ranks]


SEATS = "NESW"
CAHOOTS_LETTERS = {"gamewright": "GPOU", "dutch": "GPOU", "spanish": "GBYR"}


def hands(deck, dealer: str):
    """One card at a time, clockwise from the dealer's left; each hand in canonical order."""
    pack = canonical_pack(len(deck))
    first = (SEATS.index(dealer) + 1) % 4
    dealt = {seat: [] for seat in SEATS}
    for i, card in enumerate(deck):
        dealt[SEATS[(first + i) % 4]].append(card)
    return {seat: sorted(cards, key=pack.index) for seat, cards in dealt.items()}


def cahoots_pack(edition: str):
    """Colours in the edition's order, numbers 1..7, the two copies adjacent."""
    return [f"{number}{letter}" for letter in CAHOOTS_LETTERS[edition]
            for number in range(1, 8) for _ in range(2)]


def option(name: str) -> str:
    return sys.argv[sys.argv.index(name) + 1]


if __name__ == "__main__":
    if "--commitment" in sys.argv:
        print(hashlib.sha256(sys.argv[1].encode()).hexdigest())
        sys.exit(0)
    seed, board, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    order = permutation(seed, board, n)
    if "--hands" in sys.argv:
        pack = canonical_pack(n)
        dealt = hands([pack[i] for i in order], option("--hands"))
        for seat in SEATS:
            print(f"{seat}: " + " ".join(dealt[seat]))
    elif "--cahoots" in sys.argv:
        pack = cahoots_pack(option("--cahoots"))
        print(" ".join(pack[i] for i in order))
    elif "--cards" in sys.argv:
        pack = canonical_pack(n)
        print(" ".join(pack[i] for i in order))
    else:
        print(" ".join(map(str, order)))

#!/usr/bin/env python3
"""Reference implementation of referee's seeded deal (docs/record-format.md), standard library only.

Anyone can regenerate a seeded deal with it, independently of referee:

    python3 scripts/seeded_deal.py SEED BOARD 52    # pack positions, top first
    python3 scripts/seeded_deal.py SEED BOARD 52 --cards
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


if __name__ == "__main__":
    seed, board, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    order = permutation(seed, board, n)
    if "--cards" in sys.argv:
        pack = canonical_pack(n)
        print(" ".join(pack[i] for i in order))
    else:
        print(" ".join(map(str, order)))

#!/usr/bin/env bash
# Fails when a game is named outside its own folder: adding or changing a game must touch only
# referee/games/<game>/ (and its tests, samples and docs), so no other code may test a game's name
# or hold its shape (docs/architecture.md, "Adding a game"). The games are the folders of
# referee/games/ that hold a sources.cmake; a name counts as a whole word, in any case, in code,
# comments and build files alike.
#
# Left out, each for a reason:
#   referee/games/   the games themselves and their registry
#   tests/ samples/ docs/   they name the games they test, hold and describe
#   bench/ fuzz/            benchmarks and fuzz targets choose the games they measure, as tests do
#   scripts/demo-club-night.sh  a demonstration night chooses its events' games, as a sample does
#   scripts/seeded_deal.py  an independent implementation of the published seeded deal, for
#                           checking a deal without referee: it can share nothing with it
#   packaging/test-deb.sh   the package's test, which verifies a sample it installs
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t games < <(find referee/games -mindepth 2 -maxdepth 2 -name sources.cmake \
  -printf '%h\n' | xargs -n1 basename | sort)
if [ ${#games[@]} -eq 0 ]; then
  echo "check-game-names: no game folder found under referee/games" >&2
  exit 1
fi
pattern="\\b($(IFS='|'; echo "${games[*]}"))\\b"

mapfile -t files < <(git ls-files | grep -v -E \
  '^(referee/games/|tests/|samples/|docs/|bench/|fuzz/|scripts/seeded_deal\.py$|packaging/test-deb\.sh$|scripts/demo-club-night\.sh$)' |
  grep -E '\.(h|cpp|cmake|sh|py|in|txt)$|CMakeLists\.txt$|^\.ci/')
if matches=$(grep -n -i -w -E "$pattern" "${files[@]}"); then
  echo "$matches" >&2
  echo "check-game-names: a game is named outside referee/games/ (${games[*]}): ask its" \
    "GameDescriptor instead" >&2
  exit 1
fi
echo "check-game-names: ${#files[@]} files name no game (${games[*]})"

#!/usr/bin/env bash
# Builds the .deb with CPack from a configured and built tree (default build/) and tests it in a
# clean Debian 12 root made here with debootstrap, inside that tree (nothing is kept outside the
# clone, and the root is removed at the end): dpkg -i, the program, its man pages and completion,
# `referee verify` on the installed samples, the Python module, then dpkg -r. Needs root, debootstrap and dpkg-dev
# (scripts/setup.sh --package) and the Debian mirror this machine's apt uses.
#   packaging/test-deb.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
root=$build/debian-12-root
started=$SECONDS

say() { echo "test-deb: $*"; }
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 "$@"; }

# The root goes, unless its /proc is still mounted (then it stays, and says so).
cleanup() {
  if mountpoint -q "$root/proc" 2>/dev/null && ! umount "$root/proc"; then
    echo "test-deb: could not unmount $root/proc; left $root in place" >&2
    return
  fi
  rm -rf "$root"
}
trap cleanup EXIT

[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap and chroot need it)"
rm -f "$build"/referee_*.deb
(cd "$build" && cpack -G DEB > cpack.log) || fail "cpack (see $build/cpack.log)"
deb=$(ls "$build"/referee_*.deb)
say "built $(basename "$deb") in $((SECONDS - started)) s"

# The mirror apt already uses for Debian 12's main archive.
mirror=$(apt-cache policy | awk '$3 == "bookworm/main" && $5 == "Packages" { print $2; exit }')
[ -n "$mirror" ] || fail "no Debian 12 (bookworm) main archive in apt's sources"
cleanup
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$build/debootstrap.log" 2>&1 ||
  fail "debootstrap (see $build/debootstrap.log)"
mount -t proc proc "$root/proc"
say "a clean Debian 12 root in $((SECONDS - started)) s"

# The libraries the package depends on, from the archive; then the package itself with dpkg -i,
# which fails if a dependency is missing from its Depends.
depends=$(dpkg-deb -f "$deb" Depends | sed -E 's/ *\([^)]*\)//g; s/ *\|[^,]*//g; s/,/ /g')
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  $depends > "$build/apt-in-root.log" || fail "installing $depends (see $build/apt-in-root.log)"
cp "$deb" "$root/tmp/referee.deb"
in_root dpkg -i /tmp/referee.deb > "$build/dpkg-in-root.log" || fail "dpkg -i (see $build/dpkg-in-root.log)"
say "installed with dpkg -i in $((SECONDS - started)) s"

in_root referee --version | grep -q '^referee ' || fail "referee --version"
in_root sh -c 'referee verify --quiet /usr/share/referee/samples/*/valid' > "$build/verify-in-root.log" ||
  fail "referee verify on the installed valid samples (see $build/verify-in-root.log)"
say "$(tail -1 "$build/verify-in-root.log")"
if in_root sh -c 'referee verify --quiet /usr/share/referee/samples/*/invalid >/dev/null'; then
  fail "the installed invalid samples verified valid"
fi
for page in referee referee-verify referee-standings referee-live; do
  [ -s "$root/usr/share/man/man1/$page.1.gz" ] || fail "no man page $page.1.gz"
done
[ -s "$root/usr/share/doc/referee/README.md" ] || fail "no README in /usr/share/doc/referee"
[ -x "$root/usr/share/referee/seeded_deal.py" ] || fail "no /usr/share/referee/seeded_deal.py"
completion=$(in_root bash -c 'source /usr/share/bash-completion/completions/referee &&
  COMP_WORDS=(referee ver) COMP_CWORD=1 && _referee && echo "${COMPREPLY[*]}"')
[ "$completion" = verify ] || fail "bash completion of 'referee ver' gave '$completion'"

# The library, through the Python module: python3 comes from the archive (the package recommends
# it), the module and libreferee from the package.
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3 \
  >> "$build/apt-in-root.log" || fail "installing python3 (see $build/apt-in-root.log)"
status=$(in_root python3 -c 'import referee
print(referee.verify(open("/usr/share/referee/samples/collusion/valid/deduction.yaml").read()).status)')
[ "$status" = valid ] || fail "the Python module said '$status' of a valid sample"
# The installed reference deal agrees with referee's: the same hands of board 1.
reference=$(in_root python3 /usr/share/referee/seeded_deal.py club-2026 1 52 --hands N)
[ -n "$reference" ] || fail "seeded_deal.py printed nothing"
in_root referee deal --game collusion --seed club-2026 --boards 1 | grep -qF "$(echo "$reference" | head -1)" ||
  fail "seeded_deal.py and referee deal disagree on board 1"
[ -s "$root/usr/include/referee/referee.h" ] || fail "no /usr/include/referee/referee.h"
[ -n "$(find "$root/usr/lib" -name referee.pc)" ] || fail "no referee.pc"

# The pages of `referee serve` come inside the program: the installed server serves them with no
# file beside it. The organisers' guide is installed with its pictures.
[ -s "$root/usr/share/doc/referee/organisers.md" ] || fail "no organisers.md in /usr/share/doc/referee"
[ -s "$root/usr/share/doc/referee/images/seat-phone.png" ] || fail "no pictures of the pages"
pages=$(in_root python3 -c "$(cat <<'PY'
import subprocess, urllib.request
server = subprocess.Popen(['referee', 'serve', '--data', '/tmp/pages', '--port', '0'],
                          stdout=subprocess.PIPE, text=True)
line = ''
while 'serving' not in line:
    line = server.stdout.readline()
base = line.split()[-1]
try:
    seat = urllib.request.urlopen(base + '/seat/t1').read().decode()
    style = urllib.request.urlopen(base + '/assets/style.css').read().decode()
    print('ok' if seat.startswith('<!doctype html>') and ':root' in style else 'wrong')
finally:
    server.terminate()
    server.wait()
PY
)")
[ "$pages" = ok ] || fail "the installed referee serve did not serve its pages ($pages)"

in_root dpkg -r referee > "$build/dpkg-in-root.log" || fail "dpkg -r (see $build/dpkg-in-root.log)"
[ ! -e "$root/usr/bin/referee" ] || fail "dpkg -r left /usr/bin/referee"
say "passed in $((SECONDS - started)) s"

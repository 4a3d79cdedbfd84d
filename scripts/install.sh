#!/usr/bin/env bash
# Installs quire: the binary, the man page and the bash completion.
#   bash scripts/install.sh                      # → /usr/local/bin/quire (what contrib/systemd expects)
#   PREFIX=/opt/quire bash scripts/install.sh    # → /opt/quire/bin/quire, /opt/quire/share/…
#   DESTDIR=/tmp/stage bash scripts/install.sh   # staged install, for packaging
#   QUIRE_BINARY=path/to/quire bash scripts/install.sh   # install this binary, do not build
# Builds the release binary first unless QUIRE_BINARY names one. Prints each installed file.
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
BINARY=${QUIRE_BINARY:-}
if [[ -z $BINARY ]]; then
  swift build -c release --static-swift-stdlib --product quire
  BINARY=.build/release/quire
fi
[[ -x $BINARY ]] || { echo "install.sh: $BINARY is not an executable" >&2; exit 1; }

bin=$DESTDIR$PREFIX/bin
man=$DESTDIR$PREFIX/share/man/man1
completion=$DESTDIR$PREFIX/share/bash-completion/completions
install -d "$bin" "$man" "$completion"
install -m 0755 "$BINARY" "$bin/quire"
install -m 0644 docs/quire.1 "$man/quire.1"
install -m 0644 contrib/bash-completion/quire "$completion/quire"
printf '%s\n' "$bin/quire" "$man/quire.1" "$completion/quire"

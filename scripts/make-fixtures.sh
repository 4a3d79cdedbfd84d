#!/usr/bin/env bash
# Regenerates every committed test fixture (deterministic). Needs Python 3 with:
#   pip install reportlab segno zxing-cpp Pillow numpy pypdf pyzbar zint-bindings   (pyzbar loads the libzbar that scripts/setup.sh installs)
# Running or testing quire never needs this: the outputs are committed.
set -euo pipefail
cd "$(dirname "$0")/.."
for script in scripts/fixtures/*.py; do
  echo "== $script"
  case $script in */fixture_readme.py) continue;; esac  # a helper module, not a generator
  python3 "$script"
done

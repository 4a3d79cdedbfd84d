#!/usr/bin/env bash
# The README's test command: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# libgomp reads this before main; without it Tesseract runs 7-10x slower (PLATFORM-NOTES).
export OMP_THREAD_LIMIT=1
swift build --build-tests
swift test --skip-build

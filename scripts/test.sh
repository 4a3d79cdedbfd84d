#!/usr/bin/env bash
# The README's test command: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
# Test-only tools: groff and man-db render the man page, systemd-analyze verifies the units.
# slurm-wlm and munge: the single-node cluster of SlurmShardTests (scripts/slurm-test-cluster.sh).
bash scripts/setup.sh groff-base man-db systemd slurm-wlm munge
# libgomp reads this before main; without it Tesseract runs 7-10x slower (PLATFORM-NOTES).
export OMP_THREAD_LIMIT=1
swift build --build-tests
swift test --skip-build

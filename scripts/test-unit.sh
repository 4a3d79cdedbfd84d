#!/usr/bin/env bash
# The unit test targets only: no OCR, no PDF or image decoding, no child processes. Runs in
# seconds once built (the full suite, scripts/test.sh, takes minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
export OMP_THREAD_LIMIT=1
swift build --build-tests
swift test --skip-build --filter 'LayoutTests|BinaryCodingTests|YAMLTests|SQLiteTests|PipelineUnitTests|QuireCLIUnitTests|DataDetectionTests'

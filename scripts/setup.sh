#!/usr/bin/env bash
# Installs the Debian packages quire builds and runs with, when any is missing; packages given
# as arguments are added (scripts/test.sh adds the tools some tests check files with).
# Idempotent and quick when everything is there (one dpkg query, no network).
set -euo pipefail

PACKAGES=(
  pkg-config
  libtesseract-dev tesseract-ocr-eng tesseract-ocr-osd tesseract-ocr-deu
  tesseract-ocr-fra tesseract-ocr-rus libcld2-dev
  libleptonica-dev libtiff-dev libexif-dev libgif-dev
  libpoppler-glib-dev libpoppler-private-dev libcairo2-dev libglib2.0-dev libssl-dev
  libzxing-dev libzbar-dev libphonenumber-dev
  libyaml-dev
  libsqlite3-dev sqlite3
  libxml2-dev libqpdf-dev qpdf poppler-utils
  ghostscript libgs-common
  "$@"
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  # Wait for a package manager already running (unattended upgrades on a fresh machine, another
  # checkout's setup) instead of failing at once on its lock.
  wait_lock=(-o DPkg::Lock::Timeout=900)
  $SUDO apt-get "${wait_lock[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${wait_lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

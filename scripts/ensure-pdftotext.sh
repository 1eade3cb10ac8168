#!/usr/bin/env bash
# The sale contract's API tests (issue 29) read the PDF back with poppler's pdftotext: the text a
# reader would copy out of it, diacritics included, is what they check.
set -euo pipefail
if command -v pdftotext >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pdftotext is missing: installing Debian's poppler-utils with apt-get..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  command -v pdftotext >/dev/null 2>&1 && exit 0
fi
echo "The sale contract's tests need pdftotext (poppler-utils) and it is not there." >&2
echo "Install it as root with:  apt-get update && apt-get install -y poppler-utils" >&2
exit 1

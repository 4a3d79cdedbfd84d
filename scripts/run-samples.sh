#!/usr/bin/env bash
# The README's run command: install what is missing, build, run the sample pipeline over
# samples/ into out/samples.sqlite, then show a summary and a query to try.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build -c release --static-swift-stdlib --product quire
QUIRE=.build/release/quire
DB=out/samples.sqlite

status=0
"$QUIRE" run pipelines/samples.yml --progress plain || status=$?

echo
"$QUIRE" status "$DB" | head -n 30
echo
echo "Pages and their text source:"
sqlite3 -box "$DB" "SELECT replace(d.path, '$PWD/', '') AS document, p.page_number AS page, p.status, p.text_source,
  round(p.mean_confidence, 1) AS confidence,
  (SELECT count(*) FROM words w WHERE w.page_id = p.id) AS words,
  (SELECT count(*) FROM barcodes b WHERE b.page_id = p.id) AS barcodes
  FROM pages p JOIN documents d ON d.id = p.document_id ORDER BY d.path, p.page_number"
echo
echo "Try a query of your own, for example every barcode found:"
echo "  sqlite3 -box $DB \"SELECT d.path, p.page_number, b.symbology, b.payload FROM barcodes b JOIN pages p ON p.id = b.page_id JOIN documents d ON d.id = p.document_id\""
echo "or the dates, amounts, phones and emails found in the text:"
echo "  sqlite3 -box $DB \"SELECT path, page_number, type, text, value, currency FROM detected\""
echo "More in docs/schema.md."
exit $status

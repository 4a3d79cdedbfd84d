#!/usr/bin/env python3
"""Score data detection on receipts with annotated date and total (SROIE-style *.key.json).

Input: the detector's detections, either
  - JSON lines with path, type, text, value, currency (`quire-bench detect`, bench/Harness), or
  - a quire database with a detected_data(page_id, type, text, value, currency, ...) table.

    python3 bench/data-detection/score.py DETECTIONS.jsonl|DB.sqlite --keys ../shared/devset/ocr/sroie [--list]

Prints, per field, recall: the share of receipts where some detected date (money amount) equals
the annotated date (total) after normalising both sides: dates to ISO 8601, read day first as
the receipts are Malaysian (month first only where day first is impossible), two-digit years as
20xx; amounts as decimals ("RM1,234.50" -> 1234.50). --list prints every detected date, time,
money amount, phone, email and URL with its page, text and value, for judging precision by hand.
"""
import argparse, glob, json, os, re, sqlite3, sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation

MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


def valid(y, m, d):
    import datetime
    try:
        datetime.date(y, m, d); return True
    except ValueError:
        return False


def norm_date(s):
    s = s.strip().lower()
    m = re.search(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", s)
    if m:
        y, mo, d = map(int, m.groups())
        return f"{y:04d}-{mo:02d}-{d:02d}" if valid(y, mo, d) else None
    m = re.search(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{2,4})", s)
    if m:
        a, b, y = int(m[1]), int(m[2]), int(m[3])
        y = y + 2000 if y < 100 else y
        for d, mo in ((a, b), (b, a)):
            if valid(y, mo, d):
                return f"{y:04d}-{mo:02d}-{d:02d}"
        return None
    m = re.search(r"(\d{1,2})\s*[- ]?\s*([a-z]{3})[a-z]*\.?\s*[-, ]?\s*(\d{2,4})", s)
    if m and m[2] in MONTHS:
        y = int(m[3]); y = y + 2000 if y < 100 else y
        if valid(y, MONTHS[m[2]], int(m[1])):
            return f"{y:04d}-{MONTHS[m[2]]:02d}-{int(m[1]):02d}"
    return None


def norm_amount(s):
    t = re.sub(r"[^\d.,-]", "", s or "")
    if "," in t and "." in t:
        t = t.replace(",", "")
    elif "," in t and re.search(r",\d{2}$", t):
        t = t.replace(",", ".")
    else:
        t = t.replace(",", "")
    try:
        return Decimal(t)
    except InvalidOperation:
        return None


def load(source):
    rows = []
    if source.endswith((".sqlite", ".db")):
        con = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        for path, typ, text, value, currency in con.execute(
                """select d.path, x.type, x.text, x.value, x.currency from detected_data x
                   join pages p on p.id = x.page_id join documents d on d.id = p.document_id"""):
            rows.append({"path": path, "type": typ, "text": text, "value": value, "currency": currency})
    else:
        rows = [json.loads(l) for l in open(source) if l.strip()]
    return rows


def load_texts(source):
    """Each document's page text (words joined by spaces, lines by newlines), by file stem."""
    texts = defaultdict(str)
    if source.endswith((".sqlite", ".db")):
        con = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        for path, text in con.execute("""select d.path, group_concat(l.text, char(10)) from lines l join pages p on p.id = l.page_id
                                         join documents d on d.id = p.document_id group by p.id order by l.line_order"""):
            texts[os.path.splitext(os.path.basename(path))[0]] += (text or "") + "\n"
    else:
        for l in open(source):
            page = json.loads(l)
            texts[os.path.splitext(os.path.basename(page["path"]))[0]] += "\n".join(
                " ".join(w["text"] for w in line["words"]) for line in page["lines"]) + "\n"
    return texts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("detections")
    ap.add_argument("--keys", default=os.path.join(os.path.dirname(__file__), "../../../shared/devset/ocr/sroie"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--pages", help="the pages' words (export_pages.py JSON lines or the quire database): also count the "
                    "receipts whose annotated date or total is legible in the OCR text, the ceiling of recall")
    a = ap.parse_args()
    by_doc = defaultdict(list)
    for r in load(a.detections):
        by_doc[os.path.splitext(os.path.basename(r["path"]))[0]].append(r)
    keys = sorted(glob.glob(os.path.join(a.keys, "*.key.json")))
    if not keys:
        sys.exit(f"no *.key.json in {a.keys}")
    hits = {"date": 0, "total": 0}
    misses = []
    for k in keys:
        doc = os.path.basename(k)[: -len(".key.json")]
        key = json.load(open(k))
        found = by_doc.get(doc, [])
        want_date, want_total = norm_date(key.get("date", "")), norm_amount(key.get("total", ""))
        dates = {r["value"] for r in found if r["type"] == "date"} | {v for r in found if r["type"] == "date_range" for v in r["value"].split("/")}
        amounts = {norm_amount(r["value"]) for r in found if r["type"] == "money"}
        ok_date = want_date is not None and want_date in dates
        ok_total = want_total is not None and want_total in amounts
        hits["date"] += ok_date; hits["total"] += ok_total
        if not ok_date: misses.append(f"  date  {doc}: want {key.get('date')!r} -> {want_date}; found {sorted(dates)}")
        if not ok_total: misses.append(f"  total {doc}: want {key.get('total')!r}; found {sorted(str(x) for x in amounts if x is not None)}")
    n = len(keys)
    if a.pages:
        texts = load_texts(a.pages)
        legible = {"date": 0, "total": 0}
        for k in keys:
            doc = os.path.basename(k)[: -len(".key.json")]
            key, text = json.load(open(k)), texts.get(doc, "")
            squeezed = re.sub(r"\s+", "", text)
            legible["date"] += bool(key.get("date")) and re.sub(r"\s+", "", key["date"]) in squeezed
            legible["total"] += bool(key.get("total")) and re.search(r"(?<![\d.,])" + re.escape(key["total"]) + r"(?![\d]|[.,]\d)", text) is not None
        print(f"legible in the OCR text (the ceiling): date {legible['date']}/{n}, total {legible['total']}/{n}")
    print(f"receipts {n}: date recall {hits['date'] / n:.3f} ({hits['date']}/{n}), total recall {hits['total'] / n:.3f} ({hits['total']}/{n})")
    counts = defaultdict(int)
    for rs in by_doc.values():
        for r in rs: counts[r["type"]] += 1
    print("detections by type: " + ", ".join(f"{t} {c}" for t, c in sorted(counts.items())))
    if misses:
        print("misses:"); print("\n".join(misses))
    if a.list:
        print("detections (for judging precision):")
        for doc in sorted(by_doc):
            for r in by_doc[doc]:
                if r["type"] in ("date", "date_range", "time", "money", "phone", "email", "url"):
                    cur = f" {r.get('currency')}" if r.get("currency") else ""
                    print(f"  {doc}\t{r['type']}\t{r['text']!r}\t{r['value']}{cur}")


main()

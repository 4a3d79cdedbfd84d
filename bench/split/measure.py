#!/usr/bin/env python3
"""Split bench: a generated degraded batch (scripts/fixtures/split.py --bench: 200 dpi, 1 degree
skew, blur, noise, JPEG) run through quire; reports separators/ASNs/tags found, false splits,
blank-page precision and recall, and what the split stage costs next to the rest of a run.

Usage: python3 bench/split/measure.py QUIRE [--sheets N] [--dpi D] [--ocr]
(--ocr: OCR on, so the split's share of a real run's page time is measured.)
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PIPELINE = """name: split-bench
database: out.sqlite
inputs:
  - path: in
    min_file_age: 0
extract:
  dpi: {dpi}
ocr:
  enabled: {ocr}
layout:
  enabled: false
data_detection:
  enabled: false
barcodes:
  symbologies: [qr, code128]
split:
  separators: ["PATCH T", "PATCH 2"]
  blank_pages: drop
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("quire")
    ap.add_argument("--sheets", type=int, default=300)
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--ocr", action="store_true")
    ap.add_argument("--work", default=os.path.join(ROOT, "bench", "split", "out"))
    a = ap.parse_args()
    work = os.path.abspath(a.work)
    os.makedirs(os.path.join(work, "in"), exist_ok=True)
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "fixtures", "split.py"), "--bench",
                    os.path.join(work, "in"), "--sheets", str(a.sheets), "--dpi", str(a.dpi)], check=True)
    truth_path = os.path.join(work, "in", "truth.json")
    truth = json.load(open(truth_path))
    os.replace(truth_path, os.path.join(work, "truth.json"))
    for f in ("out.sqlite", "out.sqlite-wal", "out.sqlite-shm"):
        if os.path.exists(os.path.join(work, f)):
            os.remove(os.path.join(work, f))
    with open(os.path.join(work, "p.yml"), "w") as f:
        f.write(PIPELINE.format(dpi=a.dpi, ocr="true" if a.ocr else "false"))
    start = time.time()
    subprocess.run([a.quire, "run", os.path.join(work, "p.yml"), "--quiet"], check=True,
                   env=dict(os.environ, OMP_THREAD_LIMIT="1"))
    wall = time.time() - start
    db = sqlite3.connect(os.path.join(work, "out.sqlite"))
    got = [(list(map(int, p.split(","))), asn, tags.split(",") if tags else [])
           for p, asn, tags in db.execute("SELECT pages, asn, tags FROM logical_documents ORDER BY first_page")]
    want = [(d["pages"], d["asn"], d["tags"]) for d in truth["documents"]]
    starts_got = {g[0][0] for g in got}
    starts_want = {w[0][0] for w in want}
    blank_truth = {i + 1 for i, k in enumerate(truth["pages"]) if k == "blank"}
    blank_got = {r[0] for r in db.execute("SELECT page_number FROM pages WHERE blank = 1")}
    tp = len(blank_truth & blank_got)
    asns_want = [w[1] for w in want if w[1] is not None]
    asns_got = {g[1] for g in got if g[1] is not None}
    tags_want = sum(len(w[2]) for w in want)
    tags_found = sum(len(set(w[2]) & set(g[2])) for w, g in zip(want, got)) if len(got) == len(want) else None
    stage_ms = dict(db.execute("SELECT stage, sum(duration_ms) FROM page_stages GROUP BY stage"))
    total_ms = sum(v for v in stage_ms.values() if v)
    report = {
        "sheets": len(truth["pages"]), "dpi": a.dpi, "ocr": a.ocr, "wall_seconds": round(wall, 1),
        "documents": {"expected": len(want), "found": len(got), "exact": got == want},
        "separators_found": f"{len(starts_want & starts_got)}/{len(starts_want)}",
        "false_splits": len(starts_got - starts_want),
        "asns_found": f"{len(set(asns_want) & asns_got)}/{len(asns_want)}",
        "tags_found": f"{tags_found}/{tags_want}",
        "blank_precision": round(tp / len(blank_got), 4) if blank_got else None,
        "blank_recall": round(tp / len(blank_truth), 4) if blank_truth else None,
        "stage_ms": stage_ms,
        "split_share_of_stage_time": round(stage_ms.get("split", 0) / total_ms, 4) if total_ms else None,
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Dump every page's stored words from a quire database as JSON lines, one page per line:
{"page_id", "path", "page_number", "lines": [{"words": [{"text", "confidence", "x", "y", "width", "height"}]}]}.

The data-detection eval harness (`quire-bench detect`, bench/Harness/DetectionEvaluation.swift) reads this
file, so the detector can be measured on real OCR words before it is a pipeline stage.

    python3 bench/data-detection/export_pages.py DB.sqlite pages.jsonl [--path-like '%sroie%']
"""
import argparse, json, sqlite3

ap = argparse.ArgumentParser()
ap.add_argument("db"); ap.add_argument("out")
ap.add_argument("--path-like", default="%")
a = ap.parse_args()
con = sqlite3.connect(f"file:{a.db}?mode=ro", uri=True)
pages = con.execute("""select p.id, d.path, p.page_number from pages p join documents d on d.id = p.document_id
                       where d.path like ? order by d.path, p.page_number""", (a.path_like,)).fetchall()
with open(a.out, "w") as out:
    for pid, path, number in pages:
        lines = {}
        order = []
        for lid, text, conf, x, y, w, h in con.execute(
                """select w.line_id, w.text, w.confidence, w.x, w.y, w.width, w.height from words w
                   join lines l on l.id = w.line_id where w.page_id = ? order by l.line_order, w.word_order""", (pid,)):
            if lid not in lines:
                lines[lid] = []; order.append(lid)
            lines[lid].append({"text": text, "confidence": conf, "x": x, "y": y, "width": w, "height": h})
        out.write(json.dumps({"page_id": pid, "path": path, "page_number": number,
                              "lines": [{"words": lines[l]} for l in order]}) + "\n")
print(f"{len(pages)} pages -> {a.out}")

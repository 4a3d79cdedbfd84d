#!/usr/bin/env python3
"""The slowest pages of a quire run, one row a page: file, page, what the database says about
why the page was rendered or searched, and each stage's time (`page_stages.duration_ms`, wall
time of the stage in its worker).

    bench/real-born-digital/slowest.py DB [--top N]

"Why" comes from what the run stored: `pages.text_source` (ocr: the text layer was judged
unusable and the page was OCR'd, so it was rendered at 300 dpi and searched whole), the barcode
row's note ("not searched: …": no raster made for codes), else "searched" (embedded images,
code areas or the whole page: the database does not say which). Markdown on stdout.
"""
import argparse
import os
import sqlite3


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("db")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    db = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    stages = [s for (s,) in db.execute("select distinct stage from page_stages order by stage")]
    rows = db.execute(f"""
        select d.path, p.page_number, p.text_source,
               (select error from page_stages where page_id = p.id and stage = 'barcodes'),
               {", ".join(f"(select duration_ms from page_stages where page_id = p.id and stage = '{s}')" for s in stages)}
        from pages p join documents d on d.id = p.document_id""").fetchall()

    def total(r):
        return sum(v or 0 for v in r[4:])

    def why(r):
        if r[2] == "ocr":
            return "OCR'd (text layer unusable)"
        if r[3] and r[3].startswith("not searched: the page's content draws"):
            return "no code candidates"
        if r[3] and r[3].startswith("not searched: the page's content is too complex"):
            return "over the drawing budget"
        return "searched for codes"

    rows.sort(key=total, reverse=True)
    print("| # | file | page | why | " + " | ".join(f"{s} ms" for s in stages) + " | total ms |")
    print("| ---: | --- | ---: | --- | " + " | ".join("---:" for _ in stages) + " | ---: |")
    for i, r in enumerate(rows[:args.top], 1):
        times = " | ".join("–" if v is None else str(v) for v in r[4:])
        print(f"| {i} | {os.path.basename(r[0])} | {r[1]} | {why(r)} | {times} | {total(r)} |")
    print()
    print("| why | pages | " + " | ".join(f"{s} s" for s in stages) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in stages) + " |")
    groups = {}
    for r in rows:
        g = groups.setdefault(why(r), [0] + [0] * len(stages))
        g[0] += 1
        for k, v in enumerate(r[4:]):
            g[k + 1] += v or 0
    for name, g in sorted(groups.items(), key=lambda kv: -sum(kv[1][1:])):
        print(f"| {name} | {g[0]} | " + " | ".join(f"{v / 1000:.1f}" for v in g[1:]) + " |")


if __name__ == "__main__":
    main()

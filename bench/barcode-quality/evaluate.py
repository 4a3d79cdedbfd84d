#!/usr/bin/env python3
"""Score quire's barcode passes, PyPI zxing-cpp 3.x and zbarimg on the quality set.

Inputs: <set>/labels.json (make_set.py) and <set>/quire-passes.jsonl, written by
    OMP_THREAD_LIMIT=1 .build/release/quire-bench barcodes <set>   (bench/Harness)
Each pass is recorded alone; any combination is scored as the union of its passes (the reader
merges passes the same way). A code counts as found when a read on its page has the same payload
after normalisation (UPC-E expanded, leading zeros, GS1 "(01)", Codabar start/stop); a read that
matches no label of its page is a false positive.

Usage: python3 bench/barcode-quality/evaluate.py [set-dir] [--cells] [--quire BIN]

--quire BIN: instead of the per-pass records, run `BIN run` over the set's pages as the dev set's
`evaluate --only barcodes` does (OCR and layout off, orientation and deskew on, barcodes on) and
score what the pipeline stored: its worker processes survive zxing-cpp 1.4's aborts on some
stacked DataBar symbols, which end `quire-bench barcodes`. --pdf (with --quire): each page is first
wrapped in a one-page born-digital PDF (a paragraph of text over the picture, placed at 150 dpi
in its own pixels), so the pipeline reads it as a text-layer page's image, as it reads a report's
pictures. --cells: per symbology x degradation,
the cells where zxing-cpp 3.x or zbarimg find more than quire.
"""
import collections
import json
import os
import re
import subprocess
import sys
import time

import zxingcpp
from PIL import Image

ARGS = [a for a in sys.argv[1:]]
QUIRE = ARGS[ARGS.index("--quire") + 1] if "--quire" in ARGS else None
CELLS = "--cells" in ARGS
PDF = "--pdf" in ARGS
POSITIONAL = [a for i, a in enumerate(ARGS) if not a.startswith("--") and (i == 0 or ARGS[i - 1] != "--quire")]
SET = POSITIONAL[0] if POSITIONAL else "/tmp/quire-barcode-set"
STAGED = ["multi,page", "single,candidates,scale=2.0", "single,candidates", "multi,page,scale=0.5",
          "multi,page,rot=45.0,linear"]


def upce_to_upca(d):
    if len(d) != 8:
        return d
    ns, m, check = d[0], d[1:7], d[7]
    last = m[5]
    if last in "012":
        body = m[0:2] + last + "0000" + m[2:5]
    elif last == "3":
        body = m[0:3] + "00000" + m[3:5]
    elif last == "4":
        body = m[0:4] + "00000" + m[4]
    else:
        body = m[0:5] + "0000" + last
    return ns + body + check


def norm(payload, symbology=None):
    p = payload.strip()
    if symbology == "code39FullASCII":  # a label read raw by the writer's reader: +U is u
        p = re.sub(r"\+([A-Z])", lambda m: m.group(1).lower(), p)
    if symbology == "upce" or (symbology is None and len(p) == 8 and p.isdigit() and p[0] in "01"):
        p = upce_to_upca(p) if len(p) == 8 else p
    if p.startswith("(01)") and (symbology is None or (symbology.startswith("gs1DataBar") and "Expanded" not in symbology)):
        p = p[4:] if p.count("(") == 1 else p
    if symbology == "codabar" or (len(p) > 2 and p[0] in "ABCD" and p[-1] in "ABCD" and p[1:-1].isdigit()):
        p = p[1:-1] if p[0] in "ABCD" and p[-1] in "ABCD" else p
    if p.isdigit():
        p = p.lstrip("0")
    return p


def load_labels():
    with open(os.path.join(SET, "labels.json")) as fh:
        return {p["file"]: p for p in json.load(fh)["pages"]}


def score(labels, reads):
    """reads: {file: [(symbology or None, payload)]}. Returns per-symbology hits, fp counts."""
    hits = collections.Counter()
    total = collections.Counter()
    by_deg = collections.Counter()
    deg_total = collections.Counter()
    fp_code_pages = fp_free_pages = 0
    for f, page in labels.items():
        found = reads.get(f, [])
        found_norm = [norm(p, s) for s, p in found]
        label_norms = set()
        for c in page["codes"]:
            n = norm(c["payload"], c["symbology"])
            label_norms.add(n)
            total[c["symbology"]] += 1
            deg_total[page["degradation"]] += 1
            if n in found_norm:
                hits[c["symbology"]] += 1
                by_deg[page["degradation"]] += 1
        fps = sum(1 for n in found_norm if n not in label_norms)
        if page["codes"]:
            fp_code_pages += fps
        else:
            fp_free_pages += fps
    return hits, total, by_deg, deg_total, fp_code_pages, fp_free_pages


def quire_reads(passes, records):
    """Union of the passes' reads per page, dropping partial linear reads (a payload contained in
    a longer read of the same symbology on the page), as the reader's merge does."""
    reads = collections.defaultdict(list)
    for r in records:
        if r["pass"] in passes:
            for d in r["found"]:
                reads[r["file"]].append((d["symbology"], d["payload"]))
    for f, found in reads.items():
        reads[f] = [(s, p) for s, p in found
                    if not any(s2 == s and len(p2) > len(p) and p in p2 for s2, p2 in found)]
    return reads


def zxing3_reads(labels):
    reads, t0 = {}, time.time()
    for f in labels:
        img = Image.open(os.path.join(SET, "pages", f)).convert("L")
        reads[f] = [(None, r.text) for r in zxingcpp.read_barcodes(img)]
    return reads, (time.time() - t0) / len(labels)


def zbar_reads(labels):
    reads, t0 = {}, time.time()
    for f in labels:
        out = subprocess.run(["zbarimg", "-q", os.path.join(SET, "pages", f)], capture_output=True, text=True).stdout
        reads[f] = [(None, line.split(":", 1)[1]) for line in out.splitlines() if ":" in line]
    return reads, (time.time() - t0) / len(labels)


def row(name, result, seconds=None):
    hits, total, by_deg, deg_total, fp_code, fp_free = result
    rec = sum(hits.values()) / max(1, sum(total.values()))
    sec = f"{seconds:.2f}" if seconds is not None else "-"
    return f"| {name} | {sum(hits.values())}/{sum(total.values())} ({rec:.1%}) | {fp_code} | {fp_free} | {sec} |"


def pipeline_records(quire):
    """Run the pipeline over the set's pages; records as `quire-bench barcodes` writes for `search=staged`."""
    import sqlite3
    import tempfile
    work = tempfile.mkdtemp(prefix="quire-bq-")
    db = os.path.join(work, "bq.sqlite")
    pages_dir, include = os.path.join(SET, "pages"), "*.png"
    if PDF:
        pages_dir, include = embedded_pdfs(work), "*.pdf"
    with open(os.path.join(work, "bq.yml"), "w") as fh:
        fh.write(f"""name: barcode-quality
database: {db}
inputs:
  - path: {pages_dir}
    include: ["{include}"]
    min_file_age: 0                     # a set made seconds ago is read whole
extract:
  detect_orientation: true
  deskew: true
ocr:
  enabled: false
layout:
  enabled: false
barcodes:
  enabled: true
""")
    t0 = time.time()
    subprocess.run([quire, "run", os.path.join(work, "bq.yml"), "--progress", "plain"], capture_output=True,
                   env=dict(os.environ, OMP_THREAD_LIMIT="1"))
    seconds = time.time() - t0
    found = collections.defaultdict(list)
    con = sqlite3.connect(db)
    for path, sym, payload in con.execute("select d.path, b.symbology, b.payload from barcodes b join pages p on "
                                          "p.id = b.page_id join documents d on d.id = p.document_id"):
        found[os.path.basename(path).replace(".pdf", ".png")].append({"symbology": sym, "payload": payload})
    files = [r[0] for r in con.execute("select path from documents")]
    pages = len(os.listdir(os.path.join(SET, "pages")))
    if len(files) != pages:
        sys.exit(f"quire stored {len(files)} of the set's {pages} pages ({db}): not scored")
    return [{"file": os.path.basename(f).replace(".pdf", ".png"), "pass": "search=staged", "seconds": seconds / max(1, len(files)),
             "found": found[os.path.basename(f).replace(".pdf", ".png")]} for f in files]


TEXT = ("The records office received this form with the attached picture. The clerk checked the "
        "sender, the date and the reference, and filed the original in the archive of the year. "
        "Questions about this notice go to the address printed on the first page of the letter; "
        "please quote the reference number and the date of the decision in every reply to us. ") * 2


def embedded_pdfs(work):
    """Each page of the set as a one-page PDF: text (a text layer of some 100 words) above the
    picture, placed at 150 dpi so that its own pixels are kept (Flate, as reportlab embeds PNGs)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Image as FlowImage, Paragraph, SimpleDocTemplate
    out = os.path.join(work, "pdf")
    os.makedirs(out)
    style = getSampleStyleSheet()["BodyText"]
    for f in sorted(os.listdir(os.path.join(SET, "pages"))):
        if not f.endswith(".png"):
            continue
        path = os.path.join(SET, "pages", f)
        w, h = Image.open(path).size
        scale = min(72 / 150, 480 / w, 560 / h)
        doc = SimpleDocTemplate(os.path.join(out, f.replace(".png", ".pdf")), pagesize=A4)
        doc.build([Paragraph(TEXT, style), FlowImage(path, width=w * scale, height=h * scale)])
    return out


def main():
    labels = load_labels()
    if QUIRE:
        records = pipeline_records(QUIRE)
        with open(os.path.join(SET, "quire-pipeline.jsonl"), "w") as fh:
            fh.writelines(json.dumps(r) + "\n" for r in records)
        z3, _ = zxing3_reads(labels)
        zb, _ = zbar_reads(labels)
        run, zxing3, zbar = (score(labels, r) for r in (quire_reads({"search=staged"}, records), z3, zb))
        print("| reader | codes found | FP on code pages | FP on barcode-free pages | s/page |")
        print("|---|---|---|---|---|")
        print(row("quire pipeline (quire run, barcodes only)", run, records[0]["seconds"] if records else 0))
        print(row("PyPI zxing-cpp 3.x read_barcodes", zxing3))
        print(row("zbarimg 0.23", zbar))
        print("\n| symbology | codes | quire | zxing-cpp 3.x | zbarimg |")
        print("|---|---|---|---|---|")
        for s in sorted(run[1]):
            print(f"| {s} | {run[1][s]} | {run[0][s]} | {zxing3[0][s]} | {zbar[0][s]} |")
        print("\n| degradation | codes | quire | zxing-cpp 3.x | zbarimg |")
        print("|---|---|---|---|---|")
        for d in sorted(run[3]):
            print(f"| {d} | {run[3][d]} | {run[2][d]} | {zxing3[2][d]} | {zbar[2][d]} |")
        cells(labels, records, z3, zb)
        return
    with open(os.path.join(SET, "quire-passes.jsonl")) as fh:
        records = [json.loads(line) for line in fh]
    pass_names = [p for p in dict.fromkeys(r["pass"] for r in records) if p != "search=staged"]
    secs = collections.defaultdict(float)
    for r in records:
        secs[r["pass"]] += r["seconds"] / len(labels)

    results = {}
    print("| reader / passes | codes found | FP on code pages | FP on barcode-free pages | s/page |")
    print("|---|---|---|---|---|")
    for p in pass_names:
        results[p] = score(labels, quire_reads({p}, records))
        print(row(f"quire pass `{p}` alone", results[p], secs[p]))
    for p in pass_names[1:]:
        print(row(f"quire fast + `{p}`", score(labels, quire_reads({"multi,page", p}, records)),
                  secs["multi,page"] + secs[p]))
    staged = score(labels, quire_reads(set(STAGED), records))
    print(row("**quire staged** (" + " + ".join(STAGED) + ")", staged, sum(secs[p] for p in STAGED)))
    if "search=staged" in secs:
        print(row("**quire staged search as run** (pages < 1500 px: every pass in full)",
                  score(labels, quire_reads({"search=staged"}, records)), secs["search=staged"]))
    everything = score(labels, quire_reads(set(pass_names), records))
    print(row("quire all passes measured", everything, sum(secs.values())))
    z3, z3s = zxing3_reads(labels)
    zxing3 = score(labels, z3)
    print(row("PyPI zxing-cpp 3.x read_barcodes", zxing3, z3s))
    zb, zbs = zbar_reads(labels)
    zbar = score(labels, zb)
    print(row("zbarimg 0.23", zbar, zbs))
    both = quire_reads(set(STAGED), records)
    for f, r in zb.items():
        both[f] = both.get(f, []) + r
    print(row("quire staged + zbarimg", score(labels, both)))

    syms = sorted(staged[1])
    # "as run": the staged search as the pipeline runs it (every pass of the ladder, gated).
    run = score(labels, quire_reads({"search=staged"}, records)) if "search=staged" in secs else staged
    print("\n| symbology | codes | fast | staged (5 passes) | as run | zxing-cpp 3.x | zbarimg |")
    print("|---|---|---|---|---|---|---|")
    fast = results["multi,page"]
    for s in syms:
        print(f"| {s} | {staged[1][s]} | {fast[0][s]} | {staged[0][s]} | {run[0][s]} | {zxing3[0][s]} | {zbar[0][s]} |")
    print("\n| degradation | codes | fast | staged (5 passes) | as run | zxing-cpp 3.x | zbarimg |")
    print("|---|---|---|---|---|---|---|")
    for d in sorted(staged[3]):
        print(f"| {d} | {staged[3][d]} | {fast[2][d]} | {staged[2][d]} | {run[2][d]} | {zxing3[2][d]} | {zbar[2][d]} |")
    if CELLS:
        cells(labels, records, z3, zb)


def cells(labels, records, z3, zb):
    """Per symbology x degradation: the cells where zxing-cpp 3.x or zbarimg find more than quire."""
    print("\n| symbology | degradation | codes | quire | zxing-cpp 3.x | zbarimg |")
    print("|---|---|---|---|---|---|")
    table = collections.defaultdict(lambda: [0, 0, 0, 0])
    runs = quire_reads({"search=staged"}, records)
    for f, page in labels.items():
        for c in page["codes"]:
            n = norm(c["payload"], c["symbology"])
            cell = table[(c["symbology"], page["degradation"])]
            cell[0] += 1
            for k, reads in ((1, runs), (2, z3), (3, zb)):
                cell[k] += n in [norm(p, s) for s, p in reads.get(f, [])]
    for (s, d), (n, q, z, b) in sorted(table.items()):
        if z > q or b > q:
            print(f"| {s} | {d} | {n} | {q} | {z} | {b} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Which barcode sample images any available reader can read: the "union ceiling".

Over the output of `evaluate --only barcodes --keep DIR` (DIR/barcodes.jsonl: quire's decodes),
reads every image of the dev set's barcode folders again with the peers — PyPI zxing-cpp 3.x
(`read_barcodes`, defaults) and pyzbar (libzbar 0.23, defaults) — scores each reader per image
with the dev set's own matcher (score/score_barcodes.py), and prints:

  * per image of zxing-blackbox: which readers found the expected payload (`--images`);
  * per format: images, recall of quire, zxing-cpp 3.x, pyzbar, and the union of all three
    (the best any available reader reaches on these images);
  * BoofCV QR photos: symbols found per reader and by the union (distinct payloads of all
    readers on an image, capped at its labelled count).

The peers are benchmarks only (never the product). Usage:

    ../shared/devset/evaluate --only barcodes --keep /tmp/bc
    python3 bench/barcode-quality/ceiling.py /tmp/bc --devset ../shared/devset [--images] [--json OUT]
"""
import argparse
import json
import os
import sys
from collections import defaultdict


def load_scorer(devset):
    sys.path.insert(0, os.path.join(devset, "score"))
    import score_barcodes  # the dev set's matcher: the same normalisation evaluate uses
    return score_barcodes


def found(sb, row, got):
    """Whether decodes `got` [(format, text)] contain row's expected payload (score_barcodes' rule)."""
    exp = sb.match_keys(row["expected"])
    if row["format"] == "Codabar":
        exp |= {sb.re.sub(r"^[ABCD]|[ABCD]$", "", k) for k in exp}
    if row["format"] == "DataBar":
        exp |= {k[2:] for k in exp if k.startswith("01") and len(k) == 16}
    if any(sb.match_keys(t, pred=True) & exp for _, t in got):
        return True
    return any(i != j and sb.match_keys(sb.norm(t1) + sb.norm(t2), pred=True) & exp
               for i, (_, t1) in enumerate(got) for j, (_, t2) in enumerate(got))


def read_zxingcpp(path):
    import zxingcpp
    from PIL import Image
    return [(r.format.name, r.text) for r in zxingcpp.read_barcodes(Image.open(path))]


def read_pyzbar(path):
    from PIL import Image
    from pyzbar import pyzbar
    out = []
    for s in pyzbar.decode(Image.open(path).convert("L")):
        out.append((s.type, s.data.decode("utf-8", "replace")))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("keep", help="the --keep folder of evaluate --only barcodes (holds barcodes.jsonl)")
    ap.add_argument("--devset", default=os.path.join(os.path.dirname(__file__), "../../../shared/devset"))
    ap.add_argument("--images", action="store_true", help="list every zxing-blackbox image")
    ap.add_argument("--json", help="write the per-image table as JSON")
    a = ap.parse_args()
    sb = load_scorer(a.devset)
    rows = sb.load_manifest(a.devset)
    quire = defaultdict(list)
    with open(os.path.join(a.keep, "barcodes.jsonl"), encoding="utf-8") as f:
        for line in f:
            if line.strip():
                o = json.loads(line)
                if o.get("text") is not None:
                    quire[sb.rel_key(o["file"])].append((o.get("format"), o["text"]))
    readers = {"quire": lambda r: quire.get(r["file"], []), "zxing-cpp 3.x": None, "pyzbar": None}
    readers["zxing-cpp 3.x"] = lambda r: read_zxingcpp(os.path.join(a.devset, "barcodes", r["file"]))
    readers["pyzbar"] = lambda r: read_pyzbar(os.path.join(a.devset, "barcodes", r["file"]))
    names = list(readers) + ["union"]
    per_fmt = defaultdict(lambda: defaultdict(int))
    boof = defaultdict(int)
    table = []
    for r in rows:
        got = {name: read(r) for name, read in readers.items()}
        if r["subset"] == "boofcv-qr":
            boof["symbols"] += r["expected_count"]
            payloads = set()
            for name, g in got.items():
                distinct = {sb.norm(t) for _, t in g}
                boof[name] += min(len(distinct), r["expected_count"])
                payloads |= distinct
            boof["union"] += min(len(payloads), r["expected_count"])
            continue
        if r["subset"] != "zxing-blackbox":
            continue
        hits = {name: found(sb, r, g) for name, g in got.items()}
        hits["union"] = any(hits.values())
        st = per_fmt[r["format"]]
        st["n"] += 1
        for name in names:
            st[name] += hits[name]
        table.append({"file": r["file"], "format": r["format"], **hits})
    if a.images:
        print(f"{'image':<40}{'format':<17}" + "".join(f"{n:>15}" for n in names[:-1]))
        for t in table:
            print(f"{t['file']:<40}{t['format']:<17}" + "".join(f"{'yes' if t[n] else '-':>15}" for n in names[:-1]))
        print()
    print(f"{'format':<17}{'n':>5}" + "".join(f"{n:>15}" for n in names))
    total = defaultdict(int)
    for fmt in sorted(per_fmt):
        st = per_fmt[fmt]
        for k, v in st.items():
            total[k] += v
        print(f"{fmt:<17}{st['n']:>5}" + "".join(f"{st[n] / st['n']:>15.3f}" for n in names))
    print(f"{'ALL':<17}{total['n']:>5}" + "".join(f"{total[n] / total['n']:>15.3f}" for n in names))
    if boof["symbols"]:
        print(f"boofcv-qr symbols of {boof['symbols']}: " + ", ".join(f"{n} {boof[n]}" for n in names))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"images": table, "boofcv": boof}, f, indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Do low-resolution copies of pages get the blocks of their full-resolution originals?

Issue 13 asks that a page scanned at ≈ 80 dpi, once OCR enlarges it, be laid out like the
same page at ≈ 200 dpi. The dev set holds each `layout/docbank-lowres` page at full resolution
in `layout/docbank` (same file name). This script scales the full-resolution blocks to the
low-resolution page (by the ratio of the two images' widths), matches blocks one-to-one
(greedy, IoU >= 0.5) and prints, per page and overall, how many agree, and how many of those
have the same kind.

    resolution_agreement.py PRED.jsonl --devset DEVSET_DIR [--full docbank] [--low docbank-lowres]

PRED.jsonl is what `evaluate --keep DIR` leaves in DIR/layout.jsonl.
"""
import argparse
import os

from PIL import Image

from region_check import iou, load_predictions


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred")
    ap.add_argument("--devset", required=True)
    ap.add_argument("--full", default="docbank")
    ap.add_argument("--low", default="docbank-lowres")
    a = ap.parse_args()
    pred = load_predictions(a.pred)
    stem = lambda p: os.path.splitext(os.path.basename(p))[0]
    full = {stem(k): k for k in pred if k.startswith(a.full + "/")}
    total_full = total_low = matched = same_kind = 0
    for key in sorted(k for k in pred if k.startswith(a.low + "/")):
        name = stem(key)
        if name not in full:
            continue
        root = os.path.join(a.devset, "layout")
        scale = Image.open(os.path.join(root, key)).width / Image.open(os.path.join(root, full[name])).width
        big = [{"type": r["type"], "bbox": [v * scale for v in r["bbox"]]} for r in pred[full[name]]]
        small = pred[key]
        pairs = sorted(((iou(x["bbox"], y["bbox"]), i, j) for i, x in enumerate(big) for j, y in enumerate(small)),
                       reverse=True)
        used_i, used_j, m, same = set(), set(), 0, 0
        for v, i, j in pairs:
            if v < 0.5:
                break
            if i in used_i or j in used_j:
                continue
            used_i.add(i); used_j.add(j); m += 1
            same += big[i]["type"] == small[j]["type"]
        print(f"{name[:48]:48} full {len(big):3} low {len(small):3} agree {m:3} same kind {same:3}")
        total_full += len(big); total_low += len(small); matched += m; same_kind += same
    if total_full and total_low:
        p, r = matched / total_low, matched / total_full
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        print(f"agreement F1 @IoU0.5: {f1:.3f} ({matched} of {total_full} full-resolution blocks, {total_low} low); "
              f"same kind {same_kind}/{matched}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How far outside the ink a region's box should reach: re-scores kept predictions with their
boxes trimmed to the ink or grown by a margin, against the dev set's human region boxes
(`layout-regions`) and the DocBank region check (`region_check.py`).

    ../shared/devset/evaluate --only regions,layout --keep /tmp/dev
    python3 bench/layout-quality/box_margins.py /tmp/dev --holdout ../shared/devset [--margins 0 0.15 0.25]

Variants, applied to every predicted block except figures and tables:
- `ink`: the box trimmed to the dark pixels inside it (the page in grey, thresholded at its Otsu
  level, at most 170, as `Image.inkComponents` does);
- `margin K`: the box grown by K times the page's median OCR word height on every side.
Needs numpy and Pillow (PyPI). Round 13 (issue 34) measured with it: trimming to the ink lowers
the human-box mean IoU (OCR word boxes already hug the ink); a margin of about 0.15 word heights
lifts both scores, hence `TypeBody` in the layout rules (0.12 of the body size).
"""
import argparse, json, os, sqlite3, statistics, subprocess, sys, tempfile

import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))


def otsu(gray):
    hist = np.bincount(gray.ravel(), minlength=256).astype(float)
    p = hist / hist.sum(); w = np.cumsum(p); m = np.cumsum(p * np.arange(256))
    between = (m[-1] * w - m) ** 2 / (w * (1 - w) + 1e-12)
    return int(np.argmax(between))


def word_heights(db):
    out = {}
    for path, h in sqlite3.connect(db).execute(
            "select d.path, w.height from words w join pages p on p.id = w.page_id join documents d on d.id = p.document_id"):
        out.setdefault(path, []).append(h)
    return {k: statistics.median(v) for k, v in out.items()}


def variant(preds, image_of, height_of, mode, k):
    out = []
    for r in preds:
        gray = None
        regions = []
        for g in r["regions"]:
            x0, y0, x1, y1 = [int(v) for v in g["bbox"]]
            if g["type"] not in ("figure", "table"):
                if mode == "ink":
                    if gray is None:
                        gray = np.array(Image.open(image_of(r["file"])).convert("L"))
                    crop = gray[max(0, y0):y1, max(0, x0):x1]
                    if crop.size:
                        ink = crop < min(170, otsu(crop))
                        ys, xs = np.where(ink.any(1))[0], np.where(ink.any(0))[0]
                        if len(ys) and len(xs):
                            x0, x1, y0, y1 = max(0, x0) + xs[0], max(0, x0) + xs[-1] + 1, max(0, y0) + ys[0], max(0, y0) + ys[-1] + 1
                else:
                    m = int(round(k * height_of(r["file"])))
                    x0, y0, x1, y1 = max(0, x0 - m), max(0, y0 - m), x1 + m, y1 + m
            regions.append({"type": g["type"], "bbox": [int(x0), int(y0), int(x1), int(y1)]})
        out.append({"file": r["file"], "regions": regions})
    return out


def score(cmd, rows):
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    res = subprocess.run(cmd(f.name), capture_output=True, text=True).stdout.strip().splitlines()
    os.unlink(f.name)
    return res[0] if res else "(no score)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kept", help="the --keep folder of evaluate (regions.jsonl/.sqlite, layout.jsonl/.sqlite)")
    ap.add_argument("--holdout", required=True)
    ap.add_argument("--margins", type=float, nargs="*", default=[0, 0.15, 0.25, 0.35])
    a = ap.parse_args()
    dev = os.path.abspath(a.holdout)
    sets = [
        ("layout-regions", "regions", lambda f: os.path.join(dev, "layout-regions", f), os.path.basename,
         lambda p: [sys.executable, os.path.join(dev, "score", "score_regions.py"), p, "--holdout", dev]),
        ("DocBank region check", "layout", lambda f: os.path.join(dev, "layout", f), lambda p: os.path.relpath(p, os.path.join(dev, "layout")),
         lambda p: [sys.executable, os.path.join(HERE, "region_check.py"), p, "--holdout", dev]),
    ]
    for title, name, image_of, key, cmd in sets:
        preds = [json.loads(l) for l in open(os.path.join(a.kept, name + ".jsonl")) if l.strip()]
        heights = {key(k): v for k, v in word_heights(os.path.join(a.kept, name + ".sqlite")).items()}
        height_of = lambda f: heights.get(f, 20)
        print(f"== {title}")
        print(f"ink trim:     {score(cmd, variant(preds, image_of, height_of, 'ink', 0))}")
        for k in a.margins:
            print(f"margin {k:.2f}:  {score(cmd, variant(preds, image_of, height_of, 'margin', k))}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Region-level layout check on word-labelled pages (DocBank-style ground truth).

DocBank labels words, not regions. This script groups the words of one label into regions by
proximity (single linkage: two words of the same label join when their boxes are closer than
`--hgap` word heights side by side or `--vgap` word heights (or 1.3 times the page's median line gap, if larger) one above the
other, and overlap on the other axis), then matches quire's blocks to those regions one-to-one (greedy, IoU >= 0.5),
class-agnostic and per class, as publaynet-style region scoring does.

    region_check.py PRED.jsonl --holdout DEVSET_DIR [--iou 0.5] [--per-page]

PRED.jsonl is what `evaluate --keep DIR` leaves in DIR/layout.jsonl: one line per page,
{"file": "...", "regions": [{"type": ..., "bbox": [x0, y0, x1, y1]}, ...]}.
Ground-truth labels other than paragraph/title/list/table/figure/caption (equations, footers,
references, ...) form regions of class "other"; predicted header/footer blocks are "other" too.
"""
import argparse
import csv
import json
import os
from collections import defaultdict

CLASSES = ["paragraph", "title", "list", "table", "figure", "caption"]
PRED_KIND = {"paragraph": "paragraph", "text": "paragraph", "title": "title", "heading": "title",
             "list": "list", "table": "table", "figure": "figure", "caption": "caption"}
GT_KIND = {"paragraph": "paragraph", "abstract": "paragraph", "title": "title", "section": "title",
           "list": "list", "table": "table", "figure": "figure", "caption": "caption"}


def iou(a, b):
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    ua = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / ua if ua > 0 else 0.0


def load_predictions(path):
    """{file: [region, ...]} from a PRED.jsonl (what `evaluate --keep DIR` leaves in DIR/layout.jsonl)."""
    preds = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                o = json.loads(line)
                preds[o["file"]] = o["regions"]
    return preds


def group(tokens, hgap, vgap, split_indents=True):
    """Regions of same-label words: [(kind, bbox)]. With `split_indents` (the current grouping),
    paragraph regions are cut before each first-line indent (see `split_at_indents`) and table
    and figure words join across 4 times the side-by-side gap (table columns, chart labels)."""
    n = len(tokens)
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    hs = sorted(t["bbox"][3] - t["bbox"][1] for t in tokens) or [10]
    h = max(1.0, hs[len(hs) // 2])
    # The page's line spacing: the median gap from a word to the nearest word below it.
    below = []
    for t in tokens:
        a = t["bbox"]
        ds = [u["bbox"][1] - a[3] for u in tokens if u["bbox"][1] >= a[3]
              and min(a[2], u["bbox"][2]) - max(a[0], u["bbox"][0]) > 0]
        if ds:
            below.append(min(ds))
    below.sort()
    vlimit = max(vgap * h, 1.3 * below[len(below) // 2]) if below else vgap * h
    by_kind = defaultdict(list)
    for i, t in enumerate(tokens):
        by_kind[t["type"]].append(i)
    for kind, idx in by_kind.items():
        # A table's columns and a figure's labels lie further apart than words of prose: one region.
        wide = 4 if split_indents and kind in ("table", "figure") else 1
        for a in range(len(idx)):
            ba = tokens[idx[a]]["bbox"]
            for b in range(a + 1, len(idx)):
                bb = tokens[idx[b]]["bbox"]
                dx = max(bb[0] - ba[2], ba[0] - bb[2], 0)
                dy = max(bb[1] - ba[3], ba[1] - bb[3], 0)
                ox = min(ba[2], bb[2]) - max(ba[0], bb[0])
                oy = min(ba[3], bb[3]) - max(ba[1], bb[1])
                if (oy > 0 and dx <= wide * hgap * h) or (ox > 0 and dy <= vlimit):
                    parent[find(idx[a])] = find(idx[b])
    regions = defaultdict(list)
    for i in range(n):
        regions[find(i)].append(tokens[i])
    groups = list(regions.values())
    if split_indents:
        groups = [part for ws in groups for part in (split_at_indents(ws, h) if ws[0]["type"] == "paragraph" else [ws])]
    out = []
    for ws in groups:
        out.append((ws[0]["type"], [min(w["bbox"][0] for w in ws), min(w["bbox"][1] for w in ws),
                                    max(w["bbox"][2] for w in ws), max(w["bbox"][3] for w in ws)]))
    return out


def split_at_indents(ws, h):
    """Cuts a paragraph region into paragraphs at first-line indents, as a reader (and
    publaynet-style annotation) sees them: LaTeX separates paragraphs by an indent, not by
    space, so proximity alone merges them. Words form lines by vertical overlap; a line that
    starts at least 0.8 word heights right of the region's left edge, after a line that starts
    at the edge (within 0.4), opens a new paragraph."""
    lines = []
    for w in sorted(ws, key=lambda w: (w["bbox"][1] + w["bbox"][3]) / 2):
        cy = (w["bbox"][1] + w["bbox"][3]) / 2
        if lines and abs(cy - lines[-1]["cy"]) < 0.5 * h:
            lines[-1]["words"].append(w)
        else:
            lines.append({"cy": cy, "words": [w]})
    if len(lines) < 3:
        return [ws]
    starts = [min(w["bbox"][0] for w in l["words"]) for l in lines]
    left = min(starts)
    parts = [[]]
    for i, l in enumerate(lines):
        if i > 0 and starts[i] - left >= 0.8 * h and starts[i - 1] - left < 0.4 * h and parts[-1]:
            parts.append([])
        parts[-1].extend(l["words"])
    return parts


def region_tokens(tokens, keep_as_labelled=False):
    """The tokens regions are built from, with region classes. DocBank marks a picture with one
    "##LTFigure##" token over its box and vector strokes (chart axes, fraction bars, rules) with
    "##LTLine##" tokens, labelled like the text around them. A region annotation (publaynet)
    draws one figure region over a chart with its ticks and labels: so tokens centred inside a
    figure token's box are figure, and strokes outside figures are no words and are left out.
    `keep_as_labelled` keeps every token with its own label (the first version)."""
    toks = [dict(t, type=GT_KIND.get(t["type"], "other")) for t in tokens]
    if keep_as_labelled:
        return toks
    figures = [t["bbox"] for t in toks if t["type"] == "figure" and t["text"].startswith("##LTFigure")]

    def inside(t):
        cx, cy = (t["bbox"][0] + t["bbox"][2]) / 2, (t["bbox"][1] + t["bbox"][3]) / 2
        return any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in figures)
    out = []
    for t in toks:
        if inside(t):
            out.append(dict(t, type="figure"))
        elif not t["text"].startswith("##LTLine"):
            out.append(t)
    return out


def match(gt, pr, thr, need_type):
    pairs = sorted(((iou(g[1], p[1]), i, j) for i, g in enumerate(gt) for j, p in enumerate(pr)
                    if not need_type or g[0] == p[0]), reverse=True)
    ug, up, m = set(), set(), []
    for v, i, j in pairs:
        if v < thr:
            break
        if i not in ug and j not in up:
            ug.add(i); up.add(j); m.append((i, j))
    return m


def prf(tp, npred, ngt):
    p = tp / npred if npred else 0.0
    r = tp / ngt if ngt else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred")
    ap.add_argument("--holdout", required=True)
    ap.add_argument("--iou", type=float, default=0.5)
    ap.add_argument("--hgap", type=float, default=1.5)
    ap.add_argument("--vgap", type=float, default=1.0)
    ap.add_argument("--per-page", action="store_true")
    ap.add_argument("--no-indent-split", action="store_true",
                    help="keep paragraphs that only an indent separates as one region (the first version's grouping)")
    ap.add_argument("--no-figure-fold", action="store_true",
                    help="keep the words and strokes inside figures with their own labels (the first version)")
    a = ap.parse_args()
    preds = {file: [(PRED_KIND.get(r["type"], "other"), r["bbox"]) for r in regions]
             for file, regions in load_predictions(a.pred).items()}
    agn = [0, 0, 0]
    cls = {c: [0, 0, 0] for c in CLASSES}
    pages = 0
    with open(os.path.join(a.holdout, "layout", "MANIFEST.tsv"), encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["subset"] != "docbank":
                continue
            gt_tokens = json.load(open(os.path.join(a.holdout, "layout", row["gt_path"]), encoding="utf-8"))["tokens"]
            toks = region_tokens(gt_tokens, a.no_figure_fold)
            gt = group(toks, a.hgap, a.vgap, not a.no_indent_split)
            pr = preds.get(row["file"], [])
            pages += 1
            m = match(gt, pr, a.iou, False)
            agn[0] += len(m); agn[1] += len(pr); agn[2] += len(gt)
            mt = match(gt, pr, a.iou, True)
            for c in CLASSES:
                cls[c][0] += sum(1 for i, _ in mt if gt[i][0] == c)
                cls[c][1] += sum(1 for p in pr if p[0] == c)
                cls[c][2] += sum(1 for g in gt if g[0] == c)
            if a.per_page:
                p, r, f1 = prf(len(m), len(pr), len(gt))
                print(f"{row['file']}: gt {len(gt)} pred {len(pr)} matched {len(m)} F1 {f1:.3f}")
    p, r, f1 = prf(*agn)
    print(f"region check @IoU{a.iou} ({pages} pages): class-agnostic P={p:.3f} R={r:.3f} F1={f1:.3f} "
          f"(gt {agn[2]} = {agn[2] / max(1, pages):.1f}/page, pred {agn[1]} = {agn[1] / max(1, pages):.1f}/page)")
    print("per class F1: " + ", ".join(f"{c}={prf(*v)[2]:.3f}(gt {v[2]}, pred {v[1]})" for c, v in cls.items()))


if __name__ == "__main__":
    main()

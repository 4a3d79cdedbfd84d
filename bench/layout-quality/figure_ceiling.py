#!/usr/bin/env python3
"""How high the dev set's word-level figure F1 can go with correct figure boxes.

DocBank marks a picture with `##LTFigure##` tokens (labelled figure) and labels everything
else inside it, tick labels, sub-captions and each vector stroke of a chart (`##LTLine##`),
like the prose around it. A figure block that covers the figure therefore takes those tokens
too, and they count against it. This script scores three predictions with the dev set's own
scorer (`score/score_layout.py`):
  - quire's blocks as they are;
  - quire's blocks with its figure blocks replaced by DocBank's own figure boxes (the boxes of
    the `##LTFigure##` tokens): the best a detector that finds exactly the annotated figures
    can score;
  - the same, with the `##LTLine##` stroke tokens left out of the ground truth.

    figure_ceiling.py PRED.jsonl --holdout DEVSET_DIR

PRED.jsonl is what `evaluate --keep DIR` leaves in DIR/layout.jsonl.
"""
import argparse
import csv
import json
import os
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred")
    ap.add_argument("--holdout", required=True)
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.holdout, "score"))
    import score_layout
    from region_check import load_predictions

    preds = load_predictions(a.pred)
    layout = os.path.join(a.holdout, "layout")
    with open(os.path.join(layout, "MANIFEST.tsv"), encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["subset"] == "docbank"]

    with tempfile.TemporaryDirectory() as tmp:
        oracle = os.path.join(tmp, "oracle.jsonl")
        stripped = os.path.join(tmp, "stripped")
        os.makedirs(os.path.join(stripped, "layout"))
        with open(oracle, "w", encoding="utf-8") as out, \
                open(os.path.join(stripped, "layout", "MANIFEST.tsv"), "w", encoding="utf-8") as manifest:
            writer = csv.DictWriter(manifest, fieldnames=list(rows[0].keys()), delimiter="\t")
            writer.writeheader()
            for r in rows:
                with open(os.path.join(layout, r["gt_path"]), encoding="utf-8") as g:
                    gt = json.load(g)
                regions = [p for p in preds.get(r["file"], []) if p["type"] != "figure"]
                regions += [{"type": "figure", "bbox": t["bbox"]} for t in gt["tokens"] if t["type"] == "figure"]
                out.write(json.dumps({"file": r["file"], "regions": regions}) + "\n")
                gt["tokens"] = [t for t in gt["tokens"] if t["text"] != "##LTLine##"]
                path = os.path.join(stripped, "layout", r["gt_path"])
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="utf-8") as g:
                    json.dump(gt, g)
                writer.writerow(r)

        def figure(holdout, pred):
            x = score_layout.score(holdout, pred, 0.5)["docbank_token_per_class"]["figure"]
            return f"F1 {x['F1']:.3f} (P {x['P']:.3f}, R {x['R']:.3f}; gt {x['gt']}, pred {x['pred']})"

        print("word-level figure F1 on the dev set's DocBank pages:")
        print(f"  quire's blocks:                            {figure(a.holdout, a.pred)}")
        print(f"  figure blocks = DocBank's own figure boxes: {figure(a.holdout, oracle)}")
        print(f"  ... with the ##LTLine## strokes left out:   {figure(stripped, oracle)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Real-OCR variant of the labelled set: renders each data/docNN.pdf page at 300 dpi
(pdftoppm), reads it with the tesseract CLI (TSV, PSM 3, OMP_THREAD_LIMIT=1) and writes
data/docNN-ocr.json: LayoutInput pages built from Tesseract's words, lines (block/par/line
ids as hints) and the PDF's ruling lines, with coordinates scaled to the ground truth's
2 px/pt, plus the same truth. Run after generate.py. Usage: python3 ocr_variant.py
"""
import csv
import glob
import io
import json
import os
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DPI = 300
SCALE = 144 / DPI  # ground truth is 2 px per point = 144 dpi


def ocr_page(png):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    tsv = subprocess.run(["tesseract", png, "-", "--psm", "3", "tsv"], env=env, check=True,
                         capture_output=True, text=True).stdout
    lines = {}
    for row in csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE):
        if row["level"] != "5" or not row["text"].strip():
            continue
        key = (int(row["block_num"]), int(row["par_num"]), int(row["line_num"]))
        b = {k: round(int(row[k2]) * SCALE) for k, k2 in (("x", "left"), ("y", "top"), ("width", "width"), ("height", "height"))}
        lines.setdefault(key, []).append({"text": row["text"], "confidence": max(0.0, float(row["conf"])),
                                          "box": b, "isBold": False})
    out = []
    for (block, par, _), words in sorted(lines.items()):
        x0 = min(w["box"]["x"] for w in words); y0 = min(w["box"]["y"] for w in words)
        x1 = max(w["box"]["x"] + w["box"]["width"] for w in words); y1 = max(w["box"]["y"] + w["box"]["height"] for w in words)
        out.append({"text": " ".join(w["text"] for w in words), "words": words, "stage": "fast",
                    "confidence": sum(w["confidence"] for w in words) / len(words),
                    "box": {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0},
                    "blockHint": block, "paragraphHint": par})
    return out


def main():
    for path in sorted(glob.glob(os.path.join(HERE, "data", "doc??.json"))):
        doc = json.load(open(path))
        pdf = path[:-5] + ".pdf"
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", pdf, os.path.join(tmp, "p")], check=True)
            pngs = sorted(glob.glob(os.path.join(tmp, "p*.png")))
            for page, png in zip(doc["pages"], pngs):
                page["lines"] = ocr_page(png)
        with open(path[:-5] + "-ocr.json", "w") as f:
            json.dump(doc, f)
        print("wrote", os.path.basename(path[:-5]) + "-ocr.json")


if __name__ == "__main__":
    main()

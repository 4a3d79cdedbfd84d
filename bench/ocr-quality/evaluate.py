#!/usr/bin/env python3
"""Character error rate (CER) and speed of quire's OCR levels vs the tesseract CLI.

    python3 bench/ocr-quality/make_set.py --out /tmp/ocrset
    python3 bench/ocr-quality/evaluate.py /tmp/ocrset [--levels fast,balanced,accurate] [--osd] [--no-swift]

Builds and runs `quire-bench ocr <set>` (the harness in bench/Harness writes <set>/out/<level>/*.txt and timings.json), runs `tesseract <page> -`
(default settings, OMP_THREAD_LIMIT=1) on every page, then prints CER per level and variant
and pages per minute. CER = Levenshtein(reference, hypothesis) / len(reference) after
collapsing whitespace; the CLI gets no orientation correction (as its defaults do not).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def normalize(text):
    return " ".join(text.split())


def levenshtein(a, b):
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def cer(ref, hyp):
    ref, hyp = normalize(ref), normalize(hyp)
    return levenshtein(ref, hyp) / max(1, len(ref))


def run_swift(set_dir, levels, osd):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "quire-bench"], cwd=ROOT, check=True)
    cmd = [os.path.join(ROOT, ".build", "release", "quire-bench"), "ocr", set_dir, "--levels", levels]
    if osd:
        cmd.append("--osd")
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    for line in r.stdout.splitlines():
        if line.startswith("strategy wins"):
            print(line)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-4000:] + r.stderr[-4000:])
        sys.exit("swift harness failed")


def run_cli(set_dir, manifest):
    out = os.path.join(set_dir, "out", "tesseract-cli")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    seconds = 0.0
    for e in manifest:
        name = os.path.splitext(os.path.basename(e["file"]))[0]
        t0 = time.time()
        r = subprocess.run(["tesseract", os.path.join(set_dir, e["file"]), "-", "-l", "+".join(e["languages"])],
                           env=env, capture_output=True, text=True)
        seconds += time.time() - t0
        with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as f:
            f.write(r.stdout)
    return seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set")
    ap.add_argument("--levels", default="fast,balanced,accurate")
    ap.add_argument("--osd", action="store_true", help="also measure OSD at 300/200/150/100 dpi")
    ap.add_argument("--no-swift", action="store_true", help="reuse existing quire outputs")
    ap.add_argument("--no-cli", action="store_true")
    args = ap.parse_args()
    set_dir = os.path.abspath(args.set)
    manifest = json.load(open(os.path.join(set_dir, "manifest.json"), encoding="utf-8"))
    levels = args.levels.split(",")
    if not args.no_swift:
        run_swift(set_dir, args.levels, args.osd)
    seconds = defaultdict(float)
    timings = json.load(open(os.path.join(set_dir, "out", "timings.json")))
    for t in timings:
        seconds[t["level"]] += t["ocrSeconds"] + t["preprocessSeconds"]
    columns = list(levels)
    if not args.no_cli:
        seconds["tesseract-cli"] = run_cli(set_dir, manifest)
        columns.append("tesseract-cli")

    by_variant = defaultdict(lambda: defaultdict(list))
    for e in manifest:
        name = os.path.splitext(os.path.basename(e["file"]))[0]
        for col in columns:
            path = os.path.join(set_dir, "out", col, name + ".txt")
            hyp = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            by_variant[e["variant"]][col].append(cer(e["text"], hyp))

    print("| variant | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    totals = defaultdict(list)
    for variant, cols in by_variant.items():
        cells = []
        for col in columns:
            vals = cols[col]
            totals[col] += vals
            cells.append(f"{100 * sum(vals) / len(vals):.2f}%")
        print(f"| {variant} | " + " | ".join(cells) + " |")
    print("| **mean CER** | " + " | ".join(f"**{100 * sum(totals[c]) / len(totals[c]):.2f}%**" for c in columns) + " |")
    print("| pages/min | " + " | ".join(f"{60 * len(manifest) / seconds[c]:.1f}" for c in columns) + " |")
    acc = defaultdict(int)
    for t in timings:
        acc[t["level"]] += t["accurateLines"]
    print("accurate lines re-read:", dict(acc))

    osd_path = os.path.join(set_dir, "out", "osd.json")
    if args.osd and os.path.exists(osd_path):
        runs = json.load(open(osd_path))
        by_dpi = defaultdict(list)
        for r in runs:
            by_dpi[r["dpi"]].append(r)
        print("\n| OSD dpi | correct | wrong | undetermined | min conf (correct) | max conf (wrong) | s/page |")
        print("|---|---|---|---|---|---|---|")
        for dpi, rs in sorted(by_dpi.items(), reverse=True):
            ok = [r for r in rs if r.get("rotation") == r["expected"]]
            bad = [r for r in rs if r.get("rotation") is not None and r["rotation"] != r["expected"]]
            und = [r for r in rs if r.get("rotation") is None]
            print(f"| {dpi} | {len(ok)} | {len(bad)} | {len(und)} | "
                  f"{min((r['confidence'] for r in ok), default=0):.2f} | "
                  f"{max((r['confidence'] for r in bad), default=0):.2f} | "
                  f"{sum(r['seconds'] for r in rs) / len(rs):.2f} |")


if __name__ == "__main__":
    main()

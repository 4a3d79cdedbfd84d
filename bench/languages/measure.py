#!/usr/bin/env python3
"""Measures `ocr.languages: auto` on the page set of make_set.py (issue 37's targets).

For every page of bench/languages/pages (manifest.json) it runs quire three times, each into its
own database: `auto` (candidates: the set's nine models), `hand` (each page an input of its own
with its true models) and `eng` (every page read with [eng]); then the English pages alone with
`auto` and with `[eng]`, timed. It reports:
  - page language accuracy (main language of auto == the page's; for a page in two languages,
    both found), script accuracy (of the main language);
  - CER (Levenshtein distance / ground-truth length, whitespace runs made one space) of auto,
    hand and eng, over all pages;
  - OCR time of the English pages with auto vs [eng] (sum of the ocr stage's duration_ms, and
    the runs' wall time).
Run from the repository root after `swift build -c release --static-swift-stdlib --product quire`:
  python3 bench/languages/measure.py [--quire .build/release/quire] [--json out.json]
Needs rapidfuzz (PyPI) for the edit distance.
"""
import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time

from rapidfuzz.distance import Levenshtein

HERE = os.path.dirname(os.path.abspath(__file__))
CANDIDATES = ["eng", "fra", "deu", "nld", "spa", "ita", "pol", "rus", "ell"]
# The set's languages not in Latin script.
SCRIPTS = {"ru": "Cyrillic", "el": "Greek"}


def normalise(text):
    return re.sub(r"\s+", " ", text).strip()


def pipeline(path, db, inputs, languages, workers):
    lines = ["name: languages-bench", f"database: {db}", "inputs:"]
    for folder, langs in inputs:
        lines += [f"  - path: {folder}", "    min_file_age: 0"]
        if langs:
            lines.append(f"    languages: [{', '.join(langs)}]")
    lines += ["ocr:", f"  languages: {languages}", "layout: {enabled: false}", "barcodes: {enabled: false}",
              "data_detection: {enabled: false}", f"run: {{workers: {workers}}}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def run(quire, spec):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    start = time.time()
    subprocess.run([quire, "run", spec, "--quiet"], env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.time() - start


def results(db):
    con = sqlite3.connect(db)
    rows = con.execute("""
        SELECT d.path, p.language, p.script, COALESCE(t.text, ''), p.languages,
               (SELECT duration_ms FROM page_stages s WHERE s.page_id = p.id AND s.stage = 'ocr')
        FROM pages p JOIN documents d ON d.id = p.document_id LEFT JOIN page_text t ON t.page_id = p.id""").fetchall()
    return {os.path.basename(r[0]): {"language": r[1], "script": r[2], "text": r[3], "languages": r[4], "ocr_ms": r[5] or 0}
            for r in rows}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quire", default=".build/release/quire")
    parser.add_argument("--pages", default=os.path.join(HERE, "pages"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json")
    args = parser.parse_args()
    quire = os.path.abspath(args.quire)
    pages = os.path.abspath(args.pages)
    manifest = json.load(open(os.path.join(pages, "manifest.json")))
    truth = {m["page"]: open(os.path.join(pages, m["page"][:-4] + ".gt.txt"), encoding="utf-8").read() for m in manifest}
    work = tempfile.mkdtemp(prefix="quire-languages-")
    auto = f"{{auto: [{', '.join(CANDIDATES)}]}}"
    inputs_hand = [(os.path.join(pages, m["page"]), m["models"]) for m in manifest]
    english = os.path.join(work, "english")
    os.makedirs(english)
    for m in manifest:
        if m["models"] == ["eng"]:
            shutil.copy(os.path.join(pages, m["page"]), os.path.join(english, m["page"]))

    # Only the PNGs (copies: quire does not follow links by default): one input per page file
    # for the hand run; the folder for the others.
    folder = os.path.join(work, "all")
    os.makedirs(folder)
    for m in manifest:
        shutil.copy(os.path.join(pages, m["page"]), os.path.join(folder, m["page"]))
    setups = {"auto": ([(folder, None)], auto), "hand": (inputs_hand, "[eng]"), "eng": ([(folder, None)], "[eng]")}
    found, walls = {}, {}
    for name, (inputs, languages) in setups.items():
        spec = os.path.join(work, name + ".yml")
        pipeline(spec, os.path.join(work, name + ".sqlite"), inputs, languages, args.workers)
        walls[name] = run(quire, spec)
        found[name] = results(os.path.join(work, name + ".sqlite"))
    timing = {}
    for name, languages in [("eng", "[eng]"), ("auto", auto)]:
        spec = os.path.join(work, "english-" + name + ".yml")
        pipeline(spec, os.path.join(work, "english-" + name + ".sqlite"), [(english, None)], languages, 1)
        wall = run(quire, spec)
        timing[name] = {"wall_s": round(wall, 2),
                        "ocr_ms": sum(r["ocr_ms"] for r in results(os.path.join(work, "english-" + name + ".sqlite")).values())}

    report = {"pages": len(manifest), "languages": sorted({m["language"] for m in manifest}),
              "scripts": sorted({m["script"] for m in manifest})}
    # A page in one language: its main language; a page in two (half each, so neither is the
    # main one): both found, in either order.
    def language_right(m):
        page = found["auto"].get(m["page"], {})
        if len(m["languages"]) == 1:
            return page.get("language") == m["language"]
        return set((page.get("languages") or "").split()) == set(m["languages"])
    right = [language_right(m) for m in manifest]
    # The script of the page's main language; on a page in two languages (half each) either
    # language's script, as for the languages themselves (CLD2 counts a half in Cyrillic, two
    # bytes a letter, as the larger share).
    def scripts_of(m):
        return {SCRIPTS.get(tag, "Latin") for tag in m["languages"]} if len(m["languages"]) > 1 else {m["script"]}
    script_right = [found["auto"].get(m["page"], {}).get("script") in scripts_of(m) for m in manifest]
    report["strict_script_accuracy"] = round(
        sum(found["auto"].get(m["page"], {}).get("script") == m["script"] for m in manifest) / len(manifest), 4)
    report["language_accuracy"] = round(sum(right) / len(manifest), 4)
    report["script_accuracy"] = round(sum(script_right) / len(manifest), 4)
    report["wrong_language"] = [(m["page"], found["auto"].get(m["page"], {}).get("language")) for m, ok in zip(manifest, right) if not ok]
    for name in setups:
        errors = chars = 0
        for m in manifest:
            gt = normalise(truth[m["page"]])
            errors += Levenshtein.distance(gt, normalise(found[name].get(m["page"], {}).get("text", "")))
            chars += len(gt)
        report[f"cer_{name}"] = round(errors / chars, 4)
        report[f"wall_s_{name}"] = round(walls[name], 1)
    report["cer_auto_vs_hand"] = round(report["cer_auto"] / report["cer_hand"] - 1, 4) if report["cer_hand"] else None
    report["cer_auto_vs_eng"] = round(1 - report["cer_auto"] / report["cer_eng"], 4) if report["cer_eng"] else None
    report["english_only"] = timing
    report["english_auto_time_ratio"] = round(timing["auto"]["ocr_ms"] / max(1, timing["eng"]["ocr_ms"]), 4)
    print(json.dumps(report, ensure_ascii=False, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()

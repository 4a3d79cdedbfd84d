#!/usr/bin/env python3
"""Builds the multilingual page set of bench/languages (issue 37: `ocr.languages: auto`).

Real text, reachable on any Debian machine: the translations Debian installs for its own tools
(/usr/share/locale/<lang>/LC_MESSAGES/*.mo, gettext catalogues of coreutils, bash, tar, apt,
dpkg, …). Each page takes whole translated messages (msgstr) of one language, chosen with a
fixed seed from every catalogue of that language (English pages take the msgids), wraps them
into lines and renders them with DejaVu fonts at 200 dpi into a 1-bit PNG; the page's ground
truth is exactly the rendered lines (`<page>.gt.txt`). Mixed pages take half their lines from
two languages. Nothing here is tuned to a page: only the languages, the count and the seed.

Run from the repository root:  python3 bench/languages/make_set.py [--out bench/languages/pages]
Needs Python 3 with Pillow and the fonts-dejavu-core package (scripts/setup.sh installs it).
"""
import argparse
import gettext
import glob
import json
import os
import random
import re
import textwrap

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]
DPI = 200
WIDTH, HEIGHT = 1400, 1500          # px at 200 dpi: a 7 x 7.5 inch text area
MARGIN = 90

# (Tesseract model, gettext locale folder, BCP 47 tag, script)
LANGUAGES = [
    ("eng", "fr", "en", "Latin"),    # English: the msgids of the French catalogues
    ("fra", "fr", "fr", "Latin"),
    ("deu", "de", "de", "Latin"),
    ("nld", "nl", "nl", "Latin"),
    ("spa", "es", "es", "Latin"),
    ("ita", "it", "it", "Latin"),
    ("pol", "pl", "pl", "Latin"),
    ("rus", "ru", "ru", "Cyrillic"),
    ("ell", "el", "el", "Greek"),
]
PAGES_PER_LANGUAGE = 7
MIXED = [("nld", "fra"), ("deu", "rus")]   # pages in two languages, half each

BAD = re.compile(r"[%<>`{}\\|_&~\t$@#*=\[\]]|--|\.\.\.|https?:|\s{2,}")


def messages(locale, english):
    """Whole translated messages (or their English msgids) of a locale: plain sentences only."""
    found = []
    for mo in sorted(glob.glob(f"/usr/share/locale/{locale}/LC_MESSAGES/*.mo")):
        try:
            with open(mo, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except Exception:
            continue
        for key, value in sorted(catalog.items(), key=lambda kv: str(kv[0])):
            if not isinstance(key, str) or not isinstance(value, str) or not key or not value:
                continue
            text = (key if english else value).strip()
            if not 50 <= len(text) <= 220 or "\n" in text or BAD.search(text) or text == key and not english:
                continue
            if sum(c.isalpha() for c in text) < 0.75 * len(text):
                continue
            found.append(text)
    return sorted(set(found))


def page_lines(sentences, rng, count, width_chars):
    lines = []
    while len(lines) < count:
        lines += textwrap.wrap(rng.choice(sentences), width_chars)
    return lines[:count]


def render(lines, font_path, size_pt, path):
    font = ImageFont.truetype(font_path, int(size_pt * DPI / 72))
    image = Image.new("L", (WIDTH, HEIGHT), 255)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    step = int(size_pt * DPI / 72 * 1.45)
    for line in lines:
        draw.text((MARGIN, y), line, font=font, fill=0)
        y += step
    image.convert("1", dither=Image.NONE).save(path, dpi=(DPI, DPI), optimize=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=os.path.join(HERE, "pages"))
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    pool = {model: messages(locale, model == "eng") for model, locale, _, _ in LANGUAGES}
    info = {model: (tag, script) for model, _, tag, script in LANGUAGES}
    manifest = []

    def make(name, models, lines):
        font = FONTS[len(manifest) % 2]
        size = 11 + (len(manifest) % 3)            # 11, 12, 13 pt
        render(lines, font, size, os.path.join(args.out, name + ".png"))
        with open(os.path.join(args.out, name + ".gt.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        manifest.append({"page": name + ".png", "models": models, "language": info[models[0]][0],
                         "languages": [info[m][0] for m in models], "script": info[models[0]][1]})

    for model, _, _, _ in LANGUAGES:
        for i in range(PAGES_PER_LANGUAGE):
            make(f"{model}-{i + 1:02d}", [model], page_lines(pool[model], rng, 22, 62))
    for first, second in MIXED:
        lines = page_lines(pool[first], rng, 11, 62) + page_lines(pool[second], rng, 11, 62)
        make(f"mixed-{first}-{second}", [first, second], lines)
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
    print(f"{len(manifest)} pages in {args.out}")


if __name__ == "__main__":
    main()

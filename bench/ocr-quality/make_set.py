#!/usr/bin/env python3
"""Generate an OCR benchmark set with known text (ground truth) from a seed.

    python3 bench/ocr-quality/make_set.py --out /tmp/ocrset [--seed 7] [--copies 2]

Writes <out>/pages/*.png (300 dpi, A5 portrait) and <out>/manifest.json:
[{"file": "pages/clean-0.png", "variant": "clean", "languages": ["eng"], "rotation": 0,
  "text": "line 1\\nline 2 ..."}, ...]. `rotation` is the clockwise rotation applied to the
upright page. Variants: clean, noise, blur, lowcontrast, jpeg, degraded (all four mild),
heavy (stronger), speckle (salt and pepper), small_degraded (7 pt, degraded),
skew3, rot90, rot180, rot270, smallfont, deu_eng.
"""
import argparse
import io
import json
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
DPI = 300
W, H = 1748, 2480  # A5 at 300 dpi

EN = ("the of and to in is for that with on as by this from at are be or an which was will "
      "report order invoice customer delivery payment account number date office warehouse "
      "shipment contract service product quality manager request total amount balance "
      "received address company department meeting schedule policy insurance claim "
      "agreement period annual monthly weekly review project budget market sales price "
      "supplier transport storage inventory record document signature approval section "
      "paragraph table figure result analysis method sample value average increase "
      "decrease percent north south east west city street building floor room phone "
      "email letter notice reminder deadline extension summary details information "
      "please confirm return check note include provide require update complete").split()
DE = ("der die das und ist nicht mit für auf dem den des ein eine wir sie werden wurde "
      "Größe Straße Rechnung Lieferung Bestellung Kunde Zahlung Übersicht Prüfung Büro "
      "Gebäude März Änderung Bestätigung Frühjahr Grüße Schlüssel Menü größer über "
      "für Mängel Geschäftsführer Öffnungszeiten Anschrift Betrag Monat Woche").split()


def sentence(rng, words, n):
    s = " ".join(rng.choice(words) for _ in range(n))
    return s[0].upper() + s[1:]


def lines_for(rng, font, size, words, width, count):
    """Fill `count` lines of text no wider than `width` pixels."""
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    out = []
    while len(out) < count:
        line = ""
        while True:
            w = rng.choice(words)
            if rng.random() < 0.08:
                w = str(rng.randint(1, 9999))
            cand = (line + " " + w).strip()
            if rng.random() < 0.06:
                cand += rng.choice([",", ".", ":"])
            if draw.textlength(cand, font=font) > width:
                break
            line = cand
        out.append(line[0].upper() + line[1:])
    return out


def render(rng, size_pt, words, font_path):
    size = int(size_pt * DPI / 72)
    font = ImageFont.truetype(font_path, size)
    margin = 150
    step = int(size * 1.45)
    count = (H - 2 * margin) // step
    count = min(count, 40)
    text = lines_for(rng, font, size, words, W - 2 * margin, count)
    img = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(img)
    y = margin
    for t in text:
        d.text((margin, y), t, font=font, fill=0)
        y += step
    return img, "\n".join(text)


def jpeg(img, q):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=q)
    buf.seek(0)
    return Image.open(buf).convert("L")


def noise(img, rng, sigma):
    a = np.asarray(img, dtype=np.float32)
    a = a + np.random.default_rng(rng.randint(0, 2**31)).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))


def contrast(img, ink, paper):
    a = np.asarray(img, dtype=np.float32)
    return Image.fromarray((ink + a * (paper - ink) / 255.0).astype(np.uint8))


def variants(rng, copy):
    font = FONTS[copy % 2]
    page, text = render(rng, 10, EN, font)
    yield "clean", page, text, ["eng"], 0
    yield "noise", noise(page, rng, 45), text, ["eng"], 0
    yield "blur", page.filter(ImageFilter.GaussianBlur(2.2)), text, ["eng"], 0
    yield "lowcontrast", contrast(page, 150, 215), text, ["eng"], 0
    yield "jpeg", jpeg(page.filter(ImageFilter.GaussianBlur(0.8)), 8), text, ["eng"], 0
    degraded = jpeg(noise(contrast(page.filter(ImageFilter.GaussianBlur(1.4)), 110, 225), rng, 22), 25)
    yield "degraded", degraded, text, ["eng"], 0
    heavy = jpeg(noise(contrast(page.filter(ImageFilter.GaussianBlur(1.7)), 120, 215), rng, 30), 20)
    yield "heavy", heavy, text, ["eng"], 0
    a = np.asarray(page).copy()
    r = np.random.default_rng(rng.randint(0, 2**31)).random(a.shape)
    a[r < 0.04] = 0
    a[r > 0.93] = 255
    yield "speckle", Image.fromarray(a).filter(ImageFilter.GaussianBlur(0.7)), text, ["eng"], 0
    sd, sdtext = render(rng, 7, EN, font)
    sd = jpeg(noise(contrast(sd.filter(ImageFilter.GaussianBlur(1.0)), 100, 225), rng, 20), 30)
    yield "small_degraded", sd, sdtext, ["eng"], 0
    yield "skew3", page.rotate(-3, expand=True, fillcolor=255, resample=Image.BICUBIC), text, ["eng"], 0
    for cw in (90, 180, 270):
        yield f"rot{cw}", page.rotate(-cw, expand=True), text, ["eng"], cw
    small, stext = render(rng, 6, EN, font)
    yield "smallfont", small, stext, ["eng"], 0
    mixed, mtext = render(rng, 10, EN[:40] + DE, font)
    yield "deu_eng", mixed, mtext, ["eng", "deu"], 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--variants", default="", help="comma-separated subset (default: all)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.join(args.out, "pages"), exist_ok=True)
    manifest = []
    for copy in range(args.copies):
        for name, img, text, langs, rot in variants(rng, copy):
            if args.variants and name not in args.variants.split(","):
                continue
            rel = f"pages/{name}-{copy}.png"
            img.save(os.path.join(args.out, rel), dpi=(DPI, DPI))
            manifest.append({"file": rel, "variant": name, "languages": langs, "rotation": rot, "text": text})
    with open(os.path.join(args.out, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
    print(f"{len(manifest)} pages in {args.out}")


if __name__ == "__main__":
    main()

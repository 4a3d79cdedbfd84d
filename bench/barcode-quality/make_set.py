#!/usr/bin/env python3
"""Build the barcode quality set (deterministic; not committed, regenerate it).

Pages of 900x700 px with two labelled codes of different symbologies and some text, each page
degraded one way (clean, blur, noise, rotation, perspective, low contrast, small modules,
photographed look), plus barcode-free pages (text, rules, tables, halftone texture) for false
positives. Writes <out>/pages/*.png and <out>/labels.json.

Usage: python3 bench/barcode-quality/make_set.py [out-dir]   (default /tmp/quire-barcode-set)
"""
import io
import json
import os
import random
import sys

import numpy as np
import segno
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter, ImageFont

F = zxingcpp.BarcodeFormat
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DEGRADATIONS = ["clean", "blur", "noise", "rotation", "perspective", "lowcontrast", "small", "photo"]


def payload(sym, rng, extra=False):
    d = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    word = lambda n: "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(n))
    if extra and sym == "gs1DataBarExpanded":  # the first set's form has 13 digits for (01): never written
        return f"(01)9{d(13)}(3202)0{d(5)}"
    return {
        "qr": lambda: f"https://ex.org/{word(8).lower()}", "microQR": lambda: word(5),
        "aztec": lambda: f"AZ {word(10)}", "dataMatrix": lambda: f"DM-{word(9)}",
        "pdf417": lambda: f"PDF {word(12)}", "maxiCode": lambda: f"MAXI {word(8)}",
        "code128": lambda: f"Q-{word(8)}", "code39": lambda: word(7), "code93": lambda: word(7),
        "codabar": lambda: "A" + d(8) + "B", "itf": lambda: d(14), "ean8": lambda: d(7),
        "ean13": lambda: d(12), "upca": lambda: d(11), "upce": lambda: "0" + d(6),
        "gs1DataBar": lambda: d(13), "gs1DataBarExpanded": lambda: f"(01)9{d(12)}(3202)0{d(5)}",
        # Extras (issue 36, probe36): forms and options the first set lacks.
        "code39FullASCII": lambda: word(3) + "-" + word(3).lower(), "code93FullASCII": lambda: word(3).lower() + d(3),
        "itf14": lambda: d(13), "gs1DataBarStacked": lambda: d(13), "gs1DataBarStackedOmni": lambda: d(13),
        "gs1DataBarLimited": lambda: "0" + d(12), "gs1DataBarExpandedStacked": lambda: f"(01)9{d(13)}(10){word(6)}",
        "microPDF417": lambda: f"MP {word(6)}", "pdf417Compact": lambda: f"CP {word(8)}",
        "dataMatrixRect": lambda: f"DM-RECT{d(4)}", "aztecRune": lambda: str(rng.randint(0, 255)),
    }[sym]()


WRITER = {"qr": F.QRCode, "aztec": F.Aztec, "dataMatrix": F.DataMatrix, "pdf417": F.PDF417,
          "maxiCode": F.MaxiCode, "code128": F.Code128, "code39": F.Code39, "code93": F.Code93,
          "codabar": F.Codabar, "itf": F.ITF, "ean8": F.EAN8, "ean13": F.EAN13, "upca": F.UPCA,
          "upce": F.UPCE, "gs1DataBar": F.DataBar, "gs1DataBarExpanded": F.DataBarExp}
EXTRA_WRITER = {"code39FullASCII": F.Code39Ext, "code93FullASCII": F.Code93, "itf14": F.ITF14,
                "gs1DataBarStacked": F.DataBarStk, "gs1DataBarStackedOmni": F.DataBarStkOmni,
                "gs1DataBarLimited": F.DataBarLtd, "gs1DataBarExpandedStacked": F.DataBarExpStk,
                "microPDF417": F.MicroPDF417, "pdf417Compact": F.CompactPDF417, "dataMatrixRect": F.DataMatrix,
                "aztecRune": F.AztecRune}
WRITER.update(EXTRA_WRITER)
SYMBOLOGIES = [s for s in WRITER if s not in EXTRA_WRITER] + ["microQR"]
EXTRAS = list(EXTRA_WRITER) + ["gs1DataBarExpanded"]
# Extra pages: the first set's degradations and light-on-dark symbols.
EXTRA_DEGRADATIONS = DEGRADATIONS + ["inverted"]
LINEAR = {"code128", "code39", "code93", "codabar", "itf", "ean8", "ean13", "upca", "upce", "gs1DataBar",
          "gs1DataBarExpanded", "code39FullASCII", "code93FullASCII", "itf14", "gs1DataBarStacked",
          "gs1DataBarStackedOmni", "gs1DataBarLimited", "gs1DataBarExpandedStacked"}


def make_code(sym, content, module):
    if sym == "microQR":
        qr = segno.make_micro(content)
        m = np.array([list(r) for r in qr.matrix], dtype=np.uint8)
        arr = np.kron(1 - m, np.ones((module, module), dtype=np.uint8)) * 255
        img = Image.fromarray(arr.astype(np.uint8), "L")
    else:
        bc = zxingcpp.create_barcode(content, WRITER[sym])
        img = Image.fromarray(np.asarray(bc.to_image(scale=module, add_quiet_zones=sym == "itf14"))).convert("L")
    # The text any reader should report (the writer's own reader, 3.x, on the clean image).
    pad = 6 * module
    out = Image.new("L", (img.width + 2 * pad, img.height + 2 * pad), 255)
    out.paste(img, (pad, pad))
    # ITF-14 and MicroPDF417 are read back only with their quiet zone.
    found = zxingcpp.read_barcodes(img) or zxingcpp.read_barcodes(out)
    truth = found[0].text if found else None
    return out, truth


def text_page(rng, size):
    page = Image.new("L", size, 255)
    draw = ImageDraw.Draw(page)
    font = ImageFont.truetype(FONT, rng.choice([14, 16, 20]))
    words = "invoice total amount payment terms customer order shipping account number reference date".split()
    for i in range(size[1] // 30):
        draw.text((30, 10 + 30 * i), " ".join(rng.choice(words) for _ in range(9)), fill=rng.randint(0, 60), font=font)
    return page


def perspective(img, rng):
    w, h = img.size
    j = lambda s: rng.uniform(0, s)
    dst = [(j(0.1 * w), j(0.1 * h)), (w - j(0.15 * w), j(0.15 * h)), (w - j(0.1 * w), h - j(0.12 * h)), (j(0.15 * w), h - j(0.1 * h))]
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    rows = []
    for (x, y), (u, v) in zip(dst, src):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
    coeffs = np.linalg.solve(np.array(rows, float), np.array([c for p in src for c in p], float))
    return img.transform((w, h), Image.PERSPECTIVE, coeffs.tolist(), Image.BICUBIC, fillcolor=255)


def degrade(page, kind, rng):
    a = lambda im: np.asarray(im).astype(np.float32)
    back = lambda arr: Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    if kind == "blur":
        return page.filter(ImageFilter.GaussianBlur(rng.uniform(1.0, 1.8)))
    if kind == "noise":
        return back(a(page) + np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, 40, (page.height, page.width)))
    if kind == "rotation":
        return page.rotate(rng.choice([-1, 1]) * rng.uniform(10, 50), resample=Image.BICUBIC, fillcolor=255)
    if kind == "perspective":
        return perspective(page, rng)
    if kind == "lowcontrast":
        return back(110 + a(page) * 0.25)
    if kind == "inverted":
        return back(255 - a(page))
    if kind == "photo":
        g = np.random.default_rng(rng.randint(0, 1 << 30))
        yy, xx = np.mgrid[0:page.height, 0:page.width]
        light = 0.55 + 0.45 * (xx / page.width) * (0.6 + 0.4 * yy / page.height)
        im = back(a(page.rotate(rng.uniform(-8, 8), resample=Image.BICUBIC, fillcolor=255)) * light + 25)
        im = perspective(im, rng).filter(ImageFilter.GaussianBlur(1.1))
        im = back(a(im) + g.normal(0, 12, (im.height, im.width)))
        buf = io.BytesIO()
        im.save(buf, "JPEG", quality=45)
        return Image.open(io.BytesIO(buf.getvalue())).convert("L")
    return page


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/quire-barcode-set"
    os.makedirs(os.path.join(out, "pages"), exist_ok=True)
    rng = random.Random(20240611)
    labels = {"pages": []}
    n = 0
    n = code_pages(out, rng, labels, DEGRADATIONS, SYMBOLOGIES, "", n)
    free_pages(out, rng, labels)
    # The extras come after, from their own seed: the pages above stay as they were.
    code_pages(out, random.Random(20261205), labels, EXTRA_DEGRADATIONS, EXTRAS, "x", 0)
    with open(os.path.join(out, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1)
    print(f"{len(labels['pages'])} pages, {sum(len(p['codes']) for p in labels['pages'])} codes -> {out}")


def code_pages(out, rng, labels, degradations, symbologies, prefix, n):
    """Pages with two labelled codes each: every symbology twice per degradation."""
    for kind in degradations:
        order = symbologies[:]
        rng.shuffle(order)
        # Every symbology appears twice per degradation (two codes per page).
        pairs = [(order[i], order[(i + 5) % len(order)]) for i in range(len(order))]
        for sa, sb in pairs:
            page = text_page(rng, (900, 700))
            codes = []
            spots = [(40, 60), (480, 330)]
            for sym, (x, y) in zip((sa, sb), spots):
                small = kind == "small"
                module = 1 if small and sym in LINEAR else (2 if small else rng.choice([2, 3]))
                if sym in ("maxiCode",):
                    module = 1
                if sym in ("gs1DataBarStacked", "microPDF417", "aztecRune") and small:
                    module = 2
                for _ in range(5):
                    content = payload(sym, rng, extra=prefix != "")
                    try:
                        img, truth = make_code(sym, content, module)
                    except Exception:
                        continue
                    if truth:
                        break
                else:
                    continue
                if img.width > 420:
                    img = img.resize((420, int(img.height * 420 / img.width)), Image.BICUBIC)
                page.paste(img, (x, y))
                codes.append({"symbology": sym, "payload": truth, "box": [x, y, img.width, img.height]})
            page = degrade(page, kind, rng)
            name = f"{prefix}{n:03d}_{kind}.png"
            page.save(os.path.join(out, "pages", name))
            labels["pages"].append({"file": name, "degradation": kind, "codes": codes})
            n += 1
    return n


def free_pages(out, rng, labels):
    for i in range(24):
        page = text_page(rng, (900, 700))
        draw = ImageDraw.Draw(page)
        if i % 3 == 1:  # table grid
            for k in range(12):
                draw.line([(30, 100 + 40 * k), (870, 100 + 40 * k)], fill=0, width=2)
            for k in range(8):
                draw.line([(30 + 120 * k, 100), (30 + 120 * k, 540)], fill=0, width=2)
        if i % 3 == 2:  # halftone-like texture and stripes
            g = np.random.default_rng(i)
            tex = (g.random((200, 300)) > 0.5).astype(np.uint8) * 255
            page.paste(Image.fromarray(tex).resize((600, 400), Image.NEAREST), (150, 150))
            for k in range(30):
                draw.rectangle([100 + 7 * k, 600, 103 + 7 * k, 680], fill=0)
        page = degrade(page, DEGRADATIONS[i % len(DEGRADATIONS)], rng)
        name = f"free_{i:02d}.png"
        page.save(os.path.join(out, "pages", name))
        labels["pages"].append({"file": name, "degradation": "barcode-free", "codes": []})


if __name__ == "__main__":
    main()

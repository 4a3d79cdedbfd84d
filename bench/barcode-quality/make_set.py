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


def payload(sym, rng):
    d = lambda n: "".join(rng.choice("0123456789") for _ in range(n))
    word = lambda n: "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(n))
    return {
        "qr": lambda: f"https://ex.org/{word(8).lower()}", "microQR": lambda: word(5),
        "aztec": lambda: f"AZ {word(10)}", "dataMatrix": lambda: f"DM-{word(9)}",
        "pdf417": lambda: f"PDF {word(12)}", "maxiCode": lambda: f"MAXI {word(8)}",
        "code128": lambda: f"Q-{word(8)}", "code39": lambda: word(7), "code93": lambda: word(7),
        "codabar": lambda: "A" + d(8) + "B", "itf": lambda: d(14), "ean8": lambda: d(7),
        "ean13": lambda: d(12), "upca": lambda: d(11), "upce": lambda: "0" + d(6),
        "gs1DataBar": lambda: d(13), "gs1DataBarExpanded": lambda: f"(01)9{d(12)}(3202)0{d(5)}",
    }[sym]()


WRITER = {"qr": F.QRCode, "aztec": F.Aztec, "dataMatrix": F.DataMatrix, "pdf417": F.PDF417,
          "maxiCode": F.MaxiCode, "code128": F.Code128, "code39": F.Code39, "code93": F.Code93,
          "codabar": F.Codabar, "itf": F.ITF, "ean8": F.EAN8, "ean13": F.EAN13, "upca": F.UPCA,
          "upce": F.UPCE, "gs1DataBar": F.DataBar, "gs1DataBarExpanded": F.DataBarExp}
SYMBOLOGIES = list(WRITER) + ["microQR"]
LINEAR = {"code128", "code39", "code93", "codabar", "itf", "ean8", "ean13", "upca", "upce", "gs1DataBar",
          "gs1DataBarExpanded"}


def make_code(sym, content, module):
    if sym == "microQR":
        qr = segno.make_micro(content)
        m = np.array([list(r) for r in qr.matrix], dtype=np.uint8)
        arr = np.kron(1 - m, np.ones((module, module), dtype=np.uint8)) * 255
        img = Image.fromarray(arr.astype(np.uint8), "L")
    else:
        bc = zxingcpp.create_barcode(content, WRITER[sym])
        img = Image.fromarray(np.asarray(bc.to_image(scale=module, add_quiet_zones=False))).convert("L")
    # The text any reader should report (the writer's own reader, 3.x, on the clean image).
    found = zxingcpp.read_barcodes(img)
    truth = found[0].text if found else None
    pad = 6 * module
    out = Image.new("L", (img.width + 2 * pad, img.height + 2 * pad), 255)
    out.paste(img, (pad, pad))
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
    for kind in DEGRADATIONS:
        order = SYMBOLOGIES[:]
        rng.shuffle(order)
        # Every symbology appears twice per degradation (two codes per page, 17 pages).
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
                for _ in range(5):
                    content = payload(sym, rng)
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
            name = f"{n:03d}_{kind}.png"
            page.save(os.path.join(out, "pages", name))
            labels["pages"].append({"file": name, "degradation": kind, "codes": codes})
            n += 1
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
    with open(os.path.join(out, "labels.json"), "w") as fh:
        json.dump(labels, fh, indent=1)
    print(f"{len(labels['pages'])} pages, {sum(len(p['codes']) for p in labels['pages'])} codes -> {out}")


if __name__ == "__main__":
    main()

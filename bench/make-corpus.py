#!/usr/bin/env python3
"""Make the benchmark corpus (not committed: bench/corpus/ is git-ignored).

Dependencies (PyPI): pip install reportlab zxing-cpp Pillow numpy img2pdf
Fonts: DejaVu (Debian: apt-get install -y fonts-dejavu-core).

    bench/make-corpus.py --seed 1 --out bench/corpus [--quick]

Writes, deterministically from the seed:
  scanned/png/scan-NNN.png   300-dpi gray A4 pages that look scanned: text-dense, with a ruled
                              table, with barcodes (in turn)
  scanned/scanned.pdf        the same pixels as one image-only PDF (lossless, no text layer)
  truth/scan-NNN.txt          the true text of each scanned page (reading order, one line each)
  born-digital-200.pdf        200 pages of text (--quick: 20), real text layer
  born-digital-2000.pdf       2,000 pages of text (skipped with --quick)
  manifest.json               what was made, with the seed and page counts

    bench/make-corpus.py --seed 1 --out bench/work/corpus-pdfa --pdfa 20

makes only the PDF/A side-by-side set (bench/run --parts pdfa): pdfa/scan-NN.png|jpg, single
scanned pages in turn text-dense, with a table, with barcodes; about a third are JPEGs (gray
and colour, quality 85, as scanners write them), and one is skewed by 3°.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DPI = 300
W, H = 2480, 3508  # A4 at 300 dpi

WORDS = """the of and to in is for that on with as by at from this be are was it or an which
report order delivery customer invoice account payment service office company period total
amount balance quarter annual review market price supply warehouse transport contract budget
meeting board member policy system process management project result growth revenue cost
staff training quality safety record document archive letter notice request response change
north south east west region branch central national local public private general special
first second third final monthly weekly daily early late new old large small high low full
agreed approved received shipped returned opened closed signed reported planned completed
increase decrease improve reduce maintain develop provide support require include consider
between within during after before under above against across through without toward
analysis summary schedule estimate forecast statement schedule committee department director
manager engineer inspector supplier partner client vendor courier driver clerk assistant""".split()

FONT_DIR = "/usr/share/fonts/truetype/dejavu"


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    path = os.path.join(FONT_DIR, "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if not os.path.exists(path):
        sys.exit("make-corpus: DejaVu fonts missing: apt-get install -y fonts-dejavu-core")
    return ImageFont.truetype(path, size)


def sentence(rng: np.random.Generator, n_min: int = 6, n_max: int = 14) -> str:
    n = int(rng.integers(n_min, n_max + 1))
    words = [WORDS[int(i)] for i in rng.integers(0, len(WORDS), size=n)]
    if rng.random() < 0.3:
        words.insert(int(rng.integers(0, n)), str(int(rng.integers(2, 9999))))
    s = " ".join(words)
    return s[0].upper() + s[1:] + "."


def wrap(d: ImageDraw.ImageDraw, text: str, f, width: int) -> list[str]:
    lines, cur = [], ""
    for w in text.split():
        t = (cur + " " + w).strip()
        if d.textlength(t, font=f) <= width:
            cur = t
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


def paragraph_lines(d, rng, f, width, n_sentences) -> list[str]:
    return wrap(d, " ".join(sentence(rng) for _ in range(n_sentences)), f, width)


def scan_look(page: Image.Image, rng: np.random.Generator) -> Image.Image:
    g = page.rotate(float(rng.uniform(-0.5, 0.5)), resample=Image.BILINEAR, fillcolor=255)
    g = g.filter(ImageFilter.GaussianBlur(0.7))
    a = np.asarray(g, dtype=np.float32) * ((236.0 - 28.0) / 255.0) + 28.0
    a += rng.normal(0.0, 4.0, size=a.shape).astype(np.float32)
    a -= np.linspace(0.0, 8.0, a.shape[1], dtype=np.float32)[None, :]
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")


def text_dense(rng) -> tuple[Image.Image, list[str]]:
    page = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(page)
    fh, f = font(58, bold=True), font(40)
    L, width = 230, W - 460
    truth = []
    title = " ".join(WORDS[int(i)] for i in rng.integers(0, len(WORDS), size=4)).title()
    d.text((L, 220), title, fill=0, font=fh)
    truth.append(title)
    y = 360
    while y < H - 400:
        for line in paragraph_lines(d, rng, f, width, int(rng.integers(3, 6))):
            if y > H - 300:
                break
            d.text((L, y), line, fill=0, font=f)
            truth.append(line)
            y += 56
        y += 40
    return page, truth


def with_table(rng) -> tuple[Image.Image, list[str]]:
    page = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(page)
    fh, f, fb = font(58, bold=True), font(40), font(40, bold=True)
    L, width = 230, W - 460
    truth = ["Quarterly Figures By Region"]
    d.text((L, 220), truth[0], fill=0, font=fh)
    y = 360
    for line in paragraph_lines(d, rng, f, width, 4):
        d.text((L, y), line, fill=0, font=f)
        truth.append(line)
        y += 56
    y += 60
    cols = [520, 420, 420, 450]
    rows = [["Region", "Orders", "Returns", "Revenue"]]
    for _ in range(14):
        rows.append([WORDS[int(rng.integers(0, len(WORDS)))].title(), str(int(rng.integers(100, 9999))),
                     str(int(rng.integers(1, 400))), f"{rng.uniform(1000, 99999):.2f}"])
    rh = 84
    for r, row in enumerate(rows):
        x = L
        for c, cell in enumerate(row):
            d.text((x + 30, y + r * rh + 18), cell, fill=0, font=fb if r == 0 else f)
            x += cols[c]
        truth.append(" ".join(row))
    for r in range(len(rows) + 1):
        d.rectangle([L, y + r * rh, L + sum(cols), y + r * rh + 2], fill=0)
    x = L
    for c in range(len(cols) + 1):
        d.rectangle([x, y, x + 2, y + len(rows) * rh], fill=0)
        x += cols[c] if c < len(cols) else 0
    y += len(rows) * rh + 80
    for line in paragraph_lines(d, rng, f, width, 5):
        if y > H - 300:
            break
        d.text((L, y), line, fill=0, font=f)
        truth.append(line)
        y += 56
    return page, truth


def with_barcodes(rng, n: int) -> tuple[Image.Image, list[str], list[dict]]:
    page = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(page)
    fh, f = font(58, bold=True), font(40)
    L, width = 230, W - 460
    truth = [f"Shipping Label {n:04d}"]
    d.text((L, 220), truth[0], fill=0, font=fh)
    y = 360
    for line in paragraph_lines(d, rng, f, width, 6):
        d.text((L, y), line, fill=0, font=f)
        truth.append(line)
        y += 56
    y += 80
    Z = zxingcpp.BarcodeFormat
    codes = [("qr", Z.QRCode, f"https://bench.example/item/{n:04d}", 10),
             ("code128", Z.Code128, f"SHIP-{n:06d}", 5),
             ("dataMatrix", Z.DataMatrix, f"LOT{n:05d}", 14),
             ("ean13", Z.EAN13, f"{400000000000 + n:012d}", 5)]
    barcodes, x = [], L
    for i, (name, fmt, payload, scale) in enumerate(codes):
        img = Image.fromarray(np.array(zxingcpp.create_barcode(payload, fmt).to_image(scale=scale))).convert("L")
        if name in ("code128", "ean13"):
            img = img.resize((img.width, 260), Image.NEAREST)
        px, py = (L, y) if i % 2 == 0 else (W // 2 + 100, y)
        page.paste(img, (px, py))
        barcodes.append({"symbology": name, "payload": zxingcpp.create_barcode(payload, fmt).text})
        if i % 2 == 1:
            y += 560
    for line in paragraph_lines(d, rng, f, width, 6):
        if y > H - 300:
            break
        d.text((L, y), line, fill=0, font=f)
        truth.append(line)
        y += 56
    return page, truth, barcodes


def page_of_kind(rng, i: int) -> tuple[str, Image.Image, list[str], list[dict]]:
    """Page i of a set: text-dense, with a table, with barcodes, in turn."""
    kind = ["text", "table", "barcodes"][i % 3]
    if kind == "text":
        return (kind, *text_dense(rng), [])
    if kind == "table":
        return (kind, *with_table(rng), [])
    return (kind, *with_barcodes(rng, i))


def scanned(out: Path, rng, n_pages: int) -> list[dict]:
    (out / "scanned" / "png").mkdir(parents=True, exist_ok=True)
    (out / "truth").mkdir(parents=True, exist_ok=True)
    pages = []
    for i in range(n_pages):
        kind, page, truth, barcodes = page_of_kind(rng, i)
        img = scan_look(page, rng)
        name = f"scan-{i + 1:03d}"
        img.save(out / "scanned" / "png" / f"{name}.png", dpi=(DPI, DPI), compress_level=1)
        (out / "truth" / f"{name}.txt").write_text("\n".join(truth) + "\n")
        pages.append({"name": name, "kind": kind, "barcodes": barcodes})
    return pages


def image_pdf(out: Path, pngs: list[Path]) -> None:
    """One image-only PDF page per PNG, the same pixels (lossless), 300 dpi.

    img2pdf (installed with ocrmypdf) copies the PNG data without re-encoding; reportlab is the
    slow fallback (~3 s a page)."""
    try:
        import img2pdf
        out.write_bytes(img2pdf.convert([str(p) for p in pngs]))
        return
    except ImportError:
        pass
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas
    size = (W * 72.0 / DPI, H * 72.0 / DPI)
    c = canvas.Canvas(str(out), pagesize=size, invariant=1)
    for p in pngs:
        c.drawImage(ImageReader(str(p)), 0, 0, width=size[0], height=size[1])
        c.showPage()
    c.save()


def pdfa_set(out: Path, rng, n: int) -> list[dict]:
    """Single scanned pages for the PDF/A side by side, each its own file (an archive's scans):
    PNG (gray, zlib level 6) or JPEG (quality 85, gray or colour on tinted paper); the tenth
    page is tilted 3° on top of the usual ±0.5°."""
    (out / "pdfa").mkdir(parents=True, exist_ok=True)
    pages = []
    for i in range(n):
        kind, page, _, _ = page_of_kind(rng, i)
        skew = 3.0 if i == 9 else 0.0
        if skew:
            page = page.rotate(skew, resample=Image.BILINEAR, fillcolor=255)
        img = scan_look(page, rng)
        fmt = "jpeg-gray" if i in (3, 7, 9, 15) else "jpeg-rgb" if i in (1, 11, 19) else "png"
        name = f"scan-{i + 1:02d}"
        if fmt == "png":
            path = out / "pdfa" / f"{name}.png"
            img.save(path, dpi=(DPI, DPI), compress_level=6)
        else:
            if fmt == "jpeg-rgb":
                a = np.asarray(img, dtype=np.float32)
                img = Image.fromarray(np.clip(np.stack([a, a * 0.97, a * 0.9], axis=2), 0, 255).astype(np.uint8), "RGB")
            path = out / "pdfa" / f"{name}.jpg"
            img.save(path, dpi=(DPI, DPI), quality=85)
        pages.append({"name": name, "file": f"pdfa/{path.name}", "kind": kind, "format": fmt, "skew": skew})
    return pages


def born_digital(path: Path, rng, n_pages: int) -> None:
    """A text PDF: a heading and ~45 lines of body text per page (Helvetica, fast to write)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1, pageCompression=1)
    lines = [sentence(rng, 8, 12) for _ in range(500)]  # reused, shuffled per page: fast
    for p in range(n_pages):
        c.setFont("Helvetica-Bold", 14)
        c.drawString(72, 780, f"Section {p + 1}: {lines[p % 500][:40]}")
        t = c.beginText(72, 750)
        t.setFont("Helvetica", 10)
        t.setLeading(14)
        start = int(rng.integers(0, 500))
        for k in range(46):
            t.textLine(lines[(start + k * 7) % 500])
        c.drawText(t)
        c.setFont("Helvetica", 9)
        c.drawString(290, 40, str(p + 1))
        c.showPage()
    c.save()


def main() -> None:
    ap = argparse.ArgumentParser(description="Make quire's benchmark corpus.")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "corpus"))
    ap.add_argument("--quick", action="store_true",
                    help="small corpus: 6 scanned pages, 20 born-digital pages, no 2,000-page PDF")
    ap.add_argument("--scanned", type=int, help="number of scanned pages (default 12, quick 6)")
    ap.add_argument("--pdfa", type=int, metavar="N",
                    help="make only the PDF/A side-by-side set: N single scans (PNG and JPEG, one skewed)")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.pdfa:
        t0 = time.time()
        pages = pdfa_set(out, np.random.default_rng(args.seed), args.pdfa)
        (out / "manifest.json").write_text(json.dumps(
            {"seed": args.seed, "pdfa_scans": args.pdfa, "files": {"pdfa_dir": "pdfa"}, "pdfa": pages}, indent=2) + "\n")
        print(f"make-corpus: {args.pdfa} single scans for the PDF/A side by side in {time.time() - t0:.1f} s -> {out}")
        return
    n_scanned = args.scanned or (6 if args.quick else 12)
    n_born = 20 if args.quick else 200
    t0 = time.time()
    rng = np.random.default_rng(args.seed)
    pages = scanned(out, rng, n_scanned)
    pngs = sorted((out / "scanned" / "png").glob("scan-*.png"))
    image_pdf(out / "scanned" / "scanned.pdf", pngs)
    born_digital(out / f"born-digital-{n_born}.pdf", rng, n_born)
    files = {"scanned_pdf": "scanned/scanned.pdf", "scanned_png_dir": "scanned/png",
             "born_digital": f"born-digital-{n_born}.pdf"}
    if not args.quick:
        born_digital(out / "born-digital-2000.pdf", rng, 2000)
        files["born_digital_2000"] = "born-digital-2000.pdf"
    manifest = {"seed": args.seed, "quick": args.quick, "scanned_pages": n_scanned,
                "born_digital_pages": n_born, "files": files, "pages": pages}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"make-corpus: {n_scanned} scanned pages, {n_born} born-digital pages"
          f"{'' if args.quick else ' + 2,000-page PDF'} in {time.time() - t0:.1f} s -> {out}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Make quire's sample documents in samples/ (committed outputs; rerun to regenerate).

Dependencies (Python 3.9+, from PyPI; only this script needs them, quire never runs Python):

    pip install reportlab segno zxing-cpp Pillow numpy

Fonts: DejaVu (Debian: `apt-get install -y fonts-dejavu-core`), found in the usual folder or
through `fc-match`; the PDF falls back to reportlab's Helvetica if DejaVu is missing.

Usage:  python3 scripts/make-samples.py [--out samples]

Everything is deterministic (fixed seed, reportlab's invariant mode), so rerunning gives the
same files on the same library versions. The script checks its own barcodes with zxing-cpp and
writes samples/expected.json: the facts tests can assert (words, barcode payloads, list items,
table cells). samples/README.md describes the files in prose.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import segno
import zxingcpp
from PIL import Image, ImageDraw, ImageFilter, ImageFont

SEED = 20240315

# --------------------------------------------------------------------------------------------
# Fonts

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu"]


def font_path(name: str) -> str | None:
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    family = name.replace(".ttf", "").replace("-", ":style=")
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True,
                             text=True, check=True).stdout.strip()
        if out and os.path.basename(out).startswith("DejaVu"):
            return out
    except (OSError, subprocess.CalledProcessError):
        pass
    return None


def pil_font(size: int, bold: bool = False, mono: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSansMono" if mono else "DejaVuSans"
    name += "-Bold.ttf" if bold else ".ttf"
    path = font_path(name)
    if path is None:
        sys.exit(f"make-samples: font {name} not found; install it: apt-get install -y fonts-dejavu-core")
    return ImageFont.truetype(path, size)


# --------------------------------------------------------------------------------------------
# Image helpers

def mm(v: float, dpi: int) -> int:
    return int(round(v / 25.4 * dpi))


def barcode_image(text: str, fmt, module_px: int, **options) -> Image.Image:
    """A barcode from zxing-cpp as an 8-bit gray PIL image (with quiet zones)."""
    bc = zxingcpp.create_barcode(text, fmt, **options)
    arr = np.array(bc.to_image(scale=module_px))
    return Image.fromarray(arr).convert("L")


def qr_image(text: str, module_px: int) -> Image.Image:
    qr = segno.make_qr(text, error="m")
    buf = io.BytesIO()
    qr.save(buf, kind="png", scale=module_px, border=4)
    buf.seek(0)
    return Image.open(buf).convert("L")


def verify(img: Image.Image, expected: list[tuple[str, str]], what: str) -> None:
    """Assert that zxing-cpp (the oracle) reads every (format name, payload) in img."""
    found = {(str(r.format), r.text) for r in zxingcpp.read_barcodes(img)}
    for fmt, text in expected:
        if not any(t == text and fmt.replace(" ", "").lower() in f.replace(" ", "").replace("-", "").lower()
                   for f, t in found):
            sys.exit(f"make-samples: {what}: {fmt} {text!r} not read back (found {sorted(found)})")


def scan_look(img: Image.Image, rng: np.random.Generator, paper: int = 236, noise: float = 6.0,
              angle: float = 0.0, specks: int = 0) -> Image.Image:
    """Gray paper, slightly soft ink, sensor noise, dust specks and an optional small tilt."""
    g = img.convert("L")
    if angle:
        g = g.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=255)
    g = g.filter(ImageFilter.GaussianBlur(0.6))
    a = np.asarray(g).astype(np.float32) / 255.0
    ink = 28.0
    a = ink + a * (paper - ink)
    h, w = a.shape
    # uneven illumination: a gentle left-right and top-bottom gradient
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a -= 8.0 * (xx / w) + 5.0 * (yy / h)
    a += rng.normal(0.0, noise, size=a.shape).astype(np.float32)
    for _ in range(specks):
        y, x = int(rng.integers(0, h - 4)), int(rng.integers(0, w - 4))
        r = int(rng.integers(1, 3))
        a[y:y + r, x:x + r] = 60.0
    return Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")


def draw_table(d: ImageDraw.ImageDraw, x0: int, y0: int, col_w: list[int], row_h: int,
               rows: list[list[str]], font, header_font, pad: int, line: int = 2,
               right_align: set[int] = frozenset()) -> int:
    """Draw a fully ruled table; returns the bottom y."""
    total_w = sum(col_w)
    y = y0
    for r, row in enumerate(rows):
        x = x0
        for c, cell in enumerate(row):
            f = header_font if r == 0 else font
            if c in right_align and r > 0:
                tw = d.textlength(cell, font=f)
                d.text((x + col_w[c] - pad - tw, y + pad), cell, fill=0, font=f)
            else:
                d.text((x + pad, y + pad), cell, fill=0, font=f)
            x += col_w[c]
        y += row_h
    # rulings
    for r in range(len(rows) + 1):
        yy = y0 + r * row_h
        d.rectangle([x0, yy, x0 + total_w, yy + line - 1], fill=0)
    x = x0
    for c in range(len(col_w) + 1):
        d.rectangle([x, y0, x + line - 1, y0 + len(rows) * row_h], fill=0)
        if c < len(col_w):
            x += col_w[c]
    return y0 + len(rows) * row_h


def image_only_pdf(img: Image.Image, path: Path, dpi: int, quality: int = 80) -> None:
    """An image-only PDF (one JPEG per page, no text layer) via reportlab."""
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas
    w_pt, h_pt = img.width * 72.0 / dpi, img.height * 72.0 / dpi
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, dpi=(dpi, dpi))
    buf.seek(0)
    c = canvas.Canvas(str(path), pagesize=(w_pt, h_pt), invariant=1, pageCompression=1)
    c.setTitle("Scanned invoice")
    c.drawImage(ImageReader(buf), 0, 0, width=w_pt, height=h_pt)
    c.showPage()
    c.save()


# --------------------------------------------------------------------------------------------
# (a) invoice: scanned-looking page, image-only PDF, 200 dpi

INVOICE = {
    "company": "ACME Office Supplies Ltd",
    "address": "12 Harbour Road, Bristol BS1 4DJ",
    "number": "INV-2024-0042",
    "date": "2024-03-15",
    "customer": "Northwind Traders",
    "table": [
        ["Item", "Description", "Qty", "Unit Price", "Amount"],
        ["1", "A4 Copy Paper (box)", "4", "24.50", "98.00"],
        ["2", "Blue Ballpoint Pens", "10", "3.20", "32.00"],
        ["3", "Heavy Duty Stapler", "2", "15.75", "31.50"],
        ["4", "Desk Organizer", "1", "12.00", "12.00"],
    ],
    "subtotal": "173.50", "vat": "34.70", "total": "208.20",
    "qr": "https://pay.example.com/invoice/INV-2024-0042",
    "code128": "INV-2024-0042",
    "phone": "0117 496 0789", "phone_e164": "+441174960789",
    "email": "accounts@acme-supplies.example",
}


def make_invoice(out: Path, rng: np.random.Generator) -> dict:
    dpi = 300
    S = dpi / 200.0          # the layout below is in 200-dpi pixels

    def p(v: float) -> int:
        return int(round(v * S))

    W, H = mm(210, dpi), mm(297, dpi)
    page = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(page)
    f_big, f_h = pil_font(p(60), bold=True), pil_font(p(34), bold=True)
    f, f_b = pil_font(p(30)), pil_font(p(30), bold=True)
    L = mm(20, dpi)
    inv = INVOICE
    d.text((L, mm(18, dpi)), inv["company"], fill=0, font=f_h)
    d.text((L, mm(18, dpi) + p(50)), inv["address"], fill=0, font=f)
    d.text((L, mm(18, dpi) + p(92)), "VAT Reg. GB 123 4567 89", fill=0, font=f)
    d.text((L, mm(18, dpi) + p(134)), f"Tel {inv['phone']}   {inv['email']}", fill=0, font=f)
    d.text((W - L - d.textlength("INVOICE", font=f_big), mm(18, dpi)), "INVOICE", fill=0, font=f_big)
    y = mm(55, dpi)
    for label, value in [("Invoice No:", inv["number"]), ("Date:", inv["date"]),
                         ("Customer:", inv["customer"])]:
        d.text((L, y), label, fill=0, font=f_b)
        d.text((L + p(240), y), value, fill=0, font=f)
        y += p(46)
    # QR code top right, under the title
    qr = qr_image(inv["qr"], p(6))
    page.paste(qr, (W - L - qr.width + p(24), mm(45, dpi)))
    # ruled table
    y = mm(95, dpi)
    col_w = [p(110), p(600), p(130), p(250), p(250)]
    bottom = draw_table(d, L, y, col_w, p(66), inv["table"], f, f_b, pad=p(22), line=p(2),
                        right_align={2, 3, 4})
    # totals
    y = bottom + p(30)
    right = L + sum(col_w)
    for label, value in [("Subtotal", inv["subtotal"]), ("VAT 20%", inv["vat"]),
                         ("Total GBP", inv["total"])]:
        font = f_b if label.startswith("Total") else f
        d.text((right - p(560), y), label, fill=0, font=font)
        d.text((right - p(22) - d.textlength(value, font=font), y), value, fill=0, font=font)
        y += p(48)
    # Code 128 bottom left
    y += p(60)
    d.text((L, y), "Payment reference:", fill=0, font=f_b)
    c128 = barcode_image(inv["code128"], zxingcpp.BarcodeFormat.Code128, p(4))
    c128 = c128.resize((c128.width, p(170)), Image.NEAREST)
    page.paste(c128, (L - p(40), y + p(50)))
    d.text((L, y + p(230)), inv["code128"], fill=0, font=f)
    d.text((L, H - mm(30, dpi)), "Payment due within 30 days. Thank you for your business.",
           fill=0, font=f)
    scanned = scan_look(page, rng, angle=0.4, specks=60, noise=4.0)
    verify(scanned, [("QRCode", inv["qr"]), ("Code128", inv["code128"])], "invoice")
    path = out / "invoice-scan.pdf"
    image_only_pdf(scanned, path, dpi, quality=75)
    return {
        "file": path.name, "kind": "pdf (image-only, no text layer)", "pages": 1, "dpi": dpi,
        "words": ["INVOICE", "ACME", "Office", "Supplies", "Northwind", "Traders", inv["number"],
                  inv["date"], "Subtotal", "Total", inv["total"], "Payment"],
        "barcodes": [{"symbology": "qr", "payload": inv["qr"]},
                     {"symbology": "code128", "payload": inv["code128"]}],
        "tables": [{"rows": len(inv["table"]), "columns": 5, "cells": inv["table"]}],
        # Data detection (pipelines/samples.yml reads them as en_GB): type and normalised value.
        "detected": [{"type": "date", "value": inv["date"]}, {"type": "email", "value": inv["email"]},
                     {"type": "phone", "value": inv["phone_e164"]},
                     {"type": "money", "value": inv["total"], "currency": "GBP"},
                     {"type": "money", "value": inv["subtotal"], "currency": "GBP"}],
    }


# --------------------------------------------------------------------------------------------
# (b) report: born-digital two-page PDF

REPORT = {
    "title": "Quarterly Operations Report",
    "headings": ["Summary", "Regional Results"],
    "bullets": ["Order volume grew by 12 percent", "Average delivery time fell to 2.4 days",
                "Customer complaints dropped below 1 percent"],
    "numbered": ["Open the new Leeds warehouse in May", "Replace the ageing fleet of vans",
                 "Train all staff on the returns process"],
    "table": [["Region", "Q1 Orders", "Q2 Orders", "Change"],
              ["North", "1,240", "1,385", "+11.7%"],
              ["South", "2,310", "2,498", "+8.1%"],
              ["East", "980", "1,102", "+12.4%"],
              ["West", "1,675", "1,901", "+13.5%"]],
}


def make_report(out: Path) -> dict:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm as rmm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import (ListFlowable, ListItem, PageBreak, Paragraph,
                                    SimpleDocTemplate, Spacer, Table, TableStyle)

    regular, bold = font_path("DejaVuSans.ttf"), font_path("DejaVuSans-Bold.ttf")
    if regular and bold:
        pdfmetrics.registerFont(TTFont("DejaVuSans", regular))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", bold))
        body_font, head_font = "DejaVuSans", "DejaVuSans-Bold"
    else:
        body_font, head_font = "Helvetica", "Helvetica-Bold"
    ss = getSampleStyleSheet()
    for name in ("Title", "Heading1", "Heading2"):
        ss[name].fontName = head_font
    ss["BodyText"].fontName = body_font
    ss["BodyText"].fontSize, ss["BodyText"].leading = 11, 15
    body = ss["BodyText"]
    r = REPORT
    p1 = ("This report summarises the operations of the company during the first half of the "
          "year. Demand was strong in every region, and the new routing system shortened "
          "delivery times noticeably.")
    p2 = ("The board reviewed the figures in its June meeting and agreed on three priorities "
          "for the second half of the year. The key results of the quarter were:")
    p3 = ("Every region grew its order volume. The table below compares the number of orders "
          "in the first and second quarters. The priorities for the next quarter are:")
    p4 = "Figures are unaudited and rounded. Prepared by the Operations Office."

    def bullets(items, kind):
        opts = dict(bulletType="bullet", start="\u2022") if kind == "bullet" else dict(bulletType="1", bulletFormat="%s.")
        return ListFlowable([ListItem(Paragraph(t, body), leftIndent=18) for t in items],
                            leftIndent=18, bulletFontName=body_font, bulletFontSize=11, **opts)

    table = Table(r["table"], colWidths=[40 * rmm, 35 * rmm, 35 * rmm, 30 * rmm])
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, 0), head_font), ("FONTNAME", (0, 1), (-1, -1), body_font),
        ("FONTSIZE", (0, 0), (-1, -1), 11),
        ("GRID", (0, 0), (-1, -1), 0.8, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.85, 0.85, 0.85)),
        ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]))
    story = [Paragraph(r["title"], ss["Title"]), Spacer(1, 6 * rmm),
             Paragraph(r["headings"][0], ss["Heading1"]), Paragraph(p1, body), Spacer(1, 3 * rmm),
             Paragraph(p2, body), bullets(r["bullets"], "bullet"), PageBreak(),
             Paragraph(r["headings"][1], ss["Heading1"]), Paragraph(p3, body),
             bullets(r["numbered"], "number"), Spacer(1, 6 * rmm), table, Spacer(1, 6 * rmm),
             Paragraph(p4, body)]
    path = out / "report.pdf"
    doc = SimpleDocTemplate(str(path), pagesize=A4, invariant=1, title=r["title"],
                            author="quire samples", leftMargin=25 * rmm, rightMargin=25 * rmm,
                            topMargin=25 * rmm, bottomMargin=25 * rmm)
    doc.build(story)
    return {
        "file": path.name, "kind": "pdf (born-digital text layer)", "pages": 2,
        "title": r["title"], "headings": r["headings"],
        "words": ["Quarterly", "Operations", "Report", "Summary", "Regional", "Results", "board",
                  "Leeds", "warehouse", "unaudited"],
        "lists": [{"page": 1, "marker": "bullet", "items": r["bullets"]},
                  {"page": 2, "marker": "decimal", "items": r["numbered"]}],
        "tables": [{"page": 2, "rows": 5, "columns": 4, "header": r["table"][0],
                    "cells": r["table"]}],
        "barcodes": [],
    }


# --------------------------------------------------------------------------------------------
# (c) fax: 3-page 1-bit G4 TIFF at 200 dpi

FAX_PAGES = [
    ["FAX TRANSMISSION", "", "To: Harbour Logistics, Accounts Department",
     "From: Northwind Traders, Purchasing", "Date: 18 March 2024", "Pages: 3 including this cover",
     "Subject: Delivery schedule for April", "",
     "Please find attached our delivery schedule for April.",
     "Call us if any of the dates do not suit your drivers."],
    ["DELIVERY SCHEDULE APRIL", "",
     "Monday 1 April: twelve pallets of copy paper to the Bristol depot.",
     "Wednesday 3 April: office chairs and desks to the Leeds warehouse.",
     "Friday 5 April: stationery boxes to the Cardiff branch office.",
     "Tuesday 9 April: printer cartridges to the Bristol depot.",
     "Thursday 11 April: filing cabinets to the Exeter office.", "",
     "All deliveries arrive between eight and noon."],
    ["TERMS AND CONTACT", "",
     "Goods remain our property until payment is received in full.",
     "Damaged items must be reported within five working days.",
     "Our accounts team answers calls on weekdays from nine to five.", "",
     "Telephone: 0117 496 0123", "Email: purchasing@northwind.example",
     "Thank you for your continued cooperation."],
]


def make_fax(out: Path, rng: np.random.Generator) -> dict:
    dpi = 200
    W, H = mm(210, dpi), mm(297, dpi)
    pages = []
    f_hdr, f_title, f = pil_font(22, mono=True), pil_font(44, bold=True), pil_font(32)
    for i, lines in enumerate(FAX_PAGES, start=1):
        img = Image.new("L", (W, H), 255)
        d = ImageDraw.Draw(img)
        d.text((mm(10, dpi), mm(5, dpi)),
               f"18/03/2024 09:41  FROM +44 117 496 0123  NORTHWIND TRADERS  P.{i:02d}/03",
               fill=0, font=f_hdr)
        y = mm(30, dpi)
        for j, line in enumerate(lines):
            if line:
                d.text((mm(22, dpi), y), line, fill=0, font=f_title if j == 0 else f)
            y += 80 if j == 0 else 52
        # fax look: a little noise, then a hard threshold to 1 bit
        a = np.asarray(img.filter(ImageFilter.GaussianBlur(0.7))).astype(np.float32)
        a += rng.normal(0.0, 22.0, size=a.shape)
        bw = Image.fromarray(np.where(a > 150, 255, 0).astype(np.uint8), "L").convert("1")
        pages.append(bw)
    path = out / "fax.tif"
    pages[0].save(path, save_all=True, append_images=pages[1:], compression="group4",
                  dpi=(dpi, dpi))
    return {
        "file": path.name, "kind": "tiff (3 pages, 1 bit, CCITT G4, 200 dpi)", "pages": 3,
        "dpi": dpi,
        "page_words": [["FAX", "TRANSMISSION", "Harbour", "Logistics", "Subject", "April"],
                       ["DELIVERY", "SCHEDULE", "Bristol", "Leeds", "Cardiff", "Exeter"],
                       ["TERMS", "CONTACT", "property", "Telephone", "cooperation"]],
        "barcodes": [],
    }


# --------------------------------------------------------------------------------------------
# (d) receipt: phone photo, rotated ~2.5 degrees with perspective, JPEG

RECEIPT = {
    "shop": "CORNER CAFE",
    "lines": [("Cappuccino", "3.40"), ("Croissant", "2.10"), ("Orange Juice", "2.80"),
              ("Blueberry Muffin", "2.60")],
    "subtotal": "10.90", "tax": "2.18", "total": "13.08",
    "date": "2024-03-16 08:12",
}


def perspective_coeffs(src, dst):
    """Coefficients for PIL's PERSPECTIVE transform mapping output points dst -> input src."""
    m = []
    for (x, y), (u, v) in zip(dst, src):
        m.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        m.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(m, dtype=np.float64)
    b = np.array([c for p in src for c in p], dtype=np.float64)
    return np.linalg.solve(a, b).tolist()


def make_receipt(out: Path, rng: np.random.Generator) -> dict:
    r = RECEIPT
    RW, RH = 700, 1180   # the paper strip, ~300 px per inch at 64 mm wide
    paper = Image.new("L", (RW, RH), 255)
    d = ImageDraw.Draw(paper)
    f_big, f, f_b = pil_font(58, bold=True), pil_font(36, mono=True), pil_font(38, bold=True, mono=True)

    def center(y, text, font):
        d.text(((RW - d.textlength(text, font=font)) / 2, y), text, fill=0, font=font)

    center(60, r["shop"], f_big)
    center(140, "45 Market Street", f)
    center(188, "Tel 0117 496 0456", f)
    center(250, r["date"], f)
    y = 340
    d.line([(40, y - 20), (RW - 40, y - 20)], fill=0, width=2)
    for name, price in r["lines"]:
        d.text((90, y), name, fill=0, font=f)
        d.text((RW - 90 - d.textlength(price, font=f), y), price, fill=0, font=f)
        y += 56
    d.line([(40, y + 4), (RW - 40, y + 4)], fill=0, width=2)
    y += 30
    for label, value, font in [("SUBTOTAL", r["subtotal"], f), ("TAX 20%", r["tax"], f),
                               ("TOTAL", r["total"], f_b)]:
        d.text((90, y), label, fill=0, font=font)
        d.text((RW - 90 - d.textlength(value, font=f), y), value, fill=0, font=f)
        y += 58
    y += 40
    center(y, "CARD PAYMENT", f)
    center(y + 60, "THANK YOU", f_big)
    # the photo: paper on a darker table, rotated and in perspective
    PW, PH = 880, 1400
    photo = Image.new("L", (PW, PH), 0)
    paper_rgb = paper.rotate(-2.5, resample=Image.BICUBIC, expand=True, fillcolor=0)
    mask = Image.new("L", (RW, RH), 255).rotate(-2.5, resample=Image.BICUBIC, expand=True, fillcolor=0)
    ox, oy = (PW - paper_rgb.width) // 2, 90
    table = Image.new("L", (PW, PH), 150)
    table.paste(paper_rgb, (ox, oy), mask)
    photo = table
    # perspective: the top edge looks narrower (camera tilted towards the top)
    src = [(0, 0), (PW, 0), (PW, PH), (0, PH)]
    dst = [(60, 30), (PW - 40, 0), (PW, PH), (0, PH - 20)]
    photo = photo.transform((PW, PH), Image.PERSPECTIVE, perspective_coeffs(src, dst),
                            resample=Image.BICUBIC, fillcolor=140)
    a = np.asarray(photo.filter(ImageFilter.GaussianBlur(1.0))).astype(np.float32)
    # paper is not white in a photo: map 255 -> ~205, ink -> ~45; vignetting; colour noise
    a = 35.0 + a / 255.0 * 190.0
    yy, xx = np.mgrid[0:PH, 0:PW].astype(np.float32)
    vign = 1.0 - 0.10 * (((xx - PW / 2) / (PW / 2)) ** 2 + ((yy - PH / 2) / (PH / 2)) ** 2)
    a *= vign
    rgb = np.stack([a * 1.02 + 4, a * 1.0 + 2, a * 0.93], axis=-1)
    rgb += rng.normal(0.0, 5.0, size=rgb.shape)
    img = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8), "RGB")
    path = out / "receipt-photo.jpg"
    img.save(path, "JPEG", quality=82, dpi=(300, 300))
    return {
        "file": path.name, "kind": "jpeg (colour photo, rotated 2.5 degrees, perspective)",
        "pages": 1, "rotation_degrees": 2.5,
        "words": ["CORNER", "CAFE", "Cappuccino", "Croissant", "Orange", "Juice", "Blueberry",
                  "Muffin", "SUBTOTAL", "TOTAL", "THANK", "YOU", r["total"]],
        "prices": [price for _, price in r["lines"]] + [r["subtotal"], r["tax"], r["total"]],
        "barcodes": [],
    }


# --------------------------------------------------------------------------------------------
# (e) barcodes: one sheet, six symbologies

BARCODES = [
    ("qr", "QR Code", "https://quire.example/samples/qr"),
    ("dataMatrix", "Data Matrix", "QUIRE-DM-0001"),
    ("ean13", "EAN-13", "4006381333931"),
    ("code39", "Code 39", "QUIRE-39"),
    ("pdf417", "PDF417", "Quire sample PDF417 payload 2024"),
    ("aztec", "Aztec", "Quire Aztec 42"),
]


def make_barcodes(out: Path) -> dict:
    dpi = 200
    W, H = mm(210, dpi), mm(250, dpi)
    page = Image.new("L", (W, H), 255)
    d = ImageDraw.Draw(page)
    f_h, f = pil_font(44, bold=True), pil_font(28)
    d.text((mm(15, dpi), mm(10, dpi)), "Barcode test sheet", fill=0, font=f_h)
    Z = zxingcpp.BarcodeFormat
    makers = {
        "qr": lambda t: qr_image(t, 8),
        "dataMatrix": lambda t: barcode_image(t, Z.DataMatrix, 10, options="forceSquare"),
        "ean13": lambda t: barcode_image(t[:12], Z.EAN13, 4).resize((4 * 113, 200), Image.NEAREST),
        "code39": lambda t: barcode_image(t, Z.Code39, 3).resize((barcode_image(t, Z.Code39, 3).width, 180), Image.NEAREST),
        "pdf417": lambda t: barcode_image(t, Z.PDF417, 3),
        "aztec": lambda t: barcode_image(t, Z.Aztec, 10),
    }
    cell_w, cell_h = W // 2, (H - mm(30, dpi)) // 3
    oracle = {"qr": "QRCode", "dataMatrix": "DataMatrix", "ean13": "EAN13", "code39": "Code39",
              "pdf417": "PDF417", "aztec": "Aztec"}
    for i, (sym, label, payload) in enumerate(BARCODES):
        cx, cy = (i % 2) * cell_w, mm(30, dpi) + (i // 2) * cell_h
        img = makers[sym](payload)
        if img.width > cell_w - 60:
            s = (cell_w - 60) / img.width
            img = img.resize((int(img.width * s), int(img.height * s)), Image.NEAREST)
        page.paste(img, (cx + (cell_w - img.width) // 2, cy + 20))
        d.text((cx + (cell_w - d.textlength(label, font=f)) // 2, cy + img.height + 80), label,
               fill=0, font=f)
    for sym, _, payload in BARCODES:
        verify(page, [(oracle[sym], payload)], f"barcodes {sym}")
    path = out / "barcodes.png"
    page.save(path, optimize=True, dpi=(dpi, dpi))
    return {
        "file": path.name, "kind": "png (8-bit gray, 200 dpi)", "pages": 1, "dpi": dpi,
        "words": ["Barcode", "test", "sheet", "Matrix", "Aztec"],
        "barcodes": [{"symbology": s, "payload": p} for s, _, p in BARCODES],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "samples"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(SEED)
    facts = [make_invoice(out, rng), make_report(out), make_fax(out, rng),
             make_receipt(out, rng), make_barcodes(out)]
    (out / "expected.json").write_text(json.dumps({"seed": SEED, "files": facts}, indent=2) + "\n")
    total = sum((out / f["file"]).stat().st_size for f in facts)
    for f in facts:
        print(f"{f['file']:22} {(out / f['file']).stat().st_size / 1024:8.1f} KiB")
    print(f"{'total':22} {total / 1024:8.1f} KiB")


if __name__ == "__main__":
    main()

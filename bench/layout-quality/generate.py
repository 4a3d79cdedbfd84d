#!/usr/bin/env python3
"""Labelled layout set: born-digital PDFs (reportlab) with known structure + ground truth.

For each document writes into data/ (created, not committed):
  docNN.pdf             the pages, drawn word by word with reportlab's canvas
  docNN.json            {"pages": [LayoutInput], "truth": [[block]]} with exact word boxes and font
                        sizes (the text-layer case), in pixels at 2 px per point (144 dpi)
  docNN-degraded.json   the same pages as an OCR engine would see them: tight ink boxes (x-height or
                        ascender line to baseline or descender line, by the word's letters)
                        jittered by +-1 px, no font sizes, no bold flags, rulings jittered by 1 px
Ground-truth blocks: kind (title|heading|paragraph|list|table|header|footer), text, box
[x, y, w, h], level, items [{marker, markerType, depth, text}], cells [{row, column, rowSpan,
columnSpan, text, isHeader}], rowCount, columnCount; in reading order.
Deterministic (fixed seed). Usage: python3 generate.py [--docs N]
"""
import argparse
import json
import os
import random

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

S = 2.0  # pixels per point
PAGE_W, PAGE_H = 612, 792
MARGIN = 60
BODY = 10
HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB = ("the of and a to in is that for it as was with be by on not he this are or his from at which "
         "but have an they you were her she there been one all we their has would when if so no what up "
         "layout analysis document structure information measurement paragraph reading order columns "
         "tables lists headings recognition engine processing pipeline quality evaluation benchmark "
         "extraction characters performance representation configuration implementation").split()
LONG = [w for w in VOCAB if len(w) >= 9]


def font(bold):
    return "Helvetica-Bold" if bold else "Helvetica"


class Page:
    def __init__(self, index):
        self.index = index
        self.lines = []   # Line dicts (LayoutInput)
        self.rulings = []
        self.truth = []


class Setter:
    """Places words on a reportlab canvas and records boxes, lines and truth blocks."""

    def __init__(self, path, columns, indent_style, rng, doc_no, justify=False):
        self.c = canvas.Canvas(path, pagesize=(PAGE_W, PAGE_H))
        self.columns, self.indent_style, self.rng, self.doc_no = columns, indent_style, rng, doc_no
        self.justify = justify
        self.tables = 0
        self.pages = []
        self.new_page()

    # --- geometry -------------------------------------------------------------------------
    def col_box(self):
        gutter = 24
        width = (PAGE_W - 2 * MARGIN - gutter * (self.columns - 1)) / self.columns
        return MARGIN + self.col * (width + gutter), width

    def new_page(self):
        if self.pages:
            self.c.showPage()
        self.page = Page(len(self.pages))
        self.pages.append(self.page)
        self.col, self.y, self.top = 0, MARGIN + 10, MARGIN + 10
        self.margin_text(f"Layout benchmark \u00b7 document {self.doc_no}", 28, "header")

    def finish_page(self):
        self.margin_text(f"Page {self.page.index + 1}", PAGE_H - 30, "footer")

    def margin_text(self, text, y, kind):
        words = self.line_words(text.split(), MARGIN if kind == "header" else PAGE_W / 2 - 15, y, 8, False)
        self.page.truth.append(self.block(kind, text, words))

    def ensure(self, height, full_width=False):
        if self.y + height <= PAGE_H - MARGIN:
            return
        if not full_width and self.col + 1 < self.columns:
            self.col += 1
            self.y = self.top
            return
        self.finish_page()
        self.new_page()

    # --- drawing --------------------------------------------------------------------------
    def line_words(self, tokens, x, y_top, size, bold, stretch_to=None):
        f = font(bold)
        self.c.setFont(f, size)
        base = y_top + 0.78 * size
        words, pen = [], x
        extra = 0.0
        if stretch_to and len(tokens) > 1:
            natural = sum(stringWidth(t, f, size) for t in tokens) + stringWidth(" ", f, size) * (len(tokens) - 1)
            extra = max(0.0, (stretch_to - natural) / (len(tokens) - 1))
        for t in tokens:
            w = stringWidth(t, f, size)
            self.c.drawString(pen, PAGE_H - base, t)
            words.append({"text": t, "confidence": 100, "glyphs": glyph_box(t, pen, base, w, size),
                          "box": box(pen, y_top, w, 1.0 * size), "fontSize": size * S, "isBold": bold})
            pen += w + stringWidth(" ", f, size) + extra
        if words:
            self.page.lines.append({"text": " ".join(tokens), "confidence": 100, "words": words,
                                    "box": union([w["box"] for w in words]), "stage": "text_layer"})
        return words

    def block(self, kind, text, words, **extra):
        b = {"kind": kind, "text": text, "box": union([w["box"] for w in words])}
        b.update(extra)
        return b

    def wrap(self, text, width, size, bold, first_indent=0.0):
        """Greedy wrap; a long word that does not fit is hyphenated now and then."""
        f = font(bold)
        space = stringWidth(" ", f, size)
        lines, cur, cur_w, limit = [], [], 0.0, width - first_indent
        for word in text.split():
            w = stringWidth(word, f, size)
            if cur and cur_w + space + w > limit:
                if len(word) >= 9 and self.rng.random() < 0.5:
                    head = word[: len(word) // 2] + "-"
                    hw = stringWidth(head, f, size)
                    if cur_w + space + hw <= limit:
                        cur.append(head)
                        word = word[len(word) // 2:]
                        w = stringWidth(word, f, size)
                lines.append(cur)
                cur, cur_w, limit = [], 0.0, width
            cur_w = cur_w + space + w if cur else w
            cur.append(word)
        if cur:
            lines.append(cur)
        return lines

    # --- content ----------------------------------------------------------------------------
    def heading(self, text, level, full_width=False):
        size = {0: 22, 1: 15, 2: 12}[level]
        x, width = (MARGIN, PAGE_W - 2 * MARGIN) if full_width else self.col_box()
        lines = self.wrap(text, width, size, True)
        self.ensure(len(lines) * size * 1.2 + 2 * BODY, full_width)
        x, width = (MARGIN, PAGE_W - 2 * MARGIN) if full_width else self.col_box()
        self.y += 0.6 * size
        words = []
        for toks in lines:
            lx = x
            if level == 0 and self.doc_no % 2 == 1:  # centred title
                lx = x + (width - stringWidth(" ".join(toks), font(True), size)) / 2
            words += self.line_words(toks, lx, self.y, size, True)
            self.y += size * 1.2
        self.y += 0.3 * size
        kind = "title" if level == 0 else "heading"
        self.page.truth.append(self.block(kind, text, words, **({"level": level} if level else {})))
        if full_width:
            self.top = self.y

    def paragraph(self, text):
        x, width = self.col_box()
        indent = 18 if self.indent_style else 0
        lines = self.wrap(text, width, BODY, False, indent)
        self.ensure(len(lines) * BODY * 1.2)
        x, width = self.col_box()
        words = []
        for i, toks in enumerate(lines):
            lx = x + (indent if i == 0 else 0)
            stretch = (x + width - lx) if self.justify and i + 1 < len(lines) else None
            words += self.line_words(toks, lx, self.y, BODY, False, stretch)
            self.y += BODY * 1.2
        self.y += 0 if self.indent_style else 6
        self.page.truth.append(self.block("paragraph", text, words))

    def list_(self, items, hanging=True):
        """items: [(depth, markerType, marker, text)]. hanging=False: wrapped lines go back to
        the marker's x instead of the item text's x."""
        x, width = self.col_box()
        plan = []
        for depth, mtype, marker, text in items:
            mx = x + 6 + 18 * depth
            tx = mx + 16
            if hanging:
                lines = self.wrap(text, x + width - tx, BODY, False)
            else:
                lines = self.wrap(text, x + width - mx, BODY, False, first_indent=16)
            plan.append((depth, mtype, marker, text, mx, tx, lines))
        self.ensure(sum(len(p[6]) for p in plan) * BODY * 1.25 + 6)
        x, width = self.col_box()
        words, truth_items = [], []
        self.markers = {p[2] for p in plan}
        for depth, mtype, marker, text, mx, tx, lines in plan:
            mx, tx = x + 6 + 18 * depth, x + 6 + 18 * depth + 16
            words += self.line_words([marker], mx, self.y, BODY, False)
            for k, toks in enumerate(lines):
                words += self.line_words(toks, tx if (hanging or k == 0) else mx, self.y, BODY, False)
                self.y += BODY * 1.2
            self.y += 1.5
            truth_items.append({"marker": marker, "markerType": mtype, "depth": depth, "text": text})
        self.y += 6
        # The marker and the first text line are one text line in a real text layer.
        self.merge_marker_lines()
        text = "\n".join("  " * i["depth"] + i["marker"] + " " + i["text"] for i in truth_items)
        self.page.truth.append(self.block("list", text, words, items=truth_items))

    def merge_marker_lines(self):
        out = []
        for line in self.page.lines:
            prev = out[-1] if out else None
            if prev and len(prev["words"]) == 1 and prev["words"][0]["text"] in self.markers \
                    and abs(prev["box"]["y"] - line["box"]["y"]) < 1 \
                    and prev["box"]["x"] < line["box"]["x"]:
                prev["words"] += line["words"]
                prev["text"] += " " + line["text"]
                prev["box"] = union([w["box"] for w in prev["words"]])
            else:
                out.append(line)
        self.page.lines = out

    def table(self, rows, style, in_column=False, caption=None):
        """rows: list of rows of cell texts; the first row is the (bold) header.
        style: grid | grid-span (header cells 1-2 merged) | plain | booktabs (top, header and
        bottom rules only). in_column: the table fills the current column instead of the page."""
        ruled, span = style.startswith("grid"), style == "grid-span"
        ncol = len(rows[0])
        right_numbers = not ruled and self.rng.random() < 0.5
        width_all = (PAGE_W - 2 * MARGIN) if not in_column else self.col_box()[1]
        cell_w = width_all / ncol - 10
        wrapped = [[self.wrap(t, cell_w, BODY, r == 0) if ruled else [t.split()] for t in row] for r, row in enumerate(rows)]
        heights = [max(len(c) for c in row) * BODY * 1.2 + 8 for row in wrapped]
        row_h = max(heights)
        need = row_h * len(rows) + 12 + (BODY * 2 if caption else 0)
        self.ensure(need, full_width=not in_column)
        if in_column:
            x0, width = self.col_box()
        else:
            self.col = 0
            x0, width = MARGIN, PAGE_W - 2 * MARGIN
        if caption:
            words = self.line_words(caption.split(), x0, self.y, BODY, False)
            self.page.truth.append(self.block("caption", caption, words))
            self.y += BODY * 1.2 + 4
        xs = [x0 + width * k / ncol for k in range(ncol + 1)]
        top = self.y + 4
        ys = [top]
        for h in heights:
            ys.append(ys[-1] + h)
        words, cells = [], []
        for r, row in enumerate(rows):
            c = 0
            while c < ncol:
                cs = 2 if (span and r == 0 and c == 1) else 1
                text = row[c]
                if ruled:
                    for k, toks in enumerate(wrapped[r][c]):  # long cell text wraps inside its cell
                        words += self.line_words(toks, xs[c] + 5, ys[r] + 4 + k * BODY * 1.2, BODY, r == 0)
                else:
                    while stringWidth(text, font(r == 0), BODY) > xs[c + cs] - xs[c] - 10 and " " in text:
                        text = text.rsplit(" ", 1)[0]  # cell text fits its cell
                    x = xs[c] + 5
                    if right_numbers and text.isdigit():
                        x = xs[c + 1] - 5 - stringWidth(text, font(r == 0), BODY)
                    words += self.line_words(text.split(), x, ys[r] + 4, BODY, r == 0)
                cells.append({"row": r, "column": c, "rowSpan": 1, "columnSpan": cs, "text": text, "isHeader": r == 0})
                c += cs
        self.c.setLineWidth(0.8)
        if ruled:
            for y in ys:
                self.rule(xs[0], y, xs[-1], y)
            for k, x in enumerate(xs):
                self.rule(x, ys[1] if (span and k == 2) else ys[0], x, ys[-1])
        elif style == "booktabs":
            for y in (ys[0], ys[1], ys[-1]):
                self.rule(xs[0], y, xs[-1], y)
        grid_box = box(xs[0], ys[0], xs[-1] - xs[0], ys[-1] - ys[0]) if ruled else union([w["box"] for w in words])
        grid = [["" for _ in range(ncol)] for _ in rows]
        for cell in cells:
            grid[cell["row"]][cell["column"]] = cell["text"]
        text = "\n".join("\t".join(r) for r in grid)
        self.page.truth.append({"kind": "table", "text": text, "box": grid_box, "cells": cells,
                                "rowCount": len(rows), "columnCount": ncol})
        self.y = ys[-1] + 14
        if not in_column:
            self.top = max(self.top, self.y) if self.columns == 1 else self.top

    def rule(self, x0, y0, x1, y1):
        self.c.line(x0, PAGE_H - y0, x1, PAGE_H - y1)
        if y0 == y1:
            self.page.rulings.append({"orientation": "horizontal", "position": round(y0 * S),
                                      "start": round(x0 * S), "end": round(x1 * S), "thickness": 2})
        else:
            self.page.rulings.append({"orientation": "vertical", "position": round(x0 * S),
                                      "start": round(y0 * S), "end": round(y1 * S), "thickness": 2})

    def save(self):
        self.finish_page()
        self.c.save()


def glyph_box(text, x, base, w, size):
    """The tight ink box an OCR engine reports: from the x-height or the ascender line down to
    the baseline or the descender line, depending on the letters."""
    tall = any(c.isupper() or c.isdigit() or c in "bdfhklt()/!?'\"" for c in text)
    deep = any(c in "gjpqy(),;" for c in text)
    top = base - (0.72 if tall else 0.52) * size
    bottom = base + (0.21 if deep else 0.0) * size
    if text in ("\u2022", "\u25aa", "\u25e6"):
        top, bottom = base - 0.5 * size, base - 0.15 * size
    return box(x, top, w, bottom - top)


def box(x, y, w, h):
    return {"x": round(x * S), "y": round(y * S), "width": max(1, round(w * S)), "height": max(1, round(h * S))}


def union(boxes):
    x0 = min(b["x"] for b in boxes); y0 = min(b["y"] for b in boxes)
    x1 = max(b["x"] + b["width"] for b in boxes); y1 = max(b["y"] + b["height"] for b in boxes)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


# --- document content ---------------------------------------------------------------------------
def sentence(rng, n):
    words = [rng.choice(VOCAB) for _ in range(n)]
    for i in range(len(words)):
        if rng.random() < 0.12:
            words[i] = rng.choice(LONG)
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def para_text(rng):
    return " ".join(sentence(rng, rng.randint(8, 16)) for _ in range(rng.randint(2, 5)))


MARKERS = {
    "bullet": lambda i, d: ["\u2022", "\u25e6", "\u25aa"][d],
    "dash": lambda i, d: "\u2013",
    "decimal": lambda i, d: f"{i + 1}.",
    "lower_letter": lambda i, d: f"{'abcdefgh'[i]})",
    "upper_letter": lambda i, d: f"{'ABCDEFGH'[i]}.",
    "lower_roman": lambda i, d: f"({['i', 'ii', 'iii', 'iv', 'v', 'vi'][i]})",
}


def list_items(rng, nested):
    top_type = rng.choice(["bullet", "decimal", "dash", "upper_letter"])
    sub_type = rng.choice(["bullet", "lower_letter", "lower_roman"])
    items, k = [], 0
    for _ in range(rng.randint(2, 4)):
        items.append((0, top_type, MARKERS[top_type](k, 0), sentence(rng, rng.randint(4, 22))[:-1]))
        k += 1
        if nested and rng.random() < 0.6:
            for j in range(rng.randint(2, 3)):
                items.append((1, sub_type, MARKERS[sub_type](j, 1), sentence(rng, rng.randint(3, 14))[:-1]))
    return items


def table_rows(rng, ncol, nrow):
    """Header + rows: a name, numbers (now and then empty), and a note of 1-3 words."""
    head = ["Item", "Q1", "Q2", "Total", "Note"][:ncol - 1] + ["Note"]
    rows = [head]
    for r in range(nrow):
        numbers = ["" if rng.random() < 0.1 else str(rng.randint(1, 999)) for _ in range(ncol - 2)]
        note = " ".join(rng.choice(["ok", "late", "n/a", "see", "text", "checked", "open", "pending", "reviewed"])
                        for _ in range(rng.randint(1, 4)))
        rows.append([rng.choice(["alpha", "beta", "gamma", "delta", "omega"]) + str(r)] + numbers + [note])
    return rows


def make_document(no, rng, out):
    columns = 2 if no % 3 == 1 else 1
    indent_style = no % 4 == 3
    s = Setter(os.path.join(out, f"doc{no:02d}.pdf"), columns, indent_style, rng, no, justify=no % 2 == 0)
    s.heading(f"Report {no}: " + " ".join(rng.choice(VOCAB).capitalize() for _ in range(3)), 0, full_width=True)
    for sec in range(3):
        s.heading(f"{sec + 1} " + " ".join(rng.choice(VOCAB).capitalize() for _ in range(2)), 1)
        for _ in range(rng.randint(1, 3)):
            s.paragraph(para_text(rng))
        if rng.random() < 0.7:
            s.list_(list_items(rng, nested=rng.random() < 0.6), hanging=rng.random() < 0.7)
        s.heading(f"{sec + 1}.1 " + rng.choice(VOCAB).capitalize(), 2)
        s.paragraph(para_text(rng))
        if rng.random() < 0.6:
            s.tables += 1
            style = rng.choice(["grid", "grid-span", "plain", "booktabs"])
            caption = f"Table {s.tables}: " + " ".join(rng.choice(VOCAB) for _ in range(4)) if rng.random() < 0.5 else None
            ncol = 3 if columns == 2 else rng.randint(3, 5)
            s.table(table_rows(rng, ncol, rng.randint(3, 5)), style, in_column=columns == 2, caption=caption)
        s.paragraph(para_text(rng))
    s.save()
    return s.pages


def layout_input(page, degraded, rng):
    lines = []
    for line in page.lines:
        words = []
        for w in line["words"]:
            b = dict(w["glyphs"] if degraded else w["box"])
            if degraded:
                b = {"x": b["x"] + rng.randint(-1, 1), "y": b["y"] + rng.randint(-1, 1),
                     "width": max(1, b["width"] + rng.randint(-1, 1)), "height": max(1, b["height"] + rng.randint(-1, 1))}
                words.append({"text": w["text"], "confidence": rng.randint(70, 97), "box": b, "isBold": False})
            else:
                words.append({k: v for k, v in w.items() if k != "glyphs"})
        lines.append({"text": line["text"], "confidence": 90 if degraded else 100, "words": words,
                      "box": union([w["box"] for w in words]), "stage": "fast" if degraded else "text_layer"})
    rulings = [dict(r, position=r["position"] + (rng.randint(-1, 1) if degraded else 0)) for r in page.rulings]
    return {"pageWidth": round(PAGE_W * S), "pageHeight": round(PAGE_H * S), "lines": lines, "regions": [],
            "rulings": rulings, "options": {"paragraphs": True, "lists": True, "tables": True}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=12)
    args = ap.parse_args()
    out = os.path.join(HERE, "data")
    os.makedirs(out, exist_ok=True)
    for no in range(args.docs):
        rng = random.Random(1000 + no)
        pages = make_document(no, rng, out)
        truth = [p.truth for p in pages]
        for degraded in (False, True):
            jitter = random.Random(2000 + no)
            doc = {"pages": [layout_input(p, degraded, jitter) for p in pages], "truth": truth}
            name = f"doc{no:02d}{'-degraded' if degraded else ''}.json"
            with open(os.path.join(out, name), "w") as f:
                json.dump(doc, f)
    print(f"wrote {args.docs} documents to {out}")


if __name__ == "__main__":
    main()

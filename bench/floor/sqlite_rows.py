#!/usr/bin/env python3
"""What one born-digital page's rows cost SQLite alone (issue 35, the floor under quire's coordinator).

    bench/floor/sqlite_rows.py DB [--pages N] [--batch 64]

DB: a database `quire run` made (e.g. over bench/corpus/born-digital-200.pdf). Its schema is copied
to a fresh file (same indexes, FTS tables, triggers; WAL, synchronous=NORMAL, foreign keys on, as
quire opens it) and the rows of one of its pages (words, lines, blocks, its page_fts and
page_stages rows, the pages row update) are inserted N times, `--batch` pages to a transaction,
with prepared statements. Prints CPU seconds and pages per CPU-second. The same libsqlite3 as
quire's (Python's sqlite3 module links Debian's).
"""
import argparse, os, sqlite3, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("db")
ap.add_argument("--pages", type=int, default=2000)
ap.add_argument("--batch", type=int, default=64)
ap.add_argument("--fts", choices=["page", "none"], default="page", help="feed page_fts (as quire does) or not")
a = ap.parse_args()

src = sqlite3.connect(a.db)
pid = src.execute("SELECT page_id FROM words GROUP BY page_id ORDER BY count(*) DESC LIMIT 1 OFFSET 10").fetchone()[0]
schema = [r[0] for r in src.execute(
    "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' "
    "AND name NOT LIKE 'page_fts_%' AND name NOT LIKE 'page_fts_exact_%' ORDER BY type = 'table' DESC, rowid")]
def rows(table, where="page_id = ?"):
    cur = src.execute(f"SELECT * FROM {table} WHERE {where}", (pid,))
    return [d[0] for d in cur.description], cur.fetchall()
lcols, lines = rows("lines")
wcols, words = rows("words")
bcols, blocks = rows("blocks")
text = src.execute("SELECT text FROM page_fts WHERE rowid = ?", (pid,)).fetchone()[0]
doc = src.execute("SELECT * FROM documents LIMIT 1")
dcols = [d[0] for d in doc.description]; drow = doc.fetchone()
prow = src.execute("SELECT * FROM pages WHERE id = ?", (pid,))
pcols = [d[0] for d in prow.description]; page = list(prow.fetchone())

path = os.path.join(tempfile.mkdtemp(prefix="quire-floor-"), "floor.sqlite")
db = sqlite3.connect(path, isolation_level=None)
db.execute("PRAGMA journal_mode = WAL"); db.execute("PRAGMA synchronous = NORMAL")
for sql in schema:
    try:
        db.execute(sql)
    except sqlite3.OperationalError as e:   # views over tables created later, etc.
        pass
db.execute("PRAGMA foreign_keys = OFF")
db.execute(f"INSERT INTO documents({','.join(dcols)}) VALUES ({','.join('?' * len(dcols))})", drow)
run = src.execute("SELECT * FROM runs ORDER BY id LIMIT 1")
db.execute(f"INSERT INTO runs({','.join(d[0] for d in run.description)}) VALUES ({','.join('?' * len(run.description))})", run.fetchone())
db.execute("PRAGMA foreign_keys = ON")   # as quire runs
idx = {c: i for i, c in enumerate(pcols)}
ins = lambda t, cols: f"INSERT INTO {t}({','.join(cols)}) VALUES ({','.join('?' * len(cols))})"
lsql, wsql, bsql = ins("lines", lcols[1:]), ins("words", wcols[1:]), ins("blocks", bcols[1:])
psql = ins("pages", pcols[1:])
t0 = time.process_time(); w0 = time.time()
for n in range(a.pages):
    if n % a.batch == 0: db.execute("BEGIN IMMEDIATE")
    p = page[:]; p[idx["page_number"]] = n + 1
    cur = db.execute(psql, p[1:]); new = cur.lastrowid
    lineids = {}
    for l in lines:
        lineids[l[0]] = db.execute(lsql, (new,) + tuple(l[2:])).lastrowid
    for w in words:
        db.execute(wsql, (new, lineids[w[2]]) + tuple(w[3:]))
    for b in blocks:
        db.execute(bsql, (new,) + tuple(b[2:]))
    if a.fts == "page":
        db.execute("INSERT INTO page_fts(rowid, text) VALUES (?, ?)", (new, text))
    for stage in ("extract", "ocr", "detect", "layout"):
        db.execute("INSERT INTO page_stages(page_id, stage, status, fingerprint, duration_ms, run_id) VALUES (?, ?, 'done', 'x', 1, 1)",
                   (new, stage))
    if n % a.batch == a.batch - 1 or n == a.pages - 1: db.execute("COMMIT")
cpu = time.process_time() - t0
print(f"{a.pages} pages x ({len(words)} words, {len(lines)} lines, {len(blocks)} blocks, fts {a.fts}), "
      f"batch {a.batch}: {cpu:.2f} CPU-s, {1000 * cpu / a.pages:.2f} ms a page, {a.pages / cpu:.0f} pages per CPU-s "
      f"(wall {time.time() - w0:.2f} s)")

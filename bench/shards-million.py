#!/usr/bin/env python3
"""The large-archive targets of issue 29: an archive merged from generated shards.

    bench/shards-million.py [--pages 1000000] [--shards 100] [--runs 5] [--work DIR] [--keep]

Targets: `quire status` <= 2 s, `quire search` of a common word <= 200 ms, the canonical
database <= 1.5x the size of the shard databases together.

How the shards are made cheaply, and still realistically:
1. A small corpus of born-digital PDFs (text pages of ~250 words, a Zipf-like vocabulary,
   every page holding common words) is written with Ghostscript (ps2pdf), then processed once
   by quire for real: `quire plan --shards 1` and `quire run --shard 0/1` make the template
   shard database (words, lines, blocks, page_stages, full-text index, everything a run stores).
2. Each of the N shard databases is the template copied, then its rows replicated with SQL
   until it holds pages/N pages: every table's ids and foreign keys are offset per replica
   (found from the schema, so a new stage table is replicated too), each replica's documents
   get a path and SHA-256 of their own, and the shard's `shard_identity` names its shard.
3. A plan file covering every generated document is written as `quire plan` writes it (the
   config hash taken from the real plan), then `quire merge` folds the shards in for real.
4. `quire status`, `quire status --check` and `quire search` are timed (median of --runs), and
   the sizes compared (database + WAL after a checkpoint).

Uses the release binary (.build/release/quire, or $QUIRE). Needs ghostscript and Python 3 only.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUIRE = os.environ.get("QUIRE", str(ROOT / ".build/release/quire"))

COMMON = "the of and to in a is for that on with as by at from this be are was it or an which".split()
TOPICAL = """report order delivery customer invoice account payment service office company period total
amount balance quarter annual review market price supply warehouse transport contract budget
meeting board member policy system process management project result growth revenue cost staff
training quality safety record document archive letter notice request response change north south
east west region branch central national local public private general special department council
committee minutes agenda schedule summary statement audit finance income expense asset liability
equipment vehicle building property insurance claim tender supplier purchase receipt shipment
parcel route customs declaration certificate licence permit inspection maintenance repair
operation production factory machine product sample test measurement standard procedure manual
instruction guideline regulation law court case hearing decision appeal judgment evidence
witness party agreement clause term condition notice termination renewal extension amendment
""".split()


def vocabulary(seed: int) -> list[str]:
    """Common words, topical words, and a long tail of made-up words (names, codes) so that the
    full-text index has a realistic number of distinct terms."""
    rnd = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    tail = {"".join(rnd.choice(letters) for _ in range(rnd.randint(4, 10))) for _ in range(6000)}
    return COMMON + TOPICAL + sorted(tail)


def page_words(rnd: random.Random, vocab: list[str], count: int) -> list[str]:
    # Zipf-like: weight 1/(rank+1).
    weights = [1.0 / (i + 1) for i in range(len(vocab))]
    words = rnd.choices(vocab, weights=weights, k=count)
    # Numbers, as real documents have (amounts, dates, reference numbers).
    for i in range(0, count, 17):
        words[i] = rnd.choice([str(rnd.randint(1, 99999)), f"{rnd.randint(1, 28):02d}.{rnd.randint(1, 12):02d}.20{rnd.randint(10, 26)}"])
    return words


def write_pdf(path: Path, pages: int, rnd: random.Random, vocab: list[str], words_per_page: int) -> None:
    lines_per_page, per_line = 40, max(1, words_per_page // 40)
    ps = ["%!PS-Adobe-3.0", "/Times-Roman findfont 10 scalefont setfont"]
    for p in range(pages):
        ps.append("<< /PageSize [595 842] >> setpagedevice")
        ws = page_words(rnd, vocab, lines_per_page * per_line)
        y = 790
        for l in range(lines_per_page):
            text = " ".join(ws[l * per_line:(l + 1) * per_line])
            text = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ps.append(f"50 {y} moveto ({text}) show")
            y -= 18
        ps.append("showpage")
    src = path.with_suffix(".ps")
    src.write_text("\n".join(ps) + "\n")
    subprocess.run(["ps2pdf", str(src), str(path)], check=True)
    src.unlink()


def run(*args: str, check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    r = subprocess.run([QUIRE, *args], capture_output=True, text=True, env=env)
    if check and r.returncode not in (0,):
        sys.exit(f"quire {' '.join(args)} exited {r.returncode}:\n{r.stdout}\n{r.stderr}")
    return r


def timed(args: list[str], runs: int) -> tuple[float, list[float], str, float]:
    """Median wall time, all wall times, the last output, and the median CPU time (user + sys:
    on a shared machine the figure that does not depend on the other jobs)."""
    times, cpus, out = [], [], ""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        r = subprocess.run([QUIRE, *args], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        out = r.stdout
    return statistics.median(times), times, out, statistics.median(cpus)


def foreign_keys(con: sqlite3.Connection, table: str) -> dict[str, str]:
    return {row[3]: row[2] for row in con.execute(f'PRAGMA foreign_key_list("{table}")')}


def replicate(template: Path, shard_db: Path, shard: int, replicas: int, plan_id: str, shard_count: int,
              prefix: str) -> list[tuple[str, str, int]]:
    """Makes `shard_db` from the template: its rows replicated `replicas` times (ids and foreign
    keys offset per replica, found from the schema), each replica's documents with a path and a
    SHA-256 of their own, the shard identity naming this shard. Returns (path, sha256, pages) of
    its documents."""
    shutil.copyfile(template, shard_db)
    con = sqlite3.connect(shard_db, isolation_level=None)
    con.create_function("sha", 1, lambda s: hashlib.sha256(s.encode()).hexdigest(), deterministic=True)
    con.create_function("base", 1, lambda s: s.rsplit("/", 1)[-1], deterministic=True)
    for pragma in ("journal_mode = OFF", "synchronous = OFF", "foreign_keys = OFF", "cache_size = -200000"):
        con.execute(f"PRAGMA {pragma}")
    con.execute("ATTACH DATABASE ? AS t", (str(template),))
    tables = [r[0] for r in con.execute("""
        SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'page_fts%'
          AND name NOT IN ('schema_migrations', 'shard_identity', 'merged_shards', 'runs', 'exports')""")]
    shapes = {}
    for t in tables:
        info = list(con.execute(f'PRAGMA table_info("{t}")'))
        cols = [r[1] for r in info]
        has_id = any(r[1] == "id" and r[5] == 1 for r in info)
        shapes[t] = (cols, has_id, {r[3]: r[2] for r in con.execute(f'PRAGMA foreign_key_list("{t}")')})
    span = {t: con.execute(f'SELECT COALESCE(max(id), 0) FROM t."{t}"').fetchone()[0] for t in tables if shapes[t][1]}
    con.execute("BEGIN")
    for t in tables:
        con.execute(f'DELETE FROM main."{t}"')
    con.execute("DELETE FROM main.page_fts")
    for k in range(replicas):
        for t in tables:
            cols, has_id, fks = shapes[t]
            values = []
            for c in cols:
                if t == "documents" and c == "path":
                    values.append(f"'{prefix}/s{shard:05d}/r{k:05d}/' || base(path)")
                elif t == "documents" and c == "sha256":
                    values.append(f"CASE WHEN sha256 IS NULL THEN NULL ELSE sha('{prefix}/s{shard:05d}/r{k:05d}/' || base(path)) END")
                elif t == "documents" and c == "path_bytes":
                    values.append("NULL")
                elif c == "id" and has_id:
                    values.append(f'"id" + {k * span[t]}')
                elif c in fks and fks[c] in span:
                    values.append(f'"{c}" + {k * span[fks[c]]}')
                else:
                    values.append(f'"{c}"')
            names = ", ".join(f'"{c}"' for c in cols)
            con.execute(f'INSERT INTO main."{t}"({names}) SELECT {", ".join(values)} FROM t."{t}"')
        con.execute(f"INSERT INTO main.page_fts(rowid, text) SELECT rowid + {k * span['pages']}, text FROM t.page_fts")
    con.execute("UPDATE main.shard_identity SET plan = ?, shard = ?, shard_count = ?", (plan_id, shard, shard_count))
    con.execute("COMMIT")
    docs = con.execute("SELECT path, sha256, page_count FROM main.documents ORDER BY path").fetchall()
    con.execute("DETACH DATABASE t")
    con.execute("PRAGMA journal_mode = WAL")
    con.close()
    return docs


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in (path, Path(str(path) + "-wal")) if p.exists())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=1_000_000, help="pages of the merged archive (default 1,000,000)")
    ap.add_argument("--shards", type=int, default=100)
    ap.add_argument("--template-docs", type=int, default=10, help="PDFs in the corpus processed for real")
    ap.add_argument("--template-pages", type=int, default=10, help="pages of each of those PDFs")
    ap.add_argument("--words", type=int, default=250, help="words per page (about)")
    ap.add_argument("--word", default="payment", help="the common word searched for")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", help="work folder (default: a temporary one, removed)")
    ap.add_argument("--keep", action="store_true", help="keep the work folder")
    ap.add_argument("--again", action="store_true", help="only time status and search again on the kept --work folder")
    ap.add_argument("--skeleton", type=int, metavar="PAGES",
                    help="after the archive, time status on a database of PAGES page rows (documents of 10 pages, "
                         "no words or text: what status reads) made with SQL from the archive's schema")
    a = ap.parse_args()
    if not os.access(QUIRE, os.X_OK):
        sys.exit(f"{QUIRE}: no quire binary; swift build -c release --static-swift-stdlib --product quire (or set QUIRE)")
    work = Path(a.work) if a.work else Path(tempfile.mkdtemp(prefix="quire-million-"))
    if a.again:
        if not (work / "out/archive.sqlite").exists():
            sys.exit(f"{work}: no archive to time again (make one with --work {work} --keep)")
        report(a, work, None, None, None)
        return skeleton(a, work) if a.skeleton else None
    if work.exists() and a.work:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    try:
        measure(a, work)
        if a.skeleton:
            skeleton(a, work)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


def measure(a: argparse.Namespace, work: Path) -> None:
    t0 = time.perf_counter()
    rnd, vocab = random.Random(a.seed), vocabulary(a.seed)
    corpus = work / "in"
    corpus.mkdir()
    for d in range(a.template_docs):
        write_pdf(corpus / f"doc-{d:03d}.pdf", a.template_pages, rnd, vocab, a.words)
    pipeline = work / "archive.yml"
    pipeline.write_text(f"""name: million
database: out/archive.sqlite
database_shards: out/shards/archive-{{shard}}.sqlite
inputs: [{{path: in, min_file_age: 0}}]
ocr: {{enabled: false}}
""")
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    run("plan", str(pipeline), "--shards", "1")
    run("run", str(pipeline), "--shard", "0/1", "--workers", "2", "--quiet", env=env)
    database = work / "out/archive.sqlite"
    real_plan = json.loads(Path(str(database) + ".plan.json").read_text())
    template = work / "template.sqlite"
    tcon = sqlite3.connect(work / "out/shards/archive-0.sqlite")
    tcon.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    tcon.execute("VACUUM INTO ?", (str(template),))
    template_pages = tcon.execute("SELECT count(*) FROM pages WHERE status = 'done'").fetchone()[0]
    template_words = tcon.execute("SELECT count(*) FROM words").fetchone()[0]
    tcon.close()
    if template_pages == 0:
        sys.exit("the template shard holds no done page")
    shutil.rmtree(work / "out")
    (work / "out/shards").mkdir(parents=True)
    per_shard = max(1, round(a.pages / a.shards / template_pages))
    snapshot = hashlib.sha256(f"generated {a.pages} {a.shards} {a.seed}".encode()).hexdigest()
    plan = {"version": real_plan["version"], "pipeline": real_plan["pipeline"], "config_hash": real_plan["config_hash"],
            "snapshot": snapshot, "shard_count": a.shards, "failed_only": False,
            "shard_database": str(work / "out/shards/archive-{shard}.sqlite"), "shards": []}
    plan_id = f"{plan['config_hash'][:8]}-{snapshot[:8]}-n{a.shards}"
    width = len(str(a.shards - 1))
    shard_bytes = 0
    prefix = str(corpus / "gen")
    t1 = time.perf_counter()
    for s in range(a.shards):
        path = work / f"out/shards/archive-{s:0{width}d}.sqlite"
        docs = replicate(template, path, s, per_shard, plan_id, a.shards, prefix)
        shard_bytes += size(path)
        plan["shards"].append({"index": s, "cost": 0.2 * per_shard * template_pages,
                               "items": [{"path": p, "sha256": h, "first_page": 1, "last_page": n, "document_pages": n,
                                          "cost": 0.2 * n} for p, h, n in docs]})
    generate_s = time.perf_counter() - t1
    plan_file = Path(f"{database}.plan-{plan_id}.json")
    plan_file.write_text(json.dumps(plan))
    os.symlink(plan_file.name, f"{database}.plan.json")
    t2 = time.perf_counter()
    merge = run("merge", str(pipeline), "--quiet", check=False)
    merge_s = time.perf_counter() - t2
    if merge.returncode != 0:
        sys.exit(f"quire merge exited {merge.returncode}:\n{merge.stdout}\n{merge.stderr}")
    report(a, work, generate_s, merge_s, (template_pages, template_words, per_shard))


def report(a: argparse.Namespace, work: Path, generate_s: float | None, merge_s: float | None, template: tuple | None) -> None:
    database, pipeline = work / "out/archive.sqlite", work / "archive.yml"
    shard_bytes = sum(size(p) for p in (work / "out/shards").glob("*.sqlite"))
    con = sqlite3.connect(database)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages, done = con.execute("SELECT count(*), total(status = 'done') FROM pages").fetchone()
    documents = con.execute("SELECT count(*) FROM documents").fetchone()[0]
    words = con.execute("SELECT count(*) FROM words").fetchone()[0]
    con.close()
    canonical_bytes = size(database)
    figures = {}
    for label, args in [("quire status", ["status", str(database)]),
                        ("quire status --check", ["status", str(pipeline), "--check"]),
                        (f"quire search {a.word}", ["search", str(pipeline), a.word]),
                        ("quire search the", ["search", str(pipeline), "the"]),
                        ("quire --version (process start)", ["--version"])]:
        figures[label] = timed(args, a.runs)
    load = os.getloadavg()
    ms = lambda xs: ", ".join(f"{x * 1000:.0f}" for x in xs)
    print(f"archive: {int(done):,} pages done of {pages:,} in {documents:,} documents, {words:,} words ({words / max(1, pages):.0f} per page)")
    if template:
        print(f"{a.shards} shards of {template[2]} x {template[0]} template pages; generate shards {generate_s:.1f} s; "
              f"quire merge {merge_s:.1f} s ({done / merge_s:,.0f} pages/s)")
    for label, (wall, walls, out, cpu) in figures.items():
        print(f"{label:34} median {wall * 1000:5.0f} ms wall [{ms(walls)}], CPU {cpu * 1000:4.0f} ms; {len(out.splitlines())} output line(s)")
    print("targets: status <= 2000 ms, search <= 200 ms")
    print(f"size: canonical {canonical_bytes / 2**20:,.0f} MiB, shards together {shard_bytes / 2**20:,.0f} MiB: "
          f"{canonical_bytes / shard_bytes:.2f}x (target <= 1.5x)")
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print("status --check said:", figures["quire status --check"][2].strip().splitlines()[:3])


def skeleton(a: argparse.Namespace, work: Path) -> None:
    """`status` reads documents and pages (their status), not words or text: its cost at a page
    count too large to generate here, on page rows alone."""
    path = work / "skeleton.sqlite"
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("ATTACH DATABASE ? AS a", (str(work / "out/archive.sqlite"),))
    for (sql,) in con.execute("SELECT sql FROM a.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'page_fts_%' "
                              "AND name NOT LIKE 'sqlite_%' ORDER BY type = 'view', type = 'index'").fetchall():
        con.execute(sql)
    app = con.execute("PRAGMA a.application_id").fetchone()[0]
    con.execute("BEGIN")
    con.execute("INSERT INTO schema_migrations SELECT * FROM a.schema_migrations")
    con.execute("INSERT INTO runs SELECT * FROM a.runs")
    docs = a.skeleton // 10
    con.execute(f"""WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {docs})
        INSERT INTO documents(id, path, sha256, kind, page_count, status, layout_pass)
        SELECT i, '/skeleton/doc-' || i || '.pdf', printf('%064d', i), 'pdf', 10, 'done', 'done' FROM n""")
    con.execute(f"""WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {docs * 10 - 1})
        INSERT INTO pages(id, document_id, page_number, status, text_source, run_id)
        SELECT i + 1, i / 10 + 1, i % 10 + 1, 'done', 'text_layer', 1 FROM n""")
    # Short page texts (~20 words; `the` on every page, the searched word on 3 pages in 5), so
    # that search can be timed over a million matching pages too.
    con.execute(f"""INSERT INTO page_fts(rowid, text)
        SELECT id, 'the report of the ' || CASE WHEN id % 5 < 3 THEN '{a.word}' ELSE 'delivery' END || ' for account '
                   || (id * 7919 % 100003) || ' dated ' || (id % 28 + 1) || '.' || (id % 12 + 1) || '.2024 '
                   || lower(hex(randomblob(3))) || ' ' || lower(hex(randomblob(4))) || ' and the total of the period'
        FROM pages""")
    con.execute("COMMIT")
    con.execute(f"PRAGMA application_id = {app}")
    con.execute("PRAGMA journal_mode = WAL")
    con.close()
    print(f"skeleton of {docs * 10:,} pages ({docs:,} documents, ~20 words of text a page):")
    for label, args in [("quire status", ["status", str(path)]), (f"quire search {a.word}", ["search", str(path), a.word]),
                        ("quire search the", ["search", str(path), "the"])]:
        wall, walls, out, cpu = timed(args, a.runs)
        print(f"  {label:22} median {wall * 1000:5.0f} ms wall [{', '.join(f'{x * 1000:.0f}' for x in walls)}], "
              f"CPU {cpu * 1000:4.0f} ms; {len(out.splitlines())} output line(s)")


if __name__ == "__main__":
    main()

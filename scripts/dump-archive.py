#!/usr/bin/env python3
"""Dumps a quire database as sorted text without row ids, run ids, times or hosts, so that two
archives made from the same inputs by two builds can be compared with `diff`:

    scripts/dump-archive.py out/a.sqlite > a.txt
    scripts/dump-archive.py out/b.sqlite > b.txt && diff a.txt b.txt

Rows that point at a page, a document, a block or a line are keyed by what identifies those
(the document's path, the page number, the block's reading order, the line's order), so the
dump does not depend on the order in which workers finished. A refactoring check, not a test.
"""
import sqlite3
import sys

# Bookkeeping that differs between any two runs.
VOLATILE = {
    "id", "run_id", "last_run_id", "first_run_id", "missing_run_id", "created_run_id", "updated_run_id",
    "started_at", "finished_at", "created_at", "updated_at", "recorded_at", "seen_at", "exported_at",
    "duration_ms", "host", "pid", "leased_by", "lease_expires", "lease_until", "attempts_at",
    "arguments", "mtime", "mtime_ns", "inode", "device", "ctime",
}
SKIP_TABLES = {"runs", "schema_migrations", "sqlite_sequence", "shard_identity", "merged_shards", "exports"}


def main(path: str) -> None:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    page_key = {pid: f"{path_}#{number}" for pid, path_, number in db.execute(
        "SELECT p.id, d.path, p.page_number FROM pages p JOIN documents d ON d.id = p.document_id")}
    document_key = dict(db.execute("SELECT id, path FROM documents"))
    block_key = {bid: f"{page_key.get(pid)}/b{order}" for bid, pid, order in db.execute(
        "SELECT id, page_id, reading_order FROM blocks")}
    line_key = {lid: f"{page_key.get(pid)}/l{order}" for lid, pid, order in db.execute(
        "SELECT id, page_id, line_order FROM lines")}
    keys = {"page_id": page_key, "document_id": document_key, "block_id": block_key, "line_id": line_key,
            "caption_of": block_key}
    tables = [r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'page_fts%' ORDER BY name")]
    for table in tables:
        if table in SKIP_TABLES:
            continue
        columns = [r[1] for r in db.execute(f'PRAGMA table_info("{table}")')]
        kept = [c for c in columns if c not in VOLATILE and not c.endswith("_at")]
        rows = []
        for row in db.execute(f'SELECT {", ".join(chr(34) + c + chr(34) for c in kept)} FROM "{table}"'):
            values = []
            for column, value in zip(kept, row):
                if column in keys:
                    value = keys[column].get(value, value)
                elif column.endswith("_id") and column != "symbology_id":
                    continue  # another id: not comparable across runs
                values.append(f"{column}={value!r}")
            rows.append(" ".join(values))
        print(f"## {table} ({len(rows)} rows)")
        for line in sorted(rows):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1])

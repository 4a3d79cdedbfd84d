/* What one born-digital page's rows cost SQLite alone, from C (issue 35): sqlite_rows.py without
 * the Python interpreter's cost per row.
 *
 *   cc -O2 -o /tmp/sqlite_rows bench/floor/sqlite_rows.c -lsqlite3
 *   /tmp/sqlite_rows DB [PAGES [BATCH [CACHE_MIB [CHECKPOINT_PAGES]]]]
 *
 * DB: a database `quire run` made. Its schema is copied to a fresh file (WAL, synchronous=NORMAL,
 * foreign keys on, as quire opens it) and the rows of one of its pages (words, lines, blocks, its
 * page_fts row, four page_stages rows, a pages row) are inserted PAGES times (default 200), BATCH
 * pages (64) to a transaction, with prepared statements and sqlite3_bind_value. CACHE_MIB 0 and
 * CHECKPOINT_PAGES 0 keep SQLite's defaults. Prints CPU seconds and pages per CPU-second. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct { int n, cols; sqlite3_value **v; } Rows;   /* n rows of `cols` values */

static void die(sqlite3 *db, const char *what) { fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db)); exit(1); }

static Rows load(sqlite3 *db, const char *sql, sqlite3_int64 pid) {
    sqlite3_stmt *s; Rows r = {0, 0, NULL};
    if (sqlite3_prepare_v2(db, sql, -1, &s, NULL)) die(db, sql);
    sqlite3_bind_int64(s, 1, pid);
    r.cols = sqlite3_column_count(s);
    while (sqlite3_step(s) == SQLITE_ROW) {
        r.v = realloc(r.v, sizeof(*r.v) * (size_t)(r.n + 1) * r.cols);
        for (int c = 0; c < r.cols; c++) r.v[r.n * r.cols + c] = sqlite3_value_dup(sqlite3_column_value(s, c));
        r.n++;
    }
    sqlite3_finalize(s);
    return r;
}

static sqlite3_stmt *prep(sqlite3 *db, const char *sql) {
    sqlite3_stmt *s; if (sqlite3_prepare_v2(db, sql, -1, &s, NULL)) die(db, sql); return s;
}

static void run(sqlite3 *db, sqlite3_stmt *s) {
    if (sqlite3_step(s) != SQLITE_DONE) die(db, sqlite3_sql(s));
    sqlite3_reset(s);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s DB [PAGES [BATCH [CACHE_MIB [CHECKPOINT_PAGES]]]]\n", argv[0]); return 64; }
    int pages = argc > 2 ? atoi(argv[2]) : 200, batch = argc > 3 ? atoi(argv[3]) : 64;
    int cache = argc > 4 ? atoi(argv[4]) : 0, ckpt = argc > 5 ? atoi(argv[5]) : 0;
    sqlite3 *src, *db;
    if (sqlite3_open_v2(argv[1], &src, SQLITE_OPEN_READONLY, NULL)) die(src, "open");
    sqlite3_stmt *q = prep(src, "SELECT page_id FROM words GROUP BY page_id ORDER BY count(*) DESC LIMIT 1 OFFSET 10");
    if (sqlite3_step(q) != SQLITE_ROW) die(src, "no words");
    sqlite3_int64 pid = sqlite3_column_int64(q, 0); sqlite3_finalize(q);
    /* words: page_id, line_id (as the line's index), then its own columns; lines and blocks without id, page_id */
    Rows lines = load(src, "SELECT id, line_order, text, confidence, x, y, width, height, stage, block_hint, paragraph_hint, font_size FROM lines WHERE page_id = ?1 ORDER BY line_order", pid);
    Rows words = load(src, "SELECT (SELECT count(*) FROM lines l2 WHERE l2.page_id = w.page_id AND l2.line_order < l.line_order), word_order, w.text, w.confidence, w.x, w.y, w.width, w.height, w.font_size, w.bold FROM words w JOIN lines l ON l.id = w.line_id WHERE w.page_id = ?1 ORDER BY w.id", pid);
    Rows blocks = load(src, "SELECT kind, reading_order, text, x, y, width, height, level, row_count, col_count FROM blocks WHERE page_id = ?1", pid);
    Rows text = load(src, "SELECT text FROM page_fts WHERE rowid = ?1", pid);
    Rows schema = load(src, "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'page_fts_%' AND ?1 = ?1 ORDER BY type = 'table' DESC, rowid", 0);

    char path[] = "/tmp/quire-floor-XXXXXX"; if (!mkdtemp(path)) return 1;
    char file[64]; snprintf(file, sizeof file, "%s/floor.sqlite", path);
    if (sqlite3_open(file, &db)) die(db, "open floor");
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL", NULL, NULL, NULL);
    for (int i = 0; i < schema.n; i++) sqlite3_exec(db, (const char *)sqlite3_value_text(schema.v[i]), NULL, NULL, NULL);
    sqlite3_exec(db, "INSERT INTO runs(id, pipeline, pipeline_path, command) VALUES (1, 'p', '/p.yml', 'run');"
                     "INSERT INTO documents(id, path, sha256, kind, page_count, status) VALUES (1, '/d.pdf', 'x', 'pdf', 1, 'pending');"
                     "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
    char pragma[128];
    if (cache) { snprintf(pragma, sizeof pragma, "PRAGMA cache_size = -%d", cache * 1024); sqlite3_exec(db, pragma, NULL, NULL, NULL); }
    if (ckpt) { snprintf(pragma, sizeof pragma, "PRAGMA wal_autocheckpoint = %d", ckpt); sqlite3_exec(db, pragma, NULL, NULL, NULL); }

    sqlite3_stmt *ip = prep(db, "INSERT INTO pages(document_id, page_number, status, width, height, dpi, text_source, structure_json, run_id) VALUES (1, ?1, 'done', 612, 792, 72, 'text_layer', '{}', 1)");
    sqlite3_stmt *il = prep(db, "INSERT INTO lines(page_id, line_order, text, confidence, x, y, width, height, stage, block_hint, paragraph_hint, font_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *iw = prep(db, "INSERT INTO words(page_id, line_id, word_order, text, confidence, x, y, width, height, font_size, bold) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *ib = prep(db, "INSERT INTO blocks(page_id, kind, reading_order, text, x, y, width, height, level, row_count, col_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    sqlite3_stmt *ifts = prep(db, "INSERT INTO page_fts(rowid, text) VALUES (?, ?)");
    sqlite3_stmt *is = prep(db, "INSERT INTO page_stages(page_id, stage, status, fingerprint, duration_ms, run_id) VALUES (?, ?, 'done', 'x', 1, 1)");
    sqlite3_stmt *begin = prep(db, "BEGIN IMMEDIATE"), *commit = prep(db, "COMMIT");
    sqlite3_int64 *lineID = malloc(sizeof(*lineID) * (size_t)(lines.n + 1));
    const char *stages[] = {"extract", "ocr", "detect", "layout"};
    clock_t c0 = clock();
    for (int n = 0; n < pages; n++) {
        if (n % batch == 0) run(db, begin);
        sqlite3_bind_int(ip, 1, n + 1); run(db, ip);
        sqlite3_int64 page = sqlite3_last_insert_rowid(db);
        for (int i = 0; i < lines.n; i++) {
            sqlite3_bind_int64(il, 1, page);
            for (int c = 1; c < lines.cols; c++) sqlite3_bind_value(il, c + 1, lines.v[i * lines.cols + c]);
            run(db, il); lineID[i] = sqlite3_last_insert_rowid(db);
        }
        for (int i = 0; i < words.n; i++) {
            sqlite3_value **w = words.v + i * words.cols;
            sqlite3_bind_int64(iw, 1, page); sqlite3_bind_int64(iw, 2, lineID[sqlite3_value_int(w[0])]);
            for (int c = 1; c < words.cols; c++) sqlite3_bind_value(iw, c + 2, w[c]);
            run(db, iw);
        }
        for (int i = 0; i < blocks.n; i++) {
            sqlite3_bind_int64(ib, 1, page);
            for (int c = 0; c < blocks.cols; c++) sqlite3_bind_value(ib, c + 2, blocks.v[i * blocks.cols + c]);
            run(db, ib);
        }
        if (text.n) { sqlite3_bind_int64(ifts, 1, page); sqlite3_bind_value(ifts, 2, text.v[0]); run(db, ifts); }
        for (int s = 0; s < 4; s++) { sqlite3_bind_int64(is, 1, page); sqlite3_bind_text(is, 2, stages[s], -1, SQLITE_STATIC); run(db, is); }
        if (n % batch == batch - 1 || n == pages - 1) run(db, commit);
    }
    double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("%d pages x (%d words, %d lines, %d blocks, fts), batch %d, cache %d MiB, checkpoint %d: "
           "%.3f CPU-s, %.2f ms a page, %.0f pages per CPU-s\n", pages, words.n, lines.n, blocks.n, batch,
           cache, ckpt, cpu, 1000 * cpu / pages, pages / cpu);
    sqlite3_close(db);   /* the checkpoint at close is not counted, as in sqlite_rows.py */
    unlink(file); char wal[80]; snprintf(wal, sizeof wal, "%s-wal", file); unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", file); unlink(wal); rmdir(path);
    return 0;
}

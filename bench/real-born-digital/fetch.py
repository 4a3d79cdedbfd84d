#!/usr/bin/env python3
"""Real born-digital report PDFs for `bench/run --parts real` (issue 35).

Downloads the source distributions of a few PDF libraries from PyPI (as pip finds them, checked
against the index's SHA-256; never built), takes the PDFs of their test folders that have a text
layer on every page (`pdftotext` finds words on each), and copies them into OUT (default
bench/work/real-born-digital, git-ignored). Prints the number of files and pages.

    bench/real-born-digital/fetch.py [--out DIR]

The files are the libraries' own test documents: US government statistics and company reports
(tabula-py), and the text PDFs users attached to PyMuPDF's bug reports, kept in those repositories under their licences; they are not
copied into quire.
"""
import argparse, hashlib, io, os, re, subprocess, sys, tarfile, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (project, version, folder inside the sdist whose PDFs are taken)
SOURCES = [("tabula-py", "2.8.2", ""), ("pymupdf", "1.28.2", "tests/resources/")]
# A page whose drawing is pathological is measured on its own (bench/run --parts real prints it).
SKIP = {"test_3450.pdf"}
MAX_PAGES = 40  # a longer file would weigh more than the rest of the set


def sdist(name, version):
    index = urllib.request.urlopen(f"https://pypi.org/simple/{name}/").read().decode()
    file = re.escape(f"{name.replace('-', '_')}-{version}.tar.gz") + "|" + re.escape(f"{name}-{version}.tar.gz")
    m = re.search(rf'href="([^"#]*/(?:{file}))#sha256=([0-9a-f]+)"', index)
    if not m:
        sys.exit(f"no sdist {name}-{version}.tar.gz in PyPI's index")
    data = urllib.request.urlopen(m.group(1)).read()
    if hashlib.sha256(data).hexdigest() != m.group(2):
        sys.exit(f"{name}-{version}.tar.gz: SHA-256 differs from PyPI's index")
    return tarfile.open(fileobj=io.BytesIO(data))


def pages_with_text(path):
    """The page count when every page has words in its text layer, else None."""
    info = subprocess.run(["pdfinfo", path], capture_output=True, text=True)
    m = re.search(r"^Pages:\s+(\d+)", info.stdout, re.M)
    if info.returncode != 0 or not m:
        return None
    n = int(m.group(1))
    if n == 0 or n > MAX_PAGES:
        return None
    text = subprocess.run(["pdftotext", "-q", path, "-"], capture_output=True, text=True, errors="replace").stdout
    pages = text.split("\f")[:n]
    return n if len(pages) == n and all(len(p.split()) >= 5 for p in pages) else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "bench/work/real-born-digital"))
    out = ap.parse_args().out
    os.makedirs(out, exist_ok=True)
    files = pages = 0
    for name, version, folder in SOURCES:
        with sdist(name, version) as tar:
            for member in tar.getmembers():
                parts = member.name.split("/", 1)
                if not (member.isfile() and len(parts) == 2 and parts[1].startswith(folder)
                        and member.name.lower().endswith(".pdf") and os.path.basename(member.name) not in SKIP):
                    continue
                target = os.path.join(out, f"{name}__" + parts[1][len(folder):].replace("/", "_").replace(" ", "_"))
                if not os.path.exists(target):
                    with open(target, "wb") as f:
                        f.write(tar.extractfile(member).read())
                n = pages_with_text(target)
                if n is None:
                    os.remove(target)
                else:
                    files += 1; pages += n
    print(f"{files} PDFs, {pages} pages in {out}")


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Scale-out overhead and merge rate: 1 run against plan + 4 shards + merge over the same pages.
#   bash bench/shards.sh [COPIES]   (COPIES × the 4-page runner fixture gamma.pdf, plus alpha/beta)
set -euo pipefail
cd "$(dirname "$0")/.."
Q=${QUIRE:-.build/release/quire}
copies=${1:-75}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir -p "$work/in"
args=(); for _ in $(seq "$copies"); do args+=(Tests/Fixtures/runner/gamma.pdf); done
qpdf --empty --pages "${args[@]}" -- "$work/in/big.pdf"
cp Tests/Fixtures/runner/alpha.pdf Tests/Fixtures/runner/beta.pdf Tests/Fixtures/runner/margins.pdf "$work/in/"
for name in single sharded; do
  cat > "$work/$name.yml" <<YML
name: bench
database: out/$name.sqlite
inputs: [{path: in, min_file_age: 0}]
ocr: {enabled: false}
YML
done
export OMP_THREAD_LIMIT=1
t() { local s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; echo "$(date +%s.%N) - $s" | bc; }
single=$(t "$Q" run "$work/single.yml" --workers 2 --quiet)
plan=$(t "$Q" plan "$work/sharded.yml" --shards 4)
runs=0; for i in 0 1 2 3; do r=$(t "$Q" run "$work/sharded.yml" --shard $i/4 --workers 2 --quiet); runs=$(echo "$runs + $r" | bc); done
merge=$(t "$Q" merge "$work/sharded.yml" --workers 2 --quiet)
pages=$(sqlite3 "$work/out/sharded.sqlite" "SELECT count(*) FROM pages WHERE status = 'done'")
echo "pages=$pages single=${single}s plan=${plan}s shard_runs_total=${runs}s merge=${merge}s"
echo "plan+merge overhead: $(echo "scale=1; 100 * ($plan + $merge) / $single" | bc)% of the single run"
echo "merge: $(echo "scale=0; $pages / $merge" | bc) pages/s (copy and document passes)"

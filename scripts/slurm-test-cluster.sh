#!/usr/bin/env bash
# A single-node Slurm cluster in a folder, for the tests (no systemd):
#   scripts/slurm-test-cluster.sh start DIR   # munged, slurmctld, slurmd; prints SLURM_CONF=…
#   scripts/slurm-test-cluster.sh stop DIR    # stops the three daemons by their pids
# Exit 3 when Slurm or munge is not installed (the test then says why it skips).
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?DIR}
if [ "$cmd" = stop ]; then
  for p in slurmd slurmctld munged; do
    [ -f "$dir/$p.pid" ] && kill "$(cat "$dir/$p.pid")" 2>/dev/null || true
  done
  sleep 0.5
  for p in slurmd slurmctld munged; do
    [ -f "$dir/$p.pid" ] && kill -9 "$(cat "$dir/$p.pid")" 2>/dev/null || true
  done
  exit 0
fi
# The daemons must not inherit a descriptor of the caller's (a test's pipe would never close).
for fd in $(ls /proc/$$/fd); do
  [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null || true
done
for tool in munged slurmctld slurmd sbatch sinfo; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install slurm-wlm munge)"; exit 3; }
done
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":$port\$" || { echo "$port"; return; }
  done
}
ctld_port=$(free_port); slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" </dev/null >/dev/null 2>&1
host=$(hostname -s)
cat > "$dir/slurm.conf" <<CONF
ClusterName=quiretest
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobRequeue=1
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
MessageTimeout=30
KillWait=5
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF=$dir/slurm.conf
# Daemons keep no pipe of the caller open (a test reading our output would wait for ever).
slurmctld -i </dev/null >/dev/null 2>&1
slurmd </dev/null >/dev/null 2>&1
for _ in $(seq 1 100); do
  state=$(sinfo -h -o %T 2>/dev/null || true)
  case "$state" in idle*|mix*|alloc*) echo "SLURM_CONF=$SLURM_CONF"; exit 0;; esac
  sleep 0.2
done
echo "the test cluster did not come up (sinfo: ${state:-nothing}); see $dir/*.log" >&2
exit 1

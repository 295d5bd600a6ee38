// CPU time from Linux's /proc, for the benches' per-request and per-link figures.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system) a process has used so far, in µs, for all its threads and for its
 * main thread (the one that answers requests; the rest are the click writer, GC helpers and
 * libuv's pool); Linux only.
 */
export function cpuMicros(pid: number | undefined): { all: number; main: number } | undefined {
  const ticks = (path: string) => {
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // clock ticks of 10 ms
  };
  try {
    return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

/** The whole machine's idle and total CPU time so far, in clock ticks (first line of /proc/stat). */
export function machineTicks(): { idle: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/** CPU time (µs, Linux) of every process named `comm`, from /proc. */
export function cpuOfProcesses(comm: string): number {
  let sum = 0;
  for (const used of cpuByProcess(comm).values()) sum += used;
  return sum;
}

/** CPU time (µs) of each process named `comm`, by pid. */
function cpuByProcess(comm: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue; // gone meanwhile
    }
    const used = cpuMicros(Number(pid))?.all;
    if (used !== undefined) byPid.set(Number(pid), used);
  }
  return byPid;
}

/**
 * A running total of the CPU time (µs) the processes named `comm` used: each reading adds what
 * each of them used since the reading before, so one that exits in between (a pool closing an
 * idle connection's backend) takes away only its last moments, not everything it used.
 */
export function runningCpuOf(comm: string): () => number {
  let seen = new Map<number, number>();
  let total = 0;
  return () => {
    const now = cpuByProcess(comm);
    for (const [pid, used] of now) total += used - (seen.get(pid) ?? 0);
    seen = now;
    return total;
  };
}

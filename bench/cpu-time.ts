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
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== comm) continue;
    } catch {
      continue; // gone meanwhile
    }
    sum += cpuMicros(Number(pid))?.all ?? 0;
  }
  return sum;
}

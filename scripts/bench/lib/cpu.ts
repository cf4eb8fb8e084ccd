import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time spent by processes, from /proc (Linux). Requests per second move with whatever
 * else the machine runs; the CPU a request costs the server (and its database) barely does,
 * so it is the figure that compares two versions measured on a shared machine.
 */

let ticksPerSecond: number | undefined;
const clockTicks = (): number => {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  return ticksPerSecond;
};

/** User + system CPU of one process so far, in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at "state": utime and
    // stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return 0;
  }
}

/** CPU so far of each process, by pid. */
export const cpuOf = (pids: readonly number[]): Map<number, number> =>
  new Map(pids.map((pid) => [pid, cpuMs(pid)]));

/** CPU spent since `before` by those processes and any new one (which started at 0). */
export function cpuSince(before: ReadonlyMap<number, number>, pids: readonly number[]): number {
  const all = new Set([...before.keys(), ...pids]);
  let total = 0;
  for (const pid of all) {
    const now = cpuMs(pid);
    // A process that ended keeps what it had spent when last seen.
    total += now === 0 ? 0 : now - (before.get(pid) ?? 0);
  }
  return total;
}

/**
 * Waits until the processes stop spending CPU (under one clock tick per 500 ms), at most
 * `maxMs`: work a load leaves behind (queued e-mails) belongs to what that load cost.
 */
export async function settle(pids: () => Promise<number[]>, maxMs = 20_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = cpuOf(await pids());
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const current = await pids();
    if (cpuSince(last, current) < 1000 / clockTicks()) return;
    last = cpuOf(current);
  }
}

/**
 * The load generator's HTTP side: one fetch per call with a time limit (a hang is a failure,
 * not a wait), a client address of its own in 127.0.0.0/8 (the server trusts loopback proxies,
 * so per-address limits count each simulated visitor separately), and figures per action.
 */

export const REQUEST_TIMEOUT_MS = 15_000;

let addressCounter = 0;
/** A new visitor address: 127.x.y.z, never 127.0.0.1 itself. */
export function nextVisitorIp(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `127.${1 + ((n >> 16) % 254)}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  ms: number;
}

/** A failure before any status: refused, reset, timed out. `status` 0 in the figures. */
export class TransportError extends Error {
  constructor(
    readonly reason: string,
    readonly ms: number,
  ) {
    super(reason);
  }
}

export class Stats {
  private readonly durations = new Map<string, number[]>();
  private readonly statuses = new Map<string, Map<number, number>>();
  readonly failures: string[] = [];

  record(action: string, status: number, ms: number): void {
    const list = this.durations.get(action) ?? [];
    list.push(ms);
    this.durations.set(action, list);
    const byStatus = this.statuses.get(action) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(action, byStatus);
  }

  fail(message: string): void {
    if (this.failures.length < 50) this.failures.push(message);
  }

  count(predicate: (status: number) => boolean): number {
    let total = 0;
    for (const byStatus of this.statuses.values()) {
      for (const [status, count] of byStatus) if (predicate(status)) total += count;
    }
    return total;
  }

  table(): Array<Record<string, string | number>> {
    return [...this.durations.entries()].map(([action, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      const byStatus = this.statuses.get(action) ?? new Map<number, number>();
      return {
        action,
        requests: list.length,
        p50_ms: Math.round(at(0.5)),
        p99_ms: Math.round(at(0.99)),
        statuses: [...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, c]) => `${s === 0 ? 'network' : s}:${c}`)
          .join(' '),
      };
    });
  }
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function call(
  stats: Stats | null,
  action: string,
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = {
    'x-forwarded-for': options.ip ?? nextVisitorIp(),
    ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  };
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers,
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    text = await res.text();
  } catch (error) {
    const ms = performance.now() - started;
    stats?.record(action, 0, ms);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `timed out after ${Math.round(ms)} ms`
        : (cause?.code ?? cause?.message ?? String(error));
    throw new TransportError(reason, ms);
  }
  const ms = performance.now() - started;
  stats?.record(action, res.status, ms);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // HTML pages and files are not JSON.
  }
  return { status: res.status, body, text, ms };
}

import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createLogger } from '../../src/logger';

/**
 * No secrets or passwords in logs: every suite logs through a real pino logger
 * into memory, at debug level (more than production writes), and every password, session
 * token, password hash and server secret the suite handles is remembered here. At the end no
 * log line may contain any of them.
 */

const secrets = new Set<string>();

/** Values shorter than this could match by accident (a "1", a common word). */
const MIN_SECRET_LENGTH = 8;

export function rememberSecret(...values: Array<string | undefined>): void {
  for (const value of values) if (value && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
}

export interface LogWatch {
  logger: FastifyBaseLogger;
  /** Raw JSON lines, as they would reach stdout. */
  lines: string[];
}

export function watchLogs(): LogWatch {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line);
      callback();
    },
  });
  return { logger: createLogger({ logLevel: 'debug' }, sink), lines };
}

/** Each leak as "secret prefix… in line N", empty when the log is clean. */
export function secretLeaks(lines: readonly string[]): string[] {
  const leaks: string[] = [];
  lines.forEach((line, index) => {
    for (const secret of secrets) {
      // JSON escapes some characters: look for the value as it would be written in a string.
      const written = JSON.stringify(secret).slice(1, -1);
      if (line.includes(secret) || line.includes(written)) {
        leaks.push(`${secret.slice(0, 6)}… in log line ${index + 1}: ${line.slice(0, 300)}`);
      }
    }
  });
  return leaks;
}

export const secretCount = (): number => secrets.size;

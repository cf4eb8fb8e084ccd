import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = path.resolve(import.meta.dirname, '../src/logger.ts');

/** Runs `body` in a Node process of its own with the server's stdout logger as `log`. */
function runWithLogger(body: string) {
  const program = `
    import { asyncStdout, createLogger } from ${JSON.stringify(LOGGER)};
    const log = createLogger({ logLevel: 'info' }, asyncStdout());
    ${body}
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
    encoding: 'utf8',
    timeout: 30_000,
  });
}

const linesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; n?: number });

/**
 * The server writes its log to stdout asynchronously (src/logger.ts): lines that wait for a
 * write under way must still all come out, in order, when the process ends or exits at once.
 */
describe('the asynchronous stdout log', () => {
  it('writes every line, in order, when the process exits straight after logging', () => {
    const run = runWithLogger(`
      for (let n = 0; n < 5000; n += 1) log.info({ n }, 'request completed');
      log.fatal('server failed to start');
      process.exit(1);
    `);
    expect(run.status).toBe(1);
    const lines = linesOf(run.stdout);
    expect(lines).toHaveLength(5001);
    expect(lines.slice(0, 5000).map((line) => line.n)).toEqual([...Array(5000).keys()]);
    expect(lines.at(-1)?.msg).toBe('server failed to start');
  });

  it('writes every line when the process ends on its own', () => {
    const run = runWithLogger(`
      for (let n = 0; n < 2000; n += 1) log.info({ n }, 'request completed');
    `);
    expect(run.status).toBe(0);
    expect(linesOf(run.stdout)).toHaveLength(2000);
  });

  it('writes a lone line within the flush interval, without waiting for more lines', () => {
    // One short line is far below the batch size: only the periodic flush can write it. The
    // process is kept alive 1 s, then killed without any exit flush: the line must be out by then.
    const run = runWithLogger(`
      log.info('server listening');
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000);
    `);
    expect(run.signal).toBe('SIGKILL');
    expect(linesOf(run.stdout).map((line) => line.msg)).toEqual(['server listening']);
  });
});

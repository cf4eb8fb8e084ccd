import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/pglite-lock';

/** The pid of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('PGlite data dir lock', () => {
  let dir: string;
  let lockFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cadran-lock-'));
    lockFile = path.join(dir, 'pglite.lock');
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes the pid and removes the file on release', async () => {
    const lock = acquireDataDirLock(dir);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses a folder held by a live process, naming it', async () => {
    // The test runner's parent process is alive for the whole test.
    await writeFile(lockFile, `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Another Cadran server is already using DATA_DIR ${dir} (pid ${process.ppid})`,
    );
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.ppid));
  });

  it('takes over the lock of a dead process (restart after SIGKILL)', async () => {
    await writeFile(lockFile, `${await deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    await writeFile(lockFile, 'garbage');
    const lock = acquireDataDirLock(dir);
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.pid));
    lock.release();
  });

  it('never removes a lock that another process took over', async () => {
    const lock = acquireDataDirLock(dir);
    await writeFile(lockFile, `${process.ppid}\n`);
    lock.release();
    expect((await readFile(lockFile, 'utf8')).trim()).toBe(String(process.ppid));
  });
});

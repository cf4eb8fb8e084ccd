import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one connection inside one process and nothing stops a second process from opening
 * the same data folder and corrupting it (docs/decisions/001-embedded-pglite-and-postgresql.md),
 * hence an exclusive lock file created with O_EXCL ('wx'). A lock left by a SIGKILLed server names
 * a dead pid and is taken over, which is how a killed server restarts without manual cleanup.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Cadran server is already using DATA_DIR ${dataDir} (pid ${pid}). ` +
        'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  path: string;
  release: () => void;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'pglite.lock');

  // Two attempts: the second one follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o644);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return { path: lockPath, release: () => releaseIfOwned(lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(lockPath);
    if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // Dead holder, unreadable content or our own pid from an earlier run: the lock is stale.
    unlinkQuietly(lockPath);
  }
  // Only reached when another process re-created the lock between our unlink and our open.
  const holder = readPid(lockPath) ?? 0;
  throw new DataDirLockedError(dataDir, holder);
}

function releaseIfOwned(lockPath: string): void {
  // Never remove a lock another process took over (e.g. after we were presumed dead).
  if (readPid(lockPath) === process.pid) unlinkQuietly(lockPath);
}

function readPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    // Signal 0 checks existence without touching the process.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

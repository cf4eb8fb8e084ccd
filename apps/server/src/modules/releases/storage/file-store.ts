import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MeasuringStream, type ArtifactStore, type StoredBytes } from './artifact-store';

const STORED_NAME = /^[0-9a-f-]{36}$/;

/**
 * Artifacts in the data directory (`<DATA_DIR>/artifacts/<uuid>`): the demo's store, for one
 * process. An upload is written under a temporary name and renamed once complete, so a
 * download never reads half a file.
 */
export class FileArtifactStore implements ArtifactStore {
  readonly kind = 'files' as const;
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'artifacts');
  }

  async put(source: Readable, maxBytes: number): Promise<StoredBytes> {
    await mkdir(this.dir, { recursive: true });
    const ref = randomUUID();
    const partial = path.join(this.dir, `${ref}.part`);
    const measure = new MeasuringStream(maxBytes);
    try {
      await pipeline(source, measure, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
      await rename(partial, this.pathOf(ref));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { ref, size: measure.size, sha256: measure.digest() };
  }

  read(ref: string): Readable {
    return createReadStream(this.pathOf(ref), { highWaterMark: 256 * 1024 });
  }

  async remove(ref: string): Promise<void> {
    await rm(this.pathOf(ref), { force: true });
  }

  private pathOf(ref: string): string {
    // Refs are ours, but a path is only ever built from the exact shape we write.
    if (!STORED_NAME.test(ref)) throw new Error('not an artifact reference');
    return path.join(this.dir, ref);
  }
}

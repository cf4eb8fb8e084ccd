import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';

/**
 * Where artifacts' bytes live (docs/decisions/040-release-artifact-storage.md). Both stores
 * stream: an upload goes through `measure` on its way in (size and SHA-256 computed as the
 * bytes pass, the size limit enforced as they arrive), a download is read in chunks, so a
 * 200 MB file never sits in memory.
 */

export interface StoredBytes {
  /** How the store names the bytes (a file name, a large object's id). */
  ref: string;
  size: number;
  sha256: string;
}

export interface ArtifactStore {
  readonly kind: 'files' | 'database';
  /** Stores the stream's bytes; throws ArtifactTooLargeError past `maxBytes` (nothing kept). */
  put(source: Readable, maxBytes: number): Promise<StoredBytes>;
  /** The stored bytes as a stream. */
  read(ref: string, size: number): Readable;
  /** Removes stored bytes (an upload that failed after storing, or a removed artifact). */
  remove(ref: string): Promise<void>;
}

export class ArtifactTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`artifact larger than ${maxBytes} bytes`);
    this.name = 'ArtifactTooLargeError';
  }
}

/**
 * A pass-through that counts and hashes what flows through it and fails the stream once more
 * than `maxBytes` went by, so an oversized upload stops at the limit instead of at its end.
 */
export class MeasuringStream extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new ArtifactTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  /** The SHA-256 of every byte seen, in hex; call once the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

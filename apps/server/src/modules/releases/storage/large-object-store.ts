import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../../db/client';
import { MeasuringStream, type ArtifactStore, type StoredBytes } from './artifact-store';

/** Bytes per statement, in and out: large enough to be quick, small enough to keep memory flat. */
export const LARGE_OBJECT_CHUNK = 1024 * 1024;

const toBuffer = (bytes: unknown): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes as Uint8Array);

/**
 * Artifacts as PostgreSQL large objects, which every server process on the database can serve
 * (docs/decisions/040-release-artifact-storage.md). Each chunk is its own statement
 * (`lo_put`, `lo_get` with an offset), so no connection is held for the length of a transfer
 * and no transaction spans it; the object id is the reference.
 */
export class LargeObjectArtifactStore implements ArtifactStore {
  readonly kind = 'database' as const;

  constructor(private readonly db: Database) {}

  async put(source: Readable, maxBytes: number): Promise<StoredBytes> {
    const [created] = await queryRows<{ oid: number | string }>(
      this.db,
      sql`select lo_create(0) as oid`,
    );
    if (!created) throw new Error('no large object created');
    const oid = Number(created.oid);
    const measure = new MeasuringStream(maxBytes);
    let offset = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const chunk = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await this.db.execute(sql`select lo_put(${oid}::oid, ${offset}::bigint, ${chunk})`);
      offset += chunk.length;
    };
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < LARGE_OBJECT_CHUNK) {
          callback();
          return;
        }
        flush().then(() => callback(), callback);
      },
      final: (callback) => {
        flush().then(() => callback(), callback);
      },
    });
    try {
      await pipeline(source, measure, sink);
    } catch (error) {
      await this.remove(String(oid)).catch(() => undefined);
      throw error;
    }
    return { ref: String(oid), size: measure.size, sha256: measure.digest() };
  }

  read(ref: string, size: number): Readable {
    const oid = Number(ref);
    const db = this.db;
    let offset = 0;
    return new Readable({
      highWaterMark: LARGE_OBJECT_CHUNK,
      read() {
        if (offset >= size) {
          this.push(null);
          return;
        }
        const length = Math.min(LARGE_OBJECT_CHUNK, size - offset);
        queryRows<{ bytes: unknown }>(
          db,
          sql`select lo_get(${oid}::oid, ${offset}::bigint, ${length}::int) as bytes`,
        ).then(
          ([row]) => {
            const chunk = toBuffer(row?.bytes ?? Buffer.alloc(0));
            if (chunk.length === 0) {
              this.destroy(new Error(`large object ${oid} ends before its recorded size`));
              return;
            }
            offset += chunk.length;
            this.push(chunk);
          },
          (error: unknown) => this.destroy(error as Error),
        );
      },
    });
  }

  async remove(ref: string): Promise<void> {
    await this.db.execute(
      sql`select lo_unlink(${Number(ref)}::oid) from pg_largeobject_metadata where oid = ${Number(ref)}::oid`,
    );
  }
}

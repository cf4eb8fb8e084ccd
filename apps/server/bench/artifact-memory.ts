import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import type { ArtifactStore } from '../src/modules/releases/storage/artifact-store';
import { FileArtifactStore } from '../src/modules/releases/storage/file-store';
import { LargeObjectArtifactStore } from '../src/modules/releases/storage/large-object-store';

/**
 * Memory of a release file going into a store and back out (docs/quality.md 'Release files'):
 * a generated file of SIZE_MB streams into each store, then is read back and hashed, while the
 * process's resident memory is sampled. The file is never whole in memory on our side, so the
 * growth should stay a few chunks whatever its size. The database store runs on PostgreSQL when
 * BENCH_DATABASE_URL is set (as several processes would), else on an embedded database on disk.
 * Prints one JSON line per store.
 */

const SIZE_MB = Number(process.argv[2] ?? 200);
const CHUNK = 1024 * 1024;

function generated(sizeMb: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(CHUNK, 7);
  return new Readable({
    read() {
      if (sent >= sizeMb) {
        this.push(null);
        return;
      }
      sent += 1;
      this.push(chunk);
    },
  });
}

async function measure(store: ArtifactStore) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const stored = await store.put(generated(SIZE_MB), (SIZE_MB + 1) * CHUNK);
  const uploadMs = performance.now() - started;
  const hash = createHash('sha256');
  const readStart = performance.now();
  await pipeline(
    store.read(stored.ref, stored.size),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback();
      },
    }),
  );
  const downloadMs = performance.now() - readStart;
  clearInterval(sampler);
  await store.remove(stored.ref);
  return {
    store: store.kind,
    sizeMb: SIZE_MB,
    matches: hash.digest('hex') === stored.sha256,
    uploadMs: Math.round(uploadMs),
    downloadMs: Math.round(downloadMs),
    rssGrowthMb: Math.round(((peak - base) / CHUNK) * 10) / 10,
  };
}

const dir = await mkdtemp(path.join(tmpdir(), 'cadran-artifact-bench-'));
let database: DatabaseHandle | undefined;
try {
  console.log(JSON.stringify(await measure(new FileArtifactStore(dir))));
  const url = process.env.BENCH_DATABASE_URL;
  database = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
  );
  console.log(JSON.stringify(await measure(new LargeObjectArtifactStore(database.db))));
} finally {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
}

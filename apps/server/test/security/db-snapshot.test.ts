import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/db/schema/contact';
import { buildTestApp, suiteFixture } from '../helper';
import { changedTables, snapshotDatabase, WatchedDatabase } from './db-snapshot';

// The fuzzer's fast path must see every change the full snapshot sees: a suite that missed a
// write would pass hostile requests that change the database.
describe('the watched snapshot of the hostile-input suites', () => {
  const t = suiteFixture(() => buildTestApp());

  it('answers the last snapshot while nothing changed, and sees every change made since', async () => {
    const watched = await WatchedDatabase.install(t.db);
    const first = await watched.snapshot();
    expect(await watched.snapshot()).toBe(first);

    // A compared table changed in place: its digest moves, so the fast path must not answer.
    await t.db.execute(sql`update roadmap_items set title = title || ' (modifié)'`);
    const edited = await watched.snapshot();
    expect(changedTables(first, edited)).toEqual(['roadmap_items']);
    expect(changedTables(edited, await snapshotDatabase(t.db))).toEqual([]);

    // A rolled-back write counts nothing and changes nothing.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from roadmap_items`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await watched.snapshot()).toBe(edited);

    // A new row, then a TRUNCATE (a statement, not rows): both seen.
    await t.db
      .insert(contactMessages)
      .values({ name: 'Test', email: 'test@exemple.fr', subject: 'other', message: 'Bonjour' });
    const added = await watched.snapshot();
    expect(changedTables(edited, added)).toEqual(['contact_messages']);
    await t.db.execute(sql`truncate contact_messages cascade`);
    expect(changedTables(added, await watched.snapshot())).toContain('contact_messages');
  });
});

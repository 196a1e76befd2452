/** preparedOnce: built once, and inside each transaction sent on that transaction's own connection. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/databases.ts';
import type { Database, Db, Tx } from './connection.ts';
import { preparedOnce } from './prepared.ts';
import { offerTags, tags } from './schema.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const tagInsert = preparedOnce((db: Db | Tx) =>
  db
    .insert(tags)
    .values({ name: sql.placeholder('name') })
    .prepare('prepared_test_tag_insert'),
);

let builds = 0;
const tagNamed = preparedOnce((db: Db | Tx) => {
  builds += 1;
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.name, sql.placeholder('name')))
    .prepare('prepared_test_tag_named');
});

describe('preparedOnce', () => {
  it('is built once for all transactions, and each one reads what it wrote itself before committing', async () => {
    builds = 0;
    const names = ['preparedoncea', 'preparedonceb', 'preparedoncec'];
    const seen = await Promise.all(
      names.map((name) =>
        database.db.transaction(async (tx) => {
          await tx.insert(tags).values({ name });
          // Only this transaction's connection sees the row it has not committed yet.
          return tagNamed(tx).execute({ name });
        }),
      ),
    );
    expect(seen.map((rows) => rows.map((row) => row.name))).toEqual(names.map((name) => [name]));
    expect(builds).toBe(1);
  });

  it('runs in the transaction it is given: what a rolled-back transaction read is gone outside it', async () => {
    const name = 'preparedoncerolledback';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(tags).values({ name });
        expect(await tagNamed(tx).execute({ name })).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await tagNamed(database.db).execute({ name })).toEqual([]);
  });

  it("keeps each database's own: a second database's transactions are seen by its write watch, not the first's", async () => {
    const second = await openTestDatabase();
    try {
      const heard = { first: 0, second: 0 };
      const stopFirst = database.watchWrites(['tags'], () => void (heard.first += 1));
      const stopSecond = second.database.watchWrites(['tags'], () => void (heard.second += 1));
      await database.db.transaction((tx) => tagInsert(tx).execute({ name: 'preparedoncefirst' }));
      await second.database.db.transaction((tx) => tagInsert(tx).execute({ name: 'preparedoncesecond' }));
      stopFirst();
      stopSecond();
      expect(heard).toEqual({ first: 1, second: 1 });
      expect(await tagNamed(second.database.db).execute({ name: 'preparedoncesecond' })).toHaveLength(1);
      expect(await tagNamed(database.db).execute({ name: 'preparedoncesecond' })).toEqual([]);
    } finally {
      await second.drop();
    }
  });
});

// drizzle-orm's row mapping is patched (patches/drizzle-orm+0.45.4.patch, decision 0014): each list of
// fields is worked out once and reused for every row of every execution.
const tagWithOffer = preparedOnce((db: Db | Tx) =>
  db
    .select({ tag: tags, link: offerTags, readAt: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(tags)
    .leftJoin(offerTags, eq(offerTags.tagId, tags.id))
    .where(eq(tags.name, sql.placeholder('name')))
    .prepare('prepared_test_tag_with_offer'),
);

describe('rows of a prepared statement', () => {
  it('map to nested objects, a missing left-joined row to null and a mapped value through its decoder, on each execution', async () => {
    const name = 'preparedmappingtag';
    const [tag] = await database.db.insert(tags).values({ name }).returning({ id: tags.id });
    for (const execution of [1, 2]) {
      const rows = await tagWithOffer(database.db).execute({ name });
      expect({ execution, rows }).toEqual({
        execution,
        rows: [{ tag: { id: tag!.id, name }, link: null, readAt: expect.any(Date) }],
      });
    }
  });
});

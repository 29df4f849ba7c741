/*
 * Does the active database (MONGODB_URI, or the embedded jongodb of the test run) do everything
 * the api and its tests ask of it? jongodb is not MongoDB: a gap must fail here, loudly, not as a
 * puzzling bug in a route. THIS LIST MUST GROW whenever the api starts using a new operation,
 * operator, option or index feature.
 *
 * Used by the api today:
 *   ping command
 *   createIndex (plain, unique) and duplicate key -> error code 11000
 *   insertOne, insertMany (ordered)
 *   find with a filter, sort on two keys, skip, limit; toArray
 *   findOne by ObjectId
 *   countDocuments, with and without limit
 *   findOneAndUpdate: upsert + $setOnInsert (+ $set) returning the document after
 *   $regex with the i option; $or of two $regex conditions (on different fields), alone and beside
 *     an equality; regex metacharacters escaped with a backslash match literally
 *   sort on a number field then two tie-breakers, descending, with skip and limit
 * Used by the api's tests:
 *   updateOne with $set; deleteOne; deleteMany (cleanup: jongodb lacks dropDatabase, drop and
 *   listCollections)
 *   orders, the email outbox and Idempotency-Keys: findOneAndUpdate with conditions ($gte, $lte,
 *     $lt on a date) and $inc, null when a condition fails; $set with $addToSet appending a document
 *     to an array (jongodb rejects $push); updateMany and deleteMany with a $lt date condition; a
 *     compound unique index (11000); $exists: false in a filter
 *   order status changes: of concurrent updateOne calls with the same condition, exactly one
 *     modifies (the order repository's changeIf relies on it)
 *   the admin console: updateOne with a $ne condition (modifiedCount 0 when it fails); deleteOne's
 *     deletedCount (1, then 0 for the same document); an index on one key descending
 *   the catalog's facets and search (parts/search-index.ts): multikey indexes on arrays, nested
 *     ones included ('search.terms'); equality, $in (an empty one too), $all and an anchored $regex
 *     on an array; $and, $or and $nor of them; $ne on a missing nested field; aggregate $match,
 *     $unwind and $group ($sum)
 *   saved builds' quota: updateOne with a condition and upsert, whose second document with the same
 *     _id fails with 11000 when the condition does not hold
 * Checked ahead for the coming issues, not used yet:
 *   updateOne with upsert
 *   aggregate with $match, $group ($sum) and $sort; $in
 *
 * Known gaps of jongodb 0.1.6 the api works around (not used, so not tested): projections are
 * ignored, $push/$pull are rejected, $project arithmetic is wrong, findOneAndDelete is refused
 * ("new is not allowed when remove=true"), and findOneAndUpdate checks its filter apart from its
 * write: measured here, two to three concurrent conditional findOneAndUpdate calls both "won" in
 * 6-30 % of rounds, and 12 concurrent `$inc: -1` under `$gte: 1` on a stock of 5 took up to 9
 * units in 13 of 50 rounds. Its updateOne did not fail once in 300 rounds.
 */
import { type Collection, type Db, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import { dropTestDatabase, randomSuffix } from '../../test/helpers';

interface Item {
  name: string;
  category: string;
  stock: number;
  createdAt: Date;
  tag?: string;
}

let client: MongoClient;
let db: Db;
let items: Collection<Item>;

beforeAll(async () => {
  client = new MongoClient(process.env.MONGODB_URI!);
  await client.connect();
  db = client.db(`test_conformance_${randomSuffix()}`);
  items = db.collection<Item>('items');
  const base = Date.now();
  await items.insertMany(
    Array.from({ length: 10 }, (_, i) => ({
      name: `Part ${i}`,
      category: i % 2 === 0 ? 'Memory' : 'Storage',
      stock: i * 10,
      createdAt: new Date(base + i * 1000),
    })),
    { ordered: true },
  );
});

afterAll(async () => {
  await dropTestDatabase(db, ['items', 'users', 'unique', 'history', 'jobs', 'keys', 'race', 'edits', 'numbers', 'numbered', 'indexed_words', 'quotas']);
  await client.close();
});

describe('database conformance', () => {
  it('answers ping', async () => {
    expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  it('inserts one document and finds it by ObjectId', async () => {
    const { insertedId } = await items.insertOne({ name: 'Single', category: 'Memory', stock: 1, createdAt: new Date() });
    expect(insertedId).toBeInstanceOf(ObjectId);
    const found = await items.findOne({ _id: insertedId });
    expect(found).toMatchObject({ _id: insertedId, name: 'Single' });
    expect(found!.createdAt).toBeInstanceOf(Date);
    expect(await items.findOne({ _id: new ObjectId() })).toBeNull();
    await items.deleteOne({ _id: insertedId });
  });

  it('finds with a filter, sort, skip and limit', async () => {
    const page = await items
      .find({ category: 'Storage' })
      .sort({ createdAt: 1, _id: 1 })
      .skip(1)
      .limit(2)
      .toArray();
    expect(page.map((item) => item.name)).toEqual(['Part 3', 'Part 5']);
    const newestFirst = await items.find({}).sort({ createdAt: -1 }).limit(1).toArray();
    expect(newestFirst[0]!.name).toBe('Part 9');
  });

  it('counts documents, with and without a limit', async () => {
    expect(await items.countDocuments()).toBe(10);
    expect(await items.countDocuments({ category: 'Memory' })).toBe(5);
    expect(await items.countDocuments({}, { limit: 1 })).toBe(1);
    expect(await db.collection('empty').countDocuments({}, { limit: 1 })).toBe(0);
  });

  it('matches a case-insensitive regex and $in', async () => {
    expect(await items.countDocuments({ name: { $regex: 'PART 1', $options: 'i' } })).toBe(1);
    expect(await items.countDocuments({ name: /^part [0-4]$/i })).toBe(5);
    expect(await items.countDocuments({ name: { $in: ['Part 1', 'Part 2', 'Nope'] } })).toBe(2);
  });

  it('matches $or of case-insensitive regexes, with escaped metacharacters taken literally', async () => {
    await items.insertMany([
      { name: 'Kit (2x8 GB)', category: 'Memory', stock: 3, createdAt: new Date(), tag: 'a.b' },
      { name: 'Plain kit', category: 'Storage', stock: 3, createdAt: new Date(), tag: 'has (2X8 gb) inside' },
    ]);
    const either = (pattern: string) => ({
      $or: [{ name: { $regex: pattern, $options: 'i' } }, { tag: { $regex: pattern, $options: 'i' } }],
    });
    expect(await items.countDocuments(either('\\(2x8 gb\\)'))).toBe(2);
    expect(await items.countDocuments({ category: 'Memory', ...either('\\(2x8 gb\\)') })).toBe(1);
    expect(await items.countDocuments(either('a\\.b'))).toBe(1);
    expect(await items.countDocuments(either('\\.\\*'))).toBe(0);
    const found = await items.find(either('KIT')).sort({ name: 1 }).toArray();
    expect(found.map((item) => item.name)).toEqual(['Kit (2x8 GB)', 'Plain kit']);
    await items.deleteMany({ stock: 3 });
  });

  it('sorts on a number, then on two tie-breakers descending, with skip and limit', async () => {
    const base = Date.now();
    await items.insertMany([
      { name: 'Tie older', category: 'Memory', stock: 45, createdAt: new Date(base + 100_000) },
      { name: 'Tie newer', category: 'Memory', stock: 45, createdAt: new Date(base + 200_000) },
    ]);
    const bySort = (direction: 1 | -1) =>
      items.find({}).sort({ stock: direction, createdAt: -1, _id: -1 }).skip(4).limit(4).toArray();
    // Stocks 0..90 step 10 plus the two 45s: ascending, positions 4-7 are 40, 45 (newer first), 45, 50.
    expect((await bySort(1)).map((item) => item.name)).toEqual(['Part 4', 'Tie newer', 'Tie older', 'Part 5']);
    expect((await bySort(-1)).map((item) => item.name)).toEqual(['Part 5', 'Tie newer', 'Tie older', 'Part 4']);
    await items.deleteMany({ stock: 45 });
  });

  it('updates with $set, and upserts with updateOne', async () => {
    const set = await items.updateOne({ name: 'Part 0' }, { $set: { tag: 'first' } });
    expect(set).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect((await items.findOne({ name: 'Part 0' }))!.tag).toBe('first');

    const upsert = await items.updateOne(
      { name: 'Upserted' },
      { $set: { stock: 5 }, $setOnInsert: { category: 'Memory', createdAt: new Date() } },
      { upsert: true },
    );
    expect(upsert.upsertedId).toBeInstanceOf(ObjectId);
    expect(await items.findOne({ name: 'Upserted' })).toMatchObject({ stock: 5, category: 'Memory' });
    await items.deleteOne({ name: 'Upserted' });
  });

  it('lets exactly one of concurrent conditional updateOne calls change a document', async () => {
    const orders = db.collection<{ status: string; history: { status: string; at: Date }[] }>('race');
    for (let round = 0; round < 30; round += 1) {
      const { insertedId } = await orders.insertOne({ status: 'paid', history: [] });
      const results = await Promise.all(
        Array.from({ length: 3 }, () =>
          orders.updateOne(
            { _id: insertedId, status: 'paid' },
            { $set: { status: 'shipped' }, $addToSet: { history: { status: 'shipped', at: new Date() } } },
          ),
        ),
      );
      expect(results.map((result) => result.modifiedCount).sort()).toEqual([0, 0, 1]);
      expect((await orders.findOne({ _id: insertedId }))!.history).toHaveLength(1);
    }
  });

  it('updates only when a $ne condition holds, as a promotion does, and counts deletions', async () => {
    await items.createIndex({ createdAt: -1 }, { name: 'createdAt_desc' });
    const first = await items.updateOne({ name: 'Part 1', tag: { $ne: 'admin' } }, { $set: { tag: 'admin' } });
    expect(first).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const again = await items.updateOne({ name: 'Part 1', tag: { $ne: 'admin' } }, { $set: { tag: 'admin' } });
    expect(again).toMatchObject({ matchedCount: 0, modifiedCount: 0 });

    const { insertedId } = await items.insertOne({ name: 'Doomed', category: 'Memory', stock: 1, createdAt: new Date() });
    expect((await items.deleteOne({ _id: insertedId })).deletedCount).toBe(1);
    expect((await items.deleteOne({ _id: insertedId })).deletedCount).toBe(0);
  });

  it('upserts with findOneAndUpdate, $setOnInsert only applying on insert', async () => {
    const users = db.collection<{ email: string; role: string; createdAt: Date }>('users');
    const first = await users.findOneAndUpdate(
      { email: 'a@example.com' },
      { $setOnInsert: { email: 'a@example.com', role: 'customer', createdAt: new Date() } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(first).toMatchObject({ email: 'a@example.com', role: 'customer' });
    await users.updateOne({ email: 'a@example.com' }, { $set: { role: 'admin' } });
    const again = await users.findOneAndUpdate(
      { email: 'a@example.com' },
      { $setOnInsert: { email: 'a@example.com', role: 'customer', createdAt: new Date() } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(again).toMatchObject({ _id: first!._id, role: 'admin' });
    const forced = await users.findOneAndUpdate(
      { email: 'b@example.com' },
      { $set: { role: 'admin' }, $setOnInsert: { email: 'b@example.com', createdAt: new Date() } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(forced).toMatchObject({ email: 'b@example.com', role: 'admin', createdAt: expect.any(Date) });
  });

  it('decrements stock only while enough is left ($inc with a condition)', async () => {
    const take = (quantity: number) =>
      items.findOneAndUpdate(
        { name: 'Part 1', stock: { $gte: quantity } },
        { $inc: { stock: -quantity } },
        { returnDocument: 'after' },
      );
    expect(await take(4)).toMatchObject({ stock: 6 });
    expect(await take(7)).toBeNull();
    // Concurrent takers never oversell.
    const results = await Promise.all(Array.from({ length: 10 }, () => take(1)));
    expect(results.filter(Boolean)).toHaveLength(6);
    expect((await items.findOne({ name: 'Part 1' }))!.stock).toBe(0);
  });

  it('appends to an array with $addToSet beside $set, under a condition, as an order changes status', async () => {
    const history = db.collection<{ status: string; history: { status: string; at: Date }[] }>('history');
    const { insertedId } = await history.insertOne({ status: 'placed', history: [{ status: 'placed', at: new Date(1) }] });
    const change = (from: string, to: string, at: Date) =>
      history.findOneAndUpdate(
        { _id: insertedId, status: from },
        { $set: { status: to }, $addToSet: { history: { status: to, at } } },
        { returnDocument: 'after' },
      );
    const cancelled = await change('placed', 'cancelled', new Date(2));
    expect(cancelled!.history).toEqual([
      { status: 'placed', at: new Date(1) },
      { status: 'cancelled', at: new Date(2) },
    ]);
    expect(await change('placed', 'cancelled', new Date(3))).toBeNull();
  });

  it('updates and deletes many by a date condition, and filters on a missing field', async () => {
    const jobs = db.collection<{ state: string; due: Date; done?: boolean }>('jobs');
    const now = Date.now();
    await jobs.insertMany([
      { state: 'sending', due: new Date(now - 2000) },
      { state: 'sending', due: new Date(now + 60_000) },
      { state: 'sent', due: new Date(now - 2000), done: true },
    ]);
    const reset = await jobs.updateMany({ state: 'sending', due: { $lt: new Date(now) } }, { $set: { state: 'pending' } });
    expect(reset.modifiedCount).toBe(1);
    expect(await jobs.countDocuments({ state: 'pending' })).toBe(1);
    expect(await jobs.countDocuments({ done: { $exists: false } })).toBe(2);
    expect(await jobs.deleteOne({ state: 'sent', done: { $exists: false } })).toMatchObject({ deletedCount: 0 });
    expect((await jobs.deleteMany({ due: { $lt: new Date(now) } })).deletedCount).toBe(2);
    expect(await jobs.countDocuments()).toBe(1);
  });

  it('edits under a version condition (or a missing version) with $set and $inc of two fields, one of concurrent edits winning', async () => {
    const parts = db.collection<{ name: string; price: number; stock: number; version?: number }>('edits');
    for (let round = 0; round < 20; round += 1) {
      const { insertedId } = await parts.insertOne({ name: `Edited ${round}`, price: 100, stock: 10 });
      const edit = (price: number) =>
        parts.updateOne({ _id: insertedId, version: { $exists: false }, stock: { $gte: 3 } }, { $set: { price }, $inc: { version: 1, stock: -3 } });
      const results = await Promise.all([101, 102, 103].map(edit));
      expect(results.map((result) => result.modifiedCount).sort()).toEqual([0, 0, 1]);
      const after = (await parts.findOne({ _id: insertedId }))!;
      expect(after).toMatchObject({ version: 1, stock: 7 });
      expect([101, 102, 103]).toContain(after.price);
      // The next edit names version 1; the stock condition refuses a cut below 0.
      expect((await parts.updateOne({ _id: insertedId, version: 1, stock: { $gte: 8 } }, { $inc: { version: 1, stock: -8 } })).modifiedCount).toBe(0);
      expect((await parts.updateOne({ _id: insertedId, version: 1 }, { $inc: { version: 1, stock: 5 } })).modifiedCount).toBe(1);
      expect(await parts.findOne({ _id: insertedId })).toMatchObject({ version: 2, stock: 12 });
    }
    const ids = (await parts.find({}).limit(3).toArray()).map((part) => part._id);
    expect(await parts.countDocuments({ _id: { $in: ids } })).toBe(3);
  });

  it('reserves a string _id once, and sets a field only where it is missing', async () => {
    const numbers = db.collection<{ _id: string; at: Date }>('numbers');
    await numbers.insertOne({ _id: 'PCP-7K3Q9D', at: new Date() });
    const again = await numbers.insertOne({ _id: 'PCP-7K3Q9D', at: new Date() }).catch((error: unknown) => error);
    expect((again as MongoServerError).code).toBe(11000);
    const orders = db.collection<{ number?: string }>('numbered');
    const { insertedId } = await orders.insertOne({ number: 'PCP-AAAAAA' });
    await orders.updateOne({ _id: insertedId }, { $unset: { number: '' } });
    const set = () => orders.updateOne({ _id: insertedId, number: { $exists: false } }, { $set: { number: 'PCP-BBBBBB' } });
    expect((await Promise.all([set(), set()])).map((result) => result.modifiedCount).sort()).toEqual([0, 1]);
    expect((await orders.findOne({ _id: insertedId }))!.number).toBe('PCP-BBBBBB');
  });

  it('enforces a compound unique index per pair', async () => {
    const keys = db.collection<{ email: string; key: string }>('keys');
    await keys.createIndex({ email: 1, key: 1 }, { unique: true, name: 'email_key_unique' });
    await keys.insertOne({ email: 'a@example.com', key: 'k1' });
    await keys.insertOne({ email: 'b@example.com', key: 'k1' });
    const duplicate = await keys.insertOne({ email: 'a@example.com', key: 'k1' }).catch((error: unknown) => error);
    expect((duplicate as MongoServerError).code).toBe(11000);
  });

  it('deletes one document', async () => {
    await items.insertOne({ name: 'Doomed', category: 'Memory', stock: 0, createdAt: new Date() });
    expect(await items.deleteOne({ name: 'Doomed' })).toMatchObject({ deletedCount: 1 });
    expect(await items.deleteOne({ name: 'Doomed' })).toMatchObject({ deletedCount: 0 });
  });

  it('enforces a unique index with error code 11000', async () => {
    const unique = db.collection<{ email: string }>('unique');
    await unique.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
    await unique.insertOne({ email: 'x@example.com' });
    const duplicate = await unique.insertOne({ email: 'x@example.com' }).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(MongoServerError);
    expect((duplicate as MongoServerError).code).toBe(11000);
    await items.createIndex({ createdAt: 1 }, { name: 'createdAt' });
  });

  it('aggregates with $match, $group and $sort', async () => {
    const rows = await items
      .aggregate<{ _id: string; total: number; count: number }>([
        { $match: { stock: { $gte: 20 } } },
        { $group: { _id: '$category', total: { $sum: '$stock' }, count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { _id: 'Memory', total: 20 + 40 + 60 + 80, count: 4 },
      { _id: 'Storage', total: 30 + 50 + 70 + 90, count: 4 },
    ]);
  });

  it('finds by words in indexed arrays, as the catalog search and facets do', async () => {
    const words = db.collection<{ name: string; facets: string[]; search?: { v: number; terms: string[] } }>('indexed_words');
    await words.createIndex({ 'search.terms': 1 }, { name: 'search_terms' });
    await words.createIndex({ facets: 1 }, { name: 'facets' });
    await words.insertMany([
      { name: 'board', facets: ['socket:AM5', 'memoryType:DDR5'], search: { v: 1, terms: ['b650', 'ddr5', 'am5', 'motherboard'] } },
      { name: 'kit', facets: ['memoryType:DDR5', 'capacity:32'], search: { v: 1, terms: ['ddr5', '32gb', 'memory'] } },
      { name: 'old kit', facets: ['memoryType:DDR4'], search: { v: 1, terms: ['ddr4', 'memory'] } },
      { name: 'legacy', facets: [] },
    ]);
    const found = async (filter: object) => (await words.find(filter).sort({ name: 1 }).toArray()).map((doc) => doc.name);
    expect(await found({ 'search.terms': 'ddr5' })).toEqual(['board', 'kit']);
    expect(await found({ 'search.terms': { $in: ['32gb', 'b650'] } })).toEqual(['board', 'kit']);
    expect(await found({ _id: { $in: [] } })).toEqual([]);
    expect(await found({ facets: { $all: ['memoryType:DDR5', 'capacity:32'] } })).toEqual(['kit']);
    expect(await found({ 'search.terms': { $regex: '^ddr' } })).toEqual(['board', 'kit', 'old kit']);
    expect(await found({ $and: [{ 'search.terms': 'memory' }, { $nor: [{ $and: [{ 'search.terms': 'ddr5' }] }] }] })).toEqual(['old kit']);
    expect(await found({ $or: [{ 'search.terms': 'am5' }, { facets: 'memoryType:DDR4' }] })).toEqual(['board', 'old kit']);
    expect(await found({ 'search.v': { $ne: 1 } })).toEqual(['legacy']);
    const counts = await words
      .aggregate<{ _id: string; count: number }>([{ $match: { 'search.terms': 'memory' } }, { $unwind: '$facets' }, { $group: { _id: '$facets', count: { $sum: 1 } } }])
      .toArray();
    expect(counts.sort((a, b) => a._id.localeCompare(b._id))).toEqual([
      { _id: 'capacity:32', count: 1 },
      { _id: 'memoryType:DDR4', count: 1 },
      { _id: 'memoryType:DDR5', count: 1 },
    ]);
  });

  it('counts up to a cap with a conditional upsert, failing with 11000 at the cap', async () => {
    const quotas = db.collection<{ _id: string; count: number }>('quotas');
    const take = () => quotas.updateOne({ _id: 'owner', count: { $lt: 2 } }, { $inc: { count: 1 } }, { upsert: true });
    await take();
    await take();
    const full = await take().catch((error: unknown) => error);
    expect((full as MongoServerError).code).toBe(11000);
    expect(await quotas.findOne({ _id: 'owner' })).toEqual({ _id: 'owner', count: 2 });
    // Racing takes at the edge: exactly the room left goes.
    await quotas.updateOne({ _id: 'owner' }, { $set: { count: 0 } });
    const results = await Promise.allSettled(Array.from({ length: 6 }, take));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await quotas.findOne({ _id: 'owner' })).toEqual({ _id: 'owner', count: 2 });
  });
});

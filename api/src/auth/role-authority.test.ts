import { dropTestDatabase, testConfig } from '../../test/helpers';
import { connectDatabase, type Database } from '../db/mongo';
import { createUsersRepository, type UsersRepository } from '../modules/users/repository';
import { createRoleAuthority } from './role-authority';

let database: Database;
let users: UsersRepository;
beforeAll(async () => {
  const config = testConfig();
  database = await connectDatabase(config.mongodbUri, config.mongodbDb);
  users = createUsersRepository(database.collections.users);
});
afterAll(async () => {
  await dropTestDatabase(database.db, ['users']);
  await database.client.close();
});

let counter = 0;
async function storedUser(role: 'admin' | 'customer') {
  const email = `role-${(counter += 1)}@example.com`;
  await database.collections.users.insertOne({ email, role, createdAt: new Date() });
  return email;
}
const setRole = (email: string, role: 'admin' | 'customer') =>
  database.collections.users.updateOne({ email }, { $set: { role } });

/** A clock the test moves by hand. */
function manualClock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('role authority', () => {
  it('reads the stored role, and null for an unknown email', async () => {
    const roles = createRoleAuthority(users, { ttlMs: 0 });
    expect(await roles.roleOf(await storedUser('admin'))).toBe('admin');
    expect(await roles.roleOf(await storedUser('customer'))).toBe('customer');
    expect(await roles.roleOf('nobody@example.com')).toBeNull();
  });

  it('with a TTL of 0, sees every change at once', async () => {
    const roles = createRoleAuthority(users, { ttlMs: 0 });
    const email = await storedUser('admin');
    expect(await roles.roleOf(email)).toBe('admin');
    await setRole(email, 'customer');
    expect(await roles.roleOf(email)).toBe('customer');
  });

  it('keeps a role for the TTL, then reads it again', async () => {
    const clock = manualClock();
    const roles = createRoleAuthority(users, { ttlMs: 5_000, now: clock.now });
    const email = await storedUser('admin');
    expect(await roles.roleOf(email)).toBe('admin');
    await setRole(email, 'customer');
    clock.advance(4_999);
    expect(await roles.roleOf(email)).toBe('admin');
    clock.advance(1);
    expect(await roles.roleOf(email)).toBe('customer');
  });

  it('forget() drops the cached role at once', async () => {
    const clock = manualClock();
    const roles = createRoleAuthority(users, { ttlMs: 5_000, now: clock.now });
    const email = await storedUser('customer');
    expect(await roles.roleOf(email)).toBe('customer');
    await setRole(email, 'admin');
    roles.forget(email);
    expect(await roles.roleOf(email)).toBe('admin');
  });

  it('does not cache a read that a role write overtook', async () => {
    const clock = manualClock();
    const roles = createRoleAuthority(users, { ttlMs: 5_000, now: clock.now });
    const email = await storedUser('customer');
    // A read is in flight when the api writes a role and forgets it: what that read brings back
    // may be older than the write, so it must not be kept.
    const reading = roles.roleOf(email);
    roles.forget(email);
    expect(await reading).toBe('customer');
    await setRole(email, 'admin');
    expect(await roles.roleOf(email)).toBe('admin');
  });
});

import { COHORT_COOKIE, COHORT_STORAGE_KEY } from '@pcpp/contracts/core';
import { browserCohort } from './cohort';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

it('makes a random id once, keeps it in localStorage and mirrors it in the cookie', () => {
  const storage = memoryStorage();
  const doc = { cookie: '' };
  const id = browserCohort(storage, doc);
  expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(storage.values.get(COHORT_STORAGE_KEY)).toBe(id);
  expect(doc.cookie).toContain(`${COHORT_COOKIE}=${id}; Path=/`);
  // Every later page load: the same id.
  expect(browserCohort(storage, { cookie: `${COHORT_COOKIE}=${id}` })).toBe(id);
  expect(browserCohort(memoryStorage(), { cookie: '' })).not.toBe(id);
});

it("adopts the id of the server's cookie on a first visit, and keeps localStorage's over a stale cookie", () => {
  const fromServer = 'server-chosen-cohort-01';
  const storage = memoryStorage();
  expect(browserCohort(storage, { cookie: `other=1; ${COHORT_COOKIE}=${fromServer}` })).toBe(fromServer);
  const doc = { cookie: `${COHORT_COOKIE}=another-cohort-id-000` };
  expect(browserCohort(storage, doc)).toBe(fromServer);
  expect(doc.cookie).toContain(`${COHORT_COOKIE}=${fromServer}`);
});

it('replaces an id that is not of its shape', () => {
  const storage = memoryStorage({ [COHORT_STORAGE_KEY]: 'user@example.com' });
  expect(browserCohort(storage, { cookie: '' })).toMatch(/^[A-Za-z0-9_-]{22}$/);
});

import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../../../test/release-fixtures';
import { FAILURE_REPORTS_PER_WINDOW, TOO_MANY_REPORTS } from '../../rate-limits';

// The release registry against real manifests over HTTP. (Who may call what: src/auth/admin-access.test.ts.)

let api: TestApi;
let manifests: Awaited<ReturnType<typeof startManifestServer>>;
let admin: { email: string; token: string };

beforeAll(async () => {
  manifests = await startManifestServer();
  manifests.set('/shell/mf-manifest.json', { name: 'shell', shared: Object.entries(SHELL_SHARED).map(([name, version]) => ({ name, version })) });
  api = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl });
  admin = await createAccount(api, 'admin');
});
afterAll(async () => {
  await api.close();
  await manifests.close();
});

const asAdmin = (call: request.Test) => call.set('Authorization', `Bearer ${admin.token}`);
const publish = (remote: string, body: object) => asAdmin(request(api.app).post(`/releases/${remote}`).send(body));
const promote = (remote: string, version: string) => asAdmin(request(api.app).post(`/releases/${remote}/promote`).send({ version }));
const rollback = (remote: string) => asAdmin(request(api.app).post(`/releases/${remote}/rollback`));
const liveRemotes = async () => (await request(api.app).get('/remotes')).body;
const overviewOf = async (remote: string) =>
  (await asAdmin(request(api.app).get('/releases'))).body.find((entry: { remote: string }) => entry.remote === remote);

describe('publishing a version', () => {
  it('registers it with the shared versions its manifest lists, once', async () => {
    const manifestUrl = manifests.publish('mf_shop', '1.0.0+a');
    const response = await publish('mf_shop', { version: '1.0.0+a', manifestUrl });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      version: '1.0.0+a',
      manifestUrl,
      // react/jsx-runtime is a subpath: its package, react, says its version.
      shared: SHELL_SHARED,
      publishedAt: expect.any(String),
      publishedBy: admin.email,
    });

    const again = await publish('mf_shop', { version: '1.0.0+a', manifestUrl });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'mf_shop 1.0.0+a is already published: versions are immutable, publish a new one' });
  });

  it('refuses a manifest it cannot read, or another remote\'s', async () => {
    const missing = await publish('mf_shop', { version: '1.0.0+missing', manifestUrl: `${manifests.base}/nothing/mf-manifest.json` });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(`Could not read the manifest ${manifests.base}/nothing/mf-manifest.json: it answered 404`);

    const adminsManifest = manifests.publish('mf_shop', '1.0.0+other', SHELL_SHARED, 'mf_admin');
    const wrong = await publish('mf_shop', { version: '1.0.0+other', manifestUrl: adminsManifest });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "The manifest is mf_admin's, not mf_shop's" });
    expect((await overviewOf('mf_shop')).versions.map((v: { version: string }) => v.version)).toEqual(['1.0.0+a']);
  });

  it.each([
    ['an unknown remote', 'mf_blog', { version: '1.0.0', manifestUrl: 'http://x.test/m.json' }, 'remote must be one of: mf_shop, mf_dashboard, mf_admin'],
    ['an unknown field', 'mf_shop', { version: '1.0.0', manifestUrl: 'http://x.test/m.json', live: true }, undefined],
    ['a version that is not semver', 'mf_shop', { version: 'latest', manifestUrl: 'http://x.test/m.json' }, 'version must be a semver such as 1.2.3+build'],
    ['a manifest that is not http', 'mf_shop', { version: '1.0.0', manifestUrl: 'file:///etc/passwd' }, 'manifestUrl must be an http(s) URL'],
  ])('refuses %s with a 400', async (_what, remote, body, message) => {
    const response = await publish(remote, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message ?? expect.any(String));
  });
});

describe('promote and roll back', () => {
  const v1 = '0.1.0+one';
  const v2 = '0.2.0+two';
  beforeAll(async () => {
    for (const version of [v1, v2]) {
      expect((await publish('mf_admin', { version, manifestUrl: manifests.publish('mf_admin', version) })).status).toBe(201);
    }
  });

  it('makes a version live, and GET /remotes answers its manifest (cacheable for a few seconds)', async () => {
    expect((await liveRemotes()).remotes.mf_admin).toBeUndefined();
    const response = await promote('mf_admin', v1);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ remote: 'mf_admin', live: v1, previous: null });

    const remotes = await request(api.app).get('/remotes');
    expect(remotes.headers['cache-control']).toBe('public, max-age=5');
    expect(remotes.body).toEqual({ remotes: { mf_admin: manifests.publish('mf_admin', v1) }, previous: {} });
  });

  it('promoting another keeps the one before as the fallback and the roll-back target', async () => {
    expect((await promote('mf_admin', v2)).body).toMatchObject({ live: v2, previous: v1 });
    expect(await liveRemotes()).toEqual({
      remotes: { mf_admin: manifests.publish('mf_admin', v2) },
      previous: { mf_admin: manifests.publish('mf_admin', v1) },
    });
    const again = await promote('mf_admin', v2);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: `mf_admin ${v2} is already live` });
  });

  it('rolls back to the previous live version, then has nothing left to roll back to', async () => {
    expect((await rollback('mf_admin')).body).toMatchObject({ live: v1, previous: null });
    expect((await liveRemotes()).remotes.mf_admin).toBe(manifests.publish('mf_admin', v1));
    const none = await rollback('mf_admin');
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ message: 'mf_admin has no earlier live version to roll back to' });
  });

  it('refuses a version built against another react major, saying which, and keeps the live one', async () => {
    const version = '0.3.0+react18';
    const manifestUrl = manifests.publish('mf_admin', version, { ...SHELL_SHARED, react: '18.3.1' });
    expect((await publish('mf_admin', { version, manifestUrl })).status).toBe(201);
    const response = await promote('mf_admin', version);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: `mf_admin ${version} cannot go live: it was built against react 18.3.1 (the shell provides 19.3.1). Rebuild it against the shell's versions.`,
    });
    expect((await liveRemotes()).remotes.mf_admin).toBe(manifests.publish('mf_admin', v1));
  });

  it('refuses another major of @pcpp/contracts, and accepts a newer minor', async () => {
    const breaking = '0.4.0+contracts2';
    const minor = '0.4.0+contracts1-1';
    await publish('mf_admin', { version: breaking, manifestUrl: manifests.publish('mf_admin', breaking, { ...SHELL_SHARED, '@pcpp/contracts': '2.0.0' }) });
    await publish('mf_admin', { version: minor, manifestUrl: manifests.publish('mf_admin', minor, { ...SHELL_SHARED, '@pcpp/contracts': '1.1.0' }) });
    expect((await promote('mf_admin', breaking)).body.message).toContain('@pcpp/contracts 2.0.0 (the shell provides 1.0.0)');
    expect((await promote('mf_admin', minor)).status).toBe(200);
  });

  it('answers 404 for a version never published, and 503 when the shell manifest cannot be read', async () => {
    const unknown = await promote('mf_admin', '9.9.9');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'mf_admin has no published version 9.9.9' });

    const offline = await createTestApi({ SHELL_MANIFEST_URL: `${manifests.base}/gone/mf-manifest.json` });
    try {
      const offlineAdmin = await createAccount(offline, 'admin');
      const version = '1.0.0+x';
      await request(offline.app).post('/releases/mf_shop').set('Authorization', `Bearer ${offlineAdmin.token}`)
        .send({ version, manifestUrl: manifests.publish('mf_shop', version) });
      const response = await request(offline.app).post('/releases/mf_shop/promote').set('Authorization', `Bearer ${offlineAdmin.token}`).send({ version });
      expect(response.status).toBe(503);
      expect(response.body.message).toBe(`Could not read the manifest ${manifests.base}/gone/mf-manifest.json: it answered 404`);
    } finally {
      await offline.close();
    }
  });

  it('records each step in the activity log', async () => {
    const activity = await asAdmin(request(api.app).get('/activity?limit=50'));
    const steps = activity.body.items
      .filter((entry: { target: string }) => entry.target === 'mf_admin')
      .map((entry: { action: string; details: string }) => `${entry.action} ${entry.details}`)
      .reverse();
    expect(steps).toEqual([
      `release.published ${v1}`,
      `release.published ${v2}`,
      `release.promoted ${v1}`,
      `release.promoted ${v2}`,
      `release.rolledBack ${v1}`,
      'release.published 0.3.0+react18',
      'release.published 0.4.0+contracts2',
      'release.published 0.4.0+contracts1-1',
      'release.promoted 0.4.0+contracts1-1',
    ]);
  });
});

describe('load failures', () => {
  it('keeps a report with the version its manifest belongs to, for the Releases page', async () => {
    const version = '1.0.0+broken';
    const manifestUrl = manifests.publish('mf_dashboard', version);
    await publish('mf_dashboard', { version, manifestUrl });
    const report = await request(api.app).post('/remotes/errors').send({ remote: 'mf_dashboard', manifestUrl, message: 'ScriptExternalLoadError' });
    expect(report.status).toBe(204);
    const unknown = `${manifests.base}/elsewhere/mf-manifest.json`;
    await request(api.app).post('/remotes/errors').send({ remote: 'mf_dashboard', manifestUrl: unknown, message: 'Failed to fetch' });

    const overview = await overviewOf('mf_dashboard');
    expect(overview.failureCount).toBe(2);
    expect(overview.failures).toEqual([
      { version: null, manifestUrl: unknown, message: 'Failed to fetch', at: expect.any(String) },
      { version, manifestUrl, message: 'ScriptExternalLoadError', at: expect.any(String) },
    ]);
    expect((await overviewOf('mf_shop')).failureCount).toBe(0);
  });

  it.each([
    [{ remote: 'mf_dashboard', manifestUrl: 'http://x.test/m.json' }, 'message is required'],
    [{ remote: 'mf_dashboard', manifestUrl: 'http://x.test/m.json', message: 'x', stack: 'y' }, expect.any(String)],
    [{ remote: 'shell', manifestUrl: 'http://x.test/m.json', message: 'x' }, 'remote must be one of: mf_shop, mf_dashboard, mf_admin'],
  ])('refuses a malformed report with a 400', async (body, message) => {
    const response = await request(api.app).post('/remotes/errors').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it(`takes at most ${FAILURE_REPORTS_PER_WINDOW} reports a minute from one address`, async () => {
    const fresh = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl });
    try {
      const body = { remote: 'mf_shop', manifestUrl: 'http://x.test/m.json', message: 'boom' };
      const statuses: number[] = [];
      for (let i = 0; i <= FAILURE_REPORTS_PER_WINDOW; i += 1) statuses.push((await request(fresh.app).post('/remotes/errors').send(body)).status);
      expect(statuses).toEqual([...Array(FAILURE_REPORTS_PER_WINDOW).fill(204), 429]);
      expect(await fresh.database.collections.remoteFailures.countDocuments({})).toBe(FAILURE_REPORTS_PER_WINDOW);
      const refused = await request(fresh.app).post('/remotes/errors').send(body);
      expect(refused.body).toEqual({ message: TOO_MANY_REPORTS });
    } finally {
      await fresh.close();
    }
  });
});

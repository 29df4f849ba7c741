import { createHmac, randomBytes } from 'node:crypto';
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
  // The manifest server stands in for the release store (RELEASES_PUBLIC_URL).
  api = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASES_PUBLIC_URL: manifests.base });
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

  it('refuses a manifest URL off the release store and the remotes\' origins without requesting it, and follows no redirect', async () => {
    const internal = await startManifestServer();
    try {
      const version = '1.0.0+ssrf';
      const inside = internal.publish('mf_shop', version);
      const refused = await publish('mf_shop', { version, manifestUrl: inside });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        `${inside} is not on the release store or a remote's origin: a manifest must be under ${api.config.releaseManifestSources.join(', ')} (RELEASE_MANIFEST_ORIGINS adds more)`,
      );
      for (const manifestUrl of [
        'http://169.254.169.254/latest/meta-data/iam/',
        `http://user:secret@${new URL(manifests.base).host}/mf_shop/${version}/mf-manifest.json`,
        `${internal.base}/${manifests.base}/mf-manifest.json`,
      ]) {
        const response = await publish('mf_shop', { version, manifestUrl });
        expect(response.status).toBe(400);
        expect(response.body.message).toContain('is not on the release store or a remote\'s origin');
      }
      // On the store, but it sends the api elsewhere.
      manifests.redirect('/mf_shop/1.0.0+redirect/mf-manifest.json', inside);
      const redirected = await publish('mf_shop', { version: '1.0.0+redirect', manifestUrl: `${manifests.base}/mf_shop/1.0.0+redirect/mf-manifest.json` });
      expect(redirected.status).toBe(400);
      expect(redirected.body.message).toBe(
        `Could not read the manifest ${manifests.base}/mf_shop/1.0.0+redirect/mf-manifest.json: it redirects (302), and redirects are not followed`,
      );
      expect(internal.hits).toBe(0);

      // RELEASE_MANIFEST_ORIGINS adds an origin.
      const widened = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASES_PUBLIC_URL: manifests.base, RELEASE_MANIFEST_ORIGINS: internal.base });
      try {
        const widenedAdmin = await createAccount(widened, 'admin');
        const accepted = await request(widened.app).post('/releases/mf_shop').set('Authorization', `Bearer ${widenedAdmin.token}`).send({ version, manifestUrl: inside });
        expect(accepted.status).toBe(201);
        expect(internal.hits).toBe(1);
      } finally {
        await widened.close();
      }
    } finally {
      await internal.close();
    }
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

  it('makes a version live, and GET /remotes answers its manifest and version with a load id of its own, never cached', async () => {
    expect((await liveRemotes()).remotes.mf_admin).toBeUndefined();
    const response = await promote('mf_admin', v1);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ remote: 'mf_admin', live: v1, previous: null });

    const remotes = await request(api.app).get('/remotes');
    expect(remotes.headers['cache-control']).toBe('no-store');
    expect(remotes.body).toEqual({
      remotes: { mf_admin: manifests.publish('mf_admin', v1) },
      previous: {},
      versions: { mf_admin: { live: v1 } },
      loadId: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/),
    });
    expect((await liveRemotes()).loadId).not.toBe(remotes.body.loadId);
  });

  it('promoting another keeps the one before as the fallback and the roll-back target', async () => {
    expect((await promote('mf_admin', v2)).body).toMatchObject({ live: v2, previous: v1 });
    expect(await liveRemotes()).toEqual({
      remotes: { mf_admin: manifests.publish('mf_admin', v2) },
      previous: { mf_admin: manifests.publish('mf_admin', v1) },
      versions: { mf_admin: { live: v2, previous: v1 } },
      loadId: expect.any(String),
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

    const offline = await createTestApi({ SHELL_MANIFEST_URL: `${manifests.base}/gone/mf-manifest.json`, RELEASES_PUBLIC_URL: manifests.base });
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

/** A load id as the api signs one (`<payload>.<HMAC-SHA256>`, base64url), with a payload of the test's choosing. */
function signedLoadId(secret: string, payload: unknown): string {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${createHmac('sha256', secret).update(encoded).digest('base64url')}`;
}

describe('load failures', () => {
  const live = '1.0.0+broken';
  const before = '0.9.0+fine';
  const neverLive = '1.1.0+unpromoted';
  // An api of its own for each test: reports are limited per address, and every test here sends some.
  let reporting: TestApi;
  let reportingAdmin: { token: string };
  const report = (body: object) => request(reporting.app).post('/remotes/errors').send(body);
  const pageLoad = async () => (await request(reporting.app).get('/remotes')).body;
  const failuresOfDashboard = () => reporting.database.collections.remoteFailures.countDocuments({ remote: 'mf_dashboard' });
  const overviewOfReporting = async (remote: string) =>
    (await request(reporting.app).get('/releases').set('Authorization', `Bearer ${reportingAdmin.token}`)).body.find(
      (entry: { remote: string }) => entry.remote === remote,
    );

  beforeEach(async () => {
    reporting = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASES_PUBLIC_URL: manifests.base });
    reportingAdmin = await createAccount(reporting, 'admin');
    await reporting.database.collections.releases.insertMany(
      [before, live, neverLive].map((version) => ({
        remote: 'mf_dashboard' as const, version, manifestUrl: manifests.publish('mf_dashboard', version), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: admin.email,
      })),
    );
    await reporting.database.collections.liveRemotes.insertOne({ remote: 'mf_dashboard', live, history: [before], updatedAt: new Date() });
  });
  afterEach(async () => {
    await reporting.close();
  });

  it('keeps a report of a version GET /remotes served to the page, with its manifest, once per page load', async () => {
    const { loadId, versions } = await pageLoad();
    expect(versions.mf_dashboard).toEqual({ live, previous: before });
    expect((await report({ remote: 'mf_dashboard', version: live, loadId, message: 'ScriptExternalLoadError' })).status).toBe(204);
    // The page fell back to the previous version, which failed too: a report of its own.
    expect((await report({ remote: 'mf_dashboard', version: before, loadId, message: 'Failed to fetch' })).status).toBe(204);
    // The same page again (a retry, or a script posting in a loop): not counted again.
    for (let i = 0; i < 3; i += 1) expect((await report({ remote: 'mf_dashboard', version: live, loadId, message: 'again' })).status).toBe(204);

    const overview = await overviewOfReporting('mf_dashboard');
    expect(overview.failureCount).toBe(2);
    expect(overview.failures).toEqual([
      { version: before, manifestUrl: manifests.publish('mf_dashboard', before), message: 'Failed to fetch', at: expect.any(String) },
      { version: live, manifestUrl: manifests.publish('mf_dashboard', live), message: 'ScriptExternalLoadError', at: expect.any(String) },
    ]);
    // Another page load counts again.
    const next = (await pageLoad()).loadId;
    expect((await report({ remote: 'mf_dashboard', version: live, loadId: next, message: 'ScriptExternalLoadError' })).status).toBe(204);
    expect((await overviewOfReporting('mf_dashboard')).failureCount).toBe(3);
    expect((await overviewOfReporting('mf_shop')).failureCount).toBe(0);
  });

  it('refuses a report of a version the page was never served, saying so, and keeps nothing', async () => {
    const { loadId } = await pageLoad();
    const stored = await failuresOfDashboard();
    for (const [remote, version] of [
      ['mf_dashboard', neverLive],
      ['mf_dashboard', '9.9.9'],
      ['mf_shop', live],
    ] as const) {
      const response = await report({ remote, version, loadId, message: 'boom' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: `${remote} ${version} was not served to this page: a failure report names a version GET /remotes gave it` });
    }
    expect(await failuresOfDashboard()).toBe(stored);
  });

  it('refuses a load id the api did not sign, one altered, and one that has ended', async () => {
    const { loadId } = await pageLoad();
    const [payload, signature] = loadId.split('.');
    const served = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...served, s: { ...served.s, mf_dashboard: [neverLive] } })).toString('base64url');
    const secret = reporting.config.remoteLoadIds.secret;
    const invalid = { message: 'This report carries no load id the api signed: send the loadId of the GET /remotes answer the page loaded with' };
    const stored = await failuresOfDashboard();
    for (const forged of [
      `${widened}.${signature}`,
      `${payload}.${'A'.repeat(43)}`,
      `${payload}.${signature}.extra`,
      payload,
      'not a load id',
      signedLoadId('another api instance with its own secret 0123456789', served),
    ]) {
      const response = await report({ remote: 'mf_dashboard', version: neverLive, loadId: forged, message: 'boom' });
      expect({ forged, status: response.status, body: response.body }).toEqual({ forged, status: 400, body: invalid });
    }
    const ended = signedLoadId(secret, { n: randomBytes(12).toString('base64url'), e: Date.now() - 1, s: { mf_dashboard: [live] } });
    const late = await report({ remote: 'mf_dashboard', version: live, loadId: ended, message: 'boom' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: 'This page load is too old to report a failure: reload the page' });
    expect(await failuresOfDashboard()).toBe(stored);
  });

  it.each([
    [{ remote: 'mf_dashboard', version: '1.0.0', loadId: 'x' }, 'message is required'],
    [{ remote: 'mf_dashboard', version: '1.0.0', message: 'x' }, 'loadId is required: the one GET /remotes gave this page'],
    [{ remote: 'mf_dashboard', version: 'latest', loadId: 'x', message: 'x' }, 'version must be a semver such as 1.2.3+build'],
    [{ remote: 'mf_dashboard', version: '1.0.0', loadId: 'x', message: 'x', stack: 'y' }, expect.any(String)],
    [{ remote: 'mf_dashboard', manifestUrl: 'http://x.test/m.json', version: '1.0.0', loadId: 'x', message: 'x' }, expect.any(String)],
    [{ remote: 'shell', version: '1.0.0', loadId: 'x', message: 'x' }, 'remote must be one of: mf_shop, mf_dashboard, mf_admin'],
  ])('refuses a malformed report with a 400', async (body, message) => {
    const response = await report(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it(`takes at most ${FAILURE_REPORTS_PER_WINDOW} reports a minute from one address`, async () => {
    const fresh = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl });
    try {
      await fresh.database.collections.releases.insertOne({
        remote: 'mf_shop', version: live, manifestUrl: manifests.publish('mf_shop', live), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: admin.email,
      });
      await fresh.database.collections.liveRemotes.insertOne({ remote: 'mf_shop', live, history: [], updatedAt: new Date() });
      const statuses: number[] = [];
      for (let i = 0; i <= FAILURE_REPORTS_PER_WINDOW; i += 1) {
        // A page load each, so each report counts.
        const { loadId } = (await request(fresh.app).get('/remotes')).body;
        statuses.push((await request(fresh.app).post('/remotes/errors').send({ remote: 'mf_shop', version: live, loadId, message: 'boom' })).status);
      }
      expect(statuses).toEqual([...Array(FAILURE_REPORTS_PER_WINDOW).fill(204), 429]);
      expect(await fresh.database.collections.remoteFailures.countDocuments({})).toBe(FAILURE_REPORTS_PER_WINDOW);
      const refused = await request(fresh.app).post('/remotes/errors').send({ remote: 'mf_shop', version: live, loadId: 'x', message: 'boom' });
      expect(refused.body).toEqual({ message: TOO_MANY_REPORTS });
    } finally {
      await fresh.close();
    }
  });
});

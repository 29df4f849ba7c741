import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import request from 'supertest';
import { createAccount, createTestApi, type TestApi } from '../../../test/helpers';
import { SHELL_SHARED, startManifestServer } from '../../../test/release-fixtures';
import { cohortBucket, chooseManifest, releaseMessages } from '@pcpp/contracts/core';
import { TOO_MANY_REPORTS } from '../../rate-limits';

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

/** A browser's cohort id (what the shell keeps in localStorage). */
const COHORT = 'cohort-of-a-test-browser';

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
      rollouts: {},
      loadSampleRate: 0.1,
      vitalsSampleRate: 0.1,
      loadId: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]{43}$/),
    });
    expect((await liveRemotes()).loadId).not.toBe(remotes.body.loadId);
  });

  it('promoting another keeps the one before as the fallback and the roll-back target', async () => {
    expect((await promote('mf_admin', v2)).body).toMatchObject({ live: v2, previous: v1 });
    expect(await liveRemotes()).toEqual({
      remotes: { mf_admin: manifests.publish('mf_admin', v2) },
      previous: { mf_admin: manifests.publish('mf_admin', v1) },
      versions: { mf_admin: { live: v2, previous: v1 } },
      rollouts: {},
      loadSampleRate: 0.1,
      vitalsSampleRate: 0.1,
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

/** A load id as the api signs one (a JWT, HS256, jose), with claims of the test's choosing. */
function signedLoadId(secret: string, claims: Record<string, unknown>, exp: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuer('pcpp-api')
    .setAudience('pcpp-remote-load')
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(`remote-load-ids:${secret}`));
}

/** The claims of a load id (its middle part). */
const claimsOf = (loadId: string) => JSON.parse(Buffer.from(loadId.split('.')[1]!, 'base64url').toString());

describe('load failures', () => {
  const live = '1.0.0+broken';
  const before = '0.9.0+fine';
  const neverLive = '1.1.0+unpromoted';
  // An api of its own for each test: reports are limited per address, and every test here sends some.
  let reporting: TestApi;
  let reportingAdmin: { token: string };
  const report = (body: object) => request(reporting.app).post('/remotes/errors').send({ cohort: COHORT, ...body });
  const pageLoad = async () => (await request(reporting.app).get('/remotes')).body;
  const failuresOfDashboard = () => reporting.database.collections.remoteReports.countDocuments({ remote: 'mf_dashboard', kind: 'loadError' });
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
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: `${remote} ${version} was not served to this page: a report names a version GET /remotes gave it` });
    }
    expect(await failuresOfDashboard()).toBe(stored);
  });

  it('refuses a load id the api did not sign, one altered, and one that has ended', async () => {
    const { loadId } = await pageLoad();
    const [header, payload, signature] = loadId.split('.');
    const claims = claimsOf(loadId);
    const widened = Buffer.from(JSON.stringify({ ...claims, s: { ...claims.s, mf_dashboard: [neverLive] } })).toString('base64url');
    const secret = reporting.config.remoteLoadIds.secret;
    const invalid = { message: 'This report carries no load id the api signed: send the loadId of the GET /remotes answer the page loaded with' };
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const stored = await failuresOfDashboard();
    for (const forged of [
      `${header}.${widened}.${signature}`,
      `${header}.${payload}.${'A'.repeat(43)}`,
      `${header}.${payload}.${signature}.extra`,
      unsigned,
      payload,
      'not a load id',
      await signedLoadId('another api instance with its own secret 0123456789', claims, claims.exp),
    ]) {
      const response = await report({ remote: 'mf_dashboard', version: neverLive, loadId: forged, message: 'boom' });
      expect({ forged, status: response.status, body: response.body }).toEqual({ forged, status: 400, body: invalid });
    }
    const ended = await signedLoadId(secret, { s: { mf_dashboard: [live] }, a: claims.a }, Math.floor(Date.now() / 1000) - 1);
    const late = await report({ remote: 'mf_dashboard', version: live, loadId: ended, message: 'boom' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: 'This page load is too old to report a failure: reload the page' });
    expect(await failuresOfDashboard()).toBe(stored);
  });

  it.each([
    [{ remote: 'mf_dashboard', version: '1.0.0', loadId: 'x' }, 'message is required'],
    [{ remote: 'mf_dashboard', version: '1.0.0', message: 'x' }, 'loadId is required: the one GET /remotes gave this page'],
    [{ remote: 'mf_dashboard', version: 'latest', loadId: 'x', message: 'x' }, 'version must be a semver such as 1.2.3+build'],
    [{ remote: 'mf_dashboard', version: '1.0.0', loadId: 'x', message: 'x', kind: 'render' }, 'kind must be one of: load, runtime'],
    [{ remote: 'mf_dashboard', version: '1.0.0', loadId: 'x', message: 'x', stack: 'y'.repeat(2_001) }, 'stack: at most 2000 characters (send the first lines)'],
    [{ remote: 'mf_dashboard', manifestUrl: 'http://x.test/m.json', version: '1.0.0', loadId: 'x', message: 'x' }, expect.any(String)],
    [{ remote: 'shell', version: '1.0.0', loadId: 'x', message: 'x' }, 'remote must be one of: mf_shop, mf_dashboard, mf_admin'],
  ])('refuses a malformed report with a 400', async (body, message) => {
    const response = await report(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it('takes at most RELEASE_REPORTS_PER_ADDRESS reports a minute from one address, counted in the database', async () => {
    const perAddress = 4;
    const fresh = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl, RELEASE_REPORTS_PER_ADDRESS: String(perAddress) });
    try {
      await fresh.database.collections.releases.insertOne({
        remote: 'mf_shop', version: live, manifestUrl: manifests.publish('mf_shop', live), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: admin.email,
      });
      await fresh.database.collections.liveRemotes.insertOne({ remote: 'mf_shop', live, history: [], updatedAt: new Date() });
      const statuses: number[] = [];
      const routes = ['/remotes/errors', '/remotes/loads', '/remotes/vitals'];
      for (let i = 0; i <= perAddress; i += 1) {
        // A page load each, so each report counts; the three routes share the limit.
        const { loadId } = (await request(fresh.app).get('/remotes')).body;
        const route = routes[i % routes.length]!;
        const body = { remote: 'mf_shop', version: live, loadId, cohort: COHORT, ...(route === '/remotes/errors' ? { message: 'boom' } : {}), ...(route === '/remotes/vitals' ? { inp: 80 } : {}) };
        statuses.push((await request(fresh.app).post(route).send(body)).status);
      }
      expect(statuses).toEqual([...Array(perAddress).fill(204), 429]);
      expect(await fresh.database.collections.remoteReports.countDocuments({})).toBe(perAddress);
      const refused = await request(fresh.app).post('/remotes/errors').send({ remote: 'mf_shop', version: live, loadId: 'x', message: 'boom' });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: TOO_MANY_REPORTS });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /remotes/vitals as a beacon', () => {
  it('counts vitals sent as sendBeacon sends a string (JSON in text/plain) and refuses text that is not JSON', async () => {
    const live = '1.0.0+beacon';
    const fresh = await createTestApi({ SHELL_MANIFEST_URL: manifests.shellManifestUrl });
    try {
      await fresh.database.collections.releases.insertOne({
        remote: 'mf_shop', version: live, manifestUrl: manifests.publish('mf_shop', live), shared: SHELL_SHARED, publishedAt: new Date(), publishedBy: admin.email,
      });
      await fresh.database.collections.liveRemotes.insertOne({ remote: 'mf_shop', live, history: [], updatedAt: new Date() });
      const { loadId } = (await request(fresh.app).get('/remotes').query({ cohort: COHORT })).body;
      const beacon = (text: string) => request(fresh.app).post('/remotes/vitals').set('Content-Type', 'text/plain;charset=UTF-8').send(text);
      const counted = await beacon(JSON.stringify({ remote: 'mf_shop', version: live, loadId, cohort: COHORT, lcp: 900, inp: 120 }));
      expect(counted.status).toBe(204);
      expect(await fresh.database.collections.remoteReports.findOne({ kind: 'vitals' })).toMatchObject({ lcp: 900, inp: 120, cohort: COHORT });
      const notJson = await beacon('lcp=900');
      expect(notJson.status).toBe(400);
      expect(notJson.body).toEqual({ message: releaseMessages.beaconNotJson });
      const tooLarge = await beacon(JSON.stringify({ remote: 'mf_shop', version: live, loadId, cohort: COHORT, lcp: 900, pad: 'x'.repeat(5_000) }));
      expect(tooLarge.status).toBe(413);
      // Parsed, then checked by the same strict schema as a JSON body.
      const unknownKey = await beacon(JSON.stringify({ remote: 'mf_shop', version: live, loadId, cohort: COHORT, lcp: 900, extra: 1 }));
      expect(unknownKey.status).toBe(400);
      expect(await fresh.database.collections.remoteReports.countDocuments({ kind: 'vitals' })).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});

/** Cohort ids whose bucket for `remote` is below `percent` (in the rollout), and others at or above it. */
function cohortsOf(remote: 'mf_shop' | 'mf_dashboard' | 'mf_admin', percent: number) {
  const inside: string[] = [];
  const outside: string[] = [];
  for (let i = 0; inside.length < 5 || outside.length < 5; i += 1) {
    const cohort = `test-cohort-${String(i).padStart(6, '0')}`;
    (cohortBucket(cohort, remote) < percent ? inside : outside).push(cohort);
  }
  return { inside, outside };
}

describe('rollouts', () => {
  const s1 = '2.0.0+live';
  const s2 = '2.1.0+candidate';
  const s3 = '2.2.0+another';
  const rollout = (remote: string, body: object) => asAdmin(request(api.app).post(`/releases/${remote}/rollout`).send(body));
  const abort = (remote: string) => asAdmin(request(api.app).post(`/releases/${remote}/rollout/abort`));
  const pageLoad = async (cohort?: string) => (await request(api.app).get('/remotes').query(cohort ? { cohort } : {})).body;

  beforeAll(async () => {
    for (const version of [s1, s2, s3]) {
      expect((await publish('mf_shop', { version, manifestUrl: manifests.publish('mf_shop', version) })).status).toBe(201);
    }
  });

  it('needs a live version to fall back on', async () => {
    const response = await rollout('mf_shop', { version: s2, percent: 10 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'mf_shop has no live version yet: promote one before rolling another out' });
  });

  it('serves the candidate to the cohorts below its share, the live version to the others, and signs only what each gets', async () => {
    expect((await promote('mf_shop', s1)).status).toBe(200);
    const started = await rollout('mf_shop', { version: s2, percent: 30 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      live: s1,
      rollout: { version: s2, percent: 30, startedBy: admin.email, candidate: { loads: 0, failures: 0 }, live: { loads: 0, failures: 0 } },
    });
    const registry = await pageLoad();
    expect(registry.rollouts).toEqual({ mf_shop: { version: s2, manifestUrl: manifests.publish('mf_shop', s2), percent: 30 } });
    expect(registry.remotes.mf_shop).toBe(manifests.publish('mf_shop', s1));

    const { inside, outside } = cohortsOf('mf_shop', 30);
    for (const cohort of inside) {
      expect(chooseManifest(registry, { remotes: { mf_shop: '', mf_dashboard: '', mf_admin: '' } }, cohort).mf_shop).toEqual({
        manifestUrl: manifests.publish('mf_shop', s2),
        version: s2,
        previous: manifests.publish('mf_shop', s1),
        previousVersion: s1,
        source: 'rollout',
      });
    }
    // The load id of a cohort in the rollout lets it report the candidate and its fallback; another cohort's, the live version only.
    const { loadId } = await pageLoad(inside[0]);
    const servedTo = (id: string) => claimsOf(id).s.mf_shop;
    expect(servedTo(loadId)).toEqual([s2, s1]);
    expect(servedTo((await pageLoad(outside[0])).loadId)).toEqual([s1]);
    // A report must come with the cohort its page load asked for.
    const wrongCohort = await request(api.app).post('/remotes/loads').send({ remote: 'mf_shop', version: s2, loadId, cohort: outside[0] });
    expect(wrongCohort.status).toBe(403);
    expect(wrongCohort.body).toEqual({ message: "This report names another cohort than its page load: send the cohort the page asked GET /remotes with" });
  });

  it('only raises the share, and refuses another version, a promote and a roll back while it runs', async () => {
    const lower = await rollout('mf_shop', { version: s2, percent: 30 });
    expect(lower.status).toBe(409);
    expect(lower.body).toEqual({ message: `mf_shop ${s2} already reaches 30 % of the browsers: a share only rises (abort the rollout to stop it)` });
    const raised = await rollout('mf_shop', { version: s2, percent: 60 });
    expect(raised.status).toBe(200);
    expect(raised.body.rollout).toMatchObject({ version: s2, percent: 60 });

    const running = { message: `mf_shop is rolling ${s2} out: complete or abort that rollout first` };
    const other = await rollout('mf_shop', { version: s3, percent: 10 });
    expect([other.status, other.body]).toEqual([409, running]);
    const promoted = await promote('mf_shop', s3);
    expect([promoted.status, promoted.body]).toEqual([409, running]);
    const rolledBack = await rollback('mf_shop');
    expect([rolledBack.status, rolledBack.body]).toEqual([409, running]);
  });

  it('raising the share never moves a cohort from the candidate back to the live version', async () => {
    const registry = await pageLoad();
    const config = { remotes: { mf_shop: '', mf_dashboard: '', mf_admin: '' } };
    const cohorts = Array.from({ length: 2_000 }, (_, i) => `raise-cohort-${String(i).padStart(6, '0')}`);
    let before = new Set<string>();
    for (const percent of [1, 5, 10, 25, 50, 75, 99]) {
      const at = { ...registry, rollouts: { mf_shop: { ...registry.rollouts.mf_shop, percent } } };
      const candidates = new Set(cohorts.filter((cohort) => chooseManifest(at, config, cohort).mf_shop.source === 'rollout'));
      for (const cohort of before) expect(candidates.has(cohort)).toBe(true);
      expect(candidates.size).toBeGreaterThanOrEqual(before.size);
      before = candidates;
    }
  });

  it('aborts: everyone gets the live version again, and the page says who ended it', async () => {
    const aborted = await abort('mf_shop');
    expect(aborted.status).toBe(200);
    expect(aborted.body).toMatchObject({
      live: s1,
      rollout: null,
      lastRollout: { version: s2, percent: 60, outcome: 'aborted', reason: `Aborted by ${admin.email}`, by: admin.email, candidate: { loads: 0, failures: 0 } },
    });
    expect((await pageLoad()).rollouts).toEqual({});
    const again = await abort('mf_shop');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'mf_shop has no rollout under way' });
  });

  it('refuses a version built against another major of a shared singleton, as promote does', async () => {
    const version = '2.3.0+react18';
    await publish('mf_shop', { version, manifestUrl: manifests.publish('mf_shop', version, { ...SHELL_SHARED, react: '18.3.1' }) });
    const response = await rollout('mf_shop', { version, percent: 10 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: `mf_shop ${version} cannot go live: it was built against react 18.3.1 (the shell provides 19.3.1). Rebuild it against the shell's versions.`,
    });
    expect((await pageLoad()).rollouts).toEqual({});
  });

  it('at 100 % the version becomes live, with the one before as its fallback', async () => {
    expect((await rollout('mf_shop', { version: s3, percent: 40 })).status).toBe(200);
    const completed = await rollout('mf_shop', { version: s3, percent: 100 });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ live: s3, previous: s1, rollout: null, lastRollout: { version: s3, outcome: 'completed' } });
    const registry = await pageLoad();
    expect(registry.rollouts).toEqual({});
    expect(registry.versions.mf_shop).toEqual({ live: s3, previous: s1 });
  });

  it.each([
    [{ version: s2, percent: 0 }, 'percent must be a whole number from 1 to 100'],
    [{ version: s2, percent: 101 }, 'percent must be a whole number from 1 to 100'],
    [{ version: s2, percent: 12.5 }, 'percent must be a whole number from 1 to 100'],
    [{ version: s2, percent: '50' }, 'percent must be a whole number from 1 to 100'],
    [{ version: 'latest', percent: 50 }, 'version must be a semver such as 1.2.3+build'],
    [{ version: s2, percent: 50, live: true }, expect.any(String)],
    [{ version: s2 }, 'percent is required (a whole number from 1 to 100), or stages'],
    [{ version: s2, percent: 5, stages: [5, 100] }, 'Give percent (a share set by hand) or stages (shares it rises through by itself), not both'],
    [{ version: s2, stages: [5, 50] }, 'stages must be 2 to 10 whole numbers from 1 to 100, each higher than the one before, ending at 100'],
    [{ version: s2, stages: [50, 25, 100] }, 'stages must be 2 to 10 whole numbers from 1 to 100, each higher than the one before, ending at 100'],
    [{ version: s2, stages: [5, 100], stageMinutes: 0 }, 'stageMinutes must be a number of minutes from 0.05 to 10080 (a week)'],
    [{ version: s2, percent: 5, stageMinutes: 10 }, 'stageMinutes is the window of each stage: give stages with it'],
  ])('refuses a malformed rollout %j with a 400', async (body, message) => {
    const response = await rollout('mf_shop', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(message);
  });

  it('refuses a cohort that is not a random id of the shell\'s shape', async () => {
    for (const cohort of ['short', 'x'.repeat(65), 'a cohort with spaces!!', 'user@example.com-0000']) {
      const response = await request(api.app).get('/remotes').query({ cohort });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('cohort must be the random id the shell keeps');
    }
    expect((await request(api.app).get('/remotes').query({ cohort: COHORT, extra: 1 })).status).toBe(400);
  });

  it('records each step in the activity log', async () => {
    const activity = await asAdmin(request(api.app).get('/activity?limit=50'));
    const steps = activity.body.items
      .filter((entry: { target: string; action: string }) => entry.target === 'mf_shop' && entry.action !== 'release.published')
      .map((entry: { action: string; details: string }) => `${entry.action} ${entry.details}`)
      .reverse();
    expect(steps).toEqual([
      `release.promoted ${s1}`,
      `release.rolloutStarted ${s2} to 30 %`,
      `release.rolloutRaised ${s2} to 60 %`,
      `release.rolloutAborted ${s2}`,
      `release.rolloutStarted ${s3} to 40 %`,
      `release.rolloutCompleted ${s3}`,
    ]);
  });
});

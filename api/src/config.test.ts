import path from 'node:path';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

const PRODUCTION = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb://db.example:27017',
  JWT_SECRET: 'x'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_live_51Habc0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
};

/** The one variable without a default. */
const DATABASE = { MONGODB_URI: 'mongodb://127.0.0.1:27017' };

describe('loadConfig', () => {
  it('has development defaults', () => {
    const config = loadConfig(DATABASE);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      instances: 1,
      roleCacheTtlMs: 5_000,
      host: '127.0.0.1',
      mongodbUri: 'mongodb://127.0.0.1:27017',
      mongodbDb: 'pcparts',
      firebaseProjectId: 'demo-pcparts',
      authEmulatorHost: undefined,
      adminEmails: [],
      jwtSecretGenerated: true,
      logLevel: 'info',
      seedDemoData: true,
    });
    expect(config.corsOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(DATABASE).jwtSecret).not.toBe(config.jwtSecret);
  });

  it('listens on loopback unless HOST says otherwise, and reads the rate limits', () => {
    expect(loadConfig({ ...DATABASE, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(DATABASE).rateLimits).toEqual({
      windowMs: 60_000,
      signIn: 100,
      reviews: 10,
      orders: 20,
      paymentIntents: 30,
      uploads: 30,
      cart: 120,
      verificationEmails: 5,
      verificationEmailsPerAddress: 10,
      remoteReportsPerAddress: 60,
      accountChanges: 30,
      accountChangesPerAddress: 60,
      identityChanges: 5,
      dataExports: 3,
      buildAdvicePerAddress: 30,
    });
    expect(loadConfig({ ...DATABASE, RATE_LIMIT_WINDOW_SECONDS: '5', RATE_LIMIT_REVIEWS: '2' }).rateLimits).toMatchObject({
      windowMs: 5000,
      reviews: 2,
    });
    expect(problemsOf({ ...DATABASE, RATE_LIMIT_ORDERS: '0' })).toEqual(['RATE_LIMIT_ORDERS: must be at least 1']);
  });

  it('derives the default origins from the front ends ports', () => {
    expect(loadConfig({ ...DATABASE, SHELL_PORT: '5000', ADMIN_PORT: '5003' }).corsOrigins).toEqual([
      'http://localhost:5000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:5003',
    ]);
  });

  it('parses lists and flags', () => {
    const config = loadConfig({
      ...DATABASE,
      CORS_ORIGINS: 'https://shop.example, http://localhost:8080',
      ADMIN_EMAILS: 'Boss@Example.com, ops@example.com',
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'test',
      API_PORT: '0',
    });
    expect(config.corsOrigins).toEqual(['https://shop.example', 'http://localhost:8080']);
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.seedDemoData).toBe(false);
    expect(config.logLevel).toBe('silent');
    expect(config.port).toBe(0);
  });

  it('makes the demo admin an admin when the emulator is in use and ADMIN_EMAILS is unset', () => {
    expect(loadConfig({ ...DATABASE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).adminEmails).toEqual([
      'admin@pcparts.dev',
    ]);
    expect(
      loadConfig({ ...DATABASE, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ADMIN_EMAILS: 'a@example.com' }).adminEmails,
    ).toEqual(['a@example.com']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...DATABASE, API_PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 4000, logLevel: 'info' });
    expect(problemsOf({ MONGODB_URI: '' })).toEqual([expect.stringMatching(/^MONGODB_URI: is required/)]);
  });

  it.each(['abc', '70000', '-1', '4000.5'])('rejects API_PORT=%s', (port) => {
    expect(problemsOf({ ...DATABASE, API_PORT: port })).toEqual([expect.stringMatching(/^API_PORT: /)]);
  });

  it('serves the API reference outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig(DATABASE).apiDocs).toBe(true);
    expect(loadConfig({ ...DATABASE, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(problemsOf({ ...DATABASE, API_DOCS: 'maybe' })).toEqual(['API_DOCS: must be true or false']);
  });

  it('refuses the auth emulator in production', () => {
    expect(problemsOf({ ...PRODUCTION, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production',
    ]);
  });

  it.each(['development', 'test', 'production'])('requires MONGODB_URI (NODE_ENV=%s), naming npm start', (nodeEnv) => {
    expect(problemsOf({ ...PRODUCTION, NODE_ENV: nodeEnv, MONGODB_URI: undefined })).toEqual([
      'MONGODB_URI: is required: a MongoDB connection string. For development, run `npm start` (or `npm run dev`), which starts a local database and sets it',
    ]);
  });

  it('requires a JWT_SECRET of 32 characters or more in production', () => {
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: 'short' })).toEqual([
      'JWT_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: undefined })).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
    ]);
    expect(loadConfig(PRODUCTION)).toMatchObject({ jwtSecret: 'x'.repeat(32), jwtSecretGenerated: false });
  });

  it('lists every bad variable at once, each by name', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      API_PORT: 'x',
      CORS_ORIGINS: 'localhost:3000',
      ADMIN_EMAILS: 'not-an-email',
      LOG_LEVEL: 'loud',
      SEED_DEMO_DATA: 'maybe',
      FIREBASE_AUTH_EMULATOR_HOST: 'nohost',
    });
    const names = problems.map((problem) => problem.split(/[.:]/)[0]);
    expect(new Set(names)).toEqual(
      new Set([
        'API_PORT',
        'CORS_ORIGINS',
        'ADMIN_EMAILS',
        'LOG_LEVEL',
        'SEED_DEMO_DATA',
        'FIREBASE_AUTH_EMULATOR_HOST',
        'MONGODB_URI',
        'JWT_SECRET',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]),
    );
  });

  it('requires Stripe keys in production, with no api override there', () => {
    expect(problemsOf({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined })).toEqual([
      'STRIPE_SECRET_KEY: is required when NODE_ENV=production',
      'STRIPE_WEBHOOK_SECRET: is required when NODE_ENV=production',
    ]);
    expect(problemsOf({ ...PRODUCTION, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual([
      'STRIPE_API_URL: must not be set when NODE_ENV=production',
      'STRIPE_SECRET_KEY: a live key must never go to STRIPE_API_URL (the local sandbox takes test keys only)',
    ]);
    expect(loadConfig(PRODUCTION).stripe).toEqual({
      secretKey: 'sk_live_51Habc0123456789',
      webhookSecret: 'whsec_0123456789abcdef',
      apiUrl: undefined,
    });
  });

  it('points Stripe at the local sandbox in development, with test keys only', () => {
    const sandbox = { ...DATABASE, STRIPE_SECRET_KEY: 'sk_test_sandbox_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' };
    expect(loadConfig(sandbox).stripe).toEqual({
      secretKey: 'sk_test_sandbox_abc',
      webhookSecret: undefined,
      apiUrl: new URL('http://127.0.0.1:12111'),
    });
    expect(problemsOf({ ...sandbox, STRIPE_SECRET_KEY: 'rk_live_abc' })).toEqual([
      'STRIPE_SECRET_KEY: a live key must never go to STRIPE_API_URL (the local sandbox takes test keys only)',
    ]);
    expect(problemsOf({ ...sandbox, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_API_URL: 'ftp://x', STRIPE_WEBHOOK_SECRET: 'nope' })).toEqual([
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
      'STRIPE_WEBHOOK_SECRET: must be a webhook signing secret (whsec_…)',
      'STRIPE_API_URL: must be an http(s) URL, e.g. http://127.0.0.1:12111',
    ]);
    expect(loadConfig(DATABASE).stripe).toBeUndefined();
  });

  it('has defaults for orders and their emails, derived from the shell port', () => {
    expect(loadConfig(DATABASE)).toMatchObject({
      orderHoldMinutes: 30,
      returnWindowDays: 30,
      trustProxy: false,
      orderHoldLimits: { maxUnpaidOrders: 3, maxHeldUnitsPerPart: 10, heldSharePercent: 50, payNowHoldMinutes: 10 },
      smtpUrl: undefined,
      mailFrom: 'PC PART PICKER <orders@pcparts.dev>',
      shopUrl: 'http://localhost:3000',
    });
    expect(loadConfig({ ...DATABASE, SHELL_PORT: '5000' }).shopUrl).toBe('http://localhost:5000');
    expect(
      loadConfig({
        ...DATABASE,
        ORDER_HOLD_MINUTES: '30',
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        MAIL_FROM: 'Shop <shop@example.com>',
        SHOP_URL: 'https://shop.example/',
      }),
    ).toMatchObject({
      orderHoldMinutes: 30,
      returnWindowDays: 30,
      trustProxy: false,
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Shop <shop@example.com>',
      shopUrl: 'https://shop.example',
    });
  });

  it('reads API_INSTANCES and ROLE_CACHE_TTL_MS, and rejects bad ones', () => {
    expect(loadConfig({ ...DATABASE, API_INSTANCES: '2', ROLE_CACHE_TTL_MS: '0' })).toMatchObject({ instances: 2, roleCacheTtlMs: 0 });
    expect(problemsOf({ ...DATABASE, API_INSTANCES: '0', ROLE_CACHE_TTL_MS: '-1' })).toEqual([
      'API_INSTANCES: must be at least 1',
      'ROLE_CACHE_TTL_MS: must be 0 (no cache) or more',
    ]);
  });

  it('allows release manifests on the release store and the remotes\' origins only, by default those of npm start', () => {
    expect(loadConfig(DATABASE).releaseManifestSources).toEqual([
      'http://localhost:3004',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    expect(loadConfig({ ...DATABASE, RELEASES_PORT: '5404', SHOP_PORT: '5401' }).releaseManifestSources).toEqual([
      'http://localhost:5404',
      'http://localhost:5401',
      'http://localhost:3002',
      'http://localhost:3003',
    ]);
    const deployed = loadConfig({
      ...DATABASE,
      RELEASES_PUBLIC_URL: 'https://cdn.shop.example/releases/',
      MF_SHOP_MANIFEST_URL: 'https://shop.example/mf-shop/mf-manifest.json',
      MF_DASHBOARD_MANIFEST_URL: 'https://shop.example/mf-dashboard/mf-manifest.json',
      MF_ADMIN_MANIFEST_URL: 'https://admin.shop.example/mf-manifest.json',
      RELEASE_MANIFEST_ORIGINS: 'https://staging.shop.example, https://eu.cdn.shop.example',
    });
    expect(deployed.releaseManifestSources).toEqual([
      'https://cdn.shop.example/releases',
      'https://shop.example',
      'https://admin.shop.example',
      'https://staging.shop.example',
      'https://eu.cdn.shop.example',
    ]);
    expect(problemsOf({ ...DATABASE, RELEASES_PUBLIC_URL: 'cdn.example', MF_SHOP_MANIFEST_URL: 'http://[::1', RELEASE_MANIFEST_ORIGINS: 'https://a.example/path' })).toEqual([
      'RELEASES_PUBLIC_URL: must be an http(s) address, e.g. https://releases.shop.example',
      'MF_SHOP_MANIFEST_URL: must be an http(s) address, e.g. https://shop.example/mf-shop/mf-manifest.json',
      'RELEASE_MANIFEST_ORIGINS.0: "https://a.example/path" is not an origin like http://localhost:3000',
    ]);
  });

  it('signs the remotes\' load ids with REMOTE_LOAD_ID_SECRET, else a random secret per start, for 60 minutes by default', () => {
    const generated = loadConfig(DATABASE).remoteLoadIds;
    expect(generated).toEqual({ secret: expect.any(String), secretGenerated: true, ttlMs: 60 * 60_000 });
    expect(generated.secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(DATABASE).remoteLoadIds.secret).not.toBe(generated.secret);
    const secret = 'a-load-id-secret-shared-by-instances-0123';
    expect(loadConfig({ ...DATABASE, REMOTE_LOAD_ID_SECRET: secret, REMOTE_LOAD_ID_TTL_MINUTES: '15' }).remoteLoadIds).toEqual({
      secret,
      secretGenerated: false,
      ttlMs: 15 * 60_000,
    });
    expect(problemsOf({ ...DATABASE, REMOTE_LOAD_ID_SECRET: 'short', REMOTE_LOAD_ID_TTL_MINUTES: '0' })).toEqual([
      'REMOTE_LOAD_ID_SECRET: must be at least 32 characters',
      'REMOTE_LOAD_ID_TTL_MINUTES: must be at least 1 minute',
    ]);
  });

  it('reads the guarded rollouts\' verdict settings, with documented defaults', () => {
    expect(loadConfig(DATABASE).releaseGuard).toEqual({
      verdictIntervalSeconds: 60,
      minAddresses: 30,
      minCohorts: 30,
      minVitalsSamples: 30,
      cohortsPerAddress: 1,
      confidencePercent: 95,
      vitalsMarginPercent: 10,
      stageMinutes: 60,
      reportsPerCohort: 20,
      vitalsSampleRate: 0.1,
    });
    const e2e = loadConfig({
      ...DATABASE,
      RELEASE_VERDICT_INTERVAL_SECONDS: '1',
      RELEASE_VERDICT_MIN_ADDRESSES: '1',
      RELEASE_VERDICT_MIN_COHORTS: '3',
      RELEASE_VERDICT_COHORTS_PER_ADDRESS: '1000',
      RELEASE_VITALS_SAMPLE_PERCENT: '100',
      RELEASE_STAGE_MINUTES: '0.1',
      RELEASE_REPORTS_PER_ADDRESS: '10000',
    });
    expect(e2e.releaseGuard).toMatchObject({ verdictIntervalSeconds: 1, minAddresses: 1, minCohorts: 3, cohortsPerAddress: 1000, vitalsSampleRate: 1, stageMinutes: 0.1 });
    expect(e2e.rateLimits.remoteReportsPerAddress).toBe(10_000);
    expect(problemsOf({ ...DATABASE, RELEASE_VERDICT_MIN_COHORTS: '0', RELEASE_VERDICT_CONFIDENCE_PERCENT: '100', RELEASE_VERDICT_INTERVAL_SECONDS: 'soon' })).toEqual([
      'RELEASE_VERDICT_INTERVAL_SECONDS: must be a number of seconds',
      'RELEASE_VERDICT_MIN_COHORTS: must be at least 1',
      'RELEASE_VERDICT_CONFIDENCE_PERCENT: must be at most 99.9',
    ]);
  });

  it('rejects a bad hold time, SMTP_URL or SHOP_URL', () => {
    expect(problemsOf({ ...DATABASE, ORDER_HOLD_MINUTES: '0', SMTP_URL: 'mail.example:25', SHOP_URL: 'shop.example' })).toEqual([
      'ORDER_HOLD_MINUTES: must be at least 1 minute',
      'SMTP_URL: must start with smtp:// or smtps://',
      'SHOP_URL: must be an http(s) address, e.g. https://shop.example',
    ]);
    expect(problemsOf({ ...DATABASE, ORDER_HOLD_MINUTES: '1.5' })).toEqual(['ORDER_HOLD_MINUTES: must be a whole number of minutes']);
  });

  it('rejects an unknown NODE_ENV and a bad MONGODB_URI', () => {
    expect(problemsOf({ NODE_ENV: 'staging', MONGODB_URI: 'http://db' })).toEqual([
      'NODE_ENV: must be development, test or production',
      'MONGODB_URI: must start with mongodb:// or mongodb+srv://',
    ]);
  });

  // Uploads.
  it('stores uploads under .data/uploads, served by the api at PUBLIC_API_URL, by default', () => {
    const config = loadConfig({ ...DATABASE, API_PORT: '4100' });
    expect(config.publicApiUrl).toBe('http://localhost:4100');
    expect(config.uploadStorage).toEqual({
      kind: 'disk',
      dir: path.resolve('.data/uploads'),
      baseUrl: 'http://localhost:4100',
    });
    expect(config.uploadUnattachedHours).toBe(24);
    expect(
      loadConfig({ ...DATABASE, PUBLIC_API_URL: 'https://api.shop.example/', UPLOADS_DIR: '/srv/images', UPLOAD_UNATTACHED_HOURS: '6' }),
    ).toMatchObject({
      publicApiUrl: 'https://api.shop.example',
      uploadStorage: { kind: 'disk', dir: '/srv/images', baseUrl: 'https://api.shop.example' },
      uploadUnattachedHours: 6,
    });
  });

  it('uses a bucket when S3_BUCKET is set, with a public URL derived from the endpoint unless given', () => {
    expect(loadConfig({ ...DATABASE, S3_BUCKET: 'shop-images', S3_REGION: 'eu-central-1' }).uploadStorage).toEqual({
      kind: 's3',
      bucket: 'shop-images',
      endpoint: undefined,
      region: 'eu-central-1',
      credentials: undefined,
      forcePathStyle: false,
      publicUrl: 'https://shop-images.s3.eu-central-1.amazonaws.com',
    });
    const minio = {
      ...DATABASE,
      S3_BUCKET: 'shop-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    };
    expect(loadConfig(minio).uploadStorage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'http://127.0.0.1:9000/shop-images',
    });
    expect(loadConfig({ ...minio, S3_ENDPOINT: 'https://s3.storage.example', S3_FORCE_PATH_STYLE: 'false' }).uploadStorage).toMatchObject({
      publicUrl: 'https://shop-images.s3.storage.example',
    });
    expect(loadConfig({ ...minio, S3_PUBLIC_URL: 'https://images.shop.example/' }).uploadStorage).toMatchObject({
      publicUrl: 'https://images.shop.example',
    });
  });

  it('rejects half a key pair, S3 settings without a bucket, a bad bucket name or hour count', () => {
    expect(problemsOf({ ...DATABASE, S3_BUCKET: 'ok-bucket', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problemsOf({ ...DATABASE, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.example' })).toEqual([
      'S3_ENDPOINT, S3_PUBLIC_URL: only used with S3_BUCKET, which is unset',
    ]);
    expect(
      problemsOf({ ...DATABASE, S3_BUCKET: 'No', PUBLIC_API_URL: 'api.example', UPLOAD_UNATTACHED_HOURS: '0' }),
    ).toEqual([
      'PUBLIC_API_URL: must be an http(s) address, e.g. https://api.shop.example',
      'UPLOAD_UNATTACHED_HOURS: must be at least 1 hour',
      'S3_BUCKET: must be a bucket name (3-63 of a-z 0-9 . -)',
    ]);
  });
});

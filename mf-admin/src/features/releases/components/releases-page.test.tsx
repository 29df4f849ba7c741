import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RemoteReleases, VerdictThresholds, VersionHealth } from '@pcpp/contracts/core';
import { renderWithQueryClient, startApiTestServer, type TestAnswer } from '@pcpp/contracts/testing';
import { ReleasesPage } from './releases-page';

const at = '2026-11-20T10:00:00.000Z';
const thresholds: VerdictThresholds = {
  errorTest: 'Newcombe–Wilson interval on the difference',
  confidencePercent: 95,
  vitalsMarginPercent: 10,
  minAddresses: 30,
  minCohorts: 30,
  minVitalsSamples: 30,
  intervalSeconds: 60,
};
const health = (version: string, over: Partial<VersionHealth> = {}): VersionHealth => ({
  version,
  cohorts: 40,
  addresses: 35,
  weight: 35,
  loadErrors: { affected: 0, rate: 0 },
  runtimeErrors: { affected: 1, rate: 1 / 35 },
  lcp: { p75: 1200, samples: 34 },
  inp: { p75: 64, samples: 33 },
  cls: { p75: 0.012, samples: 34 },
  ...over,
});
const version = (v: string) => ({ version: v, manifestUrl: `http://store.test/${v}/mf-manifest.json`, shared: {}, publishedAt: at, publishedBy: 'ci@pcparts.dev' });
const empty = { failures: [], failureCount: 0, errors: [], thresholds, rollout: null, lastRollout: null };

const shop: RemoteReleases = {
  ...empty,
  remote: 'mf_shop',
  live: '1.0.0+live',
  previous: null,
  versions: [version('1.1.0+cand'), version('1.0.0+live')],
  rollout: {
    version: '1.1.0+cand',
    percent: 25,
    startedAt: at,
    startedBy: 'admin@pcparts.dev',
    candidate: { loads: 40, failures: 0 },
    live: { loads: 120, failures: 1 },
    stages: [5, 25, 50, 100],
    stageIndex: 1,
    stageMinutes: 30,
    stageStartedAt: at,
    nextStageAt: '2026-11-20T10:30:00.000Z',
    health: { candidate: health('1.1.0+cand', { inp: { p75: 71, samples: 33 } }), live: health('1.0.0+live') },
    series: [
      {
        from: '2026-11-20T10:00:00.000Z',
        to: '2026-11-20T10:05:00.000Z',
        candidate: { cohorts: 12, errorRate: 0.083, lcpP75: 1250, inpP75: 70 },
        live: { cohorts: 30, errorRate: 0, lcpP75: 1180, inpP75: 60 },
      },
    ],
    verdict: { at, state: 'healthy', regression: null, note: null },
  },
};

const admin: RemoteReleases = {
  ...empty,
  remote: 'mf_admin',
  live: '2.0.0+live',
  previous: '1.9.0+old',
  versions: [version('2.1.0+slow'), version('2.0.0+live'), version('1.9.0+old')],
  errors: [
    {
      kind: 'runtime',
      version: '2.1.0+slow',
      message: 'TypeError: cart is undefined',
      count: 17,
      cohorts: 9,
      firstSeen: at,
      lastSeen: '2026-11-20T11:42:00.000Z',
      where: 'src/features/orders/components/order-row.tsx:41:17',
      stack: ['TypeError: cart is undefined', 'at OrderRow (src/features/orders/components/order-row.tsx:41:17)', 'at http://localhost:3000/react.1a2b3c4d.js:1:99'],
    },
    { kind: 'load', version: '2.0.0+live', message: 'ChunkLoadError: Loading chunk 7 failed', count: 2, cohorts: 2, firstSeen: at, lastSeen: at },
  ],
  lastRollout: {
    version: '2.1.0+slow',
    percent: 50,
    outcome: 'rolledBack',
    reason: 'Rolled back automatically: INP p75: 412 ms on the candidate against 64 ms on the live version (the limit is 70 ms, live + 10 %)',
    at,
    by: 'the api',
    candidate: { loads: 60, failures: 0 },
    verdict: {
      at,
      state: 'regression',
      note: null,
      regression: { metric: 'inp', candidate: 412, live: 64, lowerBound: null, limit: 70.4, candidateSamples: 31, liveSamples: 30, summary: 'INP p75: 412 ms against 64 ms' },
    },
  },
};

const dashboard: RemoteReleases = { ...empty, remote: 'mf_dashboard', live: '3.0.0+live', previous: null, versions: [version('3.1.0+new'), version('3.0.0+live')] };

let answer: () => TestAnswer | Promise<TestAnswer> = () => ({ body: [shop, dashboard, admin] });
let api: Awaited<ReturnType<typeof startApiTestServer>>;
beforeAll(async () => {
  api = await startApiTestServer({
    'GET /releases': () => answer(),
    'POST /releases/mf_dashboard/rollout': () => ({ body: { ...dashboard, rollout: { ...shop.rollout!, version: '3.1.0+new', percent: 5 } } }),
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  answer = () => ({ body: [shop, dashboard, admin] });
});

const section = async (remote: string) => {
  await screen.findByRole('heading', { level: 2, name: /Shop/ });
  return document.querySelector<HTMLElement>(`section[data-remote="${remote}"]`)!;
};

it('shows a spinner while the releases load, then speaks to admins, not to the teams that publish', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The api answers only once the test lets it.
  answer = () => held.then(() => ({ body: [shop, dashboard, admin] }));
  renderWithQueryClient(<ReleasesPage />);
  expect(await screen.findByText('Loading the releases…')).toBeInTheDocument();
  release();
  expect(await screen.findByRole('heading', { level: 2, name: /Shop/ })).toBeInTheDocument();
  expect(screen.queryByText('Loading the releases…')).not.toBeInTheDocument();
  const intro = screen.getByRole('heading', { level: 1, name: 'Releases' }).nextElementSibling!;
  expect(intro).toHaveTextContent('rolls back by itself');
  expect(document.body).not.toHaveTextContent('npm run');
});

it('says clearly when the releases could not be loaded', async () => {
  answer = () => ({ status: 500, body: { message: 'Something went wrong on our side.' } });
  renderWithQueryClient(<ReleasesPage />);
  const failure = await screen.findByRole('alert');
  expect(failure).toHaveTextContent('The releases could not be loaded.');
  expect(failure).toHaveTextContent('Something went wrong on our side.');
});

it('shows a staged rollout: its stage, when it rises next, each measure beside the live one with its threshold, and over time', async () => {
  renderWithQueryClient(<ReleasesPage />);
  const rollout = within(await section('mf_shop')).getByRole('region', { name: 'Shop rollout' });
  expect(within(rollout).getByTestId('rollout-share')).toHaveTextContent('25 %');
  expect(within(rollout).getByTestId('rollout-stage')).toHaveTextContent(/^Stage 2 of 4 \(5 → 25 → 50 → 100 %, 30 minutes each\)\. Rises to 50 % at .+ if it stays healthy\.$/);
  expect(within(rollout).getByTestId('verdict')).toHaveTextContent('Healthy at the last verdict');

  const healthTable = within(rollout).getByRole('table', { name: 'Shop rollout health' });
  const row = (name: RegExp) => within(healthTable).getByRole('rowheader', { name }).closest('tr')!;
  expect(row(/^Runtime errors/)).toHaveTextContent('2.9 % of 35 cohorts');
  expect(row(/^Runtime errors/)).toHaveTextContent('Rolls back when higher beyond chance (95 % one-sided)');
  // The INP limit is the live p75 plus the margin: 64 ms + 10 %.
  expect(row(/^INP/)).toHaveTextContent('71 ms from 33 cohorts');
  expect(row(/^INP/)).toHaveTextContent('Rolls back above 70 ms (live + 10 %), from 30 samples');
  expect(row(/^LCP/)).toHaveTextContent('Rolls back above 1,320 ms (live + 10 %)');
  expect(row(/^CLS/)).toHaveTextContent('Shown, not judged');
  expect(rollout).toHaveTextContent(
    'A verdict needs 30 cohorts and 30 networks on each side; it is taken every 60 seconds. Error rates are compared with a Newcombe–Wilson interval on the difference.',
  );

  const series = within(rollout).getByRole('table', { name: 'Shop rollout over time' });
  const [bucket] = within(series).getAllByRole('row').slice(1);
  expect(bucket).toHaveTextContent('8.3 % · live 0.0 %');
  expect(bucket).toHaveTextContent('70 ms · live 60 ms (limit 66 ms)');
});

it('says why a rollout rolled back by itself, with the measure, both values, their samples and the limit', async () => {
  renderWithQueryClient(<ReleasesPage />);
  const last = within(await section('mf_admin')).getByTestId('last-rollout');
  expect(last).toHaveTextContent('Last rollout: 2.1.0+slow at 50 %, rolled back automatically');
  expect(last).toHaveTextContent('INP p75: 412 ms on the candidate against 64 ms on the live version');
  const facts = within(last).getByTestId('regression');
  expect(facts).toHaveTextContent('MeasureINP, 75th percentile');
  expect(facts).toHaveTextContent('Candidate412 ms from 31 cohorts');
  expect(facts).toHaveTextContent('Live64 ms from 30 cohorts');
  expect(facts).toHaveTextContent('Limit70 ms');
});

it('groups errors by message, with their kind, version, counts and when last seen', async () => {
  renderWithQueryClient(<ReleasesPage />);
  const table = within(await section('mf_admin')).getByRole('table', { name: 'Admin console errors' });
  const [runtime, load] = within(table).getAllByRole('row').slice(1);
  expect(runtime).toHaveTextContent('TypeError: cart is undefined');
  expect(within(runtime!).getByText('Runtime error')).toBeInTheDocument();
  expect(within(runtime!).getByText('17')).toBeInTheDocument();
  expect(within(runtime!).getByText('9')).toBeInTheDocument();
  expect(runtime).toHaveTextContent('Nov 20, 2026');
  // Where in the remote's source, as the api mapped it, and the stack folded beneath.
  expect(within(runtime!).getByTestId('error-source')).toHaveTextContent('at src/features/orders/components/order-row.tsx:41:17');
  expect(within(runtime!).getByTestId('error-stack')).toHaveTextContent('at OrderRow (src/features/orders/components/order-row.tsx:41:17)');
  expect(load).toHaveTextContent('Would not load');
  expect(within(load!).queryByTestId('error-source')).toBeNull();
  expect(within(await section('mf_dashboard')).getByRole('region', { name: 'Dashboard errors' })).toHaveTextContent('No errors reported in the last 24 hours.');
});

it('rolls a version out in stages with a window, refuses stages that do not rise to 100, and can set one share by hand', async () => {
  renderWithQueryClient(<ReleasesPage />);
  const dash = await section('mf_dashboard');
  const rollOut = within(dash).getByRole('button', { name: 'Roll out Dashboard 3.1.0+new' });

  fireEvent.change(within(dash).getByLabelText('Stages (%)'), { target: { value: '10, 5, 100' } });
  fireEvent.click(rollOut);
  expect(await within(dash).findByText(/Enter 2 to 10 shares from 1 to 100, each higher than the one before/)).toBeInTheDocument();
  expect(within(dash).getByLabelText('Stages (%)')).toHaveAttribute('aria-invalid', 'true');
  expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

  fireEvent.change(within(dash).getByLabelText('Stages (%)'), { target: { value: '5, 25, 50, 100' } });
  fireEvent.change(within(dash).getByLabelText('Stage window (minutes)'), { target: { value: '30' } });
  fireEvent.click(rollOut);
  await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(1));
  expect(api.requests.find((request) => request.method === 'POST')).toMatchObject({
    url: '/releases/mf_dashboard/rollout',
    body: { version: '3.1.0+new', stages: [5, 25, 50, 100], stageMinutes: 30 },
  });

  fireEvent.click(within(dash).getByLabelText('To one share, raised by hand'));
  fireEvent.change(within(dash).getByLabelText('First share (%)'), { target: { value: '20' } });
  await waitFor(() => expect(within(dash).getByRole('button', { name: 'Roll out Dashboard 3.1.0+new' })).toBeEnabled());
  fireEvent.click(within(dash).getByRole('button', { name: 'Roll out Dashboard 3.1.0+new' }));
  await waitFor(() => expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(2));
  expect(api.requests.filter((request) => request.method === 'POST')[1]).toMatchObject({ body: { version: '3.1.0+new', percent: 20 } });
});

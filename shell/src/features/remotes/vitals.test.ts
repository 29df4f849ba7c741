import { createVitalsCollector, type PageOwner, type PageVitals } from './vitals';
import { sampled } from './web-vitals-reporting';

function setUp(accept = () => true) {
  let owner: PageOwner | undefined = { remote: 'mf_shop', version: '1.1.0+candidate' };
  const sent: { owner: PageOwner; vitals: PageVitals }[] = [];
  const collector = createVitalsCollector({
    ownerNow: () => owner,
    send: (to, vitals) => {
      if (!accept()) return false;
      sent.push({ owner: to, vitals });
      return true;
    },
  });
  return { collector, sent, moveTo: (next: PageOwner | undefined) => (owner = next) };
}

it("gives each remote version the vitals of its own pages: the latest LCP, the worst INP, the sum of CLS", () => {
  const { collector, sent, moveTo } = setUp();
  collector.record('LCP', 1200.4, 1200.4);
  collector.record('LCP', 1900.6, 700.2);
  collector.record('INP', 320, 320);
  collector.record('CLS', 0.05, 0.05);
  // The visitor goes to the dashboard: what happens there is that remote's.
  moveTo({ remote: 'mf_dashboard', version: '3.0.0+live' });
  collector.record('INP', 640, 320);
  collector.record('CLS', 0.08, 0.03);
  // Back on the shop, a lighter interaction does not lower its worst.
  moveTo({ remote: 'mf_shop', version: '1.1.0+candidate' });
  collector.record('INP', 640, 0);
  collector.flush();
  expect(sent).toEqual([
    { owner: { remote: 'mf_shop', version: '1.1.0+candidate' }, vitals: { lcp: 1901, inp: 640, cls: 0.05 } },
    { owner: { remote: 'mf_dashboard', version: '3.0.0+live' }, vitals: { inp: 640, cls: 0.03 } },
  ]);
});

it('sends each remote version once: later values and flushes send nothing more', () => {
  const { collector, sent } = setUp();
  collector.record('INP', 100, 100);
  collector.flush();
  collector.record('INP', 500, 400);
  collector.flush();
  expect(sent).toEqual([{ owner: { remote: 'mf_shop', version: '1.1.0+candidate' }, vitals: { inp: 100 } }]);
});

it('keeps what the browser would not queue for the next time the page is hidden', () => {
  let accept = false;
  const { collector, sent } = setUp(() => accept);
  collector.record('LCP', 800, 800);
  collector.flush();
  expect(sent).toEqual([]);
  accept = true;
  collector.flush();
  expect(sent).toEqual([{ owner: { remote: 'mf_shop', version: '1.1.0+candidate' }, vitals: { lcp: 800 } }]);
});

it("counts nothing on the shell's own pages, nor values that are not numbers", () => {
  const { collector, sent, moveTo } = setUp();
  moveTo(undefined);
  collector.record('INP', 900, 900);
  moveTo({ remote: 'mf_shop', version: '1.1.0+candidate' });
  collector.record('LCP', Number.NaN, Number.NaN);
  collector.flush();
  expect(sent).toEqual([]);
});

it('samples the share of page loads the registry asks for', () => {
  expect(sampled(0.25, () => 0.24)).toBe(true);
  expect(sampled(0.25, () => 0.25)).toBe(false);
  expect(sampled(1, () => 0.999)).toBe(true);
  expect(sampled(0, () => 0)).toBe(false);
});

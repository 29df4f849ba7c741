/** @jest-environment node */
import { createServerFailureReports, describeFailure } from './server-failure-reports';

/** The api as the reports see it: the registry's answer with a load id, then the report. */
function fakeApi(reportStatus = 204) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.includes('/remotes?')) return new Response(JSON.stringify({ loadId: 'signed-load-id' }), { status: 200 });
    return new Response(null, { status: reportStatus });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const error = Object.assign(new TypeError("Cannot read properties of undefined (reading 'price')"), {
  stack: "TypeError: Cannot read properties of undefined (reading 'price')\n    at PartPrice (http://localhost:3004/mf-shop/1.1.0+abc/server/__federation_expose_routes.js:12:34)",
});

describe("reports of a version's server rendering failures", () => {
  it("asks a load id for the visitor's cohort, then reports a runtime error under it, from the visitor's address", async () => {
    const api = fakeApi();
    const logs: string[] = [];
    const report = createServerFailureReports({ apiUrl: 'http://api.test', log: (line) => logs.push(line), fetchImpl: api.fetchImpl });
    await expect(report({ remote: 'mf_shop', version: '1.1.0+abc', cohort: 'cohort-of-16-chars', error, clientAddress: '203.0.113.7' })).resolves.toBe(true);
    expect(api.calls.map((call) => call.url)).toEqual(['http://api.test/remotes?cohort=cohort-of-16-chars', 'http://api.test/remotes/errors']);
    expect(api.calls[0]!.init?.headers).toEqual({ 'X-Forwarded-For': '203.0.113.7' });
    expect(JSON.parse(String(api.calls[1]!.init?.body))).toEqual({
      remote: 'mf_shop',
      version: '1.1.0+abc',
      loadId: 'signed-load-id',
      cohort: 'cohort-of-16-chars',
      kind: 'runtime',
      message: "Server rendering: TypeError: Cannot read properties of undefined (reading 'price')",
      stack: error.stack,
    });
    // The same failure of the same cohort again: not reported twice.
    await expect(report({ remote: 'mf_shop', version: '1.1.0+abc', cohort: 'cohort-of-16-chars', error })).resolves.toBe(false);
    expect(api.calls).toHaveLength(2);
    expect(logs).toEqual([]);
  });

  it('a version rolled back meanwhile (403) is nothing to count; another refusal is logged, never thrown', async () => {
    const gone = fakeApi(403);
    const logs: string[] = [];
    await expect(createServerFailureReports({ apiUrl: 'http://api.test', log: (line) => logs.push(line), fetchImpl: gone.fetchImpl })({ remote: 'mf_shop', version: 'v', cohort: 'c', error })).resolves.toBe(false);
    expect(logs).toEqual([]);
    const broken = fakeApi(500);
    await expect(createServerFailureReports({ apiUrl: 'http://api.test', log: (line) => logs.push(line), fetchImpl: broken.fetchImpl })({ remote: 'mf_shop', version: 'v', cohort: 'c', error })).resolves.toBe(false);
    expect(logs).toEqual(['mf_shop v: its server rendering failure was not reported: POST /remotes/errors answered 500']);
  });

  it('describes anything thrown as a page does: a sentence of at most 500 characters, and whole lines of the stack', () => {
    expect(describeFailure('plain text')).toEqual({ message: 'Server rendering: plain text' });
    expect(describeFailure(new Error('x'.repeat(600))).message).toHaveLength(500);
  });
});

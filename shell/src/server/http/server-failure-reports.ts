// A remote version that fails to render on the server counts in its rollout as a browser's runtime
// error does (docs/releases.md, "What pages report"): the shell's server reports it to the api under
// a load id asked for the visitor's cohort, as the visitor's page would, naming the visitor's address
// (X-Forwarded-For, which the api reads behind TRUST_PROXY). One report per version, cohort and
// error at most every REPORT_AGAIN_AFTER_MS: a version that fails every render sends no flood.
import { LRUCache } from 'lru-cache';
import type { RemoteName } from '@pcpp/contracts/core';
import { errorText, stackExcerpt } from '../../features/remotes/runtime-errors';

const REPORT_AGAIN_AFTER_MS = 10 * 60_000;
const CALL_TIMEOUT_MS = 2_000;

export interface ServerRenderFailure {
  remote: RemoteName;
  version: string;
  cohort: string;
  error: unknown;
  /** The visitor's network address. */
  clientAddress?: string;
}

export type ReportServerFailure = (failure: ServerRenderFailure) => Promise<boolean>;

/** The report's fields: "Server rendering: <Name>: <message>" and the stack's first whole lines, as a page reports its errors. */
export function describeFailure(error: unknown): { message: string; stack?: string } {
  const message = errorText(`Server rendering: ${errorText(error)}`);
  const stack = stackExcerpt(error instanceof Error ? (error.stack ?? '') : '');
  return stack ? { message, stack } : { message };
}

export function createServerFailureReports({
  apiUrl,
  registryUrl = `${apiUrl}/remotes`,
  log,
  fetchImpl = fetch,
}: {
  apiUrl: string;
  registryUrl?: string;
  log: (line: string) => void;
  fetchImpl?: typeof fetch;
}): ReportServerFailure {
  const sent = new LRUCache<string, true>({ max: 5_000, ttl: REPORT_AGAIN_AFTER_MS });

  return async ({ remote, version, cohort, error, clientAddress }) => {
    const { message, stack } = describeFailure(error);
    const key = `${remote}\n${version}\n${cohort}\n${message}`;
    if (sent.has(key)) return false;
    sent.set(key, true);
    const forwarded: Record<string, string> = clientAddress ? { 'X-Forwarded-For': clientAddress } : {};
    try {
      const address = `${registryUrl}${registryUrl.includes('?') ? '&' : '?'}cohort=${encodeURIComponent(cohort)}`;
      const registry = await fetchImpl(address, { headers: forwarded, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      if (!registry.ok) throw new Error(`${registryUrl} answered ${registry.status}`);
      const { loadId } = (await registry.json()) as { loadId?: string };
      if (!loadId) throw new Error(`${registryUrl} gave no load id`);
      const report = await fetchImpl(`${apiUrl}/remotes/errors`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...forwarded },
        body: JSON.stringify({ remote, version, loadId, cohort, kind: 'runtime', message, ...(stack ? { stack } : {}) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      await report.body?.cancel();
      // 403: the version is no longer served to this cohort (rolled back meanwhile): nothing to count.
      if (!report.ok && report.status !== 403) throw new Error(`POST /remotes/errors answered ${report.status}`);
      return report.ok;
    } catch (failure) {
      log(`${remote} ${version}: its server rendering failure was not reported: ${failure instanceof Error ? failure.message : String(failure)}`);
      return false;
    }
  };
}

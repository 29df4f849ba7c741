import { Suspense, lazy, useMemo, useState } from 'react';
import type { RemoteName } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { loadRemoteRoutes } from './remote-loader';
import { RemoteErrorBoundary } from './remote-error-boundary';

/** Renders one remote's routes; a failed load or render shows the fallback with Retry. */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  // A rejected lazy stays rejected, so each attempt needs a new one.
  const RemoteRoutes = useMemo(
    () => lazy(() => loadRemoteRoutes(remote, attempt > 0)),
    [remote, attempt],
  );
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        <RemoteRoutes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

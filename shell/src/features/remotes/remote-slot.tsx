import { Suspense, lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { loadRemoteRoutes } from './remote-loader';
import { RemoteErrorBoundary } from './remote-error-boundary';

// A rejected lazy stays rejected, so each attempt gets its own; kept outside render so a
// re-render never starts a second load.
const attempts = new Map<string, LazyExoticComponent<ComponentType>>();

function remoteRoutesFor(remote: RemoteName, attempt: number) {
  const key = `${remote}#${attempt}`;
  let component = attempts.get(key);
  if (!component) {
    component = lazy(() => loadRemoteRoutes(remote, attempt > 0));
    attempts.set(key, component);
  }
  return component;
}

/** Renders one remote's routes; a failed load or render shows the fallback with Retry. */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteRoutes = remoteRoutesFor(remote, attempt);
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per attempt, so its identity is stable across renders */}
        <RemoteRoutes />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

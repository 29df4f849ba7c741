import { Suspense, lazy, useContext, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemoteName } from '@pcpp/contracts/core';
import { Spinner } from '@pcpp/contracts/ui';
import { PreloadedRemotesContext } from './preloaded-remotes';
import { loadRemoteRoutes, releases } from './remote-loader';
import { RemoteErrorBoundary } from './remote-error-boundary';

// A rejected lazy stays rejected, so each attempt gets its own; kept outside render so a
// re-render never starts a second load.
const attempts = new Map<string, LazyExoticComponent<ComponentType>>();

function remoteRoutesFor(remote: RemoteName, attempt: number, preloaded: ComponentType | undefined): ComponentType {
  if (attempt === 0 && preloaded) return preloaded;
  const key = `${remote}#${attempt}`;
  let component = attempts.get(key);
  if (!component) {
    component = lazy(() => loadRemoteRoutes(remote, attempt > 0));
    attempts.set(key, component);
  }
  return component;
}

/** Rendered once the remote's routes rendered: the plugin reports a sample of these during a rollout. */
function Rendered({ remote }: { remote: RemoteName }) {
  useEffect(() => releases.rendered(remote), [remote]);
  return null;
}

/**
 * Renders one remote's routes. A version that throws while rendering gives way to its fallback
 * (once); a failed load or render with nothing left to try shows the fallback with Retry. Each
 * attempt resets the error boundary through its resetKeys.
 */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteRoutes = remoteRoutesFor(remote, attempt, useContext(PreloadedRemotesContext)[remote]);
  const nextAttempt = () => setAttempt((n) => n + 1);
  return (
    <RemoteErrorBoundary
      remote={remote}
      attempt={attempt}
      onRetry={nextAttempt}
      onRenderError={(error) => releases.renderFailed(remote, error) && nextAttempt()}
    >
      <Suspense fallback={<Spinner label="Loading…" />}>
        {/* eslint-disable-next-line react-hooks/static-components -- cached per attempt, so its identity is stable across renders */}
        <RemoteRoutes />
        <Rendered remote={remote} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

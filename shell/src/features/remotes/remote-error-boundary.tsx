import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { RemoteName } from '@pcpp/contracts/core';
import { RemoteUnavailable } from './remote-unavailable';

interface Props {
  remote: RemoteName;
  /** Changes with each attempt: the boundary resets and renders its children again (react-error-boundary's resetKeys). */
  attempt: number;
  onRetry: () => void;
  /** Sees each error caught, e.g. to try the remote's previous version. */
  onRenderError?: (error: unknown) => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering; the layout around it survives. */
export function RemoteErrorBoundary({ remote, attempt, onRetry, onRenderError, children }: Props) {
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error, info) => {
        console.error(`Remote ${remote} failed`, error, info.componentStack);
        onRenderError?.(error);
      }}
      fallbackRender={() => <RemoteUnavailable remote={remote} onRetry={onRetry} />}
    >
      {children}
    </ErrorBoundary>
  );
}

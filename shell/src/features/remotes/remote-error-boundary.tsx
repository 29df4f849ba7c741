import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@pcpp/contracts';
import { RemoteUnavailable } from './remote-unavailable';

interface Props {
  remote: RemoteName;
  onRetry: () => void;
  /** Sees each error caught, e.g. to try the remote's previous version. */
  onRenderError?: (error: Error) => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering; the layout around it survives. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Remote ${this.props.remote} failed`, error, info.componentStack);
    this.props.onRenderError?.(error);
  }

  override render() {
    if (this.state.failed) {
      return <RemoteUnavailable remote={this.props.remote} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

import { matchPath, useLocation } from 'react-router-dom';
import { routeOwnership } from '@pcpp/contracts';
import { RemoteSlot } from './remote-slot';

/** Picks the remote that owns the current path; the remote renders its own <Routes>. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const owner =
    routeOwnership.find(({ path }) => matchPath({ path, caseSensitive: false }, pathname)) ??
    routeOwnership[routeOwnership.length - 1]!;
  return <RemoteSlot key={owner.remote} remote={owner.remote} />;
}

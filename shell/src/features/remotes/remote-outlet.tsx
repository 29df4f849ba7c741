import { useLocation } from 'react-router-dom';
import { AccessGate } from '../auth/components/access-gate';
import { routeOwnerOf } from './route-owner';
import { RemoteSlot } from './remote-slot';

/** Picks the remote that owns the current path, behind the guard its access level needs. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const owner = routeOwnerOf(pathname);
  return (
    <AccessGate access={owner.access}>
      <RemoteSlot key={owner.remote} remote={owner.remote} />
    </AccessGate>
  );
}

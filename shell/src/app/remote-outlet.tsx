import { useLocation } from '@pcpp/contracts/router';
import { AccessGate } from '../features/auth/components/access-gate';
import { routeOwnerOf } from '@pcpp/contracts/core';
import { RemoteSlot } from '../features/remotes/remote-slot';

/** The app joins two features: picks the remote that owns the current path, behind the guard its access level needs. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const owner = routeOwnerOf(pathname);
  return (
    <AccessGate access={owner.access}>
      <RemoteSlot key={owner.remote} remote={owner.remote} />
    </AccessGate>
  );
}

import { useLocation } from 'react-router-dom';
import { routeOwnerOf } from './route-owner';
import { RemoteSlot } from './remote-slot';

/** Picks the remote that owns the current path; the remote renders its own <Routes>. */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const owner = routeOwnerOf(pathname);
  return <RemoteSlot key={owner.remote} remote={owner.remote} />;
}

/**
 * The router API of the shell and the remotes, shared as one module (`@pcpp/contracts/router`).
 * Sharing react-router itself would ship the whole package to every page, its data and server APIs
 * included, because a shared module keeps every export; through this list webpack keeps only these.
 * A remote that needs another export adds it here (a new minor version of contracts).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateOptions, To } from 'react-router';

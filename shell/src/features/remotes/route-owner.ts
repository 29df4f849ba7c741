import { matchPath } from '@pcpp/contracts/router';
import { routeOwnership, type RouteOwnership } from '@pcpp/contracts';

/** The first entry of the ownership table whose pattern matches, case-insensitively. */
export function routeOwnerOf(pathname: string): RouteOwnership {
  return (
    routeOwnership.find(({ path }) => matchPath({ path, caseSensitive: false }, pathname)) ??
    routeOwnership[routeOwnership.length - 1]!
  );
}

import { matchesRoute, routeOwnerOf } from './routes';

describe('which remote owns a path', () => {
  it.each([
    ['/', 'mf_shop', 'public'],
    ['/blogs', 'mf_shop', 'public'],
    ['/no/such/page', 'mf_shop', 'public'],
    ['/purchase/65f1c0ffee', 'mf_shop', 'user'],
    ['/cart', 'mf_shop', 'public'],
    ['/checkout', 'mf_shop', 'user'],
    ['/checkout/65f1c0ffee', 'mf_shop', 'user'],
    ['/dashboard', 'mf_dashboard', 'user'],
    ['/dashboard/myOrders', 'mf_dashboard', 'user'],
    ['/dashboard/myorders', 'mf_dashboard', 'user'],
    ['/dashboard/addReview', 'mf_dashboard', 'customer'],
    ['/dashboard/payment/abc', 'mf_dashboard', 'user'],
    ['/dashboard/overview', 'mf_admin', 'admin'],
    ['/dashboard/manageproduct', 'mf_admin', 'admin'],
    ['/dashboard/ManageProduct', 'mf_admin', 'admin'],
    ['/dashboard/allOrder', 'mf_admin', 'admin'],
    ['/dashboard/makeadmin', 'mf_admin', 'admin'],
    ['/dashboard/addproduct', 'mf_admin', 'admin'],
    ['/dashboard/activity', 'mf_admin', 'admin'],
    ['/dashboard/releases', 'mf_admin', 'admin'],
  ])('%s -> %s (%s)', (pathname, remote, access) => {
    expect(routeOwnerOf(pathname)).toMatchObject({ remote, access });
  });
});

describe('matchesRoute', () => {
  it.each([
    ['/purchase/:id', '/purchase/abc', true],
    ['/purchase/:id', '/purchase', false],
    ['/purchase/:id', '/purchase/abc/def', false],
    ['/dashboard/*', '/dashboard', true],
    ['/dashboard/*', '/dashboard/a/b', true],
    ['/dashboard/*', '/dashboards', false],
    ['/*', '/', true],
    ['/dashboard/allOrder', '/DASHBOARD/allorder/', true],
  ])('%s ~ %s: %s', (pattern, pathname, expected) => {
    expect(matchesRoute(pattern, pathname)).toBe(expected);
  });
});

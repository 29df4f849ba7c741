import { routeOwnerOf } from './route-owner';

describe('which remote owns a path', () => {
  it.each([
    ['/', 'mf_shop', 'public'],
    ['/blogs', 'mf_shop', 'public'],
    ['/no/such/page', 'mf_shop', 'public'],
    ['/purchase/65f1c0ffee', 'mf_shop', 'user'],
    ['/dashboard', 'mf_dashboard', 'user'],
    ['/dashboard/myOrders', 'mf_dashboard', 'user'],
    ['/dashboard/myorders', 'mf_dashboard', 'user'],
    ['/dashboard/addReview', 'mf_dashboard', 'customer'],
    ['/dashboard/payment/abc', 'mf_dashboard', 'user'],
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

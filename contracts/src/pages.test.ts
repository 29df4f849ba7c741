import { documentTitle, isPagePath, pageMeta } from './pages';

describe('page paths', () => {
  it.each(['/', '/products', '/products/64b7f0c2a1b2c3d4e5f60718', '/blogs', '/dashboard/myorders', '/dashboard/myOrders/', '/purchase/abc', '/dashboard/payment/x'])(
    '%s renders a page',
    (path) => expect(isPagePath(path)).toBe(true),
  );

  it.each(['/nope', '/products/a/b', '/purchase', '/purchase/', '/dashboard/unknown', '/blogs/1', '/returnPolicy/x'])(
    '%s is not found',
    (path) => expect(isPagePath(path)).toBe(false),
  );
});

describe('documentTitle', () => {
  it('names the page, then the brand', () => {
    expect(documentTitle(pageMeta.blogs.title)).toBe('Blogs — PC PART PICKER');
    expect(documentTitle(pageMeta.notFound.title)).toBe('Page not found — PC PART PICKER');
  });
});

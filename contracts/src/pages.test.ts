import { DESCRIPTION_MAX_LENGTH, isPagePath, orderPageMeta, pageMeta, partPageMeta, shortDescription } from './pages';
import { documentTitle } from './page-title';

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

describe('the meta of a part\'s pages', () => {
  const part = { name: 'Quiet Single-Tower Air Cooler', description: 'A 120 mm fan   on four heat pipes.\nQuiet under load.' };

  it('names the product page after the part and describes it with its own text, spaces folded', () => {
    expect(partPageMeta(part)).toEqual({ title: part.name, description: 'A 120 mm fan on four heat pipes. Quiet under load.' });
    expect(documentTitle(partPageMeta(part).title)).toBe('Quiet Single-Tower Air Cooler — PC PART PICKER');
  });

  it("titles the purchase page 'Order {part}'", () => {
    expect(orderPageMeta(part).title).toBe('Order Quiet Single-Tower Air Cooler');
    expect(orderPageMeta(part).description).toContain(part.name);
  });

  it('cuts a long description at a word, under the limit, with an ellipsis', () => {
    const long = `${'word '.repeat(31)}tail, and more text that goes past the limit`;
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(short).toMatch(/^(word )+word…$|^(word )+tail…$/);
    expect(short.endsWith(' …')).toBe(false);
    expect(shortDescription('x'.repeat(200))).toBe(`${'x'.repeat(DESCRIPTION_MAX_LENGTH - 1)}…`);
  });

  it('keeps a description that fits as it is', () => {
    const fits = 'y'.repeat(DESCRIPTION_MAX_LENGTH);
    expect(shortDescription(fits)).toBe(fits);
  });
});

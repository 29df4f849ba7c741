import { CATEGORIES } from '@pcpp/contracts/core';
import { catalogHref, catalogSearch, partHref, purchaseHref } from './catalog-url';
import { parseCatalogSearch } from './parse-catalog-search';

describe('catalog URL', () => {
  it('writes the api parameter names, spaces as %20, in a fixed order', () => {
    expect(catalogHref({ page: 2, sort: 'price-asc', q: 'quiet', category: 'CPU Cooler' })).toBe(
      '/products?category=CPU%20Cooler&q=quiet&sort=price-asc&page=2',
    );
  });

  it('reads back what it writes', () => {
    const filters = { category: 'Power Supplies', q: 'sfx & "quiet"', sort: 'price-desc', page: 3 } as const;
    expect(parseCatalogSearch(catalogSearch(filters))).toEqual(filters);
    for (const category of CATEGORIES) {
      expect(parseCatalogSearch(catalogSearch({ category }))).toEqual({ category });
    }
  });

  it('reads a space written as "+" too, as forms and URLSearchParams write it', () => {
    expect(parseCatalogSearch('?category=CPU+Cooler&q=air+cooler')).toEqual({ category: 'CPU Cooler', q: 'air cooler' });
  });

  it('leaves defaults out: no filters is the bare path', () => {
    expect(catalogHref()).toBe('/products');
    expect(catalogHref({ sort: 'newest', page: 1, q: '   ' })).toBe('/products');
    expect(parseCatalogSearch('?sort=newest&page=1&q=')).toEqual({});
  });

  it('trims the search text', () => {
    expect(catalogSearch({ q: '  ddr5 kit ' })).toBe('?q=ddr5%20kit');
    expect(parseCatalogSearch('?q=%20%20ddr5%20')).toEqual({ q: 'ddr5' });
  });

  it.each([
    ['?category=GPU', {}],
    ['?category=cpu%20cooler', {}],
    ['?sort=cheapest', {}],
    ['?page=0', {}],
    ['?page=two', {}],
    ['?page=1.5', {}],
    ['?category=Memory&page=-3&sort=price-asc', { category: 'Memory', sort: 'price-asc' }],
  ])('drops what the api would refuse: %s', (search, expected) => {
    expect(parseCatalogSearch(search)).toEqual(expected);
  });

  it('ignores parameters it does not know', () => {
    expect(parseCatalogSearch(new URLSearchParams('utm_source=mail&category=Storage'))).toEqual({ category: 'Storage' });
  });
});

describe("a part's pages", () => {
  it('live under the catalog (its own page) and at the spec\'s purchase route', () => {
    expect(partHref('0123456789abcdef01234567')).toBe('/products/0123456789abcdef01234567');
    expect(purchaseHref('0123456789abcdef01234567')).toBe('/purchase/0123456789abcdef01234567');
  });

  it('keep an odd id inside one path segment', () => {
    expect(partHref('a/b?c')).toBe('/products/a%2Fb%3Fc');
  });

  it('holds the facets from the specs, after the text and before the order', () => {
    const filters = { category: 'Motherboard', q: 'wifi', socket: 'AM5', memoryType: 'DDR5', formFactor: 'Mini-ITX', sort: 'price-asc' } as const;
    expect(catalogHref(filters)).toBe('/products?category=Motherboard&q=wifi&socket=AM5&memoryType=DDR5&formFactor=Mini-ITX&sort=price-asc');
    expect(parseCatalogSearch(catalogSearch(filters))).toEqual(filters);
    expect(parseCatalogSearch('?capacity=2000&interface=nvme&wattage=850-999')).toEqual({ capacity: '2000', interface: 'nvme', wattage: '850-999' });
    expect(parseCatalogSearch('?socket=AM3&capacity=0&wattage=900')).toEqual({});
  });

  it('orders a search by best match unless told otherwise; without search text, newest first', () => {
    expect(catalogHref({ q: 'ddr5', sort: 'relevance' })).toBe('/products?q=ddr5');
    expect(catalogHref({ q: 'ddr5', sort: 'newest' })).toBe('/products?q=ddr5&sort=newest');
    expect(parseCatalogSearch('?q=ddr5&sort=relevance')).toEqual({ q: 'ddr5' });
    expect(parseCatalogSearch('?q=ddr5&sort=newest')).toEqual({ q: 'ddr5', sort: 'newest' });
  });
});

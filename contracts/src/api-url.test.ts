import { apiUrl } from './api-url';
import { CATALOG_PAGE_SIZE, HOME_LIST_SIZE, LATEST_PARTS_PATH, LATEST_REVIEWS_PATH, catalogApiPath, catalogApiQuery } from './catalog-query';

it("fills each {name} of a path with its encoded param and writes the query in its keys' order", () => {
  expect(apiUrl('/orders/{number}/shipments/{shipmentId}/delivered', { params: { number: 'PCP-1 2', shipmentId: 'a/b' } })).toBe(
    '/orders/PCP-1%202/shipments/a%2Fb/delivered',
  );
  expect(apiUrl('/tools', { query: { q: 'quiet fan', category: undefined, page: 2, limit: '12' } })).toBe('/tools?q=quiet+fan&page=2&limit=12');
  expect(apiUrl('/cart')).toBe('/cart');
});

it('refuses a path whose param is missing, rather than calling /tools/{id}', () => {
  expect(() => apiUrl('/tools/{id}', { params: {} })).toThrow('The call to /tools/{id} has no value for {id}.');
});

it("spells the home page's and the catalog's calls as the shell's server preloads them", () => {
  expect(LATEST_PARTS_PATH).toBe(`/tools?sort=newest&limit=${HOME_LIST_SIZE}`);
  expect(LATEST_REVIEWS_PATH).toBe(`/reviews?sort=newest&limit=${HOME_LIST_SIZE}`);
  expect(catalogApiPath({})).toBe(`/tools?sort=newest&page=1&limit=${CATALOG_PAGE_SIZE}`);
  const filters = { category: 'CPU Cooler', q: 'quiet', socket: 'AM5', sort: 'price-asc' as const, page: 2 };
  expect(catalogApiPath(filters)).toBe(`/tools?category=CPU+Cooler&q=quiet&socket=AM5&sort=price-asc&page=2&limit=${CATALOG_PAGE_SIZE}`);
  expect(apiUrl('/tools', { query: catalogApiQuery(filters) })).toBe(catalogApiPath(filters));
});

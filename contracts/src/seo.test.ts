import {
  SITEMAP_MAX_URLS,
  breadcrumbStructuredData,
  headTags,
  jsonForScript,
  productStructuredData,
  robotsTxt,
  sitemapIndex,
  sitemapUrlSet,
  type PageHead,
} from './seo';

const origin = 'https://shop.example';
const part = {
  id: '64b7f0c2a1b2c3d4e5f60718',
  name: 'Quiet "Tower" <Cooler>',
  description: 'Four heat pipes & one fan.',
  imageUrl: 'https://api.example/images/parts/cooler.svg',
  category: 'CPU Cooler',
  priceCents: 4999,
  inStock: true,
  url: `${origin}/products/64b7f0c2a1b2c3d4e5f60718`,
};

describe('the <head> of a page', () => {
  const head: PageHead = {
    title: `${part.name} — PC PART PICKER`,
    description: part.description,
    canonicalPath: '/products/64b7f0c2a1b2c3d4e5f60718',
    type: 'product',
    image: { url: part.imageUrl, alt: part.name },
    priceCents: part.priceCents,
    structuredData: [productStructuredData(part)],
    indexable: true,
  };

  it('writes title, description, canonical URL, Open Graph and Twitter tags, escaped', () => {
    const tags = headTags(head, origin);
    expect(tags).toContain('<title>Quiet &quot;Tower&quot; &lt;Cooler&gt; — PC PART PICKER</title>');
    expect(tags).toContain('<meta name="description" content="Four heat pipes &amp; one fan.">');
    expect(tags).toContain(`<link rel="canonical" href="${origin}/products/64b7f0c2a1b2c3d4e5f60718">`);
    expect(tags).toContain('<meta property="og:type" content="product">');
    expect(tags).toContain(`<meta property="og:image" content="${part.imageUrl}">`);
    expect(tags).toContain('<meta property="product:price:amount" content="49.99">');
    expect(tags).toContain('<meta property="product:price:currency" content="USD">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).not.toContain('noindex');
  });

  it('carries the structured data as JSON that cannot close its script early', () => {
    const tags = headTags(head, origin);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(tags)?.[1] ?? '';
    expect(json).not.toContain('<');
    const data = JSON.parse(json);
    expect(data).toMatchObject({ '@type': 'Product', name: part.name, offers: { '@type': 'Offer', price: '49.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock' } });
  });

  it('asks search engines to drop a page that is not found, and names no canonical URL for it', () => {
    const tags = headTags({ ...head, indexable: false, image: undefined, priceCents: undefined, structuredData: [] }, origin);
    expect(tags).toContain('<meta name="robots" content="noindex">');
    expect(tags).not.toContain('rel="canonical"');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
  });

  it('escapes what would end a script block', () => {
    expect(jsonForScript({ text: '</script><!--' })).toBe('{"text":"\\u003c/script>\\u003c!--"}');
  });
});

describe('structured data', () => {
  it('says a sold-out part is out of stock', () => {
    expect(productStructuredData({ ...part, inStock: false })).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('carries the rating as AggregateRating and the reviews as Review, and neither before the first review', () => {
    const rated = productStructuredData({
      ...part,
      rating: { average: 4.5, count: 2 },
      reviews: [{ author: 'Priya Raman', rating: 5, title: 'Quiet', text: 'Barely audible.', date: '2026-11-02T09:00:00.000Z' }],
    });
    expect(rated).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Priya Raman' },
          name: 'Quiet',
          reviewBody: 'Barely audible.',
          datePublished: '2026-11-02',
          reviewRating: { '@type': 'Rating', ratingValue: 5 },
        },
      ],
    });
    const unrated = productStructuredData({ ...part, rating: { average: 0, count: 0 }, reviews: [] });
    expect(unrated).not.toHaveProperty('aggregateRating');
    expect(unrated).not.toHaveProperty('review');
  });

  it('numbers the breadcrumb from the top', () => {
    expect(breadcrumbStructuredData([{ name: 'All Products', url: `${origin}/products` }, { name: part.name, url: part.url }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'All Products', item: `${origin}/products` },
        { '@type': 'ListItem', position: 2, name: part.name, item: part.url },
      ],
    });
  });
});

describe('robots.txt', () => {
  it('keeps the dashboard, the admin console, purchasing and the sign-in pages out, and names the sitemap', () => {
    const lines = robotsTxt(origin).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /purchase/');
    expect(lines).toContain('Disallow: /login');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    // The admin pages live under /dashboard: one line covers them.
    expect(lines.filter((line) => line.startsWith('Disallow: /dashboard'))).toEqual(['Disallow: /dashboard']);
    expect(lines.some((line) => line === 'Disallow: /' || line === 'Disallow: /products')).toBe(false);
  });
});

describe('sitemaps', () => {
  it('lists URLs, escaped', () => {
    const xml = sitemapUrlSet([{ loc: `${origin}/products?a=1&b=2` }, { loc: part.url, lastmod: '2026-11-01' }]);
    expect(xml).toContain(`<url><loc>${origin}/products?a=1&amp;b=2</loc></url>`);
    expect(xml).toContain(`<url><loc>${part.url}</loc><lastmod>2026-11-01</lastmod></url>`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
  });

  it('indexes sitemap files, each at most the sitemaps.org limit', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapIndex([`${origin}/sitemap/1.xml`])).toContain(`<sitemap><loc>${origin}/sitemap/1.xml</loc></sitemap>`);
  });
});

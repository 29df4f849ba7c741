import {
  type ModeratedPartReview,
  type PartReview,
  CATALOG_FACET_PARAMS,
  CATALOG_PAGE_SIZE,
  addressLine,
  type Checkout,
  type CheckoutQuote,
  priceCart,
  formatCents,
  type BuildAdvice,
  type BuildParts,
  type BuildSummary,
  type CatalogFacet,
  type SavedBuild,
  catalogFacetLabels,
  checkBuild,
  cpuById,
  facetKeysOf,
  facetValueLabel,
  sortFacetValues,
  type ActivityEntry,
  type LiveRemotes,
  type ModeratedReview,
  type Order,
  type Part,
  type Profile,
  type RemoteReleases,
  type Review,
  type UserSummary,
  type Page,
  type OrderDetail,
  type OrderLine,
  type OrderReturn,
  type OrderSummary,
  partsInShort,
  type LowStockAnswer,
  type Overview,
} from '@pcpp/contracts/core';
import { seedParts, seedReviews } from '../db/seed-data';
import { advise } from '../modules/builds/advice';

// One example answer per operation, made from the seeded demo catalog and its reviews, with fixed
// ids and times so the generated document is the same on every run.

const objectId = (n: number) => `6650a1b2c3d4e5f6a7b8${n.toString(16).padStart(4, '0')}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, minutes)).toISOString();

const parts: Part[] = seedParts.map((seed, index) => ({ _id: objectId(index + 1), ...seed, version: 0, createdAt: at(index) }));
const part = parts.at(-1)!;
const reviews: Review[] = seedReviews.map((seed, index) => ({ _id: objectId(0x100 + index), ...seed }));

const page = <T>(items: T[], total: number, limit: number): Page<T> => ({ items, total, page: 1, pages: Math.ceil(total / limit) });

const customerEmail = 'customer@pcparts.dev';
const adminEmail = 'admin@pcparts.dev';
const quantity = Math.max(part.min_quantity, 2);
const order: Order = {
  _id: objectId(0x200),
  number: 'PCP-7K3Q9D',
  productId: part._id,
  productName: part.name,
  email: customerEmail,
  name: 'customer',
  per_product_price: part.price,
  order_quantity: quantity,
  totalAmount: part.price * quantity,
  address: '12 Harbour Road, Portsmouth PO1 3AX',
  phone: '+44 7700 900123',
  paid: false,
  status: 'placed',
  statusHistory: [{ status: 'placed', at: at(30), by: customerEmail }],
  createdAt: at(30),
  holdExpiresAt: at(60),
};
const { holdExpiresAt: _hold, ...unheld } = order;
const paidOrder: Order = {
  ...unheld,
  paid: true,
  transactionId: 'pi_3QxDemo0000000000000001',
  status: 'paid',
  statusHistory: [...order.statusHistory, { status: 'paid', at: at(32), by: 'system' }],
};

const shippedOrder: Order = {
  ...paidOrder,
  status: 'shipped',
  statusHistory: [...paidOrder.statusHistory, { status: 'shipped', at: at(50), by: adminEmail }],
  shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
};
/** The part after an admin's edit of its price. */
const editedPart: Part = { ...part, price: part.price - 1000, version: 1 };

const manifest = (remote: string, version: string) => `http://localhost:3004/releases/${remote}/${version}/mf-manifest.json`;
const liveRemotes: LiveRemotes = {
  remotes: {
    mf_shop: manifest('mf-shop', '0.1.0+3f2a9c1d'),
    mf_dashboard: 'http://localhost:3002/mf-manifest.json',
    mf_admin: 'http://localhost:3003/mf-manifest.json',
  },
  previous: { mf_shop: 'http://localhost:3001/mf-manifest.json' },
  versions: { mf_shop: { live: '0.1.0+3f2a9c1d', previous: '0.1.0+local' }, mf_dashboard: { live: '0.1.0+local' }, mf_admin: { live: '0.1.0+local' } },
  rollouts: { mf_admin: { version: '0.1.0+9b8e7d6c', manifestUrl: manifest('mf-admin', '0.1.0+9b8e7d6c'), percent: 50 } },
  loadSampleRate: 0.1,
  vitalsSampleRate: 0.1,
  loadId:
    'eyJhbGciOiJIUzI1NiJ9.eyJzIjp7Im1mX3Nob3AiOlsiMC4xLjArM2YyYTljMWQiLCIwLjEuMCtsb2NhbCJdfSwiYyI6ImY0YjJjOWQxZTBhODQ3NmIiLCJhIjoiUjlUNTZ3cXVTaEh5Z3ZuRXBhZEtRQSIsImp0aSI6IlYxcV9mcU9nSm1VenFNaUIiLCJpc3MiOiJwY3BwLWFwaSIsImF1ZCI6InBjcHAtcmVtb3RlLWxvYWQiLCJleHAiOjE3OTQwMDAwMDB9.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
};
const shopReleases: RemoteReleases = {
  remote: 'mf_shop',
  live: '0.1.0+3f2a9c1d',
  previous: '0.1.0+local',
  versions: [
    {
      version: '0.1.0+3f2a9c1d',
      manifestUrl: manifest('mf-shop', '0.1.0+3f2a9c1d'),
      shared: { react: '19.3.1', 'react-dom': '19.3.1', '@pcpp/contracts': '3.0.0' },
      publishedAt: at(40),
      publishedBy: adminEmail,
    },
  ],
  failures: [],
  failureCount: 0,
  errors: [
    {
      kind: 'runtime',
      version: '0.1.0+5e4d3c2b',
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      count: 41,
      cohorts: 37,
      firstSeen: at(41),
      lastSeen: at(45),
    },
  ],
  thresholds: {
    errorTest: 'one-sided Newcombe (Wilson score) interval on the difference of two proportions',
    confidencePercent: 95,
    vitalsMarginPercent: 10,
    minAddresses: 30,
    minCohorts: 30,
    minVitalsSamples: 30,
    intervalSeconds: 60,
  },
  rollout: {
    version: '0.2.0+7a6b5c4d',
    percent: 25,
    startedAt: at(50),
    startedBy: adminEmail,
    candidate: { loads: 58, failures: 0 },
    live: { loads: 171, failures: 1 },
    stages: [5, 25, 50, 100],
    stageIndex: 1,
    stageMinutes: 60,
    stageStartedAt: at(55),
    nextStageAt: at(115),
    health: {
      candidate: {
        version: '0.2.0+7a6b5c4d',
        cohorts: 52,
        addresses: 49,
        weight: 49,
        loadErrors: { affected: 0, rate: 0 },
        runtimeErrors: { affected: 1, rate: 0.020408 },
        lcp: { p75: 1840, samples: 12 },
        inp: { p75: 96, samples: 11 },
        cls: { p75: 0.02, samples: 12 },
      },
      live: {
        version: '0.1.0+3f2a9c1d',
        cohorts: 160,
        addresses: 151,
        weight: 151,
        loadErrors: { affected: 1, rate: 0.006623 },
        runtimeErrors: { affected: 2, rate: 0.013245 },
        lcp: { p75: 1790, samples: 35 },
        inp: { p75: 104, samples: 33 },
        cls: { p75: 0.02, samples: 35 },
      },
    },
    series: [
      {
        from: at(50),
        to: at(54),
        candidate: { cohorts: 9, errorRate: 0, lcpP75: 1900, inpP75: 101 },
        live: { cohorts: 88, errorRate: 0.011364, lcpP75: 1810, inpP75: 99 },
      },
      {
        from: at(54),
        to: at(58),
        candidate: { cohorts: 43, errorRate: 0.023256, lcpP75: 1830, inpP75: 95 },
        live: { cohorts: 72, errorRate: 0.027778, lcpP75: 1770, inpP75: 106 },
      },
    ],
    verdict: { at: at(58), state: 'healthy', regression: null, note: null },
  },
  lastRollout: {
    version: '0.1.0+5e4d3c2b',
    percent: 50,
    outcome: 'rolledBack',
    reason:
      'Rolled back automatically: Runtime errors: 31.9 % of cohorts on the candidate against 1.2 % on the live version (95 % one-sided Newcombe–Wilson lower bound of the difference: +22.1 points, above 0)',
    at: at(45),
    by: 'automatic rollback',
    candidate: { loads: 240, failures: 0 },
    verdict: {
      at: at(45),
      state: 'regression',
      regression: {
        metric: 'runtimeErrors',
        candidate: 0.319,
        live: 0.012,
        lowerBound: 0.221,
        limit: null,
        candidateSamples: 116,
        liveSamples: 121,
        summary:
          'Runtime errors: 31.9 % of cohorts on the candidate against 1.2 % on the live version (95 % one-sided Newcombe–Wilson lower bound of the difference: +22.1 points, above 0)',
      },
      note: null,
    },
  },
};
/** The facets of the whole catalog, counted as GET /tools counts them. */
function facetsOf(all: Part[]): CatalogFacet[] {
  const counts = new Map<string, number>();
  for (const key of all.flatMap(facetKeysOf)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return CATALOG_FACET_PARAMS.map((param) => {
    const values = [...counts.keys()].filter((key) => key.startsWith(`${param}:`)).map((key) => key.slice(param.length + 1));
    return {
      param,
      label: catalogFacetLabels[param],
      values: sortFacetValues(param, values).map((value) => ({ value, label: facetValueLabel(param, value), count: counts.get(`${param}:${value}`)! })),
    };
  });
}

// A saved AM5 build of seeded parts, checked as the api checks it.
const named = (name: string) => parts.find((candidate) => candidate.name === name)!;
const buildParts: BuildParts = {
  motherboard: named('B650 WiFi ATX Motherboard')._id,
  cooler: named('240 mm AIO Liquid Cooler')._id,
  memory: named('32 GB DDR5-6000 Kit (2x16 GB)')._id,
  storage: named('2 TB NVMe PCIe 4.0 SSD')._id,
  gpu: named('12 GB Dual-Fan Graphics Card')._id,
  psu: named('850 W 80+ Gold Modular PSU')._id,
};
const buildCpu = 'ryzen-7-7700x';
const byId = new Map(parts.map((candidate) => [candidate._id, candidate]));
const buildCheck = checkBuild({
  cpu: cpuById(buildCpu),
  parts: Object.fromEntries(Object.entries(buildParts).map(([slot, id]) => [slot, byId.get(id)!])),
});
// The advisor's answer for a $1,500 gaming PC around a Ryzen 7 7700, from the seeded catalog.
const advised = advise(parts, { budget: 150_000, use: 'gaming', cpu: cpuById('ryzen-7-7700')! });
if (!('advice' in advised)) throw new Error(`The seeded catalog holds no $1,500 gaming build: ${advised.refused}`);
const buildAdvice: BuildAdvice = { ...advised.advice, parts: advised.advice.parts as Part[] };

const savedBuild: SavedBuild = {
  _id: objectId(0x400),
  name: 'AM5 gaming build',
  cpu: buildCpu,
  parts: buildParts,
  slots: Object.entries(buildParts).map(([slot, id]) => ({ slot: slot as keyof BuildParts, productId: id, part: byId.get(id)! })),
  check: buildCheck,
  createdAt: at(50),
  updatedAt: at(55),
};
const buildSummary: BuildSummary = {
  _id: savedBuild._id,
  name: savedBuild.name,
  cpu: buildCpu,
  parts: buildParts,
  partCount: savedBuild.slots.length,
  state: buildCheck.state,
  problems: 0,
  notes: buildCheck.results.length,
  totalCents: buildCheck.totalCents,
  estimatedW: buildCheck.estimatedW,
  updatedAt: savedBuild.updatedAt,
};

const moderated: ModeratedReview = { ...reviews[0]!, hidden: false, createdAt: at(5) };
const activity: ActivityEntry = {
  _id: objectId(0x300),
  action: 'product.edited',
  actor: adminEmail,
  target: part.name,
  changes: [{ field: 'price', from: formatCents(part.price), to: formatCents(editedPart.price) }],
  subject: { kind: 'product', id: part._id, exists: true },
  at: at(20),
};
const user: UserSummary = { email: customerEmail, role: 'customer', createdAt: at(1) };
const profile: Profile = {
  email: customerEmail,
  Address: order.address,
  phone: order.phone,
  profession: 'Systems engineer',
  linkin: 'https://www.linkedin.com/in/sam-lee',
};
// Two lines: one that can be ordered, one asking for more than the stock (flagged).
const cart = priceCart(
  [
    { productId: parts[0]!._id, quantity: parts[0]!.min_quantity },
    { productId: part._id, quantity: part.p_quantity + 1 },
  ],
  (id) => parts.find((candidate) => candidate._id === id),
);
const shippingAddress = { fullName: 'Sam Lee', street: '12 Harbour Road', city: 'Portsmouth', postalCode: 'PO1 3AX', country: 'GB', phone: '+44 7700 900123' };
const checkoutId = objectId(0x300);
const checkoutOrders: Order[] = [parts[0]!, part].map((line, index) => ({
  ...order,
  _id: objectId(0x201 + index),
  productId: line._id,
  productName: line.name,
  per_product_price: line.price,
  order_quantity: line.min_quantity,
  totalAmount: line.price * line.min_quantity,
  address: addressLine(shippingAddress),
  phone: shippingAddress.phone,
  checkoutId,
}));
const checkoutQuote: CheckoutQuote = {
  subtotal: 45_997,
  shipping: 0,
  tax: 3_335,
  total: 49_332,
  shippingMethod: 'standard',
  shippingOptions: [
    { method: 'standard', amount: 0, deliveryFrom: '2026-12-03', deliveryTo: '2026-12-11' },
    { method: 'express', amount: 2_499, deliveryFrom: '2026-12-01', deliveryTo: '2026-12-08' },
  ],
  freeShippingOver: 9_900,
};
const checkout: Checkout = {
  checkoutId,
  orderNumber: 'PCP-7K3Q9D',
  orders: checkoutOrders,
  totalAmount: checkoutOrders.reduce((sum, line) => sum + line.totalAmount, 0),
  subtotal: checkoutOrders.reduce((sum, line) => sum + line.totalAmount, 0),
  shipping: 0,
  tax: 0,
  total: checkoutOrders.reduce((sum, line) => sum + line.totalAmount, 0),
  delivery: { method: 'standard', amount: 0, deliveryFrom: '2026-12-03', deliveryTo: '2026-12-11' },
  address: shippingAddress,
  shipTo: addressLine(shippingAddress),
  phone: shippingAddress.phone,
  paid: false,
  holdExpiresAt: at(60),
  createdAt: at(30),
};
// The same two lines paid, the first shipped in one parcel and delivered, one unit of it returned and refunded.
const [firstLine, secondLine] = checkoutOrders.map((line) => ({
  lineId: line._id,
  productId: line.productId,
  productName: line.productName,
  quantity: line.order_quantity,
  unitPrice: line.per_product_price,
  total: line.totalAmount,
  tax: 0,
  shipping: 0,
  status: 'paid' as const,
  shippedQuantity: 0,
  deliveredQuantity: 0,
  refundedQuantity: 0,
  returnedQuantity: 0,
  returningQuantity: 0,
  restockedQuantity: 0,
  refundedAmount: 0,
  returnableQuantity: 0,
})) as [OrderLine, OrderLine];
const deliveredLine: OrderLine = {
  ...firstLine,
  status: 'delivered',
  shippedQuantity: firstLine.quantity,
  deliveredQuantity: firstLine.quantity,
  refundedQuantity: 1,
  returnedQuantity: 1,
  restockedQuantity: 1,
  refundedAmount: firstLine.unitPrice,
  returnableQuantity: firstLine.quantity - 1,
  returnableUntil: at(60 * 24 * 33),
};
const orderReturn: OrderReturn = {
  returnId: objectId(0x400),
  orderNumber: checkout.orderNumber,
  email: customerEmail,
  status: 'received',
  lines: [{ lineId: firstLine.lineId, quantity: 1, productName: firstLine.productName }],
  reason: 'The fan rattles at idle.',
  requestedAt: at(60 * 24 * 4),
  decidedAt: at(60 * 24 * 4 + 30),
  receivedAt: at(60 * 24 * 8),
  refundedAmount: firstLine.unitPrice,
};
const orderDetail: OrderDetail = {
  number: checkout.orderNumber,
  checkoutId,
  status: 'partly-shipped',
  payment: 'partly-refunded',
  returnUnderWay: false,
  placedAt: checkout.createdAt,
  email: customerEmail,
  name: order.name,
  address: checkout.shipTo,
  phone: checkout.phone,
  lines: [deliveredLine, secondLine],
  shipments: [
    {
      shipmentId: objectId(0x500),
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [{ lineId: firstLine.lineId, quantity: firstLine.quantity }],
      shippedAt: at(60 * 24),
      deliveredAt: at(60 * 24 * 3),
    },
  ],
  refunds: [{ refundId: objectId(0x600), amount: firstLine.unitPrice, reason: `Return: ${orderReturn.reason}`, lines: orderReturn.lines.map(({ lineId, quantity }) => ({ lineId, quantity })), restock: true, at: at(60 * 24 * 8) }],
  returns: [orderReturn],
  totals: { subtotal: checkout.totalAmount, shipping: 0, tax: 0, total: checkout.totalAmount, paid: checkout.totalAmount, refunded: firstLine.unitPrice },
  delivery: checkout.delivery!,
  transactionId: 'pi_3QExample000000000000000',
  invoiceNumber: 'INV-000042',
};
const orderSummary: OrderSummary = {
  number: orderDetail.number,
  checkoutId,
  status: orderDetail.status,
  payment: orderDetail.payment,
  returnUnderWay: false,
  placedAt: orderDetail.placedAt,
  email: customerEmail,
  name: order.name,
  parts: partsInShort(orderDetail.lines),
  lineCount: 2,
  units: orderDetail.lines.reduce((sum, line) => sum + line.quantity, 0),
  total: orderDetail.totals.total,
  refunded: orderDetail.totals.refunded,
};
const uploadUrl = 'http://localhost:4000/uploads/0b5c7d1e-9a4f-4f8e-8a41-2f7c1d9e6b3a.webp';

/** GET /admin/overview?days=7: a week of sales beside the week before (fixed days). */
const overviewDay = (day: number, revenue: number, orders: number, previousRevenue: number, previousOrders: number) => ({
  date: `2026-11-${String(day + 8).padStart(2, '0')}`,
  revenue,
  orders,
  previousDate: `2026-11-${String(day + 1).padStart(2, '0')}`,
  previousRevenue,
  previousOrders,
});
const overview: Overview = {
  days: 7,
  from: '2026-11-09T00:00:00.000Z',
  to: '2026-11-16T00:00:00.000Z',
  previousFrom: '2026-11-02T00:00:00.000Z',
  computedAt: '2026-11-15T09:30:00.000Z',
  series: [
    overviewDay(1, 25_998, 2, 12_999, 1),
    overviewDay(2, 0, 0, 8_999, 1),
    overviewDay(3, 12_999, 1, 0, 0),
    overviewDay(4, 38_997, 2, 25_998, 2),
    overviewDay(5, 8_999, 1, 0, 0),
    overviewDay(6, 0, 0, 12_999, 1),
    overviewDay(7, 12_999, 1, 8_999, 1),
  ],
  current: { revenue: 99_992, orders: 7, averageOrderValue: 14_285, refunds: 12_999, placed: 9, paidShare: 7 / 9 },
  previous: { revenue: 69_994, orders: 6, averageOrderValue: 11_666, refunds: 0, placed: 8, paidShare: 0.75 },
  states: { unpaid: 2, paid: 3, 'partly-shipped': 1, shipped: 4 },
  returnsOpen: 1,
  topByRevenue: [{ productId: part._id, name: part.name, revenue: 51_996, units: 4 }, { productId: parts[0]!._id, name: parts[0]!.name, revenue: 47_996, units: 6 }],
  topByUnits: [{ productId: parts[0]!._id, name: parts[0]!.name, revenue: 47_996, units: 6 }, { productId: part._id, name: part.name, revenue: 51_996, units: 4 }],
};
const lowStock: LowStockAnswer = {
  items: [
    { productId: parts[1]!._id, name: parts[1]!.name, category: parts[1]!.category, stock: 0, soldLast30Days: 12, daysOfCover: 0, reason: 'threshold' },
    { productId: part._id, name: part.name, category: part.category, stock: 18, soldLast30Days: 60, daysOfCover: 9, reason: 'selling-fast' },
  ],
  total: 2,
  page: 1,
  pages: 1,
  threshold: 5,
  coverDays: 14,
};

const partReview: PartReview = {
  _id: objectId(0x300),
  productId: part._id,
  name: 'Priya Raman',
  rating: 5,
  title: 'Quiet under load',
  text: 'Kept my CPU under 70 °C through a two-hour render, and I could barely hear it.',
  purchasedMonth: '2026-10',
  helpful: 3,
  createdAt: at(30),
};
const moderatedPartReview: ModeratedPartReview = { ...partReview, partName: part.name, authorEmail: 'priya@example.com', hidden: false, heldVotes: 0 };

export const examples = {
  partReview,
  partReviewPage: { ...page([partReview], 1, 5), summary: { average: 5, count: 1, histogram: [0, 0, 0, 0, 1] } },
  myPartReview: { canReview: true, review: { ...partReview, hidden: false }, helpfulIds: [] },
  moderatedPartReview,
  moderatedPartReviewPage: page([moderatedPartReview], 1, 20),
  orderDetail,
  orderSummaries: page([orderSummary], 1, 20),
  orderReturn,
  returnsPage: page([orderReturn], 1, 20),
  part,
  partList: { ...page(parts.slice(-CATALOG_PAGE_SIZE).reverse(), parts.length, CATALOG_PAGE_SIZE), facets: facetsOf(parts) },
  insertedId: { insertedId: part._id },
  review: reviews[0]!,
  reviewPage: page(reviews.slice(-6).reverse(), reviews.length, 6),
  moderatedReviewPage: page([moderated], 1, 20),
  moderatedReview: { ...moderated, hidden: true },
  order,
  paidOrder,
  shippedOrder,
  editedPart,
  orderList: [order],
  placedOrder: { insertedId: order._id, order, figures: { subtotal: order.totalAmount, shipping: 0, tax: 0, total: order.totalAmount }, addressNeeded: true },
  cart,
  checkout,
  checkoutQuote,
  profile,
  userList: [user],
  activityPage: page([activity], 1, 20),
  overview,
  lowStock,
  liveRemotes,
  releases: [shopReleases],
  remoteReleases: shopReleases,
  releaseVersion: shopReleases.versions[0]!,
  accessToken: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImN1c3RvbWVyQHBjcGFydHMuZGV2In0.c2lnbmF0dXJl', expiresIn: 3600 },
  paymentIntent: { clientSecret: 'pi_3QxDemo0000000000000001_secret_k3yD3m0' },
  paymentConfirmation: { paid: true, status: 'paid', transactionId: paidOrder.transactionId! },
  buildCheck,
  buildAdvice,
  savedBuild,
  buildPage: page([buildSummary], 1, 10),
  stockHolds: { holds: [{ productId: part._id, held: quantity, unpaidOrders: 1 }, { productId: parts[0]!._id, held: 0, unpaidOrders: 0 }] },
  upload: { success: true, data: { url: uploadUrl, thumbUrl: uploadUrl.replace('.webp', '-thumb.webp') } },
} as const;

import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@pcpp/contracts/router';
import { BUILDER_PATH, COMPARE_PATH } from '@pcpp/contracts/core';
import { Spinner } from '@pcpp/contracts/ui';
import { HomePage } from './app/home-page';
import { useCompareTray } from './lib/compare-tray';
import { CATALOG_PATH } from './lib/catalog-url';

/**
 * A page whose code loads when it is first shown, so the home page (the first page of most visits)
 * carries only its own. Opened directly, the page comes rendered by the server and the browser
 * hydrates it once its code is in; opened inside the app, its spinner shows meanwhile.
 */
function lazyPage(load: () => Promise<ComponentType>, label: string) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<Spinner label={label} />}>
      <Page />
    </Suspense>
  );
}

const catalogPage = lazyPage(async () => (await import(/* webpackChunkName: "catalog" */ './features/catalog/components/catalog-page')).CatalogPage, 'Loading the catalog…');
const productPage = lazyPage(async () => (await import(/* webpackChunkName: "product" */ './features/product/components/product-page')).ProductPage, 'Loading the part…');
const blogsPage = lazyPage(async () => (await import(/* webpackChunkName: "blogs" */ './features/blogs/components/blogs-page')).BlogsPage, 'Loading…');
const portfolioPage = lazyPage(async () => (await import(/* webpackChunkName: "portfolio" */ './features/portfolio/components/portfolio-page')).PortfolioPage, 'Loading…');
const returnPolicyPage = lazyPage(
  async () => (await import(/* webpackChunkName: "return-policy" */ './features/return-policy/components/return-policy-page')).ReturnPolicyPage,
  'Loading…',
);
const cartPage = lazyPage(async () => (await import(/* webpackChunkName: "cart" */ './features/cart/components/cart-page')).CartPage, 'Loading your cart…');
// The checkout (its form library, zod and Stripe Elements) loads only when someone checks out.
const checkoutPage = lazyPage(async () => (await import(/* webpackChunkName: "checkout" */ './features/checkout/components/checkout-page')).CheckoutPage, 'Loading the checkout…');
const confirmationPage = lazyPage(
  async () => (await import(/* webpackChunkName: "checkout" */ './features/checkout/components/confirmation-page')).ConfirmationPage,
  'Loading your order…',
);
// The order form (its form library and zod) loads only when someone orders.
const purchasePage = lazyPage(
  async () => (await import(/* webpackChunkName: "purchase" */ './features/purchase/components/purchase-page')).PurchasePage,
  'Loading the order form…',
);

// Any other path: its picture loads when someone is lost, not with every home page.
const notFoundPage = lazyPage(async () => (await import(/* webpackChunkName: "not-found" */ './components/not-found-page')).NotFoundPage, 'Loading…');

// The builder (its rules, lists and forms) loads only on its pages.
const builderPage = lazyPage(
  async () => (await import(/* webpackChunkName: "builder" */ './features/builder/components/builder-page')).BuilderPage,
  'Loading the PC builder…',
);

// The tray's bar loads once it holds a part: most visits never compare, and home stays light.
const CompareTrayBar = lazy(async () => ({ default: (await import(/* webpackChunkName: "compare-tray" */ './components/compare-tray')).CompareTray }));

function CompareTray() {
  const held = useCompareTray().length > 0;
  return held ? (
    <Suspense fallback={null}>
      <CompareTrayBar />
    </Suspense>
  ) : null;
}

const comparePage = lazyPage(async () => (await import(/* webpackChunkName: "compare" */ './features/compare/components/compare-page')).ComparePage, 'Loading…');

/** mf-shop's route tree, exposed to the shell as `mf_shop/routes`. Paths are absolute. */
export default function ShopRoutes() {
  return (
    <>
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path={CATALOG_PATH} element={catalogPage} />
      <Route path={`${CATALOG_PATH}/:id`} element={productPage} />
      <Route path={BUILDER_PATH} element={builderPage} />
      <Route path={`${BUILDER_PATH}/:id`} element={builderPage} />
      <Route path={COMPARE_PATH} element={comparePage} />
      <Route path="/blogs" element={blogsPage} />
      <Route path="/portfolio" element={portfolioPage} />
      <Route path="/returnPolicy" element={returnPolicyPage} />
      <Route path="/purchase/:id" element={purchasePage} />
      <Route path="/cart" element={cartPage} />
      <Route path="/checkout" element={checkoutPage} />
      <Route path="/checkout/:id" element={confirmationPage} />
      <Route path="*" element={notFoundPage} />
    </Routes>
    {/* The compare tray follows the visitor across the shop's pages. */}
    <CompareTray />
    </>
  );
}

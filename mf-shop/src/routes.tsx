import { lazy, Suspense } from 'react';
import { Route, Routes } from '@pcpp/contracts/router';
import { BUILDER_PATH } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { HomePage } from './app/home-page';
import { BlogsPage } from './features/blogs/components/blogs-page';
import { CartPage } from './features/cart/components/cart-page';
import { CatalogPage } from './features/catalog/components/catalog-page';
import { NotFoundPage } from './components/not-found-page';
import { ProductPage } from './features/product/components/product-page';
import { PortfolioPage } from './features/portfolio/components/portfolio-page';
import { ReturnPolicyPage } from './features/return-policy/components/return-policy-page';
import { CATALOG_PATH } from './lib/catalog-url';

// The checkout (its form library, zod and Stripe Elements) loads only when someone checks out.
const CheckoutPage = lazy(() =>
  import(/* webpackChunkName: "checkout" */ './features/checkout/components/checkout-page').then((module) => ({ default: module.CheckoutPage })),
);
const ConfirmationPage = lazy(() =>
  import(/* webpackChunkName: "checkout" */ './features/checkout/components/confirmation-page').then((module) => ({
    default: module.ConfirmationPage,
  })),
);

// The order form (its form library and zod) loads only when someone orders.
const PurchasePage = lazy(() =>
  import(/* webpackChunkName: "purchase" */ './features/purchase/components/purchase-page').then((module) => ({
    default: module.PurchasePage,
  })),
);

// The builder (its rules, lists and forms) loads only on its pages.
const BuilderPage = lazy(() =>
  import(/* webpackChunkName: "builder" */ './features/builder/components/builder-page').then((module) => ({
    default: module.BuilderPage,
  })),
);

/** mf-shop's route tree, exposed to the shell as `mf_shop/routes`. Paths are absolute. */
export default function ShopRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path={CATALOG_PATH} element={<CatalogPage />} />
      <Route path={`${CATALOG_PATH}/:id`} element={<ProductPage />} />
      <Route
        path={BUILDER_PATH}
        element={
          <Suspense fallback={<Spinner label="Loading the PC builder…" />}>
            <BuilderPage />
          </Suspense>
        }
      />
      <Route
        path={`${BUILDER_PATH}/:id`}
        element={
          <Suspense fallback={<Spinner label="Loading the PC builder…" />}>
            <BuilderPage />
          </Suspense>
        }
      />
      <Route path="/blogs" element={<BlogsPage />} />
      <Route path="/portfolio" element={<PortfolioPage />} />
      <Route path="/returnPolicy" element={<ReturnPolicyPage />} />
      <Route path="/cart" element={<CartPage />} />
      <Route
        path="/checkout"
        element={
          <Suspense fallback={<Spinner label="Loading the checkout…" />}>
            <CheckoutPage />
          </Suspense>
        }
      />
      <Route
        path="/checkout/:id"
        element={
          <Suspense fallback={<Spinner label="Loading your order…" />}>
            <ConfirmationPage />
          </Suspense>
        }
      />
      <Route
        path="/purchase/:id"
        element={
          <Suspense fallback={<Spinner label="Loading the order form…" />}>
            <PurchasePage />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

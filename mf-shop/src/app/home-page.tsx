import { pageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { CategoryShowcase } from '../features/home/components/category-showcase';
import { DeliveryInfo } from '../features/home/components/delivery-info';
import { Hero } from '../features/home/components/hero';
import { LatestProducts } from '../features/home/components/latest-products';
import { StatisticsBand } from '../features/home/components/statistics-band';
import { LatestReviews } from '../features/reviews/components/latest-reviews';

/** Home, top to bottom as the spec orders it. Composed here: features never import each other. */
export function HomePage() {
  usePageMeta(pageMeta.home);
  return (
    <>
      <Hero />
      <StatisticsBand />
      <CategoryShowcase />
      <LatestProducts />
      <LatestReviews />
      <DeliveryInfo />
    </>
  );
}

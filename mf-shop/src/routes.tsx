import { Route, Routes } from 'react-router-dom';
import { BlogsPage } from './features/blogs/components/blogs-page';
import { HomePage } from './features/home/components/home-page';
import { NotFoundPage } from './features/not-found/components/not-found-page';

/** mf-shop's route tree, exposed to the shell as `mf_shop/routes`. Paths are absolute. */
export default function ShopRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/blogs" element={<BlogsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

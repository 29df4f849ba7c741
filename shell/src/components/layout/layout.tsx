import { Outlet } from '@pcpp/contracts/router';
import { useVisitorCartMerge } from '@pcpp/contracts';
import styled from 'styled-components';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RouteAnnouncer } from './route-announcer';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

// At least a window tall, so the footer starts below the fold while a remote or its data loads
// and is never painted under the navbar and then pushed down (layout shift).
const Main = styled.main`
  flex: 1;
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  /* Focused by the skip link: the page's own headings carry the focus ring. */
  &:focus { outline: none; }
`;

export function Layout() {
  // A visitor's cart joins the account's as soon as someone signs in, whatever page they are on.
  useVisitorCartMerge();
  return (
    <>
      <SkipLink />
      <ScrollToTop />
      <Navbar />
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
      <RouteAnnouncer />
    </>
  );
}

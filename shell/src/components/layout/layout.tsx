import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollToTop } from './scroll-to-top';

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
`;

export function Layout() {
  return (
    <>
      <ScrollToTop />
      <Navbar />
      <Main id="main">
        <Outlet />
      </Main>
      <Footer />
    </>
  );
}

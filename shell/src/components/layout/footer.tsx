import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { brand, contactDetails as contact, telHref } from '@pcpp/contracts/core';
import { AppStoreBadges } from './app-store-badges';

const FooterBar = styled.footer`
  background: var(--color-ink);
  color: #cbd5e1;
  margin-top: auto;
`;

const Inner = styled.div`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 32px 16px;
  display: grid;
  gap: 24px;
  grid-template-columns: 1fr;
  @media (min-width: 768px) { grid-template-columns: repeat(3, 1fr); }
  h2 { color: #fff; font-size: 1rem; margin: 0 0 8px; }
  p { margin: 4px 0; }
  a { color: #fde68a; }
  /* The pages' gutters, so the columns line up with the content above. */
  @media (min-width: 768px) { padding: 32px 24px; }
  /* A fingertip needs a 44 px target. */
  @media (pointer: coarse), (max-width: 767px) {
    a { display: inline-flex; align-items: center; min-height: 44px; }
    p { margin: 0; }
  }
`;

const Copyright = styled.p`
  border-top: 1px solid rgb(255 255 255 / 0.1);
  text-align: center;
  margin: 0;
  padding: 16px;
  font-size: 0.9rem;
`;

export function Footer() {
  return (
    <FooterBar>
      <Inner>
        <section>
          <h2>{brand.full}</h2>
          <p>Motherboards, memory, storage, coolers, power supplies and video cards, made by us.</p>
        </section>
        <section>
          <h2>Contact</h2>
          <p>Phone: <a href={telHref(contact.phone)}>{contact.phone}</a></p>
          <p>Email: <a href={`mailto:${contact.email}`}>{contact.email}</a></p>
          <p><Link to="/returnPolicy">Returns Policy</Link></p>
        </section>
        <section>
          <h2>Get the app</h2>
          <AppStoreBadges />
        </section>
      </Inner>
      <Copyright>
        Copyright © {new Date().getFullYear()} {brand.full}. All rights reserved.
      </Copyright>
    </FooterBar>
  );
}

import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { HOME_HERO_IMAGE_PATH, HOME_HERO_MEDIA, brand } from '@pcpp/contracts/core';
import { Button, SessionSummary } from '@pcpp/contracts/ui';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH } from '../../../lib/catalog-url';

const Banner = styled.section`
  background:
    radial-gradient(circle at 85% 20%, rgb(245 158 11 / 0.18), transparent 45%),
    linear-gradient(135deg, var(--color-ink) 0%, var(--color-primary-dark) 100%);
  color: #fff;
`;

const Inner = styled.div`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: 40px 16px 48px;
  display: grid;
  gap: 32px;
  align-items: center;
  ${media.medium} { padding: 64px 24px; }
  ${media.large} { grid-template-columns: 1.15fr 1fr; gap: 48px; padding: 80px 24px; }
`;

const Eyebrow = styled.p`
  margin: 0 0 12px;
  font-size: 0.85rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: #fcd34d;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 2.1rem;
  line-height: 1.15;
  ${media.medium} { font-size: 2.8rem; }
  ${media.large} { font-size: 3.2rem; }
  .brand { white-space: nowrap; }
  .accent { color: var(--color-accent); }
`;

const Lead = styled.p`
  margin: 16px 0 0;
  font-size: 1.15rem;
  color: #e0e7ff;
  max-width: 560px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin: 28px 0 20px;
`;

const Primary = styled(Button)`
  background: var(--color-accent);
  color: var(--color-ink);
  &:hover:not(:disabled) { background: #fbbf24; }
`;

const Secondary = styled(Button)`
  background: transparent;
  color: #fff;
  border-color: rgb(255 255 255 / 0.5);
  &:hover:not(:disabled) { background: rgb(255 255 255 / 0.1); }
`;

const Session = styled.div`
  font-size: 0.95rem;
  color: #c7d2fe;
  p { margin: 0; }
`;

/** A 1×1 transparent GIF: what a phone "loads" instead of the hero picture it never shows. */
const EMPTY_PICTURE = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

const Showcase = styled.div`
  display: none;
  /* The width the shell's server preloads the picture from (pagePreloads). */
  @media ${HOME_HERO_MEDIA} { display: block; max-width: 520px; margin: 0 auto; width: 100%; }
  img {
    width: 100%;
    height: auto;
    border-radius: 16px;
    box-shadow: 0 24px 48px rgb(2 6 23 / 0.45);
    transform: rotate(-2deg);
  }
`;

/** The welcome banner: who we are, what we promise, and where to start. */
export function Hero() {
  return (
    <Banner aria-labelledby="hero-title">
      <Inner>
        <div>
          <Eyebrow>Trusted brands · Top quality parts</Eyebrow>
          <Title id="hero-title">
            Welcome to{' '}
            <span className="brand">
              {brand.first} <span className="accent">{brand.second}</span>
            </span>
          </Title>
          <Lead>Top quality parts from trusted brands at reasonable prices.</Lead>
          <Lead>
            Our engineers give technical assistance before and after you buy, and our customer support team
            answers every question about your order.
          </Lead>
          <Actions>
            <Primary as={Link} to={CATALOG_PATH}>
              Browse all products
            </Primary>
            <Secondary as="a" href="#categories">
              Shop by category
            </Secondary>
          </Actions>
          <Session>
            <SessionSummary />
          </Session>
        </div>
        <Showcase>
          {/* A hidden <img> still downloads: below the hero's width the source is an empty picture. */}
          <picture>
            <source media={`not all and ${HOME_HERO_MEDIA}`} srcSet={EMPTY_PICTURE} />
            <img src={resolveImageUrl(HOME_HERO_IMAGE_PATH)} alt="" fetchPriority="high" width={400} height={300} />
          </picture>
        </Showcase>
      </Inner>
    </Banner>
  );
}

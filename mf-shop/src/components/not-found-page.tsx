import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { pageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { Inner } from './section';
import { NotFoundPicture } from './not-found-picture';

const Wrap = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  text-align: center;
  h1 { margin: 8px 0 0; font-size: 1.9rem; }
  p { margin: 0; color: var(--color-muted); max-width: 480px; }
`;

const PictureLink = styled(Link)`
  display: block;
  width: 100%;
  max-width: 480px;
  border-radius: 24px;
  svg { display: block; width: 100%; height: auto; }
  &:hover { box-shadow: 0 10px 30px rgb(15 23 42 / 0.18); }
`;

/** Any path nobody owns: a picture that takes you home. */
export function NotFoundPage() {
  usePageMeta(pageMeta.notFound);
  return (
    <Inner>
      <Wrap>
        {/* The picture names the link; its drawn "404 NO SIGNAL" is part of the picture, not of the name. */}
        <PictureLink to="/">
          <NotFoundPicture label="Page not found: back to the home page" />
        </PictureLink>
        <h1>Page not found</h1>
        <p>
          The page you asked for is not here: its cable seems to be unplugged. Tap the picture or{' '}
          <Link to="/">go back to the home page</Link>.
        </p>
      </Wrap>
    </Inner>
  );
}

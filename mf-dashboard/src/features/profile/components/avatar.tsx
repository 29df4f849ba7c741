import { useState } from 'react';
import styled, { css } from 'styled-components';
import { initialsOf } from '@pcpp/contracts/core';

// 72 px on phones, so the name still fits beside it; 96 px from 768 px up.
const size = css`
  width: 72px;
  height: 72px;
  @media (min-width: 768px) { width: 96px; height: 96px; }
`;

const Photo = styled.img`
  ${size}
  border-radius: 50%;
  object-fit: cover;
  border: 3px solid var(--color-surface);
  box-shadow: var(--shadow);
  flex: none;
`;

const Initials = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  ${size}
  border-radius: 50%;
  background: var(--color-primary);
  color: #fff;
  font-size: 1.6rem;
  @media (min-width: 768px) { font-size: 2.1rem; }
  font-weight: 700;
  letter-spacing: 0.02em;
  box-shadow: var(--shadow);
  flex: none;
`;

/** The account's photo, or its initials when it has none (or the photo cannot be loaded). */
export function Avatar({ name, photoURL }: { name: string; photoURL: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (photoURL && failedUrl !== photoURL) {
    return <Photo src={photoURL} alt={`Photo of ${name}`} referrerPolicy="no-referrer" onError={() => setFailedUrl(photoURL)} />;
  }
  return (
    <Initials role="img" aria-label={`${name} (no photo)`} data-testid="initials-avatar">
      {initialsOf(name)}
    </Initials>
  );
}

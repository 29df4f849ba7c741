import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { brand } from '@pcpp/contracts/core';

const BrandLink = styled(Link)`
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: 0.04em;
  color: #fff;
  text-decoration: none;
  white-space: nowrap;
  span { color: var(--color-accent); }
`;

/** The split brand name: PC PART in white, PICKER in the accent colour. */
export function Brand() {
  return (
    <BrandLink to="/" aria-label={`${brand.full} home`}>
      {brand.first} <span>{brand.second}</span>
    </BrandLink>
  );
}

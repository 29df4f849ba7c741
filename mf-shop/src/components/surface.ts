import { css } from 'styled-components';

/** The white, bordered, shadowed box the shop's cards and panels sit in. */
export const surface = css`
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
`;

/** A card that stacks its content and fills its grid cell, so a row of cards lines up. */
export const cardColumn = css`
  display: flex;
  flex-direction: column;
  height: 100%;
`;

/** A list without bullets or indents, for lists laid out as grids or rows. */
export const plainList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

import styled from 'styled-components';

// Out of sight until focused: the first Tab on any page shows it.
const Link = styled.a`
  position: absolute;
  left: 16px;
  top: 8px;
  z-index: 100;
  padding: 10px 16px;
  border-radius: 8px;
  background: var(--color-accent);
  color: var(--color-ink);
  font-weight: 700;
  text-decoration: none;
  transform: translateY(-200%);
  &:focus { transform: none; }
`;

/** 'Skip to content': first in the tab order, past the navbar to the page itself. */
export function SkipLink() {
  return <Link href="#main">Skip to content</Link>;
}

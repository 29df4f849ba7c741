import styled from 'styled-components';

/** A group of radio choices drawn as cards (the checkout's saved addresses, the shipping methods). */
export const RadioCards = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend { padding: 0; margin-bottom: 10px; font-weight: 700; }
`;

/** One choice: its radio button, then its words; the chosen card is outlined. */
export const RadioCard = styled.label`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  align-items: start;
  gap: 4px 12px;
  padding: 12px 14px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  cursor: pointer;
  &:has(input:checked) { border-color: var(--color-accent); box-shadow: inset 0 0 0 1px var(--color-accent); }
  input { width: 20px; height: 20px; margin: 2px 0 0; }
  span span { display: block; color: var(--color-ink-soft); font-size: 0.9rem; overflow-wrap: anywhere; }
`;

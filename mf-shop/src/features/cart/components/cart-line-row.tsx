import { type FormEvent, useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { resolveImageUrl } from '@pcpp/contracts';
import { buildCartText, type BuildState, buildStateLabels, type CartLine, cartText, formatCents } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { media } from '../../../lib/breakpoints';
import { partHref } from '../../../lib/catalog-url';

const Row = styled.li<{ $flagged: boolean }>`
  display: grid;
  grid-template-columns: 72px minmax(0, 1fr);
  grid-template-areas: 'picture about' 'controls controls';
  gap: 12px 16px;
  padding: 16px;
  border-top: 1px solid var(--color-border);
  &:first-child { border-top: 0; }
  background: ${({ $flagged }) => ($flagged ? '#fef2f2' : 'transparent')};
  ${media.medium} {
    grid-template-columns: 96px minmax(0, 1fr) auto;
    grid-template-areas: 'picture about controls';
    align-items: center;
  }
`;

const Picture = styled.img`
  grid-area: picture;
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: contain;
  background: #eef2f7;
  border-radius: 8px;
`;

const About = styled.div`
  grid-area: about;
  display: grid;
  gap: 4px;
  h2 { margin: 0; font-size: 1.05rem; line-height: 1.3; }
  h2 a { color: var(--color-ink); }
  p { margin: 0; color: var(--color-ink-soft); font-size: 0.95rem; }
  p[role='alert'] { color: var(--color-danger); font-weight: 600; }
`;

const Controls = styled.div`
  grid-area: controls;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  ${media.medium} { justify-content: flex-end; }
`;

const Stepper = styled.form`
  display: inline-flex;
  align-items: stretch;
  border: 1px solid #94a3b8;
  border-radius: 8px;
  overflow: hidden;
  background: #fff;
  button {
    width: 44px;
    min-height: 44px;
    border: 0;
    background: var(--color-page);
    color: var(--color-ink);
    font-size: 1.2rem;
    font-weight: 700;
    cursor: pointer;
  }
  button:disabled { opacity: 0.4; cursor: not-allowed; }
  input {
    width: 4.5rem;
    min-height: 44px;
    border: 0;
    border-inline: 1px solid var(--color-border);
    text-align: center;
    font-variant-numeric: tabular-nums;
    -moz-appearance: textfield;
  }
  input::-webkit-inner-spin-button, input::-webkit-outer-spin-button { -webkit-appearance: none; margin: 0; }
  input[aria-invalid='true'] { outline: 2px solid var(--color-danger); outline-offset: -2px; }
`;

const Total = styled.p`
  margin: 0;
  min-width: 6.5rem;
  text-align: right;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Remove = styled(Button)`
  padding-inline: 12px;
`;

/** Whole numbers from 1: anything else is not sent. */
function parseQuantity(text: string): number | null {
  return /^\d{1,6}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;
}

/** The build's state on a line that came from it: red for Problems, amber for notes, green when compatible. */
const BuildMark = styled.p<{ $state: BuildState }>`
  && {
    justify-self: start;
    display: inline-block;
    padding: 2px 10px;
    border-radius: 6px;
    font-size: 0.85rem;
    font-weight: 700;
    background: ${({ $state }) => ($state === 'problems' ? '#fee2e2' : $state === 'notes' ? '#fef3c7' : '#dcfce7')};
    color: ${({ $state }) => ($state === 'problems' ? '#991b1b' : $state === 'notes' ? '#92400e' : '#166534')};
  }
`;

/**
 * One line: picture, name, unit price, the quantity stepper, the line's total and Remove. A line
 * the stock or the minimum order no longer allows says why, in the api's sentence.
 */
export function CartLineRow({
  line,
  fromBuild,
  onQuantity,
  onStep,
  onRemove,
}: {
  line: CartLine;
  /** The state of the build the line came from ('Add build to cart'), if it did. */
  fromBuild?: BuildState;
  onQuantity: (quantity: number) => void;
  onStep: (delta: 1 | -1) => void;
  onRemove: () => void;
}) {
  const { part, quantity } = line;
  const name = part?.name ?? 'A part no longer sold';
  // What is being typed; null: the cart's quantity (a step, another tab or the api's answer shows at once).
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(quantity);
  const typed = parseQuantity(text);
  const typingError = typed === null ? 'quantity must be a whole number from 1' : null;
  const problemId = `cart-line-${line.productId}-problem`;
  const commit = (event?: FormEvent) => {
    event?.preventDefault();
    if (typed === null) return;
    setDraft(null);
    if (typed !== quantity) onQuantity(typed);
  };
  const message = typingError ?? line.problem;
  return (
    <Row $flagged={Boolean(line.problem)} data-testid="cart-line">
      {part ? (
        <Picture src={resolveImageUrl(part.img)} alt="" width={96} height={72} />
      ) : (
        <Picture as="div" aria-hidden="true" />
      )}
      <About>
        <h2>{part ? <Link to={partHref(part._id)}>{part.name}</Link> : name}</h2>
        {part && (
          <p>
            {formatCents(part.price)} each · minimum order {part.min_quantity}
          </p>
        )}
        {fromBuild && (
          <BuildMark $state={fromBuild} data-testid="cart-line-build">
            {buildCartText.fromBuild(buildStateLabels[fromBuild])}
          </BuildMark>
        )}
        {message && (
          <ErrorText id={problemId} role="alert">
            {message}
          </ErrorText>
        )}
      </About>
      <Controls>
        {part ? (
          <Stepper onSubmit={commit} aria-label={cartText.quantityLabel(name)}>
            <button type="button" aria-label={cartText.fewer(name)} disabled={quantity <= Math.max(1, part.min_quantity)} onClick={() => onStep(-1)}>
              −
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={part.min_quantity}
              max={part.p_quantity}
              step={1}
              value={text}
              aria-label={cartText.quantityLabel(name)}
              aria-invalid={Boolean(message)}
              aria-describedby={message ? problemId : undefined}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={() => commit()}
            />
            <button type="button" aria-label={cartText.more(name)} disabled={quantity >= part.p_quantity} onClick={() => onStep(1)}>
              +
            </button>
          </Stepper>
        ) : (
          <span>× {quantity}</span>
        )}
        <Total aria-label={`Line total for ${name}`}>{formatCents(line.lineTotal)}</Total>
        <Remove type="button" $variant="secondary" aria-label={cartText.removeLine(name)} onClick={onRemove}>
          {cartText.remove}
        </Remove>
      </Controls>
    </Row>
  );
}

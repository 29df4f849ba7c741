import styled from 'styled-components';
import { checkoutPageText, type CheckoutQuote, formatCents, SHIPPING_METHODS, type ShippingMethod, totalsText } from '@pcpp/contracts/core';

const Methods = styled.fieldset`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend { padding: 0; margin-bottom: 10px; font-size: 1.25rem; font-weight: 700; }
`;

const Method = styled.label`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: start;
  gap: 4px 12px;
  padding: 12px 14px;
  border: 1px solid var(--color-border);
  border-radius: 8px;
  cursor: pointer;
  &:has(input:checked) { border-color: var(--color-accent); box-shadow: inset 0 0 0 1px var(--color-accent); }
  input { width: 20px; height: 20px; margin: 2px 0 0; }
  strong { font-variant-numeric: tabular-nums; white-space: nowrap; }
  span span { display: block; color: var(--color-ink-soft); font-size: 0.9rem; }
`;

const Muted = styled.p`
  margin: 0;
  color: var(--color-ink-soft);
  font-size: 0.95rem;
`;

/**
 * The shipping methods as radio buttons: each with its price ('Free') and delivery dates once
 * quoted. The checkout, the Purchase page and the payment page of an order given its address alike.
 */
export function ShippingMethods({ quote, method, onMethod }: { quote: CheckoutQuote | undefined; method: ShippingMethod; onMethod: (method: ShippingMethod) => void }) {
  return (
    <Methods>
      <legend>{checkoutPageText.shippingTitle}</legend>
      {SHIPPING_METHODS.map((candidate) => {
        const option = quote?.shippingOptions.find((o) => o.method === candidate);
        return (
          <Method key={candidate} data-testid={`shipping-${candidate}`}>
            <input type="radio" name="shippingMethod" value={candidate} checked={method === candidate} onChange={() => onMethod(candidate)} />
            <span>
              {totalsText.method[candidate]}
              <span>{option ? totalsText.arrives(option.deliveryFrom, option.deliveryTo) : totalsText.methodDays[candidate]}</span>
            </span>
            <strong>{option ? (option.amount === 0 ? totalsText.free : formatCents(option.amount)) : ''}</strong>
          </Method>
        );
      })}
      {quote?.freeShippingOver !== undefined && <Muted>{totalsText.freeOver(quote.freeShippingOver)}</Muted>}
    </Methods>
  );
}

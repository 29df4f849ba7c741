import styled from 'styled-components';
import { checkoutPageText, type CheckoutQuote, formatCents, SHIPPING_METHODS, type ShippingMethod, totalsText } from '@pcpp/contracts/core';
import { RadioCard, RadioCards } from './radio-cards';

const Methods = styled(RadioCards)`
  legend { font-size: 1.25rem; }
`;

/** Its price at the end of the card. */
const Method = styled(RadioCard)`
  grid-template-columns: auto minmax(0, 1fr) auto;
  strong { font-variant-numeric: tabular-nums; white-space: nowrap; }
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

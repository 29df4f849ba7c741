import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { toast } from 'react-toastify';
import { type CartChange, errorMessage, removeLineChange, setQuantityChange, stepQuantityChange, useCartChange } from '@pcpp/contracts';
import { type Cart, cartText, countryName, formatCents, pageMeta, shippingAmount, shippingRateFor, totalsText } from '@pcpp/contracts/core';
import { Button, LoadFailure, Spinner, usePageMeta } from '@pcpp/contracts/ui';
import { Inner } from '../../../components/section';
import { surface } from '../../../components/surface';
import { media } from '../../../lib/breakpoints';
import { CATALOG_PATH } from '../../../lib/catalog-url';
import { usePricedCart } from '../../../api/use-priced-cart';
import { useProfile } from '../../../api/use-profile';
import { useShippingRates } from '../api/shipping-rates';
import { useCartBuild } from '../../../lib/cart-build';
import { CartLineRow } from './cart-line-row';

const Title = styled.h1`
  margin: 0 0 20px;
  font-size: 1.9rem;
  line-height: 1.2;
  ${media.medium} { font-size: 2.3rem; }
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: minmax(0, 1fr) 320px; }
`;

const Lines = styled.ul`
  ${surface}
  list-style: none;
  margin: 0;
  padding: 0;
  overflow: hidden;
`;

const Summary = styled.section`
  ${surface}
  display: grid;
  gap: 14px;
  padding: 20px;
  h2 { margin: 0; font-size: 1.2rem; }
  dl { display: grid; gap: 8px; margin: 0; }
  dl div { display: flex; justify-content: space-between; gap: 12px; }
  dd { margin: 0; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .subtotal, .total { font-size: 1.15rem; dd { font-weight: 800; } }
  .total { padding-top: 8px; border-top: 1px solid var(--color-border); }
  p { margin: 0; color: var(--color-ink-soft); font-size: 0.95rem; }
  ${media.large} { position: sticky; top: calc(var(--navbar-height, 68px) + 16px); }
`;

const Blocked = styled.p`
  && { color: var(--color-danger); }
`;

const Empty = styled.div`
  ${surface}
  display: grid;
  justify-items: center;
  gap: 16px;
  padding: 40px 16px;
  text-align: center;
  p { margin: 0; color: var(--color-muted); font-size: 1.1rem; }
`;

/**
 * Standard shipping to the saved address's country (else the US) by the api's table and the rule
 * the order uses, and what that makes: an estimate that says what it assumes. Nothing while the
 * table is not there (the subtotal stands alone).
 */
function useEstimate(subtotal: number) {
  const rates = useShippingRates();
  const profile = useProfile();
  const country = profile.data?.shippingAddress?.country ?? 'US';
  const rate = rates.data ? shippingRateFor(rates.data.rates, country) : undefined;
  if (!rate) return null;
  const shipping = shippingAmount(rate, 'standard', subtotal);
  return { shipping, total: subtotal + shipping, note: totalsText.cartEstimate(countryName(country)) };
}

function CartView({ cart, change }: { cart: Cart; change: (change: CartChange) => void }) {
  const estimate = useEstimate(cart.subtotal);
  const build = useCartBuild(cart.lines.map((line) => line.productId));
  if (cart.lines.length === 0) {
    return (
      <Empty>
        <p>{cartText.empty}</p>
        <Button as={Link} to={CATALOG_PATH}>
          {cartText.browse}
        </Button>
      </Empty>
    );
  }
  const count = cart.lines.length;
  return (
    <Columns>
      <Lines aria-label="Lines">
        {cart.lines.map((line) => (
          <CartLineRow
            key={line.productId}
            line={line}
            fromBuild={build?.productIds.includes(line.productId) ? build.state : undefined}
            onQuantity={(quantity) => change(setQuantityChange(line.productId, quantity))}
            onStep={(delta) => change(stepQuantityChange(line.productId, delta))}
            onRemove={() => change(removeLineChange(line.productId))}
          />
        ))}
      </Lines>
      <Summary aria-labelledby="cart-summary-title">
        <h2 id="cart-summary-title">Summary</h2>
        <dl>
          <div className="subtotal">
            <dt>
              {cartText.subtotal} ({count} {count === 1 ? 'part' : 'parts'})
            </dt>
            <dd data-testid="cart-subtotal">{formatCents(cart.subtotal)}</dd>
          </div>
          {estimate && (
            <>
              <div>
                <dt>{totalsText.shipping}</dt>
                <dd data-testid="cart-shipping">{estimate.shipping === 0 ? totalsText.free : formatCents(estimate.shipping)}</dd>
              </div>
              <div className="total">
                <dt>{totalsText.total}</dt>
                <dd data-testid="cart-estimate">{formatCents(estimate.total)}</dd>
              </div>
            </>
          )}
        </dl>
        {estimate && <p data-testid="cart-estimate-note">{estimate.note}</p>}
        <p>Prices and stock are the shop’s as of now. Shipping address and payment come next.</p>
        {cart.ready ? (
          <Button as={Link} to="/checkout">
            {cartText.checkOut}
          </Button>
        ) : (
          <>
            <Blocked id="cart-blocked">{cartText.fixLines}</Blocked>
            <Button type="button" disabled aria-describedby="cart-blocked">
              {cartText.checkOut}
            </Button>
          </>
        )}
      </Summary>
    </Columns>
  );
}

/** /cart: the lines, their quantities and totals, the subtotal, and the way to check out. */
export function CartPage() {
  usePageMeta(pageMeta.cart);
  const priced = usePricedCart();
  const mutation = useCartChange();
  const change = (cartChange: CartChange) =>
    mutation.mutate(cartChange, { onError: (error) => void toast.error(`${cartText.saveFailed} ${errorMessage(error)}`) });
  return (
    <Inner>
      <Title>{cartText.title}</Title>
      {priced.status === 'pending' && <Spinner label="Loading your cart…" />}
      {priced.status === 'error' && (
        <LoadFailure title="We could not load your cart." message={errorMessage(priced.error)} onRetry={priced.retry} framed />
      )}
      {priced.status === 'success' && <CartView cart={priced.cart} change={change} />}
    </Inner>
  );
}

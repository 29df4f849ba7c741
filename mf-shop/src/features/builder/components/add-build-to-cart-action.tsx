import { useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { type BuildSelection, buildCartLines, cartText } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { useAddBuildToCart } from '../api/add-build-to-cart';

const CartAction = styled.div`
  display: grid;
  gap: 8px;
  padding-top: 4px;
  border-top: 1px solid var(--color-border);
`;

/** 'Add build to cart': every chosen part at quantity 1 (or its minimum order), then the cart is a click away. */
export function AddBuildToCartAction({ selection, label = 'Add build to cart' }: { selection: BuildSelection; label?: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const addBuildToCart = useAddBuildToCart();
  const lines = buildCartLines(selection);
  const add = async (added: typeof lines) => {
    await addBuildToCart(added);
    toast.success(
      <span>
        {cartText.buildAdded(added.length)} <Link to="/cart">{cartText.viewCart}</Link>
      </span>,
    );
  };
  return (
    <CartAction>
      <Button
        type="button"
        disabled={lines.length === 0 || state.busy}
        onClick={() => {
          setState({ busy: true, error: null });
          add(lines).then(
            () => setState({ busy: false, error: null }),
            (error: unknown) => setState({ busy: false, error: errorMessage(error) }),
          );
        }}
      >
        {label}
      </Button>
      {state.error && <ErrorText role="alert">{state.error}</ErrorText>}
    </CartAction>
  );
}


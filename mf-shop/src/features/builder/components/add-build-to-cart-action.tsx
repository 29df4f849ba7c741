import { lazy, Suspense, useState } from 'react';
import { Link } from '@pcpp/contracts/router';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { buildCartText, type BuildSelection, buildCartLines, cartText, checkBuild } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { rememberCartBuild } from '../../../lib/cart-build';
import { useAddBuildToCart } from '../api/add-build-to-cart';

// The dialog comes with the dashboard's UI kit (about 30 KB): fetched when a build with problems asks, not with the builder.
const ConfirmDialog = lazy(() => import('@pcpp/contracts/ui/dashboard').then((kit) => ({ default: kit.ConfirmDialog })));

/** Each problem a line of its own inside the dialog's sentence (a <p>: spans, not a list). */
const Problem = styled.span`
  display: block;
  margin-bottom: 8px;
  padding-left: 12px;
  border-left: 3px solid var(--color-danger, #b91c1c);
  color: var(--color-ink);
`;

const CartAction = styled.div`
  display: grid;
  gap: 8px;
  padding-top: 4px;
  border-top: 1px solid var(--color-border);
`;

/**
 * 'Add build to cart': every chosen part at quantity 1 (or its minimum order), then the cart is a
 * click away. A build with Problems asks first, naming them: "This build has 2 problems: … Add anyway?".
 */
export function AddBuildToCartAction({ selection, label = 'Add build to cart' }: { selection: BuildSelection; label?: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const addBuildToCart = useAddBuildToCart();
  const lines = buildCartLines(selection);
  const check = checkBuild(selection);
  const problems = check.results.filter((result) => result.level === 'problem');
  const add = async (added: typeof lines) => {
    await addBuildToCart(added);
    rememberCartBuild({ productIds: added.map((line) => line.productId), state: check.state, problems: problems.map((problem) => problem.message) });
    toast.success(
      <span>
        {cartText.buildAdded(added.length)} <Link to="/cart">{cartText.viewCart}</Link>
      </span>,
    );
  };
  const [asking, setAsking] = useState(false);
  const addAll = () => {
    setAsking(false);
    setState({ busy: true, error: null });
    add(lines).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: errorMessage(error) }),
    );
  };
  return (
    <CartAction>
      <Button type="button" disabled={lines.length === 0 || state.busy} onClick={() => (problems.length > 0 ? setAsking(true) : addAll())}>
        {label}
      </Button>
      {state.error && <ErrorText role="alert">{state.error}</ErrorText>}
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={buildCartText.buildProblemsTitle(problems.length)}
            body={
              <>
                {problems.map((problem) => (
                  <Problem key={problem.rule + problem.message} data-testid="build-cart-problem">
                    {problem.message}
                  </Problem>
                ))}
                {buildCartText.addAnywayQuestion}
              </>
            }
            confirmLabel={buildCartText.addAnyway}
            busyLabel={cartText.adding}
            cancelLabel={buildCartText.keepBuilding}
            confirmVariant="primary"
            onConfirm={addAll}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </CartAction>
  );
}


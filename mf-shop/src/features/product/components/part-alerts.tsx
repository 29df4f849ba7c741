import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { errorMessage, useAuth } from '@pcpp/contracts';
import { alertTexts, formatCents, type Part, parseDollarsToCents } from '@pcpp/contracts/core';
import { Button, ErrorText } from '@pcpp/contracts/ui';
import { isSoldOut } from '../../../components/sold-out-note';
import { useAddAlert } from '../api/add-alert';
import { SidePanel } from './side-panel';

const Box = styled(SidePanel)`
  p { margin: 0; }
  form { display: flex; flex-wrap: wrap; align-items: end; gap: 8px; }
  label { display: grid; gap: 4px; font-weight: 600; }
  input { min-height: 44px; width: 9rem; padding: 0 10px; font: inherit; }
`;

/** "Email me when it's back" on a sold-out part, "Tell me when the price drops below $X" on any (signed in). */
export function PartAlerts({ part }: { part: Part }) {
  const status = useAuth((state) => state.status);
  const location = useLocation();
  const add = useAddAlert();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dollars, setDollars] = useState('');
  const inputId = useId();
  const errorId = useId();

  async function send(input: Parameters<typeof add.mutateAsync>[0], success: string) {
    setProblem(null);
    try {
      await add.mutateAsync(input);
      setDone(success);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }
  function onPrice(event: FormEvent) {
    event.preventDefault();
    const cents = parseDollarsToCents(dollars);
    if (cents === null || cents < 1) return setProblem(alertTexts.priceInvalid);
    void send({ productId: part._id, kind: 'price-below', priceBelow: cents }, alertTexts.priceSet(formatCents(cents)));
  }

  return (
    <Box aria-labelledby="part-alerts-title">
      <h2 id="part-alerts-title">{alertTexts.title}</h2>
      {status !== 'signedIn' ? (
        <p>
          {alertTexts.signIn}{' '}
          <Link to="/login" state={{ from: { pathname: location.pathname, search: location.search, hash: '' }, reason: alertTexts.loginReason }}>
            {alertTexts.signInLink}
          </Link>
        </p>
      ) : (
        <>
          {isSoldOut(part) && part.p_quantity === 0 && (
            <Button type="button" $variant="secondary" disabled={add.isPending} onClick={() => void send({ productId: part._id, kind: 'back-in-stock' }, alertTexts.backInStockSet)}>
              {alertTexts.backInStockButton}
            </Button>
          )}
          <form onSubmit={onPrice} noValidate>
            <label htmlFor={inputId}>
              {alertTexts.priceButton} ($)
              <input
                id={inputId}
                inputMode="decimal"
                value={dollars}
                onChange={(event) => setDollars(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
              />
            </label>
            <Button type="submit" disabled={add.isPending}>{alertTexts.priceSubmit}</Button>
          </form>
        </>
      )}
      {done && <p role="status">{done}</p>}
      {problem && <ErrorText id={errorId} role="alert">{problem}</ErrorText>}
    </Box>
  );
}

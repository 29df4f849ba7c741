import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * Framed: a card of its own, centred, for a page section with no panel around it (the shop's pages).
 * Unframed: aligned with the panel it sits in (the dashboard and the admin console), a failure tinted red.
 */
const framedBox = css`
  justify-items: center;
  padding: 32px 16px;
  text-align: center;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
`;

const Failure = styled.div<{ $framed: boolean }>`
  display: grid;
  justify-items: start;
  gap: 8px;
  p { margin: 0 0 4px; }
  ${({ $framed }) =>
    $framed
      ? css`
          ${framedBox}
          strong { font-size: 1.1rem; }
          p { margin-bottom: 8px; color: var(--color-muted); }
        `
      : css`
          padding: 16px;
          border: 1px solid #fecaca;
          border-radius: 8px;
          background: #fef2f2;
          p { color: var(--color-danger); }
        `}
`;

const Empty = styled.div<{ $framed: boolean }>`
  display: grid;
  justify-items: ${({ $framed }) => ($framed ? 'center' : 'start')};
  gap: 12px;
  p { margin: 0; }
  ${({ $framed }) =>
    $framed &&
    css`
      gap: 16px;
      padding: 24px 16px;
      text-align: center;
      color: var(--color-muted);
    `}
`;

/** What could not be loaded, why, and a Retry button. */
export function LoadFailure({
  title,
  message,
  onRetry,
  framed = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  framed?: boolean;
}) {
  return (
    <Failure role="alert" $framed={framed}>
      <strong>{title}</strong>
      <p>{message}</p>
      {/* Framed, Retry is the card's one action; in a panel it stays quieter than the panel's own. */}
      <Button type="button" $variant={framed ? 'primary' : 'secondary'} onClick={onRetry}>
        Retry
      </Button>
    </Failure>
  );
}

/**
 * The faces of one query: a spinner while it loads, the failure with Retry (`failure` says what
 * could not be loaded, the error why), the `empty` note when `isEmpty` says there is nothing, else
 * `children` with the data.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  failure,
  isEmpty,
  empty,
  framed = false,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  failure: string;
  isEmpty?: (data: T) => boolean;
  empty?: (data: T) => ReactNode;
  framed?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return <LoadFailure title={failure} message={errorMessage(query.error)} onRetry={() => void query.refetch()} framed={framed} />;
  }
  if (empty && isEmpty?.(query.data)) return <Empty $framed={framed}>{empty(query.data)}</Empty>;
  return children(query.data);
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { LoadFailure } from './load-failure';

export const EmptyNote = styled.div`
  text-align: center;
  color: var(--color-muted);
  padding: 24px 16px;
  p { margin: 0 0 16px; }
`;

/** The three faces of a query: a spinner, a failure with Retry, or the data (or its empty note). */
export function ApiDataView<T>({
  query,
  loadingLabel,
  failureTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  failureTitle: string;
  isEmpty: (value: T) => boolean;
  empty: (value: T) => ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return <LoadFailure title={failureTitle} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return isEmpty(query.data) ? <EmptyNote>{empty(query.data)}</EmptyNote> : children(query.data);
}

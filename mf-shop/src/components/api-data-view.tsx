import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '@pcpp/contracts/ui';
import type { ApiData } from '../hooks/use-api-data';
import { LoadFailure } from './load-failure';

export const EmptyNote = styled.div`
  text-align: center;
  color: var(--color-muted);
  padding: 24px 16px;
  p { margin: 0 0 16px; }
`;

/** The three faces of a list from the api: a spinner, a failure with Retry, or the list (or its empty note). */
export function ApiDataView<T>({
  data,
  loadingLabel,
  failureTitle,
  isEmpty,
  empty,
  children,
}: {
  data: ApiData<T> & { retry: () => void };
  loadingLabel: string;
  failureTitle: string;
  isEmpty: (value: T) => boolean;
  empty: (value: T) => ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (data.status === 'loading') return <Spinner label={loadingLabel} />;
  if (data.status === 'error') return <LoadFailure title={failureTitle} message={data.message} onRetry={data.retry} />;
  return isEmpty(data.data) ? <EmptyNote>{empty(data.data)}</EmptyNote> : children(data.data);
}

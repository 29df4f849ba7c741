import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { Button, ErrorText, Spinner } from '@pcpp/contracts/ui';

const Failure = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
`;

/** A spinner, a failure with Retry, or the data. */
export function LoadState<T>({
  query,
  loadingLabel,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <Failure>
        <ErrorText role="alert">
          {failure}: {errorMessage(query.error)}
        </ErrorText>
        <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Failure>
    );
  }
  return children(query.data);
}

import type { ReactNode } from 'react';
import { ApiError, type Part, errorMessage } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { usePart } from '../api/get-part';
import { LoadFailure } from './load-failure';
import { NotFoundPage } from './not-found-page';
import { Inner } from './section';

/**
 * The page of one part (/products/{id}, /purchase/{id}): a spinner while it loads, the not-found
 * page for a malformed or unknown id, a failure with Retry, then the part.
 */
export function PartQueryView({ id, children }: { id: string; children: (part: Part) => ReactNode }) {
  const { validId, part } = usePart(id);
  if (!validId) return <NotFoundPage />;
  if (part.isPending) {
    return (
      <Inner>
        <Spinner label="Loading the part…" />
      </Inner>
    );
  }
  if (part.isError) {
    if (part.error instanceof ApiError && part.error.status === 404) return <NotFoundPage />;
    return (
      <Inner>
        <LoadFailure title="We could not load this part." message={errorMessage(part.error)} onRetry={() => void part.refetch()} />
      </Inner>
    );
  }
  return children(part.data);
}

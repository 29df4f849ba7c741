import type { ReactNode } from 'react';
import { ApiError, type Part } from '@pcpp/contracts';
import { QueryView } from '@pcpp/contracts/ui';
import { usePart } from '../api/get-part';
import { NotFoundPage } from './not-found-page';
import { Inner } from './section';

/**
 * The page of one part (/products/{id}, /purchase/{id}): a spinner while it loads, the not-found
 * page for a malformed or unknown id, a failure with Retry, then the part.
 */
export function PartQueryView({ id, children }: { id: string; children: (part: Part) => ReactNode }) {
  const { validId, part } = usePart(id);
  if (!validId || (part.error instanceof ApiError && part.error.status === 404)) return <NotFoundPage />;
  if (part.isSuccess) return children(part.data);
  return (
    <Inner>
      <QueryView query={part} loadingLabel="Loading the part…" failure="We could not load this part." framed>
        {children}
      </QueryView>
    </Inner>
  );
}

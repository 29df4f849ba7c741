import type { ReactNode } from 'react';
import type { Part } from '@pcpp/contracts/core';
import { QueryView } from '@pcpp/contracts/ui';
import { usePart } from '../api/get-part';
import { NotFoundPage } from './not-found-page';
import { Inner } from './section';

export const PART_LOADING = 'Loading the part…';

/**
 * The page of one part (/products/{id}, /purchase/{id}): a spinner while it loads, the not-found
 * page for a malformed or unknown id, a failure with Retry, then the part.
 */
export function PartQueryView({ id, children }: { id: string; children: (part: Part) => ReactNode }) {
  const { validId, part } = usePart(id);
  if (!validId) return <NotFoundPage />;
  // The part page's own sections frame themselves; only the loading and failure states sit in Inner.
  if (part.isSuccess) return part.data === null ? <NotFoundPage /> : children(part.data);
  return (
    <Inner>
      <QueryView query={part} loadingLabel={PART_LOADING} failure="We could not load this part." framed>
        {(found) => (found === null ? <NotFoundPage /> : children(found))}
      </QueryView>
    </Inner>
  );
}

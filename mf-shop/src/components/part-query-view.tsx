import type { ReactNode } from 'react';
import { type Tool, errorMessage } from '@pcpp/contracts';
import { Spinner } from '@pcpp/contracts/ui';
import { useTool } from '../api/get-tool';
import { LoadFailure } from './load-failure';
import { NotFoundPage } from './not-found-page';
import { Inner } from './section';

export const PART_LOADING = 'Loading the part…';

/**
 * The page of one part (/products/{id}, /purchase/{id}): a spinner while it loads, the not-found
 * page for a malformed or unknown id, a failure with Retry, then the part.
 */
export function PartQueryView({ id, children }: { id: string; children: (tool: Tool) => ReactNode }) {
  const { validId, tool } = useTool(id);
  if (!validId) return <NotFoundPage />;
  if (tool.isPending) {
    return (
      <Inner>
        <Spinner label={PART_LOADING} />
      </Inner>
    );
  }
  if (tool.isError) {
    return (
      <Inner>
        <LoadFailure title="We could not load this part." message={errorMessage(tool.error)} onRetry={() => void tool.refetch()} />
      </Inner>
    );
  }
  return tool.data === null ? <NotFoundPage /> : children(tool.data);
}

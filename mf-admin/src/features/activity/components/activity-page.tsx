import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { errorMessage } from '@pcpp/contracts';
import { Link, useSearchParams } from '@pcpp/contracts/router';
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind, pageMeta, productAdminText } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { ConfirmDialog } from '@pcpp/contracts/ui/dashboard';
import { Toolbar } from '../../../components/admin-table';
import { PagedTable } from '../../../components/paged-table';
import { SearchBox } from '../../../components/search-box';
import { useActivity } from '../api/get-activity';
import { usePutBack } from '../api/put-back';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const KIND_LABELS: Record<ActivityKind, string> = {
  product: 'Products',
  order: 'Orders',
  user: 'People',
  review: 'Reviews',
  release: 'Releases',
};

const Changes = styled.ul`
  margin: 4px 0 0;
  padding-left: 18px;
  font-size: 0.9rem;
  color: var(--color-ink-soft);
`;

/** The sentence of an entry around the thing it names: [before, after]. */
function sentence(entry: ActivityEntry): [string, string] {
  const details = entry.details ? ` ${entry.details}` : '';
  switch (entry.action) {
    case 'user.promoted':
      return ['made ', ' an admin'];
    case 'user.demoted':
      return ['made ', ' a customer again'];
    case 'user.addressesChanged':
      return ['changed the saved addresses of ', details ? `:${details}` : ''];
    case 'user.emailChangeRequested':
      return ['asked to change the email of ', details ? `:${details}` : ''];
    case 'user.emailChanged':
      return ['changed the email of the account now ', details ? ` (${entry.details})` : ''];
    case 'user.emailRestored':
      return ['gave back its email to ', ' (“This was not me”)'];
    case 'user.passwordChanged':
      return ['changed the password of ', ''];
    case 'user.signedOutEverywhere':
      return ['signed out everywhere ', ''];
    case 'user.dataExported':
      return ['downloaded the data of ', ''];
    case 'user.closed':
      return ['closed ', details ? `:${details}` : ''];
    case 'product.added':
      return ['added the product ', ''];
    case 'product.edited':
      return ['edited the product ', entry.details ? ` (${entry.details})` : ''];
    case 'product.deleted':
      return ['deleted the product ', ''];
    case 'product.imported':
      return ['ran a ', entry.details ? `: ${entry.details}` : ''];
    case 'order.deleted':
      return ['cancelled the order ', entry.details ? `: ${entry.details}` : ''];
    case 'order.status':
      return ['set the order ', ` to${details || ' a new status'}`];
    case 'order.refunded':
      return [`refunded ${entry.details ?? 'a payment'} for the order `, ''];
    case 'order.return':
      return ['handled a return of the order ', entry.details ? `: ${entry.details}` : ''];
    case 'review.hidden':
      return ['hid the review of ', ''];
    case 'review.shown':
      return ['showed again the review of ', ''];
    case 'review.votesCounted':
      return ['counted the held “helpful” votes on the review of ', entry.details ? `: ${entry.details}` : ''];
    case 'review.votesDiscarded':
      return ['discarded the held “helpful” votes on the review of ', entry.details ? `: ${entry.details}` : ''];
    case 'release.published':
      return ['published ', details];
    case 'release.promoted':
      return ['made ', `${details} live`];
    case 'release.rolledBack':
      return ['rolled ', ` back to ${entry.details ?? 'its previous version'}`];
    case 'release.rolloutStarted':
      return ['started rolling out ', details];
    case 'release.rolloutRaised':
      return ['raised the rollout of ', details];
    case 'release.rolloutAdvanced':
      return ['advanced the rollout of ', details];
    case 'release.rolloutCompleted':
      return ['completed the rollout of ', `${details}: it is live`];
    case 'release.rolloutAborted':
      return ['aborted the rollout of ', details];
    case 'release.rolledBackAutomatically':
      return ['rolled back the rollout of ', details];
  }
}

/** Where the thing an entry names can be seen, while it exists. */
function linkOf(subject: NonNullable<ActivityEntry['subject']>, target: string): string | undefined {
  if (!subject.exists) return undefined;
  switch (subject.kind) {
    case 'product':
      return `/products/${subject.id}`;
    case 'order':
      return `/dashboard/allOrder/${encodeURIComponent(target)}`;
    case 'user':
      return `/dashboard/makeadmin?q=${encodeURIComponent(subject.id)}`;
    case 'review':
      return '/dashboard/reviews';
    case 'release':
      return '/dashboard/releases';
  }
}

function What({ entry, onPutBack }: { entry: ActivityEntry; onPutBack: (entry: ActivityEntry) => void }) {
  const [before, after] = sentence(entry);
  const link = entry.subject && linkOf(entry.subject, entry.target);
  return (
    <>
      {before}
      {link ? <Link to={link}>{entry.target}</Link> : <strong>{entry.target}</strong>}
      {after}
      {entry.changes && (
        <Changes aria-label="What changed">
          {entry.changes.map((change) => (
            <li key={change.field}>
              {change.field}: {change.from} → {change.to}
            </li>
          ))}
        </Changes>
      )}
      {entry.putBack && <PutBackNote>{productAdminText.putBackBy(entry.putBack.by, when.format(new Date(entry.putBack.at)))}</PutBackNote>}
      {entry.canPutBack && (
        <PutBackButton type="button" $variant="secondary" onClick={() => onPutBack(entry)} aria-label={`${productAdminText.putBack}: ${entry.target}`}>
          {productAdminText.putBack}
        </PutBackButton>
      )}
    </>
  );
}

const PutBackNote = styled.p`
  margin: 4px 0 0;
  font-size: 0.9rem;
  color: var(--color-ink-soft);
`;

const PutBackButton = styled(Button)`
  margin-top: 8px;
`;

/**
 * Activity (beyond the spec): who did what in the admin console, and when; by kind and by admin.
 * A product edit can be put back (asked first): each entry is one part's edit, a bulk change's too.
 */
export function ActivityPage() {
  usePageMeta(pageMeta.activity);
  const putBack = usePutBack();
  const [asked, setAsked] = useState<ActivityEntry>();
  const [failure, setFailure] = useState<string | null>(null);
  const ask = (entry: ActivityEntry) => {
    setFailure(null);
    setAsked(entry);
  };
  const confirm = async () => {
    if (!asked?.subject) return;
    try {
      await putBack.mutateAsync({ partId: asked.subject.id, activityId: asked._id });
      toast.success(productAdminText.putBackDone(asked.target));
      setAsked(undefined);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const [params, setParams] = useSearchParams();
  const kind = ACTIVITY_KINDS.find((value) => value === params.get('kind'));
  const actor = params.get('actor')?.trim() || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useActivity({ page, kind, actor });
  const searchWith = (changes: { kind?: string; actor?: string; page?: number }, replace = false) => {
    const next = { kind, actor, ...changes };
    setParams(
      {
        ...(next.kind ? { kind: next.kind } : {}),
        ...(next.actor ? { actor: next.actor } : {}),
        ...(changes.page && changes.page > 1 ? { page: String(changes.page) } : {}),
      },
      { replace },
    );
  };

  return (
    <Panel aria-labelledby="activity-title">
      <PageTitle id="activity-title">Activity</PageTitle>
      <Toolbar role="search" aria-label="Filter the activity">
        <label>
          Kind
          <select value={kind ?? ''} onChange={(event) => searchWith({ kind: event.target.value || undefined })}>
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <SearchBox label="Admin" placeholder="Part of an admin’s email" value={actor ?? ''} onSearch={(text) => searchWith({ actor: text || undefined }, true)} />
      </Toolbar>
      <QueryView query={activity} loadingLabel="Loading the activity…" failure="The activity could not be loaded.">
        {(result) => (
          <PagedTable
            result={result}
            label="Admin actions"
            columns={['When', 'Who', 'What']}
            empty={kind || actor ? 'Nothing matches these filters.' : 'No admin has done anything yet.'}
            onPage={(next) => searchWith({ page: next })}
            row={(entry) => (
              <tr key={entry._id}>
                <th scope="row">{when.format(new Date(entry.at))}</th>
                <td data-label="Who">
                  <Link to={`?${new URLSearchParams({ ...(kind ? { kind } : {}), actor: entry.actor })}`} aria-label={`Only what ${entry.actor} did`}>
                    {entry.actor}
                  </Link>
                </td>
                <td data-label="What">
                  <div>
                    <What entry={entry} onPutBack={ask} />
                  </div>
                </td>
              </tr>
            )}
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={asked !== undefined}
        title={productAdminText.putBackTitle(asked?.target ?? '')}
        body={productAdminText.putBackBody}
        confirmLabel={productAdminText.putBack}
        busyLabel={productAdminText.putBackBusy}
        confirmVariant="primary"
        busy={putBack.isPending}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setAsked(undefined)}
      >
        <Changes aria-label="What goes back">
          {asked?.changes?.map((change) => (
            <li key={change.field}>
              {change.field}: {change.to} → {change.from}
            </li>
          ))}
        </Changes>
      </ConfirmDialog>
    </Panel>
  );
}

import { toast } from 'react-toastify';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { errorMessage, useAuth } from '@pcpp/contracts';
import { type Alert, alertTexts, formatCents, MAX_ALERTS_PER_ACCOUNT, pageMeta, partPagePath } from '@pcpp/contracts/core';
import { Button, PageTitle, Panel, QueryView, usePageMeta } from '@pcpp/contracts/ui';
import { CardItem, CardList } from '../../../components/card-list';
import { useMyAlerts, useRemoveAlert } from '../api/my-alerts';

const Row = styled(CardItem)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  div { display: grid; gap: 2px; min-width: 0; }
  a { font-weight: 700; overflow-wrap: anywhere; }
  span { color: var(--color-ink-soft); }
`;

const kindText = (alert: Alert) => (alert.kind === 'back-in-stock' ? alertTexts.backInStockKind : alertTexts.priceKind(formatCents(alert.priceBelow ?? 0)));

/** My Alerts: the customer's waiting stock and price alerts (at most 50), each removable. */
export function MyAlertsPage() {
  usePageMeta(pageMeta.myAlerts);
  const email = useAuth((s) => s.user?.email ?? '');
  const alerts = useMyAlerts(email);
  const remove = useRemoveAlert(email);
  const count = alerts.data?.length;

  async function onRemove(alert: Alert) {
    try {
      await remove.mutateAsync(alert._id);
      toast.success(`The alert on ${alert.productName} is removed.`);
    } catch (error) {
      toast.error(`The alert was not removed. ${errorMessage(error)}`);
    }
  }

  return (
    <Panel aria-labelledby="alerts-title">
      <PageTitle id="alerts-title">
        {alertTexts.myAlertsTitle}
        {count === undefined ? '' : `: ${count} of ${MAX_ALERTS_PER_ACCOUNT}`}
      </PageTitle>
      <QueryView
        query={alerts}
        loadingLabel="Loading your alerts…"
        failure="Your alerts could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={() => <p>{alertTexts.myAlertsEmpty}</p>}
      >
        {(list) => (
          <CardList>
            {list.map((alert) => (
              <Row key={alert._id}>
                <div>
                  <Link to={partPagePath(alert.productId)}>{alert.productName}</Link>
                  <span>{kindText(alert)}</span>
                </div>
                <Button type="button" $variant="secondary" disabled={remove.isPending} onClick={() => void onRemove(alert)} aria-label={`${alertTexts.remove} the alert on ${alert.productName}`}>
                  {alertTexts.remove}
                </Button>
              </Row>
            ))}
          </CardList>
        )}
      </QueryView>
    </Panel>
  );
}

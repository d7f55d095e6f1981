import { routes } from '@shared/api';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { DeliveriesList } from '../../components/DeliveriesList';
import { Card } from '../../components/ui/Card';

/** Deliveries (issue 25 §2): every reminder sent to the user in the last 90 days, e-mails and channels. */
export function DeliveriesCard() {
  const load = useCallback((cursor?: string) => api(routes.listDeliveries, { query: { cursor } }), []);
  return (
    <Card title="Deliveries" description="Your reminders of the last 90 days: when, what, where, and whether they arrived.">
      <DeliveriesList load={load} label="Your reminder deliveries" />
    </Card>
  );
}

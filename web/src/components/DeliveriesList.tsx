import type { Delivery, DeliveryPage } from '@shared/api/channels';
import { CHANNEL_TYPE_LABELS } from '@shared/domain/reminders/channels';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api/client';
import styles from './DeliveriesList.module.css';
import { Badge, type BadgeTone } from './ui/Badge';
import { Button } from './ui/Button';
import { Spinner } from './ui/Spinner';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const EVENT_WORDS: Record<Delivery['event'], string> = {
  renewal: 'renewal',
  trialEnd: 'trial end',
  cancelBy: 'cancel-by date',
  end: 'end date',
};
const STATUS: Record<Delivery['status'], { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  retrying: { label: 'Retrying', tone: 'warning' },
};

/** A lead time of days, or of hours (a trial's rule: a fraction of a day). */
const leadTime = (days: number) =>
  days === 0 ? 'today' : Number.isInteger(days) ? `in ${days} ${days === 1 ? 'day' : 'days'}` : `in ${Math.round(days * 24)} hours`;
const what = (d: Delivery) => (d.test ? 'Send test' : `${d.subscriptionName}: ${EVENT_WORDS[d.event]} ${leadTime(d.daysBefore)}`);
const channelOf = (d: Delivery) =>
  d.channel.type === 'email' ? `E-mail (${d.channel.name})` : `${CHANNEL_TYPE_LABELS[d.channel.type]}: ${d.channel.name}`;

/**
 * The deliveries log (issue 25 §2): when, what, channel, status and error of each reminder delivery of the
 * last 90 days, newest first, a page at a time. Settings show the user's own; the admin's user details a user's.
 */
export function DeliveriesList({ load, label }: { load: (cursor?: string) => Promise<DeliveryPage>; label: string }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const fetchPage = useCallback(
    async (after?: string) => {
      setLoading(true);
      setFailure(null);
      try {
        const page = await load(after);
        setDeliveries((current) => (after && current ? [...current, ...page.deliveries] : page.deliveries));
        setCursor(page.nextCursor);
      } catch (error) {
        setFailure(errorMessage(error, 'The deliveries could not be loaded. Please try again.'));
      } finally {
        setLoading(false);
      }
    },
    [load],
  );

  useEffect(() => {
    void fetchPage();
  }, [fetchPage]);

  if (failure && !deliveries)
    return (
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
    );
  if (!deliveries) return <Spinner label="Loading deliveries" />;
  if (deliveries.length === 0) return <p className={styles.empty}>No reminders were sent in the last 90 days.</p>;
  return (
    <div className={styles.wrap}>
      <ul className={styles.list} aria-label={label}>
        {deliveries.map((d) => (
          <li key={d.id} className={styles.item}>
            <div className={styles.top}>
              <span className={styles.what}>{what(d)}</span>
              <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
            </div>
            <div className={styles.meta}>
              <time dateTime={d.at}>{timeFormat.format(new Date(d.at))}</time>
              <span>{channelOf(d)}</span>
              {d.attempt > 1 && <span>Attempt {d.attempt}</span>}
            </div>
            {d.error && <p className={styles.error}>{d.error}</p>}
          </li>
        ))}
      </ul>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      {cursor && (
        <Button variant="secondary" size="sm" loading={loading} onClick={() => void fetchPage(cursor)}>
          Show older deliveries
        </Button>
      )}
    </div>
  );
}

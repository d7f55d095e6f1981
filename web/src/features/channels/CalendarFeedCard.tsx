import { routes } from '@shared/api';
import type { CalendarFeedStatus } from '@shared/api/calendar';
import { formatInstantShort } from '@shared/domain/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Copy, Power, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { copyText } from '../../lib/browserFiles';
import styles from './CalendarFeedCard.module.css';
import { calendarFeedText } from './calendarFeedText';

const feedKey = ['calendarFeed'] as const;

/**
 * Calendar (issue 25 §3): the secret feed URL calendar apps subscribe to. Only its hash is stored, so
 * the URL is shown once, right after it is made ('Turn on', 'Regenerate'); afterwards the card says
 * the feed is on and since when (docs/decisions/0093-calendar-feed.md). Every tier has it.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: feedKey, queryFn: () => api(routes.getCalendarFeed) });
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'turnOff' | null>(null);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const urlField = useRef<HTMLInputElement>(null);
  const turnOnButton = useRef<HTMLButtonElement>(null);
  const [focusAfter, setFocusAfter] = useState<'url' | 'turnOn' | null>(null);

  // Attention goes to the new link once it shows, or back to 'Turn on' once the feed is off.
  useEffect(() => {
    if (focusAfter === 'url' && urlField.current) {
      urlField.current.focus();
      urlField.current.select();
    } else if (focusAfter === 'turnOn' && turnOnButton.current) turnOnButton.current.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  async function makeLink() {
    setBusy('create');
    setMessage(null);
    try {
      const link = await api(routes.createCalendarFeed);
      queryClient.setQueryData<CalendarFeedStatus>(feedKey, { active: true, createdAt: link.createdAt });
      setUrl(link.url);
      setConfirming(null);
      setFocusAfter('url');
    } catch (error) {
      setConfirming(null);
      setMessage({ tone: 'danger', text: errorMessage(error, calendarFeedText.createFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function turnOff() {
    setBusy('delete');
    setMessage(null);
    try {
      await api(routes.deleteCalendarFeed);
      queryClient.setQueryData<CalendarFeedStatus>(feedKey, { active: false, createdAt: null });
      setUrl(null);
      setConfirming(null);
      setMessage({ tone: 'success', text: calendarFeedText.turnedOff });
      setFocusAfter('turnOn');
    } catch (error) {
      setConfirming(null);
      setMessage({ tone: 'danger', text: errorMessage(error, calendarFeedText.deleteFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function copyLink(link: string) {
    try {
      await copyText(link);
      toast.success(calendarFeedText.copied);
    } catch {
      urlField.current?.select();
      toast.error(calendarFeedText.copyFailed);
    }
  }

  const feed = status.data;
  return (
    <Card title="Calendar" description="Your renewals, trial ends and last days to cancel, in the calendar app you already use.">
      <div className={styles.body}>
        {status.isPending && <p className={styles.muted}>Loading your calendar feed…</p>}
        {status.isError && (
          <p role="alert" className={styles.muted}>
            {errorMessage(status.error, calendarFeedText.loadFailed)}
          </p>
        )}
        {feed && !feed.active && (
          <>
            <p className={styles.muted}>{calendarFeedText.offIntro}</p>
            <Button
              ref={turnOnButton}
              icon={<CalendarPlus aria-hidden="true" />}
              loading={busy === 'create'}
              loadingText="Turning on..."
              onClick={() => void makeLink()}
              className={styles.action}
            >
              Turn on calendar feed
            </Button>
          </>
        )}
        {feed?.active && url && (
          <div className={styles.linkRow}>
            <Input
              ref={urlField}
              label="Your calendar feed URL"
              value={url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              hint={calendarFeedText.keepPrivate}
              className={styles.linkField}
            />
            <Button variant="secondary" icon={<Copy aria-hidden="true" />} onClick={() => void copyLink(url)} className={styles.copy}>
              Copy
            </Button>
          </div>
        )}
        {feed?.active && !url && (
          <p className={styles.muted}>{calendarFeedText.onSince(feed.createdAt ? formatInstantShort(feed.createdAt) : null)}</p>
        )}
        {feed?.active && (
          <div className={styles.actions}>
            <Button variant="secondary" icon={<RefreshCw aria-hidden="true" />} onClick={() => setConfirming('regenerate')}>
              Regenerate
            </Button>
            <Button variant="ghost" icon={<Power aria-hidden="true" />} onClick={() => setConfirming('turnOff')}>
              Turn off
            </Button>
          </div>
        )}
        <SectionStatus message={message} />
        <details className={styles.howTo}>
          <summary>How to add it to your calendar</summary>
          <ul>
            <li>
              <strong>Google Calendar</strong> (on the web): beside <em>Other calendars</em>, choose <em>+</em> → <em>From URL</em>, paste
              the link and choose <em>Add calendar</em>.
            </li>
            <li>
              <strong>Apple Calendar</strong> (Mac): <em>File</em> → <em>New Calendar Subscription</em>, paste the link and choose{' '}
              <em>Subscribe</em>. On iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar.
            </li>
            <li>
              <strong>Outlook</strong>: <em>Add calendar</em> → <em>Subscribe from web</em>, paste the link and choose <em>Import</em>.
            </li>
          </ul>
          <p className={styles.muted}>{calendarFeedText.refresh}</p>
        </details>
      </div>
      <ConfirmDialog
        open={confirming === 'regenerate'}
        type="warning"
        title="Make a new calendar link?"
        message={calendarFeedText.regenerateWarning}
        confirmLabel="Regenerate"
        loadingLabel="Regenerating..."
        loading={busy === 'create'}
        onConfirm={() => void makeLink()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'turnOff'}
        type="cancel"
        title="Turn off the calendar feed?"
        message={calendarFeedText.turnOffWarning}
        confirmLabel="Turn off"
        loadingLabel="Turning off..."
        loading={busy === 'delete'}
        onConfirm={() => void turnOff()}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}

import { routes } from '@shared/api';
import type { Activity } from '@shared/api/account';
import type { SignInMethods } from '@shared/api/admin';
import type { User } from '@shared/api/user';
import { formatMoney } from '@shared/domain/currency';
import { formatDateShort, formatInstantShort } from '@shared/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, LogOut, UserCheck, UserX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { DeliveriesList } from '../../components/DeliveriesList';
import { RoleBadges } from '../../components/RoleBadges';
import { Alert, Badge, Button, ConfirmDialog, Modal, Spinner, useToast } from '../../components/ui';
import { useCurrentUser } from '../../session/context';
import styles from './Admin.module.css';
import { useChangeStatus, userDetailsQuery, useSendPasswordReset, useTerminateSessions } from './adminQueries';
import { refusalReason } from './staffRules';

/** How a user signs in, in words: 'Password · 2 passkeys · Google' (issue 38). */
function signInWords(methods: SignInMethods): string {
  const words = [
    ...(methods.password ? ['Password'] : []),
    ...(methods.passkeys > 0 ? [`${methods.passkeys} ${methods.passkeys === 1 ? 'passkey' : 'passkeys'}`] : []),
    ...methods.providers,
  ];
  return words.join(' · ') || 'Nothing';
}

/** 'password_changed' → 'PASSWORD CHANGED' (SPEC §2 'Activity Log'). */
export const activityLabel = (actionType: string) => actionType.replace(/_+/g, ' ').trim().toUpperCase();

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function activityTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : timeFormat.format(new Date(ms));
}

/** The details of an entry as 'key: value' pairs. */
function activityDetails(details: Activity['details']): string {
  return Object.entries(details ?? {})
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}

const STATUS_TONE = { active: 'success', canceled: 'warning', deleted: 'danger' } as const;

type Confirm = 'status' | 'reset' | 'sessions' | null;

/** User Details (SPEC §2): badges, status and password-reset actions, fields, subscriptions, the activity log and the reminder deliveries (issue 25 §2). */
export function UserDetailsModal({ user, onClose }: { user: User; onClose: () => void }) {
  const me = useCurrentUser();
  const toast = useToast();
  const details = useQuery(userDetailsQuery(user.id));
  const changeStatus = useChangeStatus();
  const sendReset = useSendPasswordReset();
  const terminateSessions = useTerminateSessions();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const loadDeliveries = useCallback(
    (cursor?: string) => api(routes.userDeliveries, { params: { id: user.id }, query: { cursor } }),
    [user.id],
  );

  const shown = details.data?.user ?? user;
  const deactivated = shown.accountStatus === 'deactivated';
  const verb = deactivated ? 'activate' : 'deactivate';
  const isSelf = shown.id === me.id;
  const statusRefused = isSelf ? 'You cannot deactivate your own account' : refusalReason(me, shown, 'status');
  const resetRefused = refusalReason(me, shown, 'passwordReset');
  const sessionsRefused = isSelf ? 'Use Settings › Sign out of all devices for your own account' : refusalReason(me, shown, 'sessions');

  async function onStatus() {
    try {
      const answer = await changeStatus.mutateAsync({ id: shown.id, status: deactivated ? 'active' : 'deactivated' });
      toast.success(answer.message || (deactivated ? 'User activated successfully' : 'User deactivated successfully'));
      setConfirm(null);
    } catch (error) {
      toast.error(errorMessage(error, `Failed to ${verb} user`));
      setConfirm(null);
    }
  }

  async function onReset() {
    try {
      await sendReset.mutateAsync(shown.id);
      toast.success('Password reset email sent successfully!');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to send password reset email'));
    }
    setConfirm(null);
  }

  async function onTerminateSessions() {
    try {
      const answer = await terminateSessions.mutateAsync(shown.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to end sessions'));
    }
    setConfirm(null);
  }

  return (
    <Modal open onClose={onClose} title="User Details" size="lg">
      {details.isPending ? (
        <div className={styles.detailsLoading} role="status">
          <Spinner size="md" />
          Loading user details...
        </div>
      ) : details.isError ? (
        <Alert tone="danger">{errorMessage(details.error, 'Failed to load user details')}</Alert>
      ) : (
        <div className={styles.details}>
          <div className={styles.detailsHead}>
            <div className={styles.detailsName}>
              <h3 className={styles.detailsUsername}>{shown.username}</h3>
              <div className={styles.badgeRow}>
                <RoleBadges role={shown.role} />
                <Badge tone={deactivated ? 'danger' : 'success'}>{deactivated ? 'Deactivated' : 'Active'}</Badge>
              </div>
            </div>
            <div className={styles.detailsActions}>
              <Button
                size="sm"
                variant={deactivated ? 'primary' : 'danger'}
                icon={deactivated ? <UserCheck aria-hidden="true" /> : <UserX aria-hidden="true" />}
                onClick={() => setConfirm('status')}
                disabled={Boolean(statusRefused)}
                title={statusRefused}
              >
                {deactivated ? 'Activate' : 'Deactivate'}
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<KeyRound aria-hidden="true" />}
                onClick={() => setConfirm('reset')}
                disabled={Boolean(resetRefused)}
                title={resetRefused}
              >
                Send Password Reset
              </Button>
              <Button
                size="sm"
                variant="secondary"
                icon={<LogOut aria-hidden="true" />}
                onClick={() => setConfirm('sessions')}
                disabled={Boolean(sessionsRefused)}
                title={sessionsRefused}
              >
                End Sessions
              </Button>
            </div>
          </div>

          <dl className={styles.fields}>
            <div>
              <dt>Email</dt>
              <dd className={shown.email ? undefined : styles.notSet}>{shown.email ?? 'Not set'}</dd>
            </div>
            <div>
              <dt>Display Name</dt>
              <dd className={shown.displayName ? undefined : styles.notSet}>{shown.displayName || 'Not set'}</dd>
            </div>
            <div>
              <dt>Account Created</dt>
              <dd>{formatInstantShort(shown.createdAt)}</dd>
            </div>
            <div>
              <dt>Signs In With</dt>
              <dd>{signInWords(details.data.signInMethods)}</dd>
            </div>
          </dl>

          <section className={styles.detailsSection} aria-labelledby="details-subscriptions">
            <h4 id="details-subscriptions" className={styles.sectionTitle}>
              Subscriptions ({details.data.subscriptions.length})
            </h4>
            {details.data.subscriptions.length === 0 ? (
              <p className={styles.emptyNote}>No subscriptions yet</p>
            ) : (
              <ul className={styles.subList}>
                {details.data.subscriptions.map((sub) => (
                  <li key={sub.id} className={styles.subItem}>
                    <span className={styles.subName}>{sub.name}</span>
                    <span className={styles.subMeta}>
                      {formatMoney(Number(sub.amount), 'USD')}/month · Due {formatDateShort(sub.dueDate)}
                    </span>
                    <Badge tone={STATUS_TONE[sub.status] ?? 'neutral'}>{sub.status}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className={styles.detailsSection} aria-labelledby="details-activity">
            <h4 id="details-activity" className={styles.sectionTitle}>
              Activity Log (Last 50)
            </h4>
            {details.data.activities.length === 0 ? (
              <p className={styles.emptyNote}>No activity logged yet</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls on its own, so the keyboard must reach it (axe scrollable-region-focusable)
              <ol className={styles.activityList} tabIndex={0} aria-labelledby="details-activity">
                {details.data.activities.map((entry) => {
                  const text = activityDetails(entry.details);
                  return (
                    <li key={entry.id} className={styles.activityItem}>
                      <div className={styles.activityTop}>
                        <span className={styles.activityType}>
                          {activityLabel(entry.actionType)}
                          {entry.count && entry.count > 1 ? ` ×${entry.count}` : ''}
                        </span>
                        <time dateTime={entry.lastAt ?? entry.createdAt} className={styles.activityTime}>
                          {activityTime(entry.lastAt ?? entry.createdAt)}
                        </time>
                      </div>
                      <div className={styles.activityBy}>by {entry.performedBy}</div>
                      {text && <div className={styles.activityDetails}>{text}</div>}
                    </li>
                  );
                })}
              </ol>
            )}
          </section>

          <section className={styles.detailsSection} aria-labelledby="details-deliveries">
            <h4 id="details-deliveries" className={styles.sectionTitle}>
              Reminder Deliveries (Last 90 Days)
            </h4>
            <DeliveriesList load={loadDeliveries} label={`Reminder deliveries of ${shown.username}`} />
          </section>
        </div>
      )}

      <ConfirmDialog
        open={confirm === 'status'}
        type={deactivated ? 'default' : 'warning'}
        title={deactivated ? 'Activate User' : 'Deactivate User'}
        message={`Are you sure you want to ${verb} this user account?`}
        confirmLabel={deactivated ? 'Activate' : 'Deactivate'}
        loadingLabel={deactivated ? 'Activating...' : 'Deactivating...'}
        loading={changeStatus.isPending}
        onConfirm={() => void onStatus()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'reset'}
        title="Send Password Reset"
        message={
          shown.email
            ? `Are you sure you want to send a password reset email to ${shown.email}?`
            : 'This user has no email address, so no reset link can be sent.'
        }
        confirmLabel="Send Reset Email"
        loadingLabel="Sending..."
        loading={sendReset.isPending}
        onConfirm={() => void onReset()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'sessions'}
        type="warning"
        title="End All Sessions"
        message={`Sign ${shown.username} out on every device? Remembered devices are forgotten too; they can sign in again with their password.`}
        confirmLabel="End Sessions"
        loadingLabel="Ending..."
        loading={terminateSessions.isPending}
        onConfirm={() => void onTerminateSessions()}
        onCancel={() => setConfirm(null)}
      />
    </Modal>
  );
}

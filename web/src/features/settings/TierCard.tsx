import { routes } from '@shared/api';
import type { User } from '@shared/api/user';
import { type TierAction, tierChangedMessage, timeLeftLabel } from '@shared/domain/membership';
import { formatPerMonth, PLAN_NAMES, PLAN_PRICES } from '@shared/domain/plans';
import { ArrowDownCircle, ChevronDown, Clock, Palette, RefreshCw, Rocket, Sparkles, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { RoleBadges } from '../../components/RoleBadges';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Badge } from '../../components/ui/Badge';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useCurrentUser, useSession } from '../../session/context';
import { PaymentMethod } from './PaymentMethod';
import { ResubscribedDialog } from './ResubscribedDialog';
import styles from './Settings.module.css';
import { endDate, renewalWaitsForPayments, settingsFailures } from './settingsText';

/** SPEC §2: 'Switch to VIP tier ($1.99/month)', the price from SPEC §9's table. */
const VIP_MONTHLY = formatPerMonth(PLAN_PRICES.vip[1].perMonth);

/** SPEC §8 'Failed to {action} subscription' for the confirmed actions; resubscribe has its own text. */
const failure = (action: TierAction): string =>
  action === 'resubscribe' ? settingsFailures.resubscribe : `Failed to ${action === 'cancel' ? 'cancel' : 'downgrade'} subscription`;

type ConfirmedAction = Exclude<TierAction, 'resubscribe'>;

/**
 * What happens to the membership, in one line. Payments are not live, so every term ends at its
 * end: auto-renewal and a scheduled downgrade say that renewal waits for payments.
 */
function membershipOutlook(user: User): { text: string; badge: ReactNode } {
  if (user.isForever) return { text: 'Lifetime membership: it never expires.', badge: <Badge tone="success">Lifetime</Badge> };
  const end = user.subscriptionEnd ? endDate(user.subscriptionEnd) : null;
  if (user.pendingDowngrade)
    return {
      text: renewalWaitsForPayments(end, 'VIP'),
      badge: <Badge tone="info">Downgrade scheduled</Badge>,
    };
  if (user.autoRenew) return { text: renewalWaitsForPayments(end), badge: <Badge tone="success">Auto-renew on</Badge> };
  return { text: end ? `Ends on ${end}` : 'Ends at the end of this term', badge: <Badge tone="warning">Auto-renew off</Badge> };
}

export interface TierCardProps {
  /** Opens the Profile Customization modal (SPEC §2). */
  onCustomizeProfile: () => void;
}

/**
 * The current tier card (SPEC §2 'Account Settings', §4 'Paid-tier subscription'): the tier badge,
 * 'Forever' or the time left with the end date, 'Customize Profile', the Manage Subscription panel
 * for vip and premium, and the Payment Method area.
 */
export function TierCard({ onCustomizeProfile }: TierCardProps) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const paidTier = user.role === 'vip' || user.role === 'premium' ? user.role : null;
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirming, setConfirming] = useState<ConfirmedAction | null>(null);
  const [busy, setBusy] = useState<TierAction | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const closeConfirmation = () => {
    setConfirming(null);
    setDialogError(null);
  };
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [welcomeBack, setWelcomeBack] = useState<User | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);

  // After an action the button that started it may be gone (Cancel becomes Resubscribe): the outcome takes focus.
  useEffect(() => {
    if (focusMessage) messageRef.current?.focus();
  }, [focusMessage]);

  async function changeTier(action: TierAction) {
    setBusy(action);
    setDialogError(null);
    setMessage(null);
    try {
      const { user: updated } = await api(routes.changeTier, { body: { action } });
      setUser(updated);
      setConfirming(null);
      setMessage({ tone: 'success', text: tierChangedMessage(action) });
      if (action === 'resubscribe') setWelcomeBack(updated);
      else setFocusMessage((n) => n + 1);
    } catch (error) {
      const text = errorMessage(error, failure(action));
      if (action === 'resubscribe') {
        setMessage({ tone: 'danger', text });
        setFocusMessage((n) => n + 1);
      } else setDialogError(text);
    } finally {
      setBusy(null);
    }
  }

  const outlook = paidTier ? membershipOutlook(user) : null;
  const timeLeft = paidTier ? timeLeftLabel(user, new Date()) : null;
  const end = user.subscriptionEnd ? endDate(user.subscriptionEnd) : null;
  const tierName = paidTier ? PLAN_NAMES[paidTier] : null;

  return (
    <Card title="Current Tier" className={styles.tierCard}>
      <div className={styles.tierSummary}>
        <RoleBadges role={user.role} />
        {paidTier ? (
          <>
            <p className={styles.tierName}>{tierName} Membership</p>
            <p className={styles.timeLeft}>
              <Clock aria-hidden="true" />
              <span>{timeLeft}</span>
            </p>
            {outlook && (
              <div className={styles.outlook}>
                {outlook.badge}
                <span>{outlook.text}</span>
              </div>
            )}
          </>
        ) : (
          <p className={styles.muted}>
            {user.role === 'member'
              ? 'You are on the free Member tier. Upgrade for an ad-free experience and more.'
              : 'Your staff role includes every paid feature.'}
          </p>
        )}
      </div>

      <div className={styles.actionsRow}>
        <Button variant="secondary" icon={<Palette aria-hidden="true" />} onClick={onCustomizeProfile}>
          Customize Profile
        </Button>
        {paidTier ? (
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            trailingIcon={<ChevronDown aria-hidden="true" className={panelOpen ? styles.chevronOpen : styles.chevron} />}
          >
            Manage Subscription
          </Button>
        ) : (
          user.role === 'member' && (
            <ButtonLink to="/upgrade" icon={<Sparkles aria-hidden="true" />}>
              See Plans
            </ButtonLink>
          )
        )}
      </div>

      {paidTier && (
        <div id={panelId} className={styles.panel} hidden={!panelOpen}>
          <ul className={styles.options} aria-label="Subscription options">
            {paidTier === 'vip' && (
              <TierOption icon={<Rocket aria-hidden="true" />} text="Get every Premium feature on top of VIP.">
                <ButtonLink to="/upgrade" size="sm">
                  Upgrade to Premium
                </ButtonLink>
              </TierOption>
            )}
            {user.isForever ? (
              <li className={styles.optionNote}>Your lifetime membership has no end date, so there is nothing to cancel or downgrade.</li>
            ) : (
              <>
                {paidTier === 'premium' && !user.pendingDowngrade && (
                  <TierOption icon={<ArrowDownCircle aria-hidden="true" />} text={`Switch to VIP tier (${VIP_MONTHLY})`}>
                    <Button size="sm" variant="secondary" onClick={() => setConfirming('downgrade-to-vip')}>
                      Downgrade to VIP
                    </Button>
                  </TierOption>
                )}
                {!user.autoRenew && (
                  <TierOption
                    icon={<RefreshCw aria-hidden="true" />}
                    text={`Turn auto-renewal back on: ${tierName} renews once payments start.`}
                  >
                    <Button
                      size="sm"
                      loading={busy === 'resubscribe'}
                      loadingText="Resubscribing..."
                      onClick={() => void changeTier('resubscribe')}
                    >
                      Resubscribe
                    </Button>
                  </TierOption>
                )}
                {user.autoRenew && (
                  <TierOption icon={<XCircle aria-hidden="true" />} text="Revert to free member tier">
                    <Button size="sm" variant="secondary" onClick={() => setConfirming('cancel')}>
                      Cancel Subscription
                    </Button>
                  </TierOption>
                )}
              </>
            )}
          </ul>
        </div>
      )}

      <SectionStatus message={message} ref={messageRef} />

      <PaymentMethod user={user} />

      <ConfirmDialog
        open={confirming === 'downgrade-to-vip'}
        type="warning"
        title="Confirm Downgrade"
        message={
          <>
            <p>
              You keep Premium {end ? `until ${end}` : 'until the end of this term'}, then your membership ends: renewal as VIP at{' '}
              {VIP_MONTHLY} starts when payments do.
            </p>
            {dialogError && (
              <p role="alert" className={[styles.status, styles.danger].join(' ')}>
                {dialogError}
              </p>
            )}
          </>
        }
        cancelLabel="Keep Premium"
        confirmLabel="Confirm Downgrade"
        loadingLabel="Downgrading..."
        loading={busy === 'downgrade-to-vip'}
        onCancel={closeConfirmation}
        onConfirm={() => void changeTier('downgrade-to-vip')}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        type="cancel"
        title="Confirm Cancellation"
        message={
          <>
            <p>
              You keep your {tierName} access {end ? `until ${end}` : 'until the end of this term'}. After that you will be moved to Member
              tier.
            </p>
            {dialogError && (
              <p role="alert" className={[styles.status, styles.danger].join(' ')}>
                {dialogError}
              </p>
            )}
          </>
        }
        cancelLabel="Keep Subscription"
        confirmLabel="Confirm Cancellation"
        loadingLabel="Canceling..."
        loading={busy === 'cancel'}
        onCancel={closeConfirmation}
        onConfirm={() => void changeTier('cancel')}
      />
      <ResubscribedDialog
        user={welcomeBack}
        onClose={() => {
          setWelcomeBack(null);
          setFocusMessage((n) => n + 1);
        }}
      />
    </Card>
  );
}

function TierOption({ icon, text, children }: { icon: ReactNode; text: string; children: ReactNode }) {
  return (
    <li className={styles.option}>
      <span className={styles.optionIcon}>{icon}</span>
      <span className={styles.optionText}>{text}</span>
      {children}
    </li>
  );
}

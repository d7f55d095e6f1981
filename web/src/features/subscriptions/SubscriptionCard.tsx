import type { Subscription } from '@shared/api/subscription';
import { priceAt } from '@shared/domain/billing';
import { type Category, categoryLabel } from '@shared/domain/categories';
import { type CurrencyCode, formatAmount, formatMoney, type RateTable, toUsd } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import {
  cancelByBadge,
  cycleLabel,
  type DueBadge,
  deletedBannerText,
  dueBadge,
  endsBadgeText,
  nextPriceText,
  pastDueMessage,
  sharedPastDueMessage,
  trialBadgeText,
} from '@shared/domain/subscription-labels';
import { availableActions, type SubscriptionAction } from '@shared/domain/subscription-rules';
import {
  ArchiveRestore,
  Ban,
  BellRing,
  CalendarDays,
  CalendarX,
  CircleAlert,
  Hourglass,
  LogOut,
  Pencil,
  Play,
  RefreshCw,
  RotateCw,
  Tag,
  Trash2,
  Users,
} from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button, type ButtonVariant } from '../../components/ui/Button';
import { subscriptionNameId } from '../../lib/subscriptionNameId';
import { ManageLink } from './ManageLink';
import { useReadOnly } from './readOnly';
import styles from './SubscriptionCard.module.css';
import { SubscriptionLogo } from './SubscriptionLogo';

const badgeTone: Record<DueBadge['kind'], BadgeTone> = {
  pastDue: 'danger',
  dueToday: 'warning',
  dueSoon: 'warning',
  remaining: 'neutral',
};

/** The quiet actions (cancel, delete) go without icons so four buttons fit one row of a card at 1280 px. */
const actionLook: Record<SubscriptionAction, { label: string; icon?: ReactNode; variant: ButtonVariant }> = {
  renew: { label: 'Renew', icon: <RotateCw aria-hidden="true" />, variant: 'primary' },
  reactivate: { label: 'Reactivate', icon: <Play aria-hidden="true" />, variant: 'primary' },
  recover: { label: 'Recover', icon: <ArchiveRestore aria-hidden="true" />, variant: 'primary' },
  edit: { label: 'Edit', icon: <Pencil aria-hidden="true" />, variant: 'secondary' },
  cancel: { label: 'Cancel', variant: 'ghost' },
  delete: { label: 'Delete', variant: 'ghost' },
  deleteForever: { label: 'Delete Forever', icon: <Trash2 aria-hidden="true" />, variant: 'danger' },
};

/** Buttons in reading order: the state's main action first, destructive ones last. */
const ACTION_ORDER: SubscriptionAction[] = ['renew', 'reactivate', 'recover', 'edit', 'cancel', 'delete', 'deleteForever'];

/** Accessible names that say which subscription a button acts on ('Cancel Netflix' is not 'Cancel' of a dialog). */
const actionName: Record<SubscriptionAction, string> = {
  renew: 'Renew',
  reactivate: 'Reactivate',
  recover: 'Recover',
  edit: 'Edit',
  cancel: 'Cancel subscription',
  delete: 'Delete',
  deleteForever: 'Delete Forever',
};

export interface SubscriptionCardProps {
  subscription: Subscription;
  /** The display currency: a price billed in another one shows its converted amount too. */
  currency: CurrencyCode;
  rates: RateTable;
  today: string;
  custom: readonly Category[];
  /** The category's colour among the categories shown (categoryColorsIn), as the donut and legend have it. */
  categoryColor: string;
  /** The action running for this card, if any: its button shows progress and the others wait. */
  busyAction: SubscriptionAction | null;
  onAction: (action: SubscriptionAction, subscription: Subscription) => void;
  /** Opens the subscription's details (its name is the button); without it, and in the trash, the name is plain text. */
  onOpenDetails?: (subscription: Subscription) => void;
  /** Leaves a subscription someone else shares with the user (issue 26): its only action. */
  onLeave?: (subscription: Subscription) => void;
}

/** 'Shared by Pat' on a subscription shared with the user, 'Shared · 3 people' on the user's own shared one (issue 26). */
function sharedBadgeText(sub: Subscription): string | null {
  if (sub.shared) return `Shared by ${sub.shared.payerName}`;
  if (sub.sharing) return `Shared · ${sub.sharing.memberCount} people`;
  return null;
}

/**
 * One subscription (SPEC §2 'Subscription card badges and banners', issue 24 §1–§3): name,
 * description, category, the price as billed (in force today) per cycle with its amount in the
 * display currency when that is another, a scheduled price change, due date, due badge, the trial,
 * cancel-by and end-date badges, the past-due, canceled or deleted banner, and the actions its state
 * allows (SPEC §4). A shared subscription (issue 26) says who pays or how many share it, and the user's
 * share; one someone else pays offers only 'Leave', since only the payer edits, cancels or deletes it.
 */
export const SubscriptionCard = memo(function SubscriptionCard({
  subscription: sub,
  currency,
  rates,
  today,
  custom,
  categoryColor,
  busyAction,
  onAction,
  onOpenDetails,
  onLeave,
}: SubscriptionCardProps) {
  const readOnly = useReadOnly();
  const badge = dueBadge(sub, today);
  const price = priceAt(sub, today);
  const nextPrice = sub.status === 'deleted' ? null : nextPriceText(sub, today);
  const trial = trialBadgeText(sub, today);
  const cancelBy = cancelByBadge(sub, today);
  const ends = endsBadgeText(sub, today);
  const actions = sub.shared ? [] : availableActions(sub, today);
  const sharedBadge = sharedBadgeText(sub);
  const myShare = sub.shared?.myShare ?? sub.sharing?.myShare;
  const ordered = ACTION_ORDER.filter((action) => actions.includes(action));
  // The quiet actions (cancel, delete) sit together at the far end, and move to a row of their own together.
  const main = ordered.filter((action) => actionLook[action].variant !== 'ghost');
  const quiet = ordered.filter((action) => actionLook[action].variant === 'ghost');
  const titleId = subscriptionNameId(sub.id);
  const stateClass = sub.status === 'canceled' ? styles.canceled : sub.status === 'deleted' ? styles.deleted : '';

  const actionButton = (action: SubscriptionAction) => {
    const look = actionLook[action];
    return (
      <Button
        key={action}
        size="sm"
        variant={look.variant}
        icon={look.icon}
        loading={busyAction === action}
        disabled={readOnly || busyAction !== null}
        aria-label={`${actionName[action]} ${sub.name}`}
        data-action={action}
        onClick={() => onAction(action, sub)}
      >
        {look.label}
      </Button>
    );
  };

  return (
    <article className={[styles.card, stateClass].join(' ')} aria-labelledby={titleId} data-status={sub.status}>
      {sub.status === 'canceled' && (
        <p className={[styles.banner, styles.bannerCanceled].join(' ')}>
          <Ban aria-hidden="true" />
          Canceled
        </p>
      )}
      {sub.status === 'deleted' && (
        <p className={[styles.banner, styles.bannerDeleted].join(' ')}>
          <Trash2 aria-hidden="true" />
          {deletedBannerText(sub.deletedAt)}
        </p>
      )}

      <div className={styles.body}>
        <p className={styles.category}>
          <span className={styles.dot} style={{ background: categoryColor }} aria-hidden="true" />
          <span className={styles.categoryName}>{categoryLabel(sub.category, custom)}</span>
        </p>

        <div className={styles.title}>
          <SubscriptionLogo logo={sub.logo} name={sub.name} color={categoryColor} />
          <h3 id={titleId} className={styles.name}>
            {onOpenDetails && !readOnly && sub.status !== 'deleted' ? (
              <button type="button" className={styles.nameButton} aria-haspopup="dialog" onClick={() => onOpenDetails(sub)}>
                {sub.name}
              </button>
            ) : (
              sub.name
            )}
          </h3>
        </div>
        {sub.description && <p className={styles.description}>{sub.description}</p>}

        <div className={styles.priceBlock}>
          <p className={styles.price}>
            <span className={styles.amount}>{formatAmount(price.amount, price.currency)}</span>
            <span className={styles.cycle}>{cycleLabel(sub.billingCycle, sub.cycleInterval)}</span>
            {price.currency !== currency && (
              <span className={styles.converted}>≈ {formatMoney(toUsd(price.amount, price.currency, rates), currency, rates)}</span>
            )}
          </p>
          {myShare !== undefined && (
            <p className={styles.myShare}>
              Your share <strong>{formatAmount(myShare, sub.currency)}</strong>
            </p>
          )}
          {nextPrice && (
            <p className={styles.nextPrice}>
              <Tag aria-hidden="true" />
              {nextPrice}
            </p>
          )}
        </div>

        <div className={styles.meta}>
          <span className={styles.metaItem}>
            <CalendarDays aria-hidden="true" />
            Due {formatDateShort(sub.dueDate)}
          </span>
          {badge && (
            <Badge tone={badgeTone[badge.kind]} className={styles.dueBadge}>
              {badge.text}
            </Badge>
          )}
          {sub.autoRenew && (
            <span className={[styles.metaItem, styles.autoRenew].join(' ')}>
              <RefreshCw aria-hidden="true" />
              Auto-renew
            </span>
          )}
          {sub.url && sub.status !== 'deleted' && <ManageLink className={styles.metaItem} name={sub.name} url={sub.url} />}
        </div>

        {(sharedBadge || trial || cancelBy || ends) && (
          <div className={styles.badges}>
            {sharedBadge && (
              <Badge tone="primary" icon={<Users aria-hidden="true" />}>
                {sharedBadge}
              </Badge>
            )}
            {trial && (
              <Badge tone="info" icon={<Hourglass aria-hidden="true" />}>
                {trial}
              </Badge>
            )}
            {cancelBy && (
              <Badge tone={cancelBy.urgent ? 'warning' : 'neutral'} icon={<BellRing aria-hidden="true" />}>
                {cancelBy.text}
              </Badge>
            )}
            {ends && (
              <Badge tone="neutral" icon={<CalendarX aria-hidden="true" />}>
                {ends}
              </Badge>
            )}
          </div>
        )}

        {badge?.kind === 'pastDue' && (
          <p className={styles.pastDue} role="note">
            <CircleAlert aria-hidden="true" />
            {sub.shared ? sharedPastDueMessage(sub.shared.payerName) : pastDueMessage(sub.billingCycle, sub.cycleInterval)}
          </p>
        )}
      </div>

      <div className={styles.actions}>
        {main.map(actionButton)}
        {quiet.length > 0 && <div className={styles.quiet}>{quiet.map(actionButton)}</div>}
        {sub.shared && onLeave && (
          <div className={styles.quiet}>
            <Button
              size="sm"
              variant="ghost"
              icon={<LogOut aria-hidden="true" />}
              disabled={readOnly || busyAction !== null}
              aria-label={`Leave ${sub.name}`}
              data-action="leave"
              onClick={() => onLeave(sub)}
            >
              Leave
            </Button>
          </div>
        )}
      </div>
    </article>
  );
});

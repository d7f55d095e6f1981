import type { BillingCycle, Subscription } from '@shared/api/subscription';
import { type SubscriptionBody, type SubscriptionInput, subscriptionBody } from '@shared/api/subscriptions';
import type { AddCategoryResult, Category } from '@shared/domain/categories';
import { billingCurrency, formatAmount } from '@shared/domain/currency';
import { canRaiseLimitByUpgrading } from '@shared/domain/subscription-limits';
import { ChevronDown, Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { TextArea } from '../../components/ui/TextArea';
import { fieldErrors } from '../../lib/fieldErrors';
import { useCurrentUser } from '../../session/context';
import { CategoryField } from './CategoryField';
import { PriceChangeDialog } from './PriceChangeDialog';
import styles from './SubscriptionFormModal.module.css';
import {
  currencyOptions,
  cycleOptions,
  type FieldName,
  type FormValues,
  fieldOfMessage,
  initialValues,
  OPTIONAL_FIELDS,
  SAVE_FAILED,
} from './subscriptionForm';

export interface SubscriptionFormModalProps {
  /** The subscription to edit, or null to add one. */
  subscription: Subscription | null;
  /** The currency a new subscription starts in: the user's display currency (issue 24 §1). */
  defaultCurrency: string;
  custom: readonly Category[];
  onAddCategory: (label: string) => AddCategoryResult;
  onSave: (input: SubscriptionInput, id?: string) => Promise<Subscription>;
  /** Called after the server accepted the form. */
  onSaved: (saved: Subscription, created: boolean) => void;
  onClose: () => void;
}

/**
 * Add / edit a subscription (SPEC §2 'Add/edit subscription modal', §5 'Subscription form', issue 24):
 * the price in its own currency, 'Renews every [n] [cycle]', and an optional section for a free trial,
 * an end date and a notice period. Checked on the client with the API's own schema and messages, then
 * by the server, whose 400 message is shown as is at its field. An edited price asks whether it is a
 * price change from a date or a correction (PriceChangeDialog).
 */
export function SubscriptionFormModal({
  subscription,
  defaultCurrency,
  custom,
  onAddCategory,
  onSave,
  onSaved,
  onClose,
}: SubscriptionFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const moreId = useId();
  const [values, setValues] = useState(() => initialValues(subscription, defaultCurrency));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [moreOpen, setMoreOpen] = useState(
    () =>
      subscription !== null &&
      Boolean(subscription.trialEndsAt || subscription.endsAt || subscription.noticeDays !== null || subscription.cancelByDate),
  );
  /** An edited price waiting for its answer: a change from a date or a correction (issue 24 §2). */
  const [pricePrompt, setPricePrompt] = useState<{ body: SubscriptionBody; dateError: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The create was refused at the ceiling of the user's plan (403, shared/domain/subscription-limits.ts). */
  const [limitReached, setLimitReached] = useState(false);
  const { role } = useCurrentUser();
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [_addingCategory, _setAddingCategory] = useState(false);
  const [_newCategory, _setNewCategory] = useState('');
  const [_categoryError, _setCategoryError] = useState<string | null>(null);

  const editing = subscription !== null;

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function set<K extends FieldName>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(next: Partial<Record<FieldName, string>>) {
    setErrors(next);
    if (OPTIONAL_FIELDS.some((field) => next[field])) setMoreOpen(true);
    setAttempt((n) => n + 1);
  }

  async function save(body: SubscriptionBody, effectiveFrom?: string) {
    setErrors({});
    setFailure(null);
    setLimitReached(false);
    setSaving(true);
    try {
      const saved = await onSave(effectiveFrom ? { ...body, effectiveFrom } : body, subscription?.id);
      onSaved(saved, !editing);
    } catch (error) {
      const message = errorMessage(error, SAVE_FAILED);
      const field = error instanceof ApiError && error.status === 400 ? fieldOfMessage(message) : null;
      setSaving(false);
      if (field === 'effectiveFrom') {
        setPricePrompt({ body, dateError: message });
        return;
      }
      setPricePrompt(null);
      if (field) {
        showErrors({ [field]: message });
        return;
      }
      setFailure(message);
      setLimitReached(!editing && error instanceof ApiError && error.status === 403);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = subscriptionBody.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error));
      return;
    }
    const body = parsed.data;
    if (subscription && (body.amount !== subscription.amount || body.currency !== subscription.currency)) {
      setPricePrompt({ body, dateError: null });
      return;
    }
    void save(body);
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onClose();
      }}
      title={editing ? 'Edit Subscription' : 'Add Subscription'}
      description={editing ? `Update the details of ${subscription.name}.` : 'Track a new recurring payment.'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
            {editing ? 'Save Changes' : 'Add Subscription'}
          </Button>
        </>
      }
    >
      <form id={formId} ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert
            tone="danger"
            className={styles.full}
            title={limitReached ? 'Subscription limit reached' : undefined}
            actions={
              limitReached && canRaiseLimitByUpgrading(role) ? (
                <ButtonLink to="/upgrade" size="sm" icon={<Sparkles aria-hidden="true" />}>
                  See plans
                </ButtonLink>
              ) : undefined
            }
          >
            {failure}
          </Alert>
        )}
        <Input
          className={styles.full}
          label="Name"
          required
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Netflix"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <Input
          label={`Amount (${values.currency})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          placeholder="0.00"
          hint={`Per renewal, in ${billingCurrency(values.currency)?.name ?? values.currency}`}
          value={values.amount}
          error={errors.amount}
          onChange={(e) => set('amount', e.target.value)}
        />
        <Select
          label="Currency"
          options={currencyOptions}
          hint="As you are billed"
          value={values.currency}
          error={errors.currency}
          onChange={(e) => set('currency', e.target.value)}
        />
        <div className={styles.renews}>
          <Input
            className={styles.interval}
            label="Renews every"
            type="number"
            inputMode="numeric"
            min={1}
            max={52}
            step={1}
            required
            value={values.cycleInterval}
            error={errors.cycleInterval}
            onChange={(e) => set('cycleInterval', e.target.value)}
          />
          <Select
            className={styles.cycle}
            label={<span className="visually-hidden">Billing cycle</span>}
            options={cycleOptions(values.cycleInterval)}
            value={values.billingCycle}
            error={errors.billingCycle}
            onChange={(e) => set('billingCycle', e.target.value as BillingCycle)}
          />
        </div>
        <Input
          label="Due date"
          type="date"
          required
          hint="The next renewal"
          value={values.dueDate}
          error={errors.dueDate}
          onChange={(e) => set('dueDate', e.target.value)}
        />
        <CategoryField
          custom={custom}
          value={values.category}
          error={errors.category}
          onChange={(category) => set('category', category)}
          onAddCategory={onAddCategory}
        />
        <TextArea
          className={styles.full}
          label="Description (optional)"
          rows={3}
          maxLength={500}
          placeholder="Plan, shared with, what it's for…"
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <Checkbox
          className={styles.full}
          label="Auto-renew"
          description="Automatically reactivate when subscription expires"
          checked={values.autoRenew}
          onChange={(e) => set('autoRenew', e.target.checked)}
        />
        <div className={[styles.more, styles.full].join(' ')}>
          <button
            type="button"
            className={styles.moreToggle}
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <span>
              <span className={styles.moreTitle}>Trial, end date and notice</span>
              <span className={styles.moreHint}>Optional</span>
            </span>
            <ChevronDown aria-hidden="true" className={styles.moreChevron} />
          </button>
          <div id={moreId} className={styles.moreFields} hidden={!moreOpen}>
            <Input
              label="Free trial until"
              type="date"
              hint="Renewals before it cost nothing"
              value={values.trialEndsAt}
              error={errors.trialEndsAt}
              onChange={(e) => set('trialEndsAt', e.target.value)}
            />
            <Input
              label="Ends on"
              type="date"
              hint="No renewals after it"
              value={values.endsAt}
              error={errors.endsAt}
              onChange={(e) => set('endsAt', e.target.value)}
            />
            <Input
              label="Notice period (days)"
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
              step={1}
              placeholder="None"
              hint="Cancel this many days before a renewal"
              value={values.noticeDays}
              error={errors.noticeDays}
              onChange={(e) => set('noticeDays', e.target.value)}
            />
            <Input
              label="Cancel by (date)"
              type="date"
              hint="Your own last day to cancel, if the provider gave one; kept as you set it"
              value={values.cancelByDate}
              error={errors.cancelByDate}
              onChange={(e) => set('cancelByDate', e.target.value)}
            />
          </div>
        </div>
      </form>
      {pricePrompt && subscription && (
        <PriceChangeDialog
          name={subscription.name}
          before={formatAmount(subscription.amount, subscription.currency)}
          after={formatAmount(pricePrompt.body.amount, pricePrompt.body.currency ?? subscription.currency)}
          nextRenewal={subscription.dueDate}
          saving={saving}
          dateError={pricePrompt.dateError}
          onConfirm={(effectiveFrom) => void save(pricePrompt.body, effectiveFrom)}
          onBack={() => setPricePrompt(null)}
        />
      )}
    </Modal>
  );
}

import { BILLING_CYCLES, type BillingCycle, type Subscription } from '@shared/api/subscription';
import { type SubscriptionBody, type SubscriptionInput, subscriptionBody, subscriptionMessages } from '@shared/api/subscriptions';
import { type AddCategoryResult, type Category, categoryKey, categoryLabel, categoryOptions } from '@shared/domain/categories';
import { BILLING_CURRENCIES, billingCurrency, formatAmount } from '@shared/domain/currency';
import { canRaiseLimitByUpgrading } from '@shared/domain/subscription-limits';
import { normalizeCycle } from '@shared/domain/subscription-rules';
import { ChevronDown, Plus, Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select, type SelectOption } from '../../components/ui/Select';
import { TextArea } from '../../components/ui/TextArea';
import { fieldErrors } from '../../lib/fieldErrors';
import { useCurrentUser } from '../../session/context';
import { PriceChangeDialog } from './PriceChangeDialog';
import styles from './SubscriptionFormModal.module.css';

/** SPEC §8 'Subscription actions'. */
const SAVE_FAILED = 'Failed to save subscription';

interface FormValues {
  name: string;
  amount: string;
  currency: string;
  cycleInterval: string;
  dueDate: string;
  billingCycle: BillingCycle;
  category: string;
  description: string;
  autoRenew: boolean;
  trialEndsAt: string;
  endsAt: string;
  noticeDays: string;
}

type FieldName = keyof FormValues;

function initialValues(sub: Subscription | null, defaultCurrency: string): FormValues {
  if (!sub) {
    return {
      name: '',
      amount: '',
      currency: defaultCurrency,
      cycleInterval: '1',
      dueDate: '',
      billingCycle: 'monthly',
      category: '',
      description: '',
      autoRenew: false,
      trialEndsAt: '',
      endsAt: '',
      noticeDays: '',
    };
  }
  return {
    name: sub.name,
    amount: String(sub.amount),
    currency: sub.currency,
    cycleInterval: String(sub.cycleInterval ?? 1),
    dueDate: sub.dueDate,
    billingCycle: normalizeCycle(sub.billingCycle),
    category: categoryKey(sub.category),
    description: sub.description ?? '',
    autoRenew: Boolean(sub.autoRenew),
    trialEndsAt: sub.trialEndsAt ?? '',
    endsAt: sub.endsAt ?? '',
    noticeDays: sub.noticeDays === null || sub.noticeDays === undefined ? '' : String(sub.noticeDays),
  };
}

/** The fields of the optional section ('Trial, end date and notice'). */
const OPTIONAL_FIELDS: readonly FieldName[] = ['trialEndsAt', 'endsAt', 'noticeDays'];

/** The cycle select reads on from 'Renews every [n]': 'month', or 'months' after a number above 1. */
const cycleUnits: Record<BillingCycle, [string, string]> = {
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  quarterly: ['quarter', 'quarters'],
  yearly: ['year', 'years'],
};

function cycleOptions(interval: string): SelectOption[] {
  const plural = Number(interval) > 1;
  return BILLING_CYCLES.map((cycle) => ({ value: cycle, label: cycleUnits[cycle][plural ? 1 : 0] }));
}

/** Every billing currency, SPEC's six display currencies first (BILLING_CURRENCIES' order). */
const currencyOptions: SelectOption[] = BILLING_CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));

/** The field of the form a server message belongs to (the contract's subscriptionMessages), or null for the form as a whole. */
const MESSAGE_FIELDS: ReadonlyArray<[prefix: string, field: FieldName | 'effectiveFrom']> = [
  ['name', 'name'],
  ['description', 'description'],
  ['amount', 'amount'],
  ['category', 'category'],
  ['dueDate', 'dueDate'],
  ['billingCycle', 'billingCycle'],
  ['currency', 'currency'],
  ['cycleInterval', 'cycleInterval'],
  ['trialEndsAt', 'trialEndsAt'],
  ['endsAt', 'endsAt'],
  ['endsBefore', 'endsAt'],
  ['noticeDays', 'noticeDays'],
  ['effectiveFrom', 'effectiveFrom'],
];

function fieldOfMessage(message: string): FieldName | 'effectiveFrom' | null {
  const key = Object.entries(subscriptionMessages).find(([, text]) => text === message)?.[0];
  if (!key) return null;
  return MESSAGE_FIELDS.find(([prefix]) => key.startsWith(prefix))?.[1] ?? null;
}

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
  const categoryRef = useRef<HTMLSelectElement>(null);
  const moreId = useId();
  const [values, setValues] = useState(() => initialValues(subscription, defaultCurrency));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [moreOpen, setMoreOpen] = useState(
    () => subscription !== null && Boolean(subscription.trialEndsAt || subscription.endsAt || subscription.noticeDays !== null),
  );
  /** An edited price waiting for its answer: a change from a date or a correction (issue 24 §2). */
  const [pricePrompt, setPricePrompt] = useState<{ body: SubscriptionBody; dateError: string | null } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The create was refused at the ceiling of the user's plan (403, shared/domain/subscription-limits.ts). */
  const [limitReached, setLimitReached] = useState(false);
  const { role } = useCurrentUser();
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [addingCategory, setAddingCategory] = useState(false);
  const [newCategory, setNewCategory] = useState('');
  const [categoryError, setCategoryError] = useState<string | null>(null);

  const editing = subscription !== null;

  const categorySelectOptions = useMemo<SelectOption[]>(() => {
    const options: SelectOption[] = categoryOptions(custom);
    if (values.category && !options.some((o) => o.value === values.category)) {
      options.push({ value: values.category, label: categoryLabel(values.category, custom) });
    }
    return [{ value: '', label: 'Select a category', disabled: true }, ...options];
  }, [custom, values.category]);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function set<K extends FieldName>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function addCategory() {
    const result = onAddCategory(newCategory);
    if (!result.ok) {
      setCategoryError(result.error);
      return;
    }
    set('category', result.category.value);
    setNewCategory('');
    setCategoryError(null);
    setAddingCategory(false);
    categoryRef.current?.focus();
  }

  function onCategoryKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addCategory();
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
        <div className={[styles.category, styles.full].join(' ')}>
          <Select
            ref={categoryRef}
            label="Category"
            required
            options={categorySelectOptions}
            value={values.category}
            error={errors.category}
            onChange={(e) => set('category', e.target.value)}
          />
          {addingCategory ? (
            <div className={styles.addCategory}>
              <Input
                label="New category"
                placeholder="e.g. Fitness"
                maxLength={50}
                autoFocus
                value={newCategory}
                error={categoryError}
                onChange={(e) => {
                  setNewCategory(e.target.value);
                  setCategoryError(null);
                }}
                onKeyDown={onCategoryKeyDown}
              />
              <Button variant="secondary" className={styles.addButton} onClick={addCategory}>
                Add
              </Button>
            </div>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              className={styles.addToggle}
              icon={<Plus aria-hidden="true" />}
              onClick={() => setAddingCategory(true)}
            >
              Add custom category
            </Button>
          )}
        </div>
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

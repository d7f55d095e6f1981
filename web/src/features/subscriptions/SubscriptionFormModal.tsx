import { BILLING_CYCLES, type BillingCycle, type Subscription } from '@shared/api/subscription';
import { type SubscriptionInput, subscriptionBody } from '@shared/api/subscriptions';
import { type AddCategoryResult, type Category, categoryKey, categoryLabel, categoryOptions } from '@shared/domain/categories';
import { cycleName } from '@shared/domain/subscription-labels';
import { canRaiseLimitByUpgrading } from '@shared/domain/subscription-limits';
import { normalizeCycle } from '@shared/domain/subscription-rules';
import { Plus, Sparkles } from 'lucide-react';
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
import styles from './SubscriptionFormModal.module.css';

/** SPEC §8 'Subscription actions'. */
const SAVE_FAILED = 'Failed to save subscription';

interface FormValues {
  name: string;
  amount: string;
  dueDate: string;
  billingCycle: BillingCycle;
  category: string;
  description: string;
  autoRenew: boolean;
}

type FieldName = keyof FormValues;

function initialValues(sub: Subscription | null): FormValues {
  if (!sub) {
    return {
      name: '',
      amount: '',
      dueDate: '',
      billingCycle: 'monthly',
      category: '',
      description: '',
      autoRenew: false,
    };
  }
  return {
    name: sub.name,
    amount: String(sub.amount),
    dueDate: sub.dueDate,
    billingCycle: normalizeCycle(sub.billingCycle),
    category: categoryKey(sub.category),
    description: sub.description ?? '',
    autoRenew: Boolean(sub.autoRenew),
  };
}

const cycleOptions: SelectOption[] = BILLING_CYCLES.map((cycle) => ({ value: cycle, label: cycleName(cycle) }));

export interface SubscriptionFormModalProps {
  /** The subscription to edit, or null to add one. */
  subscription: Subscription | null;
  custom: readonly Category[];
  onAddCategory: (label: string) => AddCategoryResult;
  onSave: (input: SubscriptionInput, id?: string) => Promise<Subscription>;
  /** Called after the server accepted the form. */
  onSaved: (saved: Subscription, created: boolean) => void;
  onClose: () => void;
}

/**
 * Add / edit a subscription (SPEC §2 'Add/edit subscription modal', §5 'Subscription form'):
 * checked on the client with the API's own schema and messages, then by the server, whose 400
 * message is shown as is.
 */
export function SubscriptionFormModal({ subscription, custom, onAddCategory, onSave, onSaved, onClose }: SubscriptionFormModalProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const [values, setValues] = useState(() => initialValues(subscription));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const parsed = subscriptionBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setFailure(null);
    setLimitReached(false);
    setSaving(true);
    try {
      const saved = await onSave(parsed.data, subscription?.id);
      onSaved(saved, !editing);
    } catch (error) {
      setFailure(errorMessage(error, SAVE_FAILED));
      setLimitReached(!editing && error instanceof ApiError && error.status === 403);
      setSaving(false);
    }
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
          label="Amount (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          placeholder="0.00"
          hint="Per billing cycle, in US dollars"
          value={values.amount}
          error={errors.amount}
          onChange={(e) => set('amount', e.target.value)}
        />
        <Select
          label="Billing cycle"
          options={cycleOptions}
          value={values.billingCycle}
          error={errors.billingCycle}
          onChange={(e) => set('billingCycle', e.target.value as BillingCycle)}
        />
        <Input
          label="Due date"
          type="date"
          required
          value={values.dueDate}
          error={errors.dueDate}
          onChange={(e) => set('dueDate', e.target.value)}
        />
        <div className={styles.category}>
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
      </form>
    </Modal>
  );
}

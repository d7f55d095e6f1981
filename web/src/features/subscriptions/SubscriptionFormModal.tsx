import type { BillingCycle, Subscription } from '@shared/api/subscription';
import type { SubscriptionInput } from '@shared/api/subscriptions';
import type { AddCategoryResult, Category } from '@shared/domain/categories';
import { billingCurrency, formatAmount } from '@shared/domain/currency';
import { canRaiseLimitByUpgrading } from '@shared/domain/subscription-limits';
import { MAX_WEBSITE_LENGTH } from '@shared/domain/website';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { TextArea } from '../../components/ui/TextArea';
import { useCurrentUser } from '../../session/context';
import { CategoryField } from './CategoryField';
import { OptionalTermsSection } from './OptionalTermsSection';
import { PriceChangeDialog } from './PriceChangeDialog';
import { SubscriptionDateField } from './SubscriptionDateField';
import styles from './SubscriptionFormModal.module.css';
import { currencyOptions, cycleOptions } from './subscriptionForm';
import { useSubscriptionForm } from './useSubscriptionForm';

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
 * price change from a date or a correction (PriceChangeDialog). Its state and saving are
 * useSubscriptionForm; the optional section is OptionalTermsSection; each date is a SubscriptionDateField.
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
  const { role } = useCurrentUser();
  const { formRef, fields, moreOpen, toggleMore, pricePrompt, closePricePrompt, failure, limitReached, saving, save, onSubmit } =
    useSubscriptionForm({ subscription, defaultCurrency, onSave, onSaved });
  const { values, errors, set } = fields;
  const editing = subscription !== null;

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
        <SubscriptionDateField form={fields} field="dueDate" label="Due date" hint="The next renewal" required />
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
        <Input
          className={styles.full}
          label="Website (optional)"
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={MAX_WEBSITE_LENGTH}
          placeholder="e.g. netflix.com"
          hint="Where you manage it: its card links there"
          value={values.url}
          error={errors.url}
          onChange={(e) => set('url', e.target.value)}
        />
        <Checkbox
          className={styles.full}
          label="Auto-renew"
          description="Automatically reactivate when subscription expires"
          checked={values.autoRenew}
          onChange={(e) => set('autoRenew', e.target.checked)}
        />
        <OptionalTermsSection form={fields} open={moreOpen} onToggle={toggleMore} />
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
          onBack={closePricePrompt}
        />
      )}
    </Modal>
  );
}

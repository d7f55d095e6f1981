import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { Input } from '../../components/ui/Input';
import { SubscriptionDateField } from './SubscriptionDateField';
import styles from './SubscriptionFormModal.module.css';
import type { FormFields } from './useSubscriptionForm';

export interface OptionalTermsSectionProps {
  form: FormFields;
  open: boolean;
  onToggle: () => void;
}

/**
 * The form's optional section, 'Trial, end date and notice' (issue 24 §3, issue 35 §2.5): a free trial,
 * an end date, a notice period and the user's own cancel-by date, folded away until opened (or until
 * one of them has a message).
 */
export function OptionalTermsSection({ form, open, onToggle }: OptionalTermsSectionProps) {
  const sectionId = useId();
  return (
    <div className={[styles.more, styles.full].join(' ')}>
      <button type="button" className={styles.moreToggle} aria-expanded={open} aria-controls={sectionId} onClick={onToggle}>
        <span>
          <span className={styles.moreTitle}>Trial, end date and notice</span>
          <span className={styles.moreHint}>Optional</span>
        </span>
        <ChevronDown aria-hidden="true" className={styles.moreChevron} />
      </button>
      <div id={sectionId} className={styles.moreFields} hidden={!open}>
        <SubscriptionDateField form={form} field="trialEndsAt" label="Free trial until" hint="Renewals before it cost nothing" />
        <SubscriptionDateField form={form} field="endsAt" label="Ends on" hint="No renewals after it" />
        <Input
          label="Notice period (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          step={1}
          placeholder="None"
          hint="Cancel this many days before a renewal"
          value={form.values.noticeDays}
          error={form.errors.noticeDays}
          onChange={(e) => form.set('noticeDays', e.target.value)}
        />
        <SubscriptionDateField
          form={form}
          field="cancelByDate"
          label="Cancel by (date)"
          hint="Your own last day to cancel, if the provider gave one; kept as you set it"
        />
      </div>
    </div>
  );
}

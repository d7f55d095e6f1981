import { Input } from '../../components/ui/Input';
import type { FieldName } from './subscriptionForm';
import type { FormFields } from './useSubscriptionForm';

/** The form's dates: the next renewal and the optional ones (trial, end, cancel-by). */
type DateFieldName = Extract<FieldName, 'dueDate' | 'trialEndsAt' | 'endsAt' | 'cancelByDate'>;

export interface SubscriptionDateFieldProps {
  form: FormFields;
  field: DateFieldName;
  label: string;
  hint: string;
  required?: boolean;
}

/** One date of the subscription form: its value, its hint and the message at it. */
export function SubscriptionDateField({ form, field, label, hint, required }: SubscriptionDateFieldProps) {
  return (
    <Input
      label={label}
      type="date"
      required={required}
      hint={hint}
      value={form.values[field]}
      error={form.errors[field]}
      onChange={(e) => form.set(field, e.target.value)}
    />
  );
}

import type { Subscription } from '@shared/api/subscription';
import { type SubscriptionBody, type SubscriptionInput, subscriptionBody } from '@shared/api/subscriptions';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { fieldErrors } from '../../lib/fieldErrors';
import { type FieldName, type FormValues, fieldOfMessage, initialValues, OPTIONAL_FIELDS, SAVE_FAILED } from './subscriptionForm';

export interface SubscriptionFormOptions {
  subscription: Subscription | null;
  defaultCurrency: string;
  onSave: (input: SubscriptionInput, id?: string) => Promise<Subscription>;
  onSaved: (saved: Subscription, created: boolean) => void;
}

/** The values typed, the message at each field, and how to change one (which clears its message). */
export interface FormFields {
  values: FormValues;
  errors: Partial<Record<FieldName, string>>;
  set: <K extends FieldName>(field: K, value: FormValues[K]) => void;
}

/**
 * The subscription form's state and its saving (SPEC §5 'Subscription form', issue 24): checked with the
 * API's own schema and messages, then by the server, whose 400 message goes to its field; a message in
 * the optional section opens it; each refused attempt gives the first invalid field the focus. An
 * edited price waits for `pricePrompt`'s answer (a change from a date or a correction); a create refused
 * at the plan's ceiling (403) sets `limitReached`.
 */
export function useSubscriptionForm({ subscription, defaultCurrency, onSave, onSaved }: SubscriptionFormOptions) {
  const formRef = useRef<HTMLFormElement>(null);
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
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
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

  const fields: FormFields = { values, errors, set };
  return {
    formRef,
    fields,
    moreOpen,
    toggleMore: () => setMoreOpen((open) => !open),
    pricePrompt,
    closePricePrompt: () => setPricePrompt(null),
    failure,
    limitReached,
    saving,
    save,
    onSubmit,
  };
}

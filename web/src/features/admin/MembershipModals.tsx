import type { PaidTier } from '@shared/api/user';
import { formatInstantShort } from '@shared/domain/dates';
import { DEFAULT_GRANT_REASON, EXTEND_QUICK_DAYS, extendReason, GRANT_PRESET_DAYS, timeLeftLabel } from '@shared/domain/membership';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Alert, Button, Input, Modal, Select, useToast } from '../../components/ui';
import styles from './Admin.module.css';
import { useExtendMembership, useGrantMembership } from './adminQueries';
import { FormActions, Target, type UserModalProps } from './UserModalParts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A whole number of days typed in a field, or null when it is not one. */
function parseDays(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value > 0 ? value : null;
}

/** Grant Membership (SPEC §2, §5, §9): vip or premium, a preset or forever; custom days override the preset. */
export function GrantModal({ user, onClose }: UserModalProps) {
  const id = useId();
  const toast = useToast();
  const grant = useGrantMembership();
  const [tier, setTier] = useState<PaidTier>('vip');
  const [preset, setPreset] = useState<string>('30');
  const [custom, setCustom] = useState('');
  const [reason, setReason] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    let duration: number | null = preset === 'forever' ? null : Number(preset);
    if (custom.trim()) {
      const typed = parseDays(custom);
      if (typed === null) {
        setCustomError('Please enter a valid number of days');
        document.getElementById(`${id}-custom`)?.focus();
        return;
      }
      duration = typed;
    }
    setCustomError(undefined);
    try {
      await grant.mutateAsync({
        userId: user.id,
        subscriptionType: tier,
        duration,
        reason: reason.trim() || DEFAULT_GRANT_REASON,
      });
      toast.success('Membership granted successfully!');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to grant membership'));
    }
  }

  const customDays = parseDays(custom);
  const summary =
    customDays !== null
      ? `${tier.toUpperCase()} for ${days(customDays)} (custom)`
      : preset === 'forever'
        ? `${tier.toUpperCase()} forever`
        : `${tier.toUpperCase()} for ${days(Number(preset))}`;

  return (
    <Modal open onClose={onClose} title="Grant Membership" description={<Target user={user} />}>
      <form className={styles.modalForm} onSubmit={submit} noValidate>
        <Select
          label="Membership type"
          value={tier}
          options={[
            { value: 'vip', label: 'VIP' },
            { value: 'premium', label: 'Premium' },
          ]}
          onChange={(event) => setTier(event.target.value as PaidTier)}
        />
        <Select
          label="Duration"
          value={preset}
          options={[...GRANT_PRESET_DAYS.map((n) => ({ value: String(n), label: days(n) })), { value: 'forever', label: 'Forever' }]}
          onChange={(event) => setPreset(event.target.value)}
          disabled={customDays !== null}
          hint={customDays !== null ? 'The custom number of days below is used instead.' : undefined}
        />
        <Input
          id={`${id}-custom`}
          label="Custom days (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          error={customError}
          hint="Overrides the duration above."
        />
        <Input
          label="Reason (optional)"
          value={reason}
          placeholder={DEFAULT_GRANT_REASON}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className={styles.summary} aria-live="polite">
          Grants <strong>{summary}</strong>, replacing any current membership.
        </p>
        {failure && <Alert tone="danger">{failure}</Alert>}
        <FormActions onCancel={onClose} pending={grant.isPending}>
          <Button type="submit" loading={grant.isPending} loadingText="Granting...">
            Grant Membership
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}

/** Extend Subscription (SPEC §2, §5, §9): a quick add or custom days (> 0) added to the end date. */
export function ExtendModal({ user, onClose }: UserModalProps) {
  const id = useId();
  const toast = useToast();
  const extend = useExtendMembership();
  const [quick, setQuick] = useState<number>(30);
  const [custom, setCustom] = useState('');
  const [reason, setReason] = useState('');
  const [customError, setCustomError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const chosen = custom.trim() ? parseDays(custom) : quick;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (chosen === null) {
      setCustomError('Please enter a valid number of days');
      document.getElementById(`${id}-custom`)?.focus();
      return;
    }
    setCustomError(undefined);
    try {
      await extend.mutateAsync({ userId: user.id, additionalDays: chosen, reason: reason.trim() || extendReason(chosen) });
      toast.success('Subscription extended successfully!');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to extend subscription'));
    }
  }

  const left = timeLeftLabel(user, new Date());

  return (
    <Modal open onClose={onClose} title="Extend Subscription" description={<Target user={user} />}>
      <form className={styles.modalForm} onSubmit={submit} noValidate>
        <dl className={styles.facts}>
          <div>
            <dt>Membership</dt>
            <dd>{user.subscriptionType?.toUpperCase() ?? '-'}</dd>
          </div>
          <div>
            <dt>Ends</dt>
            <dd>{user.subscriptionEnd ? formatInstantShort(user.subscriptionEnd) : '-'}</dd>
          </div>
          <div>
            <dt>Time left</dt>
            <dd>{left ?? '-'}</dd>
          </div>
        </dl>
        <fieldset className={styles.quickAdds}>
          <legend className={styles.legend}>Quick add</legend>
          <div className={styles.quickRow}>
            {EXTEND_QUICK_DAYS.map((n) => (
              <Button
                key={n}
                size="sm"
                variant={!custom.trim() && quick === n ? 'primary' : 'secondary'}
                aria-pressed={!custom.trim() && quick === n}
                onClick={() => {
                  setQuick(n);
                  setCustom('');
                  setCustomError(undefined);
                }}
              >
                +{days(n)}
              </Button>
            ))}
          </div>
        </fieldset>
        <Input
          id={`${id}-custom`}
          label="Custom days (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          error={customError}
          hint="Overrides the quick add."
        />
        <Input
          label="Reason (optional)"
          value={reason}
          placeholder={extendReason(chosen ?? quick)}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
        />
        {failure && <Alert tone="danger">{failure}</Alert>}
        <FormActions onCancel={onClose} pending={extend.isPending}>
          <Button type="submit" loading={extend.isPending} loadingText="Extending...">
            Extend Subscription
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}

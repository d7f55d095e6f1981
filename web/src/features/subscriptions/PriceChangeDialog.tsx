import { subscriptionMessages } from '@shared/api/subscriptions';
import { formatDateShort, isCalendarDate } from '@shared/domain/dates';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import styles from './PriceChangeDialog.module.css';

export interface PriceChangeDialogProps {
  name: string;
  /** The price as it was, as billed ('$15.49'). */
  before: string;
  /** The price typed in the form ('$17.99'). */
  after: string;
  /** The date offered for a change: the subscription's next renewal (issue 24 §2). */
  nextRenewal: string;
  saving: boolean;
  /** The server's refusal of the date, word for word. */
  dateError: string | null;
  /** A price change from `effectiveFrom`, or a correction (undefined). */
  onConfirm: (effectiveFrom: string | undefined) => void;
  onBack: () => void;
}

/**
 * The question an edited price asks before it is saved (issue 24 §2): a price change from a date
 * (the default, from the next renewal: earlier renewals keep the old price) or a correction of a
 * typo (the new price replaces the old one, no history). Opens on the chosen answer.
 */
export function PriceChangeDialog({ name, before, after, nextRenewal, saving, dateError, onConfirm, onBack }: PriceChangeDialogProps) {
  const formId = useId();
  const chosenRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<'change' | 'correction'>('change');
  const [date, setDate] = useState(nextRenewal);
  const [error, setError] = useState<string | null>(null);
  const shownError = error ?? dateError;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (kind === 'correction') {
      onConfirm(undefined);
      return;
    }
    if (!isCalendarDate(date)) {
      setError(subscriptionMessages.effectiveFromInvalid);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="date"]')?.focus();
      return;
    }
    setError(null);
    onConfirm(date);
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!saving) onBack();
      }}
      initialFocus={chosenRef}
      title="A new price?"
      description={`${name} goes from ${before} to ${after}.`}
      footer={
        <>
          <Button variant="secondary" onClick={onBack} disabled={saving}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText="Saving...">
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>What changed?</legend>
          <div className={[styles.choice, kind === 'change' ? styles.chosen : ''].join(' ')}>
            <label className={styles.option}>
              <input
                ref={kind === 'change' ? chosenRef : undefined}
                type="radio"
                name="price-edit"
                className={styles.radio}
                checked={kind === 'change'}
                onChange={() => setKind('change')}
              />
              <span className={styles.text}>
                <span className={styles.title}>The price changes from {isCalendarDate(date) ? formatDateShort(date) : 'a date'}</span>
                <span className={styles.detail}>
                  Renewals before it keep {before}; totals and the yearly report use each price in its time.
                </span>
              </span>
            </label>
            {kind === 'change' && (
              <Input
                className={styles.date}
                label="New price from"
                type="date"
                hint="The next renewal, unless you choose another day"
                value={date}
                error={shownError}
                onChange={(e) => {
                  setDate(e.target.value);
                  setError(null);
                }}
              />
            )}
          </div>
          <div className={[styles.choice, kind === 'correction' ? styles.chosen : ''].join(' ')}>
            <label className={styles.option}>
              <input
                ref={kind === 'correction' ? chosenRef : undefined}
                type="radio"
                name="price-edit"
                className={styles.radio}
                checked={kind === 'correction'}
                onChange={() => setKind('correction')}
              />
              <span className={styles.text}>
                <span className={styles.title}>Correct the price</span>
                <span className={styles.detail}>
                  A typo: {after} replaces {before}, with no price history.
                </span>
              </span>
            </label>
          </div>
        </fieldset>
      </form>
    </Modal>
  );
}

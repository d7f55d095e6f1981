import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Alert, Button, Input, Modal, useToast } from '../../components/ui';
import styles from './Admin.module.css';
import { useChangeEmail } from './adminQueries';
import { FormActions, Target, type UserModalProps } from './UserModalParts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Change Email (SPEC §2, §5): typed twice, the two must match and look like an address. */
export function ChangeEmailModal({ user, onClose }: UserModalProps) {
  const id = useId();
  const toast = useToast();
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'confirm'; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const typed = email.trim();
    const found =
      typed !== confirm.trim()
        ? ({ field: 'confirm', text: 'Emails do not match' } as const)
        : !EMAIL_PATTERN.test(typed)
          ? ({ field: 'email', text: 'Please enter a valid email address' } as const)
          : null;
    setError(found);
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      return;
    }
    try {
      await change.mutateAsync({ id: user.id, email: typed });
      toast.success('Email changed successfully!');
      onClose();
    } catch (caught) {
      setFailure(errorMessage(caught, 'Failed to change email'));
    }
  }

  return (
    <Modal open onClose={onClose} title="Change Email" description={<Target user={user} />}>
      <form className={styles.modalForm} onSubmit={submit} noValidate>
        <p className={styles.current}>
          Current email: <strong>{user.email ?? 'Not set'}</strong>
        </p>
        <Input
          id={`${id}-email`}
          label="New Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error?.field === 'email' ? error.text : undefined}
          required
        />
        <Input
          id={`${id}-confirm`}
          label="Confirm New Email"
          type="email"
          autoComplete="off"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={error?.field === 'confirm' ? error.text : undefined}
          required
        />
        {failure && <Alert tone="danger">{failure}</Alert>}
        <FormActions onCancel={onClose} pending={change.isPending}>
          <Button type="submit" loading={change.isPending} loadingText="Changing...">
            Change Email
          </Button>
        </FormActions>
      </form>
    </Modal>
  );
}

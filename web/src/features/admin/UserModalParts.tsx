import type { User } from '@shared/api/user';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui';
import styles from './Admin.module.css';

/** The props of the admin's dialogs for one user (GrantModal, ExtendModal, ChangeEmailModal). */
export interface UserModalProps {
  user: User;
  onClose: () => void;
}

/** The user a dialog acts on, as its description. */
export function Target({ user }: { user: User }) {
  return (
    <>
      For <strong>{user.username}</strong>
      {user.email ? ` (${user.email})` : ''}
    </>
  );
}

/** Cancel, then the dialog's own submit button. */
export function FormActions({ onCancel, pending, children }: { onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <div className={styles.modalActions}>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      {children}
    </div>
  );
}

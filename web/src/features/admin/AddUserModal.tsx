import type { Role } from '@shared/domain/roles';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Alert, Button, Input, Modal, Select, useToast } from '../../components/ui';
import { useCurrentUser } from '../../session/context';
import styles from './Admin.module.css';
import { useCreateUser } from './adminQueries';
import { ROLE_OPTIONS } from './RoleSelect';
import { mayGiveRole } from './staffRules';

interface AddUserModalProps {
  open: boolean;
  onClose: () => void;
}

/** 'Add New User' (SPEC §2, §5 'Admin'): username and password required; role defaults to member. */
export function AddUserModal({ open, onClose }: AddUserModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Add New User" description="Creates an account that can sign in at once.">
      {open && <AddUserForm onClose={onClose} />}
    </Modal>
  );
}

function AddUserForm({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const create = useCreateUser();
  // A staff role is the owner's to give (decision 0104): a developer is not offered one.
  const me = useCurrentUser();
  const roleOptions = ROLE_OPTIONS.filter((option) => mayGiveRole(me, option.value));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      username: username.trim() ? undefined : 'Username is required',
      password: password ? undefined : 'Password is required',
    };
    setErrors(found);
    setFailure(null);
    if (found.username || found.password) {
      document.getElementById(found.username ? `${formId}-username` : `${formId}-password`)?.focus();
      return;
    }
    try {
      const answer = await create.mutateAsync({ username: username.trim(), password, role });
      toast.success(answer.message || 'User created successfully');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to create user'));
    }
  }

  return (
    <form id={formId} className={styles.modalForm} onSubmit={submit} noValidate>
      <Input
        id={`${formId}-username`}
        label="Username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={errors.username}
        required
        autoComplete="off"
      />
      <Input
        id={`${formId}-password`}
        label="Password"
        type="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint="At least 8 characters, with a number."
        required
        autoComplete="new-password"
      />
      <Select label="Role" value={role} options={roleOptions} onChange={(event) => setRole(event.target.value as Role)} />
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className={styles.modalActions}>
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending} loadingText="Creating...">
          Create User
        </Button>
      </div>
    </form>
  );
}

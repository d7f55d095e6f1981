import type { Subscription } from '@shared/api/subscription';
import { formatDateShort } from '@shared/domain/dates';
import type { StatusAction } from '../../api/queries';
import type { ConfirmType } from '../../components/ui/ConfirmDialog';

/** SPEC §8 'Subscription actions': the fallback of each failed action. */
export const failures: Record<StatusAction | 'deleteForever' | 'leave', string> = {
  delete: 'Failed to delete subscription',
  renew: 'Failed to renew subscription',
  cancel: 'Failed to cancel subscription',
  reactivate: 'Failed to reactivate subscription',
  recover: 'Failed to recover subscription',
  deleteForever: 'Failed to delete subscription permanently',
  leave: 'Failed to leave the shared subscription',
};

export const successes: Record<StatusAction, (sub: Subscription) => string> = {
  delete: (s) => `${s.name} moved to the trash`,
  renew: (s) => `${s.name} renewed, next due ${formatDateShort(s.dueDate)}`,
  cancel: (s) => `${s.name} canceled`,
  reactivate: (s) => `${s.name} reactivated`,
  recover: (s) => `${s.name} recovered`,
};

export type ConfirmKind = 'delete' | 'cancel' | 'deleteForever' | 'leave';

interface ConfirmLook {
  type: ConfirmType;
  title: string;
  message: (sub: Subscription) => string;
  confirmLabel: string;
  cancelLabel: string;
  loadingLabel: string;
}

/** SPEC §2 'Confirm dialog with types danger, warning, cancel and default'. */
export const confirmLooks: Record<ConfirmKind, ConfirmLook> = {
  delete: {
    type: 'warning',
    title: 'Move to trash?',
    message: ({ name }) => `${name} will be moved to the trash. You can recover it within 30 days.`,
    confirmLabel: 'Move to Trash',
    cancelLabel: 'Keep It',
    loadingLabel: 'Deleting...',
  },
  cancel: {
    type: 'cancel',
    title: 'Cancel this subscription?',
    message: ({ name }) =>
      `${name} will be marked as canceled and no longer counts toward your monthly total or reminders. You can reactivate it at any time.`,
    confirmLabel: 'Cancel Subscription',
    cancelLabel: 'Keep Subscription',
    loadingLabel: 'Canceling...',
  },
  deleteForever: {
    type: 'danger',
    title: 'Delete forever?',
    message: ({ name }) => `${name} will be deleted permanently. This cannot be undone.`,
    confirmLabel: 'Delete Forever',
    cancelLabel: 'Cancel',
    loadingLabel: 'Deleting...',
  },
  leave: {
    type: 'warning',
    title: 'Leave this shared subscription?',
    message: ({ name, shared }) =>
      `${name} leaves your list and your totals. ${shared?.payerName ?? 'The payer'} keeps it and can invite you again.`,
    confirmLabel: 'Leave',
    cancelLabel: 'Stay',
    loadingLabel: 'Leaving...',
  },
};

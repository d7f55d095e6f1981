import { Ban, CircleHelp, Trash2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Modal, type ModalTone } from './Modal';

/** SPEC §2: danger (irreversible), warning (consequential), cancel (ending something), default. */
export type ConfirmType = 'danger' | 'warning' | 'cancel' | 'default';

const look: Record<ConfirmType, { icon: ReactNode; tone: ModalTone; confirmVariant: ButtonVariant }> = {
  danger: { icon: <Trash2 aria-hidden="true" />, tone: 'danger', confirmVariant: 'danger' },
  warning: { icon: <TriangleAlert aria-hidden="true" />, tone: 'warning', confirmVariant: 'primary' },
  cancel: { icon: <Ban aria-hidden="true" />, tone: 'danger', confirmVariant: 'danger' },
  default: { icon: <CircleHelp aria-hidden="true" />, tone: 'primary', confirmVariant: 'primary' },
};

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  type?: ConfirmType;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Label of the confirm button while `loading`. */
  loadingLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action; the cancel button takes focus first so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  type = 'default',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  loadingLabel,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { icon, tone, confirmVariant } = look[type];
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!loading) onCancel();
      }}
      role="alertdialog"
      size="sm"
      icon={icon}
      tone={tone}
      title={title}
      description={message}
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={loading} loadingText={loadingLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

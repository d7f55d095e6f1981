import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import styles from './Toast.module.css';
import { TOAST_DURATION_MS, type ToastItem, type ToastTone } from './toasts';

const icons: Record<ToastTone, ReactNode> = {
  success: <CircleCheck aria-hidden="true" />,
  error: <CircleAlert aria-hidden="true" />,
  info: <Info aria-hidden="true" />,
};

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const timer = useRef<number | undefined>(undefined);
  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
  }, [onDismiss, toast.id]);
  const pause = () => window.clearTimeout(timer.current);

  useEffect(() => {
    start();
    return () => window.clearTimeout(timer.current);
  }, [start]);

  return (
    <li className={[styles.toast, styles[toast.tone]].join(' ')} onMouseEnter={pause} onMouseLeave={start} onFocus={pause} onBlur={start}>
      <span className={styles.icon}>{icons[toast.tone]}</span>
      {/* The list around the toasts is the live region that announces this message (Toast.tsx). */}
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.dismiss} onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        <X aria-hidden="true" />
      </button>
    </li>
  );
}

/** The notifications of the toast region (Toast.tsx); each leaves after TOAST_DURATION_MS unless hovered or focused. */
export function ToastItems({ toasts, onDismiss }: { toasts: ToastItem[]; onDismiss: (id: number) => void }) {
  return toasts.map((toast) => <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />);
}

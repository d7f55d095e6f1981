import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './Toast.module.css';

/** SPEC §9: toasts last 3 seconds. */
export const TOAST_DURATION_MS = 3000;

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
}

export interface ToastApi {
  show(message: string, tone?: ToastTone): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toasts themselves, with their icons, are loaded with the first toast: the landing page never shows one. */
const ToastItems = lazy(async () => ({ default: (await import('./ToastItems')).ToastItems }));

/** Shows short-lived notifications in a corner of the screen; `useToast()` adds one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (message: string, tone: ToastTone = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, tone, message }]);
    };
    return {
      show,
      success: (message) => show(message, 'success'),
      error: (message) => show(message, 'error'),
      info: (message) => show(message, 'info'),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The region is there from the start, so assistive technology announces each toast added to it. */}
      {createPortal(
        <section className={styles.region} aria-label="Notifications">
          <ol className={styles.list}>
            {toasts.length > 0 && (
              <Suspense fallback={null}>
                <ToastItems toasts={toasts} onDismiss={dismiss} />
              </Suspense>
            )}
          </ol>
        </section>,
        document.body,
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}

import {
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useAfterHydration } from '../afterHydration';
import styles from './Toast.module.css';
import type { ToastItem, ToastTone } from './toasts';

export interface ToastApi {
  show(message: string, tone?: ToastTone): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** The toasts themselves, with their icons, are loaded with the first toast: the landing page never shows one. */
const ToastItems = lazy(async () => ({ default: (await import('./ToastItems')).ToastItems }));

/** Room kept free below dialogs for the toasts (Modal.module.css reads it), in px: 0 while there are none. */
const TOAST_SPACE = '--toast-space';
/** The gap between a dialog and the toasts under it. */
const TOAST_GAP_PX = 8;

/**
 * Keeps `--toast-space` on the root element at the height the toasts take from the bottom of the
 * viewport, so an open dialog is laid out above them and no toast ever covers its buttons.
 */
function useToastSpace(list: RefObject<HTMLOListElement | null>, listShown: boolean) {
  useEffect(() => {
    // The list joins the page after hydration: measure from then on.
    const element = listShown ? list.current : null;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const box = element.getBoundingClientRect();
      if (box.height === 0) root.style.removeProperty(TOAST_SPACE);
      else root.style.setProperty(TOAST_SPACE, `${Math.ceil(window.innerHeight - box.top + TOAST_GAP_PX)}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(TOAST_SPACE);
    };
  }, [list, listShown]);
}

/**
 * Shows short-lived notifications at the bottom of the screen, below any open dialog; `useToast()`
 * adds one. The list is one polite live region, there from the start, so each toast added to it
 * is announced (errors as well: one region, one way).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const listRef = useRef<HTMLOListElement>(null);
  // A portal has no place in the prerendered landing page: the region joins the page once it has hydrated.
  const inBrowser = useAfterHydration(() => true, false);
  useToastSpace(listRef, inBrowser);

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
      {inBrowser &&
        createPortal(
          <section className={styles.region} aria-label="Notifications">
            <ol ref={listRef} className={styles.list} aria-live="polite" aria-relevant="additions text">
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

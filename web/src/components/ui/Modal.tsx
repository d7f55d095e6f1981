import { X } from 'lucide-react';
import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one reacts to keys, the rest of the page is inert. */
const openDialogs: HTMLElement[] = [];

/** Whether any modal dialog is open, for prompts that should not pile onto another dialog. */
export function isAnyDialogOpen(): boolean {
  return openDialogs.length > 0;
}

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (root) root.inert = inert;
  document.body.style.overflow = inert ? 'hidden' : '';
}

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export type ModalTone = 'primary' | 'success' | 'warning' | 'danger' | 'info';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on a click outside the dialog and on the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** A large icon above the title, for confirmations and results. */
  icon?: ReactNode;
  /** The colour of the icon's circle. */
  tone?: ModalTone;
  /** Keeps the title for screen readers only (e.g. a navigation drawer that shows its own header). */
  titleHidden?: boolean;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom right. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'left' slides the dialog in from the left edge as a navigation drawer. */
  placement?: 'center' | 'left';
  /** The element focused when the dialog opens; defaults to the first control after the close button. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Hides the top-right close button (Escape still closes). */
  hideCloseButton?: boolean;
}

/**
 * An accessible modal dialog: rendered in a portal, aria-modal, focus kept inside (Tab wraps),
 * Escape and the backdrop close it, and focus returns to where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  icon,
  tone = 'primary',
  titleHidden = false,
  children,
  footer,
  size = 'md',
  placement = 'center',
  initialFocus,
  role = 'dialog',
  hideCloseButton = false,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect, so the page behind is inert exactly while the dialog is on screen.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const below = openDialogs.at(-1);
    if (below) below.inert = true;
    else setBackgroundInert(true);
    openDialogs.push(dialog);

    const target = initialFocus?.current ?? focusableIn(dialog).find((el) => !el.dataset.modalClose) ?? focusableIn(dialog)[0] ?? dialog;
    target.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openDialogs.at(-1) !== dialog || !dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      if (focusable.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      const top = openDialogs.at(-1);
      if (top) top.inert = false;
      else setBackgroundInert(false);
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  return createPortal(
    <div className={[styles.backdrop, placement === 'left' ? styles.left : null].filter(Boolean).join(' ')}>
      <div className={styles.scrim} aria-hidden="true" onClick={() => onCloseRef.current()} />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog, which both take aria-modal */}
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description && !titleHidden ? descriptionId : undefined}
        tabIndex={-1}
        className={[styles.dialog, styles[size], placement === 'left' ? styles.drawer : null].filter(Boolean).join(' ')}
      >
        {!hideCloseButton && (
          <button type="button" className={styles.close} onClick={() => onCloseRef.current()} aria-label="Close" data-modal-close="true">
            <X aria-hidden="true" />
          </button>
        )}
        {titleHidden ? (
          <h2 id={titleId} className="visually-hidden">
            {title}
          </h2>
        ) : (
          <header className={[styles.header, icon ? styles.centered : null].filter(Boolean).join(' ')}>
            {icon && <div className={[styles.icon, styles[tone]].join(' ')}>{icon}</div>}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className={styles.description}>
                {description}
              </div>
            )}
          </header>
        )}
        {children && <div className={styles.body}>{children}</div>}
        {footer && <footer className={[styles.footer, icon ? styles.footerCentered : null].filter(Boolean).join(' ')}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

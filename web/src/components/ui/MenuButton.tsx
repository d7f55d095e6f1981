import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styles from './MenuButton.module.css';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** Shown, focusable and announced as unavailable (aria-disabled), but does nothing. */
  disabled?: boolean;
  /** A destructive action, shown in the danger colour. */
  danger?: boolean;
  /** A hint on hover, e.g. why the item is unavailable. */
  title?: string;
}

export interface MenuButtonProps {
  /** The button's accessible name, e.g. 'Actions for ann'. */
  label: string;
  /** The button's face: an icon, or an icon and a short word. */
  children: ReactNode;
  items: MenuItem[];
  className?: string;
}

/** Where the open menu sits, in viewport pixels. */
interface Placement {
  top: number;
  left: number;
}

/** The gap kept between the menu and the viewport's edges. */
const EDGE = 8;

/**
 * Under the button, or above it when there is no room below. Right edges aligned; when that would run
 * past the viewport's left edge (a button at the start of a narrow card), left edges aligned; never
 * past either edge.
 */
function placementOf(button: HTMLElement, menu: HTMLElement): Placement {
  const rect = button.getBoundingClientRect();
  const height = menu.offsetHeight;
  const width = menu.offsetWidth;
  const viewportWidth = document.documentElement.clientWidth;
  const below = rect.bottom + 4;
  const top = below + height > window.innerHeight && rect.top - 4 - height >= 0 ? rect.top - 4 - height : below;
  const rightAligned = Math.min(rect.right, viewportWidth - EDGE) - width;
  const left = rightAligned >= EDGE ? rightAligned : Math.min(rect.left, viewportWidth - EDGE - width);
  return { top, left: Math.max(EDGE, left) };
}

/**
 * A menu button (WAI-ARIA APG 'Menu Button'): Enter, Space or ArrowDown open the menu on its first
 * item, ArrowUp on its last; arrows, Home and End move between items; Escape closes it and focus
 * goes back to the button; Tab or a click elsewhere closes it. Choosing an item closes the menu and
 * puts focus back on the button first, so a dialog the item opens returns focus there. The menu is
 * fixed to the viewport (it follows its button on scroll and resize), so no scrolling box clips it.
 */
export function MenuButton({ label, children, items, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [startAt, setStartAt] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const menuItems = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  function openMenu(at: 'first' | 'last') {
    setStartAt(at);
    setOpen(true);
  }

  function close(refocus: boolean) {
    setOpen(false);
    setPlacement(null);
    if (refocus) buttonRef.current?.focus();
  }

  // Placed before paint, then the first (or last) item takes the focus.
  useLayoutEffect(() => {
    if (!open || !buttonRef.current || !menuRef.current) return;
    setPlacement(placementOf(buttonRef.current, menuRef.current));
    const list = Array.from(menuRef.current.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    (startAt === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open, startAt]);

  // A click elsewhere closes it; a scroll or a resize moves it along with its button.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
      setPlacement(null);
    };
    const follow = () => {
      if (buttonRef.current && menuRef.current) setPlacement(placementOf(buttonRef.current, menuRef.current));
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  function choose(item: MenuItem) {
    if (item.disabled) return;
    close(true);
    item.onSelect();
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={[styles.button, className].filter(Boolean).join(' ')}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          // Placed before the first paint (useLayoutEffect); never hidden, so its items can take the focus at once.
          style={placement ?? { top: 0, left: 0 }}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              title={item.title}
              aria-disabled={item.disabled || undefined}
              className={[styles.item, item.danger && styles.danger].filter(Boolean).join(' ')}
              onClick={() => choose(item)}
            >
              {item.icon}
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

import { Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import { ButtonLink, IconButton } from '../ui/Button';
import { Brand } from './Brand';
import styles from './SiteHeader.module.css';

const links = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/features', label: 'Features' },
];

/** The public top bar (SPEC §2 Landing page): Dashboard, Features, Sign In, Sign Up. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand nameHiddenBelow="phone" />
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.links}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.link}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <ButtonLink to="/login" variant="ghost" size="sm" className={styles.signIn}>
            Sign In
          </ButtonLink>
          <ButtonLink to="/register" variant="primary" size="sm">
            Sign Up
          </ButtonLink>
          <IconButton
            className={styles.menuButton}
            label={menuOpen ? 'Close menu' : 'Open menu'}
            icon={menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          />
        </div>
      </div>
      {menuOpen && (
        <nav id={menuId} aria-label="Main" className={styles.mobileMenu}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.mobileLink} onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/login" className={styles.mobileLink} onClick={closeMenu}>
                Sign In
              </NavLink>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

import { Menu } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../brand';
import { Avatar } from '../../components/Avatar';
import { Brand } from '../../components/layout/Brand';
import { IconButton } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useCurrentUser, useSession } from '../../session/context';
import { displayNameOf } from '../../session/displayName';
import { BudgetWarning } from '../insights';
import { SubscriptionsPanel } from '../subscriptions';
import styles from './DashboardPage.module.css';
import { Sidebar } from './Sidebar';

/** /dashboard (SPEC §2 Dashboard): the account sidebar and the subscriptions area. */
export function DashboardPage() {
  const user = useCurrentUser();
  const { logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const name = displayNameOf(user);

  return (
    <div className={styles.shell}>
      <title>{pageTitle('Dashboard')}</title>
      <a href="#main" className="skip-link">
        Skip to content
      </a>

      <aside className={styles.sidebar} aria-label="Account sidebar">
        <Sidebar user={user} onLogout={logout} />
      </aside>

      <header className={styles.mobileBar}>
        <Brand to="/dashboard" nameHiddenBelow="phone" />
        <div className={styles.mobileActions}>
          <Avatar name={name} src={user.avatar} effect={user.profileEffect} color={user.profileColor} size="sm" />
          <IconButton
            label="Open account menu"
            icon={<Menu aria-hidden="true" />}
            variant="secondary"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          />
        </div>
      </header>
      <Modal open={menuOpen} onClose={() => setMenuOpen(false)} placement="left" title="Account menu" titleHidden>
        <Sidebar user={user} onLogout={logout} />
      </Modal>

      <main id="main" className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.greeting}>Welcome back, {name}</h1>
          <p className={styles.subtitle}>Here&apos;s everything you&apos;re subscribed to, in one place.</p>
        </header>
        <BudgetWarning />
        <SubscriptionsPanel />
      </main>
    </div>
  );
}

/** The landing page's demo comes with the dashboard's chunk (docs/decisions/0050-public-site.md). */
export { DemoDashboard } from '../subscriptions';

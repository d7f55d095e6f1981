import { Megaphone, UsersRound } from 'lucide-react';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pageTitle } from '../../brand';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import styles from './Admin.module.css';
import { AnnouncementsTab } from './AnnouncementsTab';
import { UserManagementTab } from './UserManagementTab';

const TABS = [
  { id: 'users', label: 'User Management', icon: <UsersRound aria-hidden="true" /> },
  { id: 'announcements', label: 'Announcements', icon: <Megaphone aria-hidden="true" /> },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * /admin (SPEC §2 Admin Dashboard): the two tabs as an ARIA tablist — arrow keys, Home and End move
 * between them (automatic activation), the chosen tab is kept in the address (?tab=announcements).
 */
export function AdminPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active: TabId = searchParams.get('tab') === 'announcements' ? 'announcements' : 'users';
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  function select(tab: TabId, focus = false) {
    setSearchParams(tab === 'users' ? {} : { tab }, { replace: true });
    if (focus) tabRefs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((tab) => tab.id === active);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = TABS[(moves[event.key] + TABS.length) % TABS.length];
    select(next.id, true);
  }

  return (
    <AppPageLayout title="Admin Dashboard" subtitle="Manage users, permissions, and announcements">
      <title>{pageTitle('Admin Dashboard')}</title>
      <div className={styles.console}>
        <div role="tablist" aria-label="Admin sections" className={styles.tabs} onKeyDown={onKeyDown}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active === tab.id}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active === tab.id ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id)}
            >
              {tab.icon}
              {tab.label}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel-users`}
          aria-labelledby={`${baseId}-tab-users`}
          hidden={active !== 'users'}
          className={styles.panel}
        >
          {active === 'users' && <UserManagementTab />}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel-announcements`}
          aria-labelledby={`${baseId}-tab-announcements`}
          hidden={active !== 'announcements'}
          className={styles.panel}
        >
          {active === 'announcements' && <AnnouncementsTab />}
        </div>
      </div>
    </AppPageLayout>
  );
}

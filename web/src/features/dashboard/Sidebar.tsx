import type { User } from '@shared/api/user';
import { isAdmin, normalizeRole } from '@shared/domain/roles';
import { ChartNoAxesCombined, Crown, LogOut, Settings, Shield } from 'lucide-react';
import { Avatar } from '../../components/Avatar';
import { Brand } from '../../components/layout/Brand';
import { RoleBadges } from '../../components/RoleBadges';
import { Button, ButtonLink } from '../../components/ui/Button';
import { displayNameOf } from '../../session/displayName';
import { SidebarAnnouncements } from '../announcements';
import styles from './Sidebar.module.css';

export interface SidebarProps {
  user: User;
  onLogout: () => void;
}

/** SPEC §2 Dashboard sidebar: brand, avatar with effect ring, name, role badges, the account actions and the announcements. */
export function Sidebar({ user, onLogout }: SidebarProps) {
  const name = displayNameOf(user);
  const isMember = normalizeRole(user.role) === 'member';
  return (
    <div className={styles.sidebar}>
      <div className={styles.brand}>
        <Brand to="/dashboard" />
      </div>

      <section className={styles.profile} aria-label="Your profile">
        <Avatar name={name} src={user.avatar} effect={user.profileEffect} color={user.profileColor} size="lg" />
        <div className={styles.identity}>
          <p className={styles.name}>{name}</p>
          {name !== user.username && <p className={styles.username}>@{user.username}</p>}
        </div>
        <RoleBadges role={user.role} />
      </section>

      <nav aria-label="Account" className={styles.nav}>
        {isMember && (
          <ButtonLink to="/upgrade" fullWidth icon={<Crown aria-hidden="true" />}>
            Upgrade to Premium
          </ButtonLink>
        )}
        <ButtonLink to="/insights" variant="secondary" fullWidth icon={<ChartNoAxesCombined aria-hidden="true" />}>
          Insights
        </ButtonLink>
        {isAdmin(user.role) && (
          <ButtonLink to="/admin" variant="secondary" fullWidth icon={<Shield aria-hidden="true" />}>
            Admin Panel
          </ButtonLink>
        )}
        <ButtonLink to="/settings" variant="secondary" fullWidth icon={<Settings aria-hidden="true" />}>
          Settings
        </ButtonLink>
      </nav>

      <SidebarAnnouncements />

      <div className={styles.footer}>
        <Button variant="ghost" fullWidth icon={<LogOut aria-hidden="true" />} onClick={onLogout}>
          Logout
        </Button>
      </div>
    </div>
  );
}

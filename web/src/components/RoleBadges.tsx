import { roleBadges } from '@shared/domain/roles';
import { Code, Crown, Gem, Star, User } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './RoleBadges.module.css';
import { Badge, type BadgeTone } from './ui/Badge';

const looks: Record<string, { tone: BadgeTone; icon: ReactNode }> = {
  OWNER: { tone: 'gold', icon: <Crown aria-hidden="true" /> },
  DEVELOPER: { tone: 'info', icon: <Code aria-hidden="true" /> },
  PREMIUM: { tone: 'premium', icon: <Gem aria-hidden="true" /> },
  VIP: { tone: 'warning', icon: <Star aria-hidden="true" /> },
  MEMBER: { tone: 'neutral', icon: <User aria-hidden="true" /> },
};

/** The badges of a role (SPEC §2 'Role badges': owner and developer show both OWNER and DEVELOPER). */
export function RoleBadges({ role }: { role: unknown }) {
  return (
    <span className={styles.badges}>
      {roleBadges(role).map((badge) => (
        <Badge key={badge} tone={looks[badge]?.tone ?? 'neutral'} icon={looks[badge]?.icon}>
          {badge}
        </Badge>
      ))}
    </span>
  );
}

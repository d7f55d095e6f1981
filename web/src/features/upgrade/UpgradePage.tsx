import { PLAN_TIERS, PLANS_GUARANTEE, type PlanMonths } from '@shared/domain/plans';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { pageTitle } from '../../brand';
import { ComingSoonDialog } from '../../components/ComingSoonDialog';
import { AppPageLayout } from '../../components/layout/AppPageLayout';
import { useCurrentUser } from '../../session/context';
import { DurationSwitch } from './DurationSwitch';
import { PlanCard } from './PlanCard';
import styles from './UpgradePage.module.css';

/** /upgrade (SPEC §2 Upgrade): the duration switch, the VIP and Premium cards, and the Coming Soon notice. */
export function UpgradePage() {
  const user = useCurrentUser();
  const [months, setMonths] = useState<PlanMonths>(1);
  const [comingSoonOpen, setComingSoonOpen] = useState(false);

  return (
    <AppPageLayout title="Unlock Premium Features" subtitle="Go ad-free, customize your profile and get more out of your subscriptions.">
      <title>{pageTitle('Upgrade')}</title>
      <DurationSwitch months={months} onChange={setMonths} />
      <div className={styles.plans}>
        {PLAN_TIERS.map((tier) => (
          <PlanCard key={tier} tier={tier} months={months} current={user.role === tier} onUpgrade={() => setComingSoonOpen(true)} />
        ))}
      </div>
      <p className={styles.guarantee}>
        <ShieldCheck aria-hidden="true" />
        {PLANS_GUARANTEE}
      </p>
      <ComingSoonDialog open={comingSoonOpen} onClose={() => setComingSoonOpen(false)} />
    </AppPageLayout>
  );
}

import { AD_FREE_PRICE } from '@shared/domain/plans';
import { Check, RotateCw, ShieldAlert, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { APP_NAME } from '../../brand';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import styles from './AdSlot.module.css';

/** SPEC §4 'Other flows': the check runs about 100 ms after the ads render. */
const DETECT_AFTER_MS = 100;
/** SPEC §1: the ad-blocker notice names a sister product for cards. */
const SISTER_PRODUCT = 'CardTracker';

/** True when an element is gone or hidden: what an ad blocker's cosmetic filters do to ad-like elements. */
function isHidden(element: HTMLElement | null): boolean {
  if (!element?.isConnected) return true;
  const style = window.getComputedStyle(element);
  return element.offsetHeight === 0 || element.offsetWidth === 0 || style.display === 'none' || style.visibility === 'hidden';
}

/**
 * Ads for members (SPEC §2, §6; DESIGN §5: a house ad offering the ad-free upgrade) and the
 * ad-blocker notice (SPEC §4, §8): a 1 px bait element carrying the class names blockers hide;
 * when, about 100 ms after rendering, it or the ad slot is missing or hidden, the notice opens.
 */
export function AdSlot() {
  const slotRef = useRef<HTMLElement>(null);
  const baitRef = useRef<HTMLDivElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (isHidden(slotRef.current) || isHidden(baitRef.current)) setBlocked(true);
    }, DETECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <aside ref={slotRef} className={styles.slot} aria-label="Advertisement" data-testid="ad-slot">
        <span className={styles.tag}>Ad</span>
        <span className={styles.icon} aria-hidden="true">
          <Sparkles />
        </span>
        <div className={styles.copy}>
          <p className={styles.title}>Enjoy {APP_NAME} without ads</p>
          <p className={styles.text}>
            Go ad-free for just <strong>{AD_FREE_PRICE}</strong> with VIP, plus GIF avatars, profile themes and the yearly spending report.
          </p>
        </div>
        <ButtonLink to="/upgrade" className={styles.cta}>
          Go Ad-Free
        </ButtonLink>
      </aside>
      <div ref={baitRef} className={`adsbox ad-banner ad-placement pub_300x250 ${styles.bait}`} aria-hidden="true" />

      <Modal
        open={blocked}
        onClose={() => setBlocked(false)}
        role="alertdialog"
        hideCloseButton
        size="sm"
        icon={<ShieldAlert aria-hidden="true" />}
        tone="warning"
        title="Ad Blocker Detected"
        description="Please disable your ad blocker to continue"
        footer={
          <>
            <Button variant="secondary" onClick={() => setBlocked(false)}>
              Close
            </Button>
            <Button icon={<RotateCw aria-hidden="true" />} onClick={() => window.location.reload()}>
              I&apos;ve Disabled It - Refresh
            </Button>
          </>
        }
      >
        <div className={styles.notice}>
          <p>
            Ads keep {APP_NAME} and our sister product for cards, <strong>{SISTER_PRODUCT}</strong>, free for everyone.
          </p>
          <ul className={styles.options}>
            <li>
              <Check aria-hidden="true" />
              Allow ads on this site, then refresh
            </li>
            <li>
              <Check aria-hidden="true" />
              Or go ad-free with VIP for {AD_FREE_PRICE}
            </li>
          </ul>
        </div>
      </Modal>
    </>
  );
}

import type { LandingCounts } from '@shared/api/stats';
import { statsRoutes } from '@shared/api/stats';
import { COUNT_UP_MS, COUNT_UP_STEPS, countAt, fallbackCounters, formatCounter } from '@shared/domain/landing-counters';
import { type RefObject, Suspense, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { LazyDemoDashboard } from '../dashboard';
import styles from './LandingLive.module.css';

/**
 * The parts of the landing page that load after it has rendered, in one chunk
 * (docs/decisions/0050-public-site.md): the counters, and what loads the demo dashboard as it nears the viewport.
 */

const COUNTERS: Array<{ name: keyof LandingCounts; label: string; money?: boolean }> = [
  { name: 'totalUsers', label: 'Total users' },
  { name: 'totalSubscriptions', label: 'Subscriptions managed' },
  { name: 'moneySaved', label: 'Money saved', money: true },
];

/** What shows instead of the counters while the server says their figures are not worth showing yet. */
export const WITHOUT_FIGURES = 'Every subscription in one place, every renewal on time.';

/**
 * The three public counters (SPEC §1, §9): the real counts from GET /api/stats, SPEC's stored
 * defaults only when that call fails, counting up over 2000 ms in 60 steps (at once for
 * prefers-reduced-motion). Screen readers get the final values only, never the counting. While the
 * server says the figures are not worth showing (`showFigures: false`, below the operator's
 * LANDING_COUNTERS_MIN_USERS), a line without numbers takes their place.
 */
export function LandingCounters() {
  const [end, setEnd] = useState<LandingCounts | 'withoutFigures' | null>(null);

  useEffect(() => {
    let current = true;
    void api(statsRoutes.landingStats)
      .then((stats): LandingCounts | 'withoutFigures' => {
        // Without `currency` the answer is the landing counters (the other shape is a signed-in user's figures).
        if (!('showFigures' in stats) || !stats.showFigures) return 'withoutFigures';
        const { showFigures: _shown, ...counts } = stats;
        return counts;
      })
      .catch((error: unknown) => {
        // SPEC §8 'Statistics load failure: only logged'.
        console.error('Landing statistics not loaded', error);
        return fallbackCounters(window.localStorage);
      })
      .then((stats) => {
        if (current) setEnd(stats);
      });
    return () => {
      current = false;
    };
  }, []);

  if (end === 'withoutFigures') {
    return (
      <p className={styles.withoutFigures} data-testid="landing-counters-without-figures" data-without-figures>
        {WITHOUT_FIGURES}
      </p>
    );
  }
  return <CountingUp end={end} />;
}

function CountingUp({ end }: { end: LandingCounts | null }) {
  const [step, setStep] = useState(0);

  useEffect(() => {
    if (!end) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setStep(COUNT_UP_STEPS);
      return;
    }
    const timer = window.setInterval(() => {
      setStep((previous) => {
        if (previous + 1 >= COUNT_UP_STEPS) window.clearInterval(timer);
        return Math.min(previous + 1, COUNT_UP_STEPS);
      });
    }, COUNT_UP_MS / COUNT_UP_STEPS);
    return () => window.clearInterval(timer);
  }, [end]);

  const done = end !== null && step >= COUNT_UP_STEPS;
  return (
    <dl className={styles.counters} aria-busy={!done} data-complete={done}>
      {COUNTERS.map(({ name, label, money }) => (
        <div key={name} className={styles.counter}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value} data-counter={name}>
            {end ? (
              <>
                <span aria-hidden="true">{formatCounter(countAt(end[name], step), money)}</span>
                <span className="visually-hidden">{formatCounter(end[name], money)}</span>
              </>
            ) : (
              <span aria-hidden="true">&nbsp;</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Calls `onShown` once mounted: next to the lazy demo in one Suspense boundary, once the demo is on the page. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/**
 * The demo dashboard, loaded once `target` (its section) comes within 800 px of the viewport, or at
 * once when `wanted` ('See How It Works'); `onShown` runs once it is on the page.
 */
export function DemoDashboardLoader({
  target,
  wanted,
  onShown,
}: {
  target: RefObject<HTMLElement | null>;
  wanted: boolean;
  onShown: () => void;
}) {
  const [near, setNear] = useState(false);

  useEffect(() => {
    const section = target.current;
    if (!section) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '800px 0px',
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, [target]);

  return wanted || near ? (
    <Suspense>
      <LazyDemoDashboard />
      <Shown onShown={onShown} />
    </Suspense>
  ) : null;
}

import { ArrowRight, BellRing, ChartPie, CirclePlay, Tags, Users } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../../brand';
import { useAfterHydration } from '../../components/afterHydration';
import { PublicLayout } from '../../components/layout/PublicLayout';
import { Button, ButtonLink } from '../../components/ui/Button';
import styles from './LandingPage.module.css';

const features = [
  {
    icon: <BellRing aria-hidden="true" />,
    title: 'Never Miss a Payment',
    text: 'Get an email reminder 10 days and again 3 days before every renewal, so no charge ever catches you off guard.',
  },
  {
    icon: <ChartPie aria-hidden="true" />,
    title: 'Track Spending Insights',
    text: 'See your monthly total, what is due next and where your money goes with a clear breakdown by category.',
  },
  {
    icon: <Tags aria-hidden="true" />,
    title: 'Organize by Category',
    text: 'Group streaming, software, gaming, music, cloud storage and more, or create categories of your own.',
  },
];

/**
 * What the landing page shows after its first render comes in a chunk of its own (LandingLive), so
 * its first JavaScript stays small and ships no dashboard code (docs/decisions/0050-public-site.md).
 */
const LandingCounters = lazy(async () => ({ default: (await import('./LandingLive')).LandingCounters }));
const DemoDashboardLoader = lazy(async () => ({ default: (await import('./LandingLive')).DemoDashboardLoader }));

/** The public landing page (SPEC §2), at / and /features. */
export function LandingPage() {
  const { pathname } = useLocation();
  const featuresRef = useRef<HTMLElement>(null);
  const demoRef = useRef<HTMLElement>(null);
  const [demoWanted, setDemoWanted] = useState(false);
  // The live parts load once the page runs: the prerendered markup (web/src/prerender.tsx) leaves their slots empty.
  const live = useAfterHydration(() => true, false);

  useEffect(() => {
    if (pathname === '/features') featuresRef.current?.scrollIntoView();
  }, [pathname]);

  /** Whether the demo dashboard is on the page. */
  const demoShown = useRef(false);
  /** Set by 'See How It Works' until the demo is on the page: its arrival changes the height the scroll aimed at. */
  const scrollToDemoWhenShown = useRef(false);

  const scrollToDemo = useCallback(() => {
    demoRef.current?.scrollIntoView({
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, []);

  const onDemoShown = useCallback(() => {
    demoShown.current = true;
    if (!scrollToDemoWhenShown.current) return;
    scrollToDemoWhenShown.current = false;
    scrollToDemo();
  }, [scrollToDemo]);

  function showDemo() {
    const demo = demoRef.current;
    if (!demo) return;
    setDemoWanted(true);
    // Scroll now for an answer at once, and again once the demo is there if it was not yet.
    scrollToDemoWhenShown.current = !demoShown.current;
    scrollToDemo();
    demo.focus({ preventScroll: true });
  }

  return (
    <PublicLayout>
      <title>{pageTitle('Track every subscription')}</title>
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.trusted}>
          <Users aria-hidden="true" />
          Trusted by thousands
        </p>
        <h1 id="hero-title" className={styles.title}>
          Take control of <span className={styles.gradient}>every subscription</span>
        </h1>
        <p className={styles.lead}>
          Keep all your recurring payments in one place, see exactly what they cost, and get reminded before each renewal. No more surprise
          charges.
        </p>
        <div className={styles.ctas}>
          <ButtonLink to="/register" size="lg" trailingIcon={<ArrowRight aria-hidden="true" />}>
            Start Managing Now
          </ButtonLink>
          <Button variant="secondary" size="lg" icon={<CirclePlay aria-hidden="true" />} onClick={showDemo}>
            See How It Works
          </Button>
        </div>
        <p className={styles.fineprint}>Free forever for the essentials. No card required.</p>
        <div className={styles.countersSlot}>
          {live && (
            <Suspense>
              <LandingCounters />
            </Suspense>
          )}
        </div>
      </section>

      <section ref={featuresRef} id="features" className={styles.section} aria-labelledby="features-title">
        <div className={styles.sectionHeading}>
          <p className={styles.eyebrow}>Features</p>
          <h2 id="features-title" className={styles.sectionTitle}>
            Everything you need to stay on top of your subscriptions
          </h2>
        </div>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon}>{feature.icon}</span>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section ref={demoRef} id="demo" tabIndex={-1} className={[styles.section, styles.demo].join(' ')} aria-labelledby="demo-title">
        <div className={styles.sectionHeading}>
          <p className={styles.eyebrow}>How it works</p>
          <h2 id="demo-title" className={styles.sectionTitle}>
            From scattered bills to one clear overview
          </h2>
        </div>
        <div className={styles.demoSlot}>
          {live && (
            <Suspense>
              <DemoDashboardLoader target={demoRef} wanted={demoWanted} onShown={onDemoShown} />
            </Suspense>
          )}
        </div>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title" className={styles.sectionTitle}>
          Ready to stop paying for things you forgot about?
        </h2>
        <ButtonLink to="/register" size="lg" trailingIcon={<ArrowRight aria-hidden="true" />}>
          Create your free account
        </ButtonLink>
      </section>
    </PublicLayout>
  );
}

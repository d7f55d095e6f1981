import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_BUDGETS_KB, type RouteWeight, routeWeights } from '../../bench/route-weights.js';
import { WEB_DIST } from '../../local/web.js';
import { buildWebSite } from '../../local/web-build.js';

describe("the built web app's weight per screen (Vite manifest)", () => {
  // The build `npm test` made a step before (web/dist), built again only when a source changed since.
  const outDir = WEB_DIST;
  let weights: RouteWeight[];

  beforeAll(() => {
    if (!buildWebSite(outDir, { whenStale: true })) throw new Error('The web build failed (its error is above).');
    weights = routeWeights(outDir);
  });

  it('weighs every screen of the router from its lazy module and the entry', () => {
    const landing = weights.find((route) => route.path === '/');
    expect(landing?.module).toBe('src/features/landing/LandingPage.tsx');
    expect(weights.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/login', '/dashboard', '/admin']));
    // The dashboard downloads what the landing's entry does, plus its own chunks.
    const dashboard = weights.find((route) => route.path === '/dashboard');
    expect(landing?.files[0]).toMatch(/^assets\/index-.*\.js$/);
    expect(dashboard?.files[0]).toBe(landing?.files[0]);
    expect(dashboard?.files.some((file) => file.includes('DashboardPage'))).toBe(true);
    // …and the chunks its route guard loads before it renders: the signed-in session.
    expect(dashboard?.guard).toBe('PrivateRoute');
    expect(dashboard?.firstFiles.some((file) => file.includes('SignedInSession'))).toBe(true);
    expect(dashboard?.files).toEqual(expect.arrayContaining(dashboard?.firstFiles ?? ['none']));
  });

  // Issue 12: the landing renders from the entry alone (no lazy chunk before its first paint),
  // and what it loads first carries no zod and no chart (named by the chunks' source maps).
  it('renders the landing page from the entry, without zod or the chart', () => {
    const landing = weights.find((route) => route.path === '/');
    const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
    const loadedByIndexHtml = [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(([, file]) => file);
    expect(new Set(landing?.firstFiles)).toEqual(new Set(loadedByIndexHtml));
    const sources = (landing?.firstFiles ?? []).flatMap(
      (file) => (JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as { sources: string[] }).sources,
    );
    expect(sources).toEqual(expect.arrayContaining([expect.stringMatching(/features\/landing\/LandingPage\.tsx$/)]));
    expect(sources.filter((source) => /node_modules\/zod\/|recharts|SpendingPie|SpendingCard/.test(source))).toEqual([]);
  });

  // The budgets of issue 8 §4, the same ones `npm run bench` prints: the landing page and the dashboard, first JavaScript.
  it.each(Object.entries(ROUTE_BUDGETS_KB))('keeps %s within %d KB of gzipped first JavaScript', (path, budgetKb) => {
    const route = weights.find((weight) => weight.path === path);
    expect(route?.budgetKb).toBe(budgetKb);
    expect(route?.firstKb).toBeLessThanOrEqual(budgetKb);
  });

  // Issue 24 §5: the charts (recharts) come with /insights only; the dashboard's first visit, its lazy
  // chunks included, and the landing's carry none of it.
  it('loads recharts with /insights only, not with the dashboard or the landing', () => {
    const sourcesOf = (files: string[]) =>
      files.flatMap((file) => (JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')) as { sources: string[] }).sources);
    const charts = (files: string[]) => sourcesOf(files).filter((source) => /node_modules\/recharts\//.test(source));
    const route = (path: string) => weights.find((weight) => weight.path === path) as RouteWeight;
    expect(charts(route('/insights').firstFiles).length).toBeGreaterThan(0);
    expect(charts(route('/dashboard').files)).toEqual([]);
    expect(charts(route('/').files)).toEqual([]);
  });

  it("renders the landing page without zod or dashboard code: its counters and the demo dashboard (in the dashboard's chunk) load later", () => {
    const landing = weights.find((route) => route.path === '/') as RouteWeight;
    const first = landing.firstFiles.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    // zod/mini names its types ('$ZodType', '$ZodObject'…); the dashboard's list names its section.
    expect(first).not.toContain('$ZodType');
    expect(first).not.toContain('Your Subscriptions');
    const later = landing.files.filter((file) => !landing.firstFiles.includes(file));
    expect(later.some((file) => file.includes('DashboardPage'))).toBe(true);
    expect(later.some((file) => file.includes('LandingLive'))).toBe(true);
  });
});

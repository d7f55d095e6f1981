import { readFileSync } from 'node:fs';
import { areaNeeds } from '../infra/area-needs.js';
import { routes } from '../shared/api/index.js';
import { type Assumptions, COST_USAGE_FILE, type MeasuredUsage, type PollVariant, type SessionRoute } from './cost-model.js';

/** The usage the browser tests measured (docs/cost-usage.json), as the cost model's calls. */

const SESSION_CHECK = `${routes.me.method} ${routes.me.path}`;

export function readUsage(): MeasuredUsage {
  return JSON.parse(readFileSync(COST_USAGE_FILE, 'utf8')) as MeasuredUsage;
}

/** The measured session's calls, each with its area function's memory (infra/area-needs.ts). */
export function sessionRoutes(usage: MeasuredUsage): SessionRoute[] {
  const defs = Object.values(routes);
  return Object.entries(usage.session).map(([route, callsPerSession]) => {
    const def = defs.find((d) => `${d.method} ${d.path}` === route);
    if (!def) throw new Error(`docs/cost-usage.json names ${route}, which is not a route of the contract`);
    return { route, callsPerSession, memoryMb: areaNeeds(def.area).memorySize };
  });
}

/** The session check before issue 11 and after each of its three changes. */
export function pollVariants(usage: MeasuredUsage, assumptions: Assumptions): PollVariant[] {
  const before: PollVariant = {
    name: 'Before: every 5 s, hidden or not, 200, in the 1024 MB auth function',
    route: SESSION_CHECK,
    callsPerVisibleMinute: assumptions.pollCallsPerMinuteBefore,
    callsPerHiddenMinute: assumptions.pollCallsPerMinuteBefore,
    callsPerReturn: 0,
    notModifiedShare: 0,
    memoryMb: areaNeeds('auth').memorySize,
    profile: assumptions.sessionBefore,
  };
  const visibleOnly = {
    ...before,
    name: '+ only while the tab is visible, at once on return',
    callsPerVisibleMinute: usage.poll.callsPerVisibleMinute,
    callsPerHiddenMinute: usage.poll.callsPerHiddenMinute,
    callsPerReturn: 1,
  };
  const notModified = { ...visibleOnly, name: '+ 304 for an unchanged user', notModifiedShare: usage.poll.notModifiedShare };
  const small = {
    ...notModified,
    name: `+ its own ${areaNeeds('session').memorySize} MB function (now)`,
    memoryMb: areaNeeds('session').memorySize,
    profile: assumptions.profiles.session,
  };
  return [before, visibleOnly, notModified, small];
}

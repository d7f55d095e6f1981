/**
 * Stands in for `@smithy/core/event-streams` in the function bundles (infra/bundling.ts aliases it
 * here). The SDK's HTTP protocol imports that codec (~15 KB minified) for operations that stream
 * events; no function calls one, and any that did would fail here, by name, instead.
 */
function notBundled(): never {
  throw new Error('AWS event streams are not bundled in the functions (BUNDLE_ALIASES in infra/bundling.ts)');
}

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

export const eventStreamSerdeProvider = notBundled;

/** Client configuration needs no event-stream marshaller when no call streams events. */
export const resolveEventStreamSerdeConfig = <Config>(input: Config): Config => input;

/**
 * Stands in for `@aws-sdk/middleware-endpoint-discovery` in the function bundles (infra/bundling.ts
 * aliases it here). The DynamoDB client resolves endpoint-discovery settings in its constructor,
 * which brings an endpoint cache (an LRU cache library, ~8 KB minified), though discovery is off
 * unless asked for and no DynamoDB operation the functions call uses it. Here it is always off: the
 * client gets the same configuration fields, with discovery disabled and no cache.
 */
const DISCOVERY_OFF = () => Promise.resolve(false);

/** Read by the client's runtime config; never consulted, since discovery is always off here. */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: () => false,
  configFileSelector: () => false,
  default: false,
};

export function resolveEndpointDiscoveryConfig<Config extends object>(
  input: Config & { endpointDiscoveryEnabled?: boolean },
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) {
  if (input.endpointDiscoveryEnabled) {
    throw new Error('DynamoDB endpoint discovery is not bundled in the functions (BUNDLE_ALIASES in infra/bundling.ts)');
  }
  return Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled: DISCOVERY_OFF,
    isClientEndpointDiscoveryEnabled: false,
  });
}

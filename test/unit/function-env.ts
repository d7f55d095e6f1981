/**
 * The environment a function's configuration (functions/lib/chassis/config.ts) needs, for unit tests that
 * import handlers or the chassis without a stack; `overrides` adds or replaces variables.
 */
export function setFunctionEnv(overrides: Record<string, string> = {}): void {
  Object.assign(process.env, {
    TABLE_NAME: 'unit',
    PUBLIC_URL: 'http://localhost:3000',
    SENDER_EMAIL: 'reminders@example.com',
    SES_CONFIGURATION_SET: 'unit',
    JWT_SECRET: 'x'.repeat(48),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

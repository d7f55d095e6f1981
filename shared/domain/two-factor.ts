/**
 * How long a remembered device skips the two-factor code (SPEC §9). Here rather than in the API
 * contract's twofa module so that the auth function, which checks remembered devices at login,
 * does not bundle the twofa routes' schemas.
 */
export const REMEMBERED_DEVICE_DAYS = 30;

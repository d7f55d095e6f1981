/**
 * The hour of the day a user's reminders go out, in their time zone, when they never chose one (issue 25
 * §1). Apart from the rules so that the user's public fields carry it without the rules' dependencies.
 */
export const DEFAULT_REMINDER_HOUR = 8;

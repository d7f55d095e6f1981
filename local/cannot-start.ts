/**
 * A start-up failure said in one sentence that names its cause and what to do: `npm start` prints
 * it and exits 1, with no stack trace.
 */
export class CannotStart extends Error {
  override name = 'CannotStart';
}

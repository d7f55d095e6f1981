/** Calls `run` every day at `hourUtc`:00 UTC, like the cloud's EventBridge schedule; returns the cancel. */
export function scheduleDaily(hourUtc: number, run: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const next = new Date();
    next.setUTCHours(hourUtc, 0, 0, 0);
    if (next.getTime() <= Date.now()) next.setUTCDate(next.getUTCDate() + 1);
    timer = setTimeout(() => {
      run().catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'daily reminder run failed', error: String(error) })));
      arm();
    }, next.getTime() - Date.now());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

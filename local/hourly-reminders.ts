const HOUR_MS = 3_600_000;

/** Calls `run` every hour on the hour (UTC), like the cloud's EventBridge schedule (issue 25 §1); returns the cancel. */
export function scheduleHourly(run: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const next = (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS;
    timer = setTimeout(() => {
      run().catch((error) => console.error(JSON.stringify({ level: 'error', msg: 'hourly reminder run failed', error: String(error) })));
      arm();
    }, next - Date.now());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

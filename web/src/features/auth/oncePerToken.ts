/**
 * A link from an e-mail can be used once: one request per token per page load, however often its
 * screen mounts (React's double effects in development, a remount). `request` runs for a token's
 * first call; later calls share its answer.
 */
export function oncePerToken<T>(request: (token: string) => Promise<T>): (token: string) => Promise<T> {
  const requests = new Map<string, Promise<T>>();
  return (token) => {
    let pending = requests.get(token);
    if (!pending) {
      pending = request(token);
      requests.set(token, pending);
    }
    return pending;
  };
}

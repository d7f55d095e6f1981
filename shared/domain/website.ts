/**
 * A subscription's website (issue 36 §2): where the user manages it, shown as 'Manage' on its card and in its
 * details, and where its logo is looked for when the built-in brands have none. http and https only.
 */

/** The longest website address kept (browsers and servers take 2,000 characters everywhere). */
export const MAX_WEBSITE_LENGTH = 2000;

/** Text that starts with a scheme, `mailto:` or `https://` say. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * The website a user typed, as kept: trimmed, `https://` put in front of an address typed without a scheme
 * ('netflix.com', 'www.netflix.com/account'), and in the URL standard's own form. Undefined when it is not
 * an http or https address of a named host: another scheme (javascript:, data:, ftp:), a user name or
 * password in it, spaces, no host, a host without a dot (except `localhost`), or longer than
 * MAX_WEBSITE_LENGTH. '' (nothing typed) is not a website either: the caller decides what none means.
 */
export function websiteAddress(typed: string): string | undefined {
  const text = typed.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  const withScheme = HAS_SCHEME.test(text) && !/^[^:/]+:\d+(?:[/?#]|$)/.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  const host = url.hostname;
  if (host !== 'localhost' && !host.includes('.') && !host.startsWith('[')) return undefined;
  // An empty label ('.example.com', 'example..com') names no host.
  if (host.startsWith('.') || host.includes('..')) return undefined;
  return url.href.length <= MAX_WEBSITE_LENGTH ? url.href : undefined;
}

/**
 * The website's host as a person reads it, for labels ('netflix.com' for https://www.netflix.com/account):
 * without a leading `www.`.
 */
export function websiteHost(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return address;
  }
}

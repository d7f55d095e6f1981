/**
 * A small MIME writer for SES SendRawEmail (RFC 5322, 2045–2047): one multipart/alternative message
 * with a text and an HTML part, both UTF-8 in base64, and a subject encoded only when it is not ASCII.
 * SendRawEmail is the SES v1 call that takes headers of our own (List-Unsubscribe, RFC 8058).
 */
export interface MimeMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, name → value, printable ASCII on one line of at most 998 characters (RFC 5322 §2.1.1), such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

const CRLF = '\r\n';
const isPrintableAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** Base64 in lines of 76 characters (RFC 2045 §6.8). */
function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g)
      ?.join(CRLF) ?? ''
  );
}

/**
 * A header value as RFC 2047 encoded words (`=?UTF-8?B?…?=`) of at most 75 characters each, folded
 * onto continuation lines, never splitting a character; printable ASCII stays as it is, unless it
 * holds `=?`: text someone wrote that looks like an encoded word (a contact name) is encoded too, so
 * a mail client shows it as written instead of decoding it into other words.
 */
export function encodeHeaderText(text: string): string {
  if (isPrintableAscii(text) && !text.includes('=?')) return text;
  const words: string[] = [];
  let chunk = '';
  for (const character of text) {
    // 39 bytes of UTF-8 are 52 characters of base64: with `=?UTF-8?B?` and `?=`, 64, and 73 after `Subject: `.
    if (Buffer.byteLength(chunk + character, 'utf8') > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += character;
  }
  words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** The whole message, CRLF line ends, ready for SendRawEmail's `RawMessage.Data`. */
export function mimeMessage(message: MimeMessage, boundary = `=_${crypto.randomUUID()}`): string {
  for (const [name, value] of Object.entries({ From: message.from, To: message.to, ...message.headers })) {
    if (!isPrintableAscii(value) || !/^[A-Za-z0-9-]+$/.test(name) || name.length + value.length > 996) {
      throw new Error(`Header ${name} must be printable ASCII on one line`);
    }
  }
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join(CRLF);
  return [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeaderText(message.subject)}`,
    'MIME-Version: 1.0',
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    `Content-Type: multipart/alternative;${CRLF} boundary="${boundary}"`,
    '',
    part('text/plain', message.text),
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

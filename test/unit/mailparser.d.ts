/** The part of mailparser (the SES emulator's parser, installed with aws-ses-v2-local) that test/unit/mime.test.ts reads; it ships no types. */
declare module 'mailparser' {
  export interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    from?: { value: Array<{ name: string; address?: string }>; text: string };
    headerLines: Array<{ key: string; line: string }>;
  }
  export function simpleParser(source: string | Buffer): Promise<ParsedMail>;
}

import { describe, expect, it } from 'vitest';
import { amzDate, type PostPolicy, policySignature, presignedPost, signingKey } from '../../functions/lib/avatars/post-policy.js';
import { checkPostForm } from '../../local/s3-upload-gate.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

describe('signing an S3 POST policy with Signature Version 4', () => {
  it("derives AWS's published signing key (SigV4 'Examples of how to derive a signing key')", () => {
    expect(signingKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam').toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });

  it('signs a known policy to its known signature (AKIAIOSFODNN7EXAMPLE, 20130806, us-east-1)', () => {
    const policy =
      'eyJleHBpcmF0aW9uIjoiMjAxMy0wOC0wNlQxMjowMDowMC4wMDBaIiwiY29uZGl0aW9ucyI6W3siYWNsIjoicHVibGljLXJlYWQifSxbInN0YXJ0cy13aXRoIiwiJENvbnRlbnQtVHlwZSIsImltYWdlLyJdLFsic3RhcnRzLXdpdGgiLCIka2V5IiwidXNlci91c2VyMS8iXSxbInN0YXJ0cy13aXRoIiwiJHgtYW16LW1ldGEtdGFnIiwiIl0seyJ4LWFtei1tZXRhLXV1aWQiOiIxNDM2NTEyMzY1MTI3NCJ9LHsiYnVja2V0IjoiZXhhbXBsZWJ1Y2tldCJ9LHsieC1hbXotYWxnb3JpdGhtIjoiQVdTNC1ITUFDLVNIQTI1NiJ9LHsieC1hbXotY3JlZGVudGlhbCI6IkFLSUFJT1NGT0ROTjdFWEFNUExFLzIwMTMwODA2L3VzLWVhc3QtMS9zMy9hd3M0X3JlcXVlc3QifSx7IngtYW16LWRhdGUiOiIyMDEzMDgwNlQxMjAwMDBaIn1dfQ==';
    expect(policySignature(policy, SECRET, '20130806', 'us-east-1')).toBe(
      '5bc8a7be4a6fc6445b94d0f4096f8cf3dfa00303529f8a68ea7dc0c23bb83cd9',
    );
  });

  const now = new Date('2026-11-25T18:00:00.000Z');
  const post = presignedPost({
    url: 'https://avatars.s3.eu-west-1.amazonaws.com',
    bucket: 'avatars',
    key: 'uploads/u1/x1',
    contentType: 'image/png',
    maxBytes: 5 * 1024 * 1024,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRET, sessionToken: 'session-token' },
    region: 'eu-west-1',
    now,
    expiresInSeconds: 300,
  });

  it('fixes the key, the type, the size range, the credential and the expiry in the policy', () => {
    expect(amzDate(now)).toBe('20261125T180000Z');
    expect(post.fields).toMatchObject({
      key: 'uploads/u1/x1',
      'Content-Type': 'image/png',
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': 'AKIDEXAMPLE/20261125/eu-west-1/s3/aws4_request',
      'x-amz-date': '20261125T180000Z',
      'x-amz-security-token': 'session-token',
    });
    const policy = JSON.parse(Buffer.from(post.fields.policy, 'base64').toString()) as PostPolicy;
    expect(policy.expiration).toBe('2026-11-25T18:05:00.000Z');
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'avatars' },
        { key: 'uploads/u1/x1' },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 1, 5242880],
      ]),
    );
    expect(post.fields['x-amz-signature']).toBe(policySignature(post.fields.policy, SECRET, '20261125', 'eu-west-1'));
  });

  it("passes S3's checks as the local stack applies them, and nothing else does", () => {
    const form = (fields: Record<string, string>, size: number) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      data.append('file', new Blob([new Uint8Array(size)]));
      return data;
    };
    const secrets = { AKIDEXAMPLE: SECRET };
    expect(() => checkPostForm(form(post.fields, 100), 'avatars', secrets, now)).not.toThrow();
    const refusal = (fields: Record<string, string>, size = 100, at = now, bucket = 'avatars') => {
      try {
        checkPostForm(form(fields, size), bucket, secrets, at);
        return 'stored';
      } catch (error) {
        return (error as { code: string }).code;
      }
    };
    expect(refusal(post.fields, 5 * 1024 * 1024 + 1)).toBe('EntityTooLarge');
    expect(refusal({ ...post.fields, key: 'avatars/u1/x1.png' })).toBe('AccessDenied');
    expect(refusal({ ...post.fields, 'x-amz-meta-extra': '1' })).toBe('AccessDenied');
    expect(refusal(post.fields, 100, now, 'another-bucket')).toBe('AccessDenied');
    expect(refusal(post.fields, 100, new Date(now.getTime() + 301_000))).toBe('AccessDenied');
    expect(
      refusal({ ...post.fields, policy: Buffer.from('{"expiration":"2099-01-01T00:00:00Z","conditions":[]}').toString('base64') }),
    ).toBe('SignatureDoesNotMatch');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_DOC, openApiText } from '../../scripts/openapi.js';
import { ID_PATTERN } from '../../shared/api/contract.js';
import { routes } from '../../shared/api/index.js';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any> };
};
const doc = JSON.parse(openApiText()) as Doc;

describe('OpenAPI description (generated from shared/api)', () => {
  it('is committed up to date in docs/openapi.json (run `npm run openapi` after changing the contract)', () => {
    expect(readFileSync(OPENAPI_DOC, 'utf8')).toBe(openApiText());
  });

  it('is OpenAPI 3.1 with one operation per route of the contract', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, def] of Object.entries(routes)) {
      expect(doc.paths[def.path]?.[def.method.toLowerCase()]?.operationId, name).toBe(name);
    }
    const operations = Object.values(doc.paths).flatMap((byMethod) => Object.keys(byMethod));
    expect(operations).toHaveLength(Object.keys(routes).length);
  });

  it('describes request bodies as clients send them', () => {
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['username', 'password']);
    expect(body.properties.password).toMatchObject({ type: 'string', minLength: 1 });
    const subscription = doc.paths['/api/subscriptions'].post.requestBody.content['application/json'].schema;
    expect(subscription.properties.amount.type).toEqual(['number', 'string']);
    expect(subscription.properties.billingCycle.enum).toContain('annual');
  });

  it('describes answers and errors with shared components', () => {
    const list = doc.paths['/api/subscriptions'].get;
    expect(list.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ListSubscriptionsResponse' });
    expect(doc.components.schemas.ListSubscriptionsResponse.items).toEqual({ $ref: '#/components/schemas/Subscription' });
    expect(doc.components.schemas.Subscription.required).toContain('dueDate');
    expect(doc.components.schemas.LoginResponse.anyOf[0]).toEqual({ $ref: '#/components/schemas/SignedIn' });
    expect(doc.components.schemas.SignedIn.properties.user).toEqual({ $ref: '#/components/schemas/User' });
    // A two-factor account's sign-in link leads to its code (decision 0098): the answer is a LoginResponse.
    expect(doc.paths['/api/auth/confirm-sign-in'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/LoginResponse',
    });
    expect(doc.paths['/api/auth/logout'].post.responses['204']).toEqual({ description: 'Success; no body' });
    expect(doc.components.schemas.LoginResponse.anyOf[1].required).toContain('twoFactorTicket');
    expect(doc.paths['/api/subscriptions'].post.responses['201']).toBeDefined();
    expect(doc.paths['/api/admin/preview-email'].post.responses['403'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    expect(doc.paths['/api/subscriptions/{id}'].put.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: ID_PATTERN.source } },
    ]);
  });
});

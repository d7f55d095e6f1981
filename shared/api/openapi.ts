import * as z from 'zod/mini';
import { PATH_PARAMETER_PATTERNS, type RouteDef } from './contract.js';
import { type RouteName, routes } from './index.js';
import { namedResponses, responseSchemas } from './responses.js';

/**
 * The API described as OpenAPI 3.1, generated from the contract (`routes`) and the response
 * schemas: request bodies as clients may send them (zod's input side), answers as the API sends
 * them. The local stack serves it at `/api/openapi.json`; `npm run openapi` writes
 * `docs/openapi.json`, and a unit test fails when that file is stale.
 */
export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: schemaRef('Error') } } });

/**
 * Every answer as a component of `components.schemas`, with references between them: the shared
 * ones by their names (`User`, `Subscription`…), each other route's answer as `<RouteName>Response`.
 */
function answerComponents(): { schemas: Record<string, JsonSchema>; answerOf: Record<RouteName, string> } {
  const registry = z.registry<{ id: string }>();
  const nameOf = new Map<unknown, string>();
  const register = (schema: z.ZodMiniType, id: string) => {
    if (!nameOf.has(schema)) {
      registry.add(schema, { id });
      nameOf.set(schema, id);
    }
    return nameOf.get(schema) as string;
  };
  for (const [name, schema] of Object.entries(namedResponses)) register(schema, name);
  const answerOf = {} as Record<RouteName, string>;
  for (const [route, schema] of Object.entries(responseSchemas) as Array<[RouteName, z.ZodMiniType]>) {
    answerOf[route] = register(schema, `${route[0].toUpperCase()}${route.slice(1)}Response`);
  }
  const { schemas } = z.toJSONSchema(registry, { io: 'output', uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return { schemas, answerOf };
}

/** A request body as a client may send it: zod's input side (before trimming and defaults). */
function requestSchema(body: NonNullable<RouteDef['body']>): JsonSchema {
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function operation(name: RouteName, def: RouteDef, answer: string) {
  const parameters = [...def.path.matchAll(/\{([^}]+)\}/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: PATH_PARAMETER_PATTERNS[param].source },
  }));
  const queryParameters = Object.entries(def.queryParameters ?? {}).map(([param, description]) => ({
    name: param,
    in: 'query',
    required: false,
    description,
    schema: { type: 'string' },
  }));
  const responses: Record<string, unknown> = {
    [String(def.successStatus ?? 200)]:
      def.successStatus === 204
        ? { description: 'Success; no body' }
        : {
            description: 'Success',
            content: def.contentType
              ? // A text answer (the calendar feed): its body as it is, not JSON.
                { [def.contentType.split(';')[0] as string]: { schema: { type: 'string' } } }
              : { 'application/json': { schema: schemaRef(answer) } },
          },
  };
  if (def.etag) {
    const etag = { ETag: { description: 'A hash of the exact answer', schema: { type: 'string' } } };
    Object.assign(responses[String(def.successStatus ?? 200)] as object, { headers: etag });
    responses['304'] = { description: 'Unchanged since the ETag that If-None-Match names; no body', headers: etag };
  }
  // A public route's path parameter is a one-time token, answered 400 when invalid; a user's object id that is not theirs is 404.
  if (def.body || (parameters.length && def.access === 'public' && def.badParameter?.status !== 404) || def.optionalSignIn) {
    responses['400'] = errorAnswer('The request is invalid; the message names the first problem');
  }
  if (def.access !== 'public' || def.optionalSignIn) responses['401'] = errorAnswer('Not signed in, or the session ended');
  if (def.access === 'admin') responses['403'] = errorAnswer('Only owners and developers may call this');
  if (parameters.length && def.access !== 'public') responses['404'] = errorAnswer('Not found, or not the caller’s');
  if (def.badParameter?.status === 404 && def.access === 'public') responses['404'] = errorAnswer(def.badParameter.message);
  if (def.body) responses['413'] = errorAnswer('The request body is too large');
  return {
    operationId: name,
    tags: [def.area],
    // A route that signs in for some requests only takes a session or none.
    ...(def.access === 'public' ? { security: def.optionalSignIn ? [{}, { session: [] }] : [] } : {}),
    ...(parameters.length || queryParameters.length ? { parameters: [...parameters, ...queryParameters] } : {}),
    ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: requestSchema(def.body) } } } } : {}),
    responses,
  };
}

export function openApiDocument(version: string) {
  const { schemas, answerOf } = answerComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(routes) as Array<[RouteName, RouteDef]>) {
    paths[def.path] ??= {};
    paths[def.path][def.method.toLowerCase()] = operation(name, def, answerOf[name]);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Subscription Tracker API',
      version,
      description:
        'Every route of the product, generated from its API contract (shared/api). Errors answer `{ message }` with the flags the Error schema lists.',
    },
    servers: [{ url: '/' }],
    security: [{ session: [] }],
    paths,
    components: {
      securitySchemes: { session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas,
    },
  };
}

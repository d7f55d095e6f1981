import { routes } from '@shared/api';
import { ACCESS_TOKEN_PREFIX } from '@shared/api/access-token-rules';
import {
  API_EXAMPLE_NOTES,
  API_EXAMPLE_ORDER,
  API_EXAMPLE_TITLES,
  curlExample,
  mcpClientExamples,
  scopeOf,
} from '@shared/api/api-examples';
import type { RouteDef } from '@shared/api/contract';
import { MCP_TOOLS } from '@shared/api/mcp-tools';
import { Copy, Download } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import openApi from '../../../../docs/openapi.json';
import { pageTitle } from '../../brand';
import { PublicLayout } from '../../components/layout/PublicLayout';
import { usePageDescription } from '../../components/pageDescription';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import { copyText } from '../../lib/browserFiles';
import styles from './DevelopersPage.module.css';

/** A JSON schema as the OpenAPI document writes one (the parts the page reads). */
interface Schema {
  const?: unknown;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
}

type Operation = { requestBody?: { content: { 'application/json': { schema: Schema } } } };
const paths = openApi.paths as unknown as Record<string, Record<string, Operation>>;

/** A property's type in words: its type(s), its values when it has a list of them. */
function typeOf(schema: Schema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'value'}[]`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'value');
}

/** The request body's fields of a route, from the OpenAPI document the contract generates. */
function bodyFields(route: RouteDef): Array<{ name: string; type: string; required: boolean }> {
  const schema = paths[route.path]?.[route.method.toLowerCase()]?.requestBody?.content['application/json'].schema;
  return Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: schema?.required?.includes(name) ?? false,
  }));
}

/** A readable name for a route ('createSubscription' → 'Create subscription'). */
const titleOf = (name: string) =>
  name
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** A command or file to copy, with its Copy button. */
function Example({ text, label, onCopy }: { text: string; label: string; onCopy: (text: string) => void }) {
  return (
    <div className={styles.example}>
      <pre>
        <code>{text}</code>
      </pre>
      <Button variant="secondary" size="sm" icon={<Copy aria-hidden="true" />} onClick={() => onCopy(text)} aria-label={`Copy ${label}`}>
        Copy
      </Button>
    </div>
  );
}

/**
 * The API reference (issue 37 §3): the routes an access token opens, each with its scope, its body's fields (from the
 * OpenAPI document the contract generates, docs/openapi.json) and a curl example that works as written
 * (test/api/api-examples.test.ts). A screen of its own chunk: no other screen loads the document.
 */
export function DevelopersPage() {
  usePageDescription(
    'The Subscription Tracker API for your scripts and AI assistants: access tokens, every route they open, and curl examples.',
  );
  const toast = useToast();
  const origin = window.location.origin;
  const assistant = mcpClientExamples(origin);
  const documentUrl = useMemo(() => URL.createObjectURL(new Blob([JSON.stringify(openApi, null, 2)], { type: 'application/json' })), []);

  async function copy(command: string) {
    try {
      await copyText(command);
      toast.success('Example copied');
    } catch {
      toast.error('Copying failed: select the example and copy it yourself.');
    }
  }

  return (
    <PublicLayout>
      <title>{pageTitle('API for scripts and assistants')}</title>
      <article className={styles.page} aria-labelledby="developers-title">
        <h1 id="developers-title" className={styles.title}>
          API for scripts and assistants
        </h1>
        <p className={styles.lead}>
          Make an access token in <Link to="/settings">Settings → Access tokens</Link>, then send it with every request as{' '}
          <code>Authorization: Bearer {ACCESS_TOKEN_PREFIX}…</code>. A <strong>read</strong> token calls the routes that read; a{' '}
          <strong>read and write</strong> token all of them. Answers are JSON; an error is <code>{'{ "message": "…" }'}</code> with its HTTP
          status. A token makes at most 120 requests a minute (then 429 with <code>Retry-After</code>).
        </p>
        <p className={styles.lead}>
          The whole API, every route and answer, is in the OpenAPI 3.1 document below. The examples read your token from{' '}
          <code>SUBTRACKER_TOKEN</code> and a subscription's id from <code>SUBSCRIPTION_ID</code>:{' '}
          <code>export SUBTRACKER_TOKEN={ACCESS_TOKEN_PREFIX}…</code>
        </p>
        <p>
          <a className={styles.download} href={documentUrl} download="subscription-tracker-openapi.json">
            <Download aria-hidden="true" /> The OpenAPI document
          </a>
        </p>
        <section className={styles.route} aria-labelledby="assistants-title">
          <h2 id="assistants-title" className={styles.routeTitle}>
            Connect an AI assistant
          </h2>
          <p className={styles.note}>
            Assistants reach your subscriptions through the Model Context Protocol at <code>{origin}/api/mcp</code>, with an access token as
            above. Its tools:{' '}
            {Object.values(MCP_TOOLS)
              .map((tool) => tool.title.toLowerCase())
              .join(', ')}
            .
          </p>
          <Example text={assistant.command} label="the command that adds it to Claude Code" onCopy={(text) => void copy(text)} />
          <p className={styles.note}>Or, in an assistant's or an editor's configuration file:</p>
          <Example text={assistant.config} label="the configuration entry" onCopy={(text) => void copy(text)} />
        </section>
        <ol className={styles.routes}>
          {API_EXAMPLE_ORDER.map((name) => {
            const route = routes[name];
            const fields = bodyFields(route);
            const command = curlExample(name, route, origin);
            return (
              <li key={name} className={styles.route} aria-labelledby={`${name}-title`}>
                <h2 id={`${name}-title`} className={styles.routeTitle}>
                  {API_EXAMPLE_TITLES[name] ?? titleOf(name)}
                </h2>
                <p className={styles.signature}>
                  <Badge tone={route.method === 'GET' ? 'info' : 'primary'}>{route.method}</Badge>
                  <code>{route.path}</code>
                  <span className={styles.scope}>Scope: {scopeOf(route) === 'read' ? 'read' : 'read and write'}</span>
                </p>
                {API_EXAMPLE_NOTES[name] && <p className={styles.note}>{API_EXAMPLE_NOTES[name]}</p>}
                {fields.length > 0 && (
                  <table className={styles.fields}>
                    <caption>Body</caption>
                    <thead>
                      <tr>
                        <th scope="col">Field</th>
                        <th scope="col">Type</th>
                        <th scope="col">Required</th>
                      </tr>
                    </thead>
                    <tbody>
                      {fields.map((field) => (
                        <tr key={field.name}>
                          <th scope="row">
                            <code>{field.name}</code>
                          </th>
                          <td>
                            <code>{field.type}</code>
                          </td>
                          <td>{field.required ? 'Yes' : 'No'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <Example
                  text={command}
                  label={`the ${(API_EXAMPLE_TITLES[name] ?? titleOf(name)).toLowerCase()} example`}
                  onCopy={(text) => void copy(text)}
                />
              </li>
            );
          })}
        </ol>
      </article>
    </PublicLayout>
  );
}

import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../../local/emulators.js';
import { freePort } from '../../local/ports.js';

/**
 * A port picked free can be taken before the program it was picked for binds it (decision 0131): DynamoDB
 * Local's JVM binds seconds later, and on a busy machine another program can get there first.
 */
const listening = (server: Server, port = 0) =>
  new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

describe('DynamoDB Local’s port', () => {
  it('is picked again when another program took it while the JVM started', async () => {
    const other = createServer((connection) => connection.destroy());
    const taken = await listening(other);
    const picks = [taken];
    const logFile = join(mkdtempSync(join(tmpdir(), 'subscription-tracker-ports-')), 'dynamodb-local.log');
    try {
      const dynamoDb = await startDynamoDbLocal(undefined, logFile, async () => picks.shift() ?? freePort());
      try {
        expect(new URL(dynamoDb.endpoint).port).not.toBe(String(taken));
        const client = new DynamoDBClient({
          endpoint: dynamoDb.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        });
        expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        client.destroy();
      } finally {
        await dynamoDb.stop();
      }
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

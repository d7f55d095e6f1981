import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { LOCAL_ACCESS_KEY } from './emulators.js';

/**
 * The table's stream on the local stack (DESIGN §1.3): what the avatar function's event source
 * mapping does in the cloud (infra/avatars.ts), polling DynamoDB Local's own stream (it has DynamoDB
 * Streams' API on the same endpoint) and handing the records that match the mapping's filter to the
 * function, a shard's records in order. A handler that throws gets the same records again on the next
 * poll, as a mapping retries a batch. Starts at the stream's end: nothing before the stack started.
 */
export interface TableStream {
  stop(): void;
}

type Call = (target: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** One JSON call to DynamoDB Local; it takes any signature of a key it knows. */
function streamsApi(endpoint: string): Call {
  return async (target, body) => {
    const date = new Date().toISOString().replace(/[-:]/g, '').slice(0, 8);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': target,
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_ACCESS_KEY.accessKeyId}/${date}/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local`,
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${target}: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/**
 * How often each shard is read, as Lambda's event source mapping does (four times a second), and how many records
 * one read takes. A shard is read again at once only while a read comes back full: a stream with a write now and
 * then (every write of a test run is one) is not read back to back.
 */
const POLL_MS = 250;
const BATCH_SIZE = 100;

export async function pollTableStream(options: {
  endpoint: string;
  tableName: string;
  /** The event source mapping's filter. */
  matches: (record: DynamoDBRecord) => boolean;
  handle: (event: DynamoDBStreamEvent) => Promise<unknown>;
}): Promise<TableStream> {
  const call = streamsApi(options.endpoint);
  const { Table } = (await call('DynamoDB_20120810.DescribeTable', { TableName: options.tableName })) as {
    Table: { LatestStreamArn: string };
  };
  const streamArn = Table.LatestStreamArn;
  const iterators = new Map<string, string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const discoverShards = async (position: 'LATEST' | 'TRIM_HORIZON') => {
    const { StreamDescription } = (await call('DynamoDBStreams_20120810.DescribeStream', { StreamArn: streamArn })) as {
      StreamDescription: { Shards: Array<{ ShardId: string; SequenceNumberRange?: { EndingSequenceNumber?: string } }> };
    };
    for (const shard of StreamDescription.Shards) {
      if (iterators.has(shard.ShardId) || shard.SequenceNumberRange?.EndingSequenceNumber) continue;
      const { ShardIterator } = (await call('DynamoDBStreams_20120810.GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shard.ShardId,
        ShardIteratorType: position,
      })) as { ShardIterator: string };
      iterators.set(shard.ShardId, ShardIterator);
    }
  };

  /** One pass over every shard; true when some shard gave a whole batch (more records wait behind it). */
  const poll = async (): Promise<boolean> => {
    let backlog = false;
    await discoverShards('TRIM_HORIZON');
    for (const [shardId, iterator] of [...iterators]) {
      const { Records, NextShardIterator } = (await call('DynamoDBStreams_20120810.GetRecords', {
        ShardIterator: iterator,
        Limit: BATCH_SIZE,
      })) as {
        Records: DynamoDBRecord[];
        NextShardIterator?: string;
      };
      const matching = Records.filter(options.matches);
      if (matching.length > 0) await options.handle({ Records: matching });
      if (Records.length === BATCH_SIZE) backlog = true;
      if (NextShardIterator) iterators.set(shardId, NextShardIterator);
      else iterators.delete(shardId);
    }
    return backlog;
  };

  const loop = async () => {
    let backlog = false;
    try {
      backlog = await poll();
    } catch (error) {
      // A poll under way when the stack stops fails with DynamoDB Local gone: nothing is lost then.
      if (stopped) return;
      console.error(
        JSON.stringify({ level: 'error', msg: 'table stream delivery failed: retried on the next poll', error: String(error) }),
      );
    }
    if (!stopped) {
      timer = setTimeout(() => void loop(), backlog ? 0 : POLL_MS);
      timer.unref();
    }
  };

  await discoverShards('LATEST');
  void loop();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

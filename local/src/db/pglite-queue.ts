/**
 * Keeps each client's extended-query batch together on the one PGlite session.
 *
 * notes: pglite-socket 0.2.17 queues protocol messages from all connections and runs them one message at
 * a time, keeping a client's messages together only inside a transaction. Outside one, two clients'
 * Parse/Bind/Execute/Sync messages interleave on the shared unnamed statement and portal, so under load
 * queries fail with "bind message supplies 1 parameters, but prepared statement "" requires 2" or
 * "portal "" does not exist" (seen with the api health check and the worker's progress writes at once).
 * This replaces the queue's scheduler: after a client's message, the next message run is that client's
 * again until it sends Sync or a simple Query (its batch is complete), or while its transaction is open.
 * A client that disconnects mid-batch releases the session.
 */
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
  onData: (data: Uint8Array) => void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(
      message: Uint8Array,
      options: { onRawData: (data: Uint8Array) => void },
    ): Promise<unknown>;
  };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

export function keepExtendedQueryBatches(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  if (!queue || typeof queue.processQueue !== 'function' || !Array.isArray(queue.queue)) {
    throw new Error(
      'pglite: unexpected pglite-socket internals; check keepExtendedQueryBatches against the new version',
    );
  }
  let owner: number | null = null;
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (owner === handlerId) {
      owner = null;
      void queue.processQueue();
    }
  };
  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const affinity =
          this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : owner;
        const index = affinity === null ? 0 : this.queue.findIndex((m) => m.handlerId === affinity);
        if (index === -1) break; // wait for that client's next message
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = null;
          item.reject(error);
          continue;
        }
        const type = item.message[0];
        // Startup messages have no type byte (their first byte is 0): they complete on their own.
        owner = type === SYNC || type === QUERY || type === TERMINATE || type === 0 ? null : item.handlerId;
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
}

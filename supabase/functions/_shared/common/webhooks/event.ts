/**
 * The JSON body of a webhook event, built from its stored row with a fixed key order so every attempt and
 * every resend of one event sends byte-for-byte the same body:
 * `{"id":"evt_<uuid>","type":…,"created_at":"<ISO>","data":{"generation_id":…,"status":…,"error":…}}`.
 */

export interface StoredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date | string;
}

export function eventBody(event: StoredEvent): string {
  const data = event.type.startsWith('generation.')
    ? {
        generation_id: event.data.generation_id ?? null,
        status: event.data.status ?? null,
        error: event.data.error ?? null,
      }
    : event.data;
  return JSON.stringify({
    id: `evt_${event.id}`,
    type: event.type,
    created_at: new Date(event.created_at).toISOString(),
    data,
  });
}

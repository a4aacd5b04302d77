/**
 * Checks a served /api/v1 answer against the OpenAPI document the api publishes: the operation's
 * documented response for that status, its JSON schema (component references inlined) turned into a
 * validator by zod's JSON Schema reader. It reads the served document, not our route schemas, so a
 * field served on another scale than documented (progress 0–1 against 0–100) fails here.
 */
import { fromJSONSchema } from 'zod';

type Json = Record<string, unknown>;

export interface OpenApiAnswers {
  /** Problems with one answer (empty when it matches the document). */
  check(operationId: string, status: number, body: string): string[];
  /** A component schema as documented. */
  component(name: string): Json | undefined;
}

export async function openApiAnswers(documentUrl: string): Promise<OpenApiAnswers> {
  const res = await fetch(documentUrl);
  if (!res.ok) throw new Error(`openapi: ${documentUrl} answered ${res.status}`);
  const doc = (await res.json()) as Json;
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const inline = (node: unknown, seen: string[] = []): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, seen));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      if (!components[name] || seen.includes(name)) throw new Error(`openapi: cannot resolve ${ref}`);
      return inline(components[name], [...seen, name]);
    }
    return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, inline(v, seen)]));
  };
  const operations = new Map<string, Json>();
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Json>>))
    for (const op of Object.values(item))
      if (typeof op.operationId === 'string') operations.set(op.operationId, op);

  return {
    component: (name) => components[name],
    check(operationId, status, body) {
      const op = operations.get(operationId);
      if (!op) return [`${operationId} is not in the document`];
      const responses = (op.responses ?? {}) as Record<string, Json>;
      const documented =
        responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      if (!documented) return [`${operationId} answered ${status}, which the document does not list`];
      const content = documented.content as Record<string, { schema?: unknown }> | undefined;
      const json = content?.['application/json'];
      if (!json)
        return body.trim() ? [`${operationId} ${status} has a body the document does not describe`] : [];
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        return [`${operationId} ${status} is not JSON: ${body.slice(0, 100)}`];
      }
      const result = fromJSONSchema(inline(json.schema) as Parameters<typeof fromJSONSchema>[0]).safeParse(
        value,
      );
      return result.success
        ? []
        : result.error.issues.map((i) => `${operationId} ${status} ${i.path.join('.')}: ${i.message}`);
    },
  };
}

/** The parts of the OpenAPI document the docs page renders, read defensively (it comes over the network). */

export interface SchemaObject {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  description?: string;
  default?: unknown;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  anyOf?: SchemaObject[];
  $ref?: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  parameters: { name: string; in: string; required?: boolean; description?: string; schema?: SchemaObject }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { description?: string }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; summary?: string; description?: string };
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  webhooks?: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, SchemaObject> };
  'x-error-codes'?: string[];
}

export function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      ...op,
      parameters: op.parameters ?? [],
      method: method.toUpperCase(),
      path,
    })),
  );
}

export function resolve(doc: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  if (!schema?.$ref) return schema;
  return doc.components.schemas[schema.$ref.split('/').pop() ?? ''];
}

/** A short type label: `"glb" | "gltf"`, `string (uuid)`, `array of string`, `string | null`. */
export function typeLabel(doc: OpenApiDocument, raw: SchemaObject | undefined): string {
  const schema = resolve(doc, raw);
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((s) => typeLabel(doc, s)).join(' | ');
  if (schema.type === 'array') return `array of ${typeLabel(doc, schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  return schema.format ? `${type} (${schema.format})` : type;
}

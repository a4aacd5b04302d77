import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { api } from '../../lib/api';
import { useClientValue } from '../../lib/use-client-value';
import { apiExamples, type Example, WEBHOOK_VERIFY } from './api-examples';
import {
  type OpenApiDocument,
  type Operation,
  operations,
  resolve,
  type SchemaObject,
  typeLabel,
} from './openapi-view';

const LANGUAGES = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'python', label: 'Python' },
] as const;
type Language = (typeof LANGUAGES)[number]['id'];

function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="overflow-hidden rounded-xl bg-zinc-950">
      <div className="flex justify-end border-b border-white/10 px-2 py-1.5">
        <button
          type="button"
          aria-label={`Copy ${label}`}
          onClick={() => void navigator.clipboard.writeText(code).then(() => setCopied(true))}
          className="cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-zinc-300 hover:bg-white/10 hover:text-white"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="overflow-x-auto p-4 text-xs leading-relaxed text-zinc-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** Text from the OpenAPI document, with its `code spans` shown as code. */
function Prose({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <>
      {text.split(/`([^`]+)`/).map((part, i) =>
        i % 2 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <code key={i} className="rounded bg-muted px-1 font-mono text-[0.85em] text-foreground">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function ExampleTabs({ example }: { example: Example }) {
  const [language, setLanguage] = useState<Language>('curl');
  return (
    <div className="flex flex-col gap-2" data-testid={`example-${example.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{example.title}</p>
        <div className="inline-flex gap-1 rounded-lg bg-muted p-1" role="tablist" aria-label={example.title}>
          {LANGUAGES.map((l) => (
            <button
              key={l.id}
              type="button"
              role="tab"
              aria-selected={language === l.id}
              onClick={() => setLanguage(l.id)}
              className="cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-muted-foreground aria-selected:bg-card aria-selected:text-foreground aria-selected:shadow-sm"
            >
              {l.label}
            </button>
          ))}
        </div>
      </div>
      <CodeBlock code={example[language]} label={`${example.title} (${language})`} />
    </div>
  );
}

function Fields({ doc, schema }: { doc: OpenApiDocument; schema: SchemaObject | undefined }) {
  const resolved = resolve(doc, schema);
  const entries = Object.entries(resolved?.properties ?? {});
  if (!entries.length) return null;
  return (
    <dl className="divide-y divide-border rounded-xl border border-border text-sm">
      {entries.map(([name, field]) => (
        <div key={name} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-mono text-xs break-all">
            {name}
            {resolved?.required?.includes(name) && <span className="ml-1 text-destructive">*</span>}
          </dt>
          <dd className="min-w-0">
            <span className="font-mono text-xs break-words text-muted-foreground">
              {typeLabel(doc, field)}
            </span>
            {resolve(doc, field)?.description && (
              <p className="mt-1">
                <Prose text={resolve(doc, field)?.description} />
              </p>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const METHOD_VARIANT: Record<string, 'success' | 'neural' | 'destructive' | 'outline'> = {
  GET: 'success',
  POST: 'neural',
  DELETE: 'destructive',
};

function OperationCard({ doc, op, examples }: { doc: OpenApiDocument; op: Operation; examples: Example[] }) {
  const bodies = Object.entries(op.requestBody?.content ?? {});
  return (
    <Card
      className="flex flex-col gap-4 p-5 sm:p-6"
      id={op.operationId}
      data-testid={`operation-${op.operationId}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={METHOD_VARIANT[op.method] ?? 'outline'}>{op.method}</Badge>
        <code className="font-mono text-sm break-all">/api{op.path}</code>
      </div>
      <div>
        <h3 className="text-lg font-semibold">{op.summary}</h3>
        {op.description && (
          <p className="mt-1 text-sm text-muted-foreground">
            <Prose text={op.description} />
          </p>
        )}
      </div>
      {op.parameters.length > 0 && (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Parameters</p>
          <dl className="divide-y divide-border rounded-xl border border-border text-sm">
            {op.parameters.map((p) => (
              <div key={`${p.in}-${p.name}`} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr]">
                <dt className="font-mono text-xs break-all">
                  {p.name} <span className="text-muted-foreground">({p.in})</span>
                </dt>
                <dd>
                  <span className="font-mono text-xs text-muted-foreground">{typeLabel(doc, p.schema)}</span>
                  {p.description && (
                    <p className="mt-1">
                      <Prose text={p.description} />
                    </p>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {bodies.map(([type, { schema }]) => (
        <div key={type} className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            Body <span className="font-mono text-xs text-muted-foreground">{type}</span>
          </p>
          <Fields doc={doc} schema={schema} />
        </div>
      ))}
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Responses</p>
        <ul className="flex flex-col gap-1 text-sm">
          {Object.entries(op.responses).map(([status, r]) => (
            <li key={status} className="flex gap-3">
              <span className="w-10 shrink-0 font-mono text-xs">{status}</span>
              <span className="text-muted-foreground">
                <Prose text={r.description} />
              </span>
            </li>
          ))}
        </ul>
      </div>
      {examples.map((e) => (
        <ExampleTabs key={e.id} example={e} />
      ))}
    </Card>
  );
}

/** /docs/api: the public API's reference, rendered from /api/v1/openapi.json, with copy-paste examples. */
export function ApiDocsPage() {
  const {
    data: doc,
    error,
    isPending,
  } = useQuery({
    queryKey: ['openapi'],
    queryFn: () => api.get<OpenApiDocument>('/v1/openapi.json', { anonymous: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const examples = apiExamples();
  // The prerendered page names the production address; the browser shows the one it is on.
  const origin = useClientValue(() => window.location.origin, 'https://lift3d.app');

  return (
    <section className="mx-auto max-w-4xl px-4 pt-24 pb-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Lift3D API</h1>
      <p className="mt-2 text-muted-foreground">
        Convert images into 3D models from scripts, game pipelines and other apps, paid with your credits.
      </p>
      <Card className="mt-8 flex flex-col gap-3 p-5 sm:p-6">
        <h2 className="text-xl font-semibold">Getting started</h2>
        <p className="text-sm">
          Create a key in{' '}
          <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
            Profile → Developers
          </Link>{' '}
          and put it and the API address in your environment. Every example below reads them.
        </p>
        <CodeBlock
          label="environment"
          code={`export LIFT3D_API=${origin}/api\nexport LIFT3D_API_KEY=l3d_…  # your key, shown once when created`}
        />
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          <li>A conversion costs the same credits as in the studio; a failed one is refunded.</li>
          <li>
            Every model stands upright: +Y is up (Z up in STL and 3MF), the side the photo shows faces +Z, its
            lowest point rests on the floor (y = 0) and it is centred over the origin.
          </li>
          <li>
            Repeat a create request with the same <code className="font-mono text-xs">Idempotency-Key</code>{' '}
            and you get the same conversion back, charged once.
          </li>
          <li>
            Each key may make a fixed number of requests per minute; every answer carries{' '}
            <code className="font-mono text-xs">RateLimit-Limit</code>,{' '}
            <code className="font-mono text-xs">RateLimit-Remaining</code> and{' '}
            <code className="font-mono text-xs">RateLimit-Reset</code>, and a 429 says when to retry in{' '}
            <code className="font-mono text-xs">Retry-After</code>.
          </li>
        </ul>
      </Card>

      {isPending && <div className="mt-6 h-40 animate-pulse rounded-2xl bg-muted" />}
      {error && (
        <p className="mt-6 text-sm text-destructive">
          The API reference could not be loaded: {error instanceof Error ? error.message : String(error)}
        </p>
      )}
      {doc && (
        <>
          <Card className="mt-6 flex flex-col gap-3 p-5 sm:p-6" id="errors">
            <h2 className="text-xl font-semibold">Errors</h2>
            <p className="text-sm">
              Every error is{' '}
              <code className="font-mono text-xs">{'{"error": {"code": "…", "message": "…"}}'}</code>. Branch
              on the code; the message is for people.
            </p>
            <ul className="flex flex-wrap gap-2" aria-label="Error codes">
              {(doc['x-error-codes'] ?? []).map((code) => (
                <li key={code}>
                  <Badge variant="outline" className="font-mono">
                    {code}
                  </Badge>
                </li>
              ))}
            </ul>
          </Card>
          <h2 className="mt-10 text-2xl font-semibold">Endpoints</h2>
          <div className="mt-4 flex flex-col gap-6">
            {operations(doc).map((op) => (
              <OperationCard
                key={op.operationId}
                doc={doc}
                op={op}
                examples={examples.filter(
                  (e) => e.operationId === op.operationId && (e.id !== 'download' || op.method === 'GET'),
                )}
              />
            ))}
          </div>
          <h2 className="mt-10 text-2xl font-semibold">Webhooks</h2>
          <Card className="mt-4 flex flex-col gap-4 p-5 sm:p-6" id="webhooks" data-testid="webhooks">
            <p className="text-sm">
              <Prose text={doc.webhooks?.generationFinished?.post?.description} />
            </p>
            <Fields doc={doc} schema={doc.components.schemas.WebhookEvent} />
            <CodeBlock
              label="example event"
              code={JSON.stringify(
                {
                  id: 'evt_2f6c1d1e-4b7a-4c1e-9d55-2b8f0f6f3a10',
                  type: 'generation.completed',
                  created_at: '2026-11-25T10:00:00.000Z',
                  data: {
                    generation_id: '8e2b1a52-77a4-4c3f-a0a1-1c1f2d3e4f50',
                    status: 'completed',
                    error: null,
                  },
                },
                null,
                2,
              )}
            />
            <p className="text-sm font-medium">Verify the signature</p>
            <CodeBlock label="verification in JavaScript" code={WEBHOOK_VERIFY.javascript} />
            <CodeBlock label="verification in Python" code={WEBHOOK_VERIFY.python} />
          </Card>
          <p className="mt-8 text-sm text-muted-foreground">
            The machine-readable document:{' '}
            <a
              className="font-mono text-primary underline-offset-4 hover:underline"
              href="/api/v1/openapi.json"
            >
              /api/v1/openapi.json
            </a>{' '}
            (OpenAPI {doc.info.version ? `3.1, version ${doc.info.version}` : '3.1'}).
          </p>
        </>
      )}
    </section>
  );
}

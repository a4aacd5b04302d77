/**
 * The copy-paste examples of /docs/api, per operation, in curl, JavaScript and Python. One module for the
 * docs page and for the black-box test (local/test/public-api.test.ts), which runs these very curl
 * commands against the local stack, so an example that stops working fails a test.
 *
 * Every example reads `LIFT3D_API` (the API root, e.g. https://lift3d.app/api) and `LIFT3D_API_KEY` from the
 * environment; get, delete and download read `GENERATION_ID` and `DOWNLOAD_URL` too.
 */

export interface ExampleValues {
  /** The photo to upload, relative to the working directory. */
  imageFile: string;
  imageUrl: string;
  idempotencyKey: string;
  /** Where a download is saved. */
  outputFile: string;
}

const EXAMPLE_DEFAULTS: ExampleValues = {
  imageFile: 'chair.jpg',
  imageUrl: 'https://example.com/photos/chair.jpg',
  idempotencyKey: 'chair-0001',
  outputFile: 'chair.glb',
};

export type ExampleId =
  | 'createUpload'
  | 'createFromUrl'
  | 'getGeneration'
  | 'listGenerations'
  | 'download'
  | 'deleteGeneration'
  | 'createTurntable'
  | 'getBalance';

export interface Example {
  id: ExampleId;
  /** The OpenAPI operation the example calls. */
  operationId: string;
  title: string;
  curl: string;
  javascript: string;
  python: string;
}

const AUTH = '-H "Authorization: Bearer $LIFT3D_API_KEY"';
const JS_HEAD = `const api = process.env.LIFT3D_API;
const headers = { Authorization: \`Bearer \${process.env.LIFT3D_API_KEY}\` };`;
const PY_HEAD = `import os, requests

api = os.environ["LIFT3D_API"]
headers = {"Authorization": f"Bearer {os.environ['LIFT3D_API_KEY']}"}`;

/** Single quotes for a shell word (the values are ours, but a quote in one must not break the command). */
const sh = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

export function apiExamples(values: Partial<ExampleValues> = {}): Example[] {
  const v = { ...EXAMPLE_DEFAULTS, ...values };
  const json = JSON.stringify({ image_url: v.imageUrl, format: 'glb', topology: 'low' });
  return [
    {
      id: 'createUpload',
      operationId: 'createGeneration',
      title: 'Convert a photo (upload)',
      curl: `curl -sS -X POST "$LIFT3D_API/v1/generations" ${AUTH} \\
  -H ${sh(`Idempotency-Key: ${v.idempotencyKey}`)} \\
  -F image=@${sh(v.imageFile)} -F format=glb -F topology=low`,
      javascript: `import { readFile } from 'node:fs/promises';
${JS_HEAD}

const body = new FormData();
body.set('image', new Blob([await readFile(${JSON.stringify(v.imageFile)})]), ${JSON.stringify(v.imageFile)});
body.set('format', 'glb');
body.set('topology', 'low');
const res = await fetch(\`\${api}/v1/generations\`, {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': ${JSON.stringify(v.idempotencyKey)} },
  body,
});
const { generation } = await res.json();
console.log(generation.id, generation.status);`,
      python: `${PY_HEAD}

with open(${JSON.stringify(v.imageFile)}, "rb") as image:
    res = requests.post(
        f"{api}/v1/generations",
        headers={**headers, "Idempotency-Key": ${JSON.stringify(v.idempotencyKey)}},
        files={"image": image},
        data={"format": "glb", "topology": "low"},
    )
generation = res.json()["generation"]
print(generation["id"], generation["status"])`,
    },
    {
      id: 'createFromUrl',
      operationId: 'createGeneration',
      title: 'Convert a photo from a URL',
      curl: `curl -sS -X POST "$LIFT3D_API/v1/generations" ${AUTH} \\
  -H "Content-Type: application/json" \\
  -d ${sh(json)}`,
      javascript: `${JS_HEAD}

const res = await fetch(\`\${api}/v1/generations\`, {
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(${json}),
});
const { generation } = await res.json();`,
      python: `${PY_HEAD}

res = requests.post(f"{api}/v1/generations", headers=headers, json=${json.replaceAll('":', '": ').replaceAll(',"', ', "')})
generation = res.json()["generation"]`,
    },
    {
      id: 'getGeneration',
      operationId: 'getGeneration',
      title: 'Wait for the conversion',
      curl: `curl -sS "$LIFT3D_API/v1/generations/$GENERATION_ID" ${AUTH}`,
      javascript: `${JS_HEAD}

let generation;
do {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const res = await fetch(\`\${api}/v1/generations/\${process.env.GENERATION_ID}\`, { headers });
  ({ generation } = await res.json());
  // progress is a fraction from 0 to 1 (1 when completed).
  console.log(generation.status, \`\${Math.round(generation.progress * 100)} %\`, generation.stage);
} while (generation.status === 'queued' || generation.status === 'processing');`,
      python: `import time
${PY_HEAD}

while True:
    res = requests.get(f"{api}/v1/generations/{os.environ['GENERATION_ID']}", headers=headers)
    generation = res.json()["generation"]
    # progress is a fraction from 0 to 1 (1 when completed).
    print(generation["status"], f"{round(generation['progress'] * 100)} %", generation["stage"])
    if generation["status"] in ("completed", "failed"):
        break
    time.sleep(3)`,
    },
    {
      id: 'download',
      operationId: 'getGeneration',
      title: 'Download a file',
      curl: `curl -sS -f -o ${sh(v.outputFile)} "$DOWNLOAD_URL"`,
      javascript: `import { writeFile } from 'node:fs/promises';

// generation.downloads has a signed link per format (glb, gltf, obj, fbx, stl, usdz, 3mf, mp4).
const res = await fetch(process.env.DOWNLOAD_URL);
await writeFile(${JSON.stringify(v.outputFile)}, new Uint8Array(await res.arrayBuffer()));`,
      python: `import os, requests

# generation["downloads"] has a signed link per format (glb, gltf, obj, fbx, stl, usdz, 3mf, mp4).
res = requests.get(os.environ["DOWNLOAD_URL"])
res.raise_for_status()
with open(${JSON.stringify(v.outputFile)}, "wb") as out:
    out.write(res.content)`,
    },
    {
      id: 'listGenerations',
      operationId: 'listGenerations',
      title: 'List your conversions',
      curl: `curl -sS "$LIFT3D_API/v1/generations?limit=20" ${AUTH}`,
      javascript: `${JS_HEAD}

let cursor = null;
do {
  const query = new URLSearchParams({ limit: '20', ...(cursor ? { cursor } : {}) });
  const page = await (await fetch(\`\${api}/v1/generations?\${query}\`, { headers })).json();
  for (const generation of page.data) console.log(generation.id, generation.status);
  cursor = page.next_cursor;
} while (cursor);`,
      python: `${PY_HEAD}

params = {"limit": 20}
while True:
    page = requests.get(f"{api}/v1/generations", headers=headers, params=params).json()
    for generation in page["data"]:
        print(generation["id"], generation["status"])
    if not page["next_cursor"]:
        break
    params["cursor"] = page["next_cursor"]`,
    },
    {
      id: 'deleteGeneration',
      operationId: 'deleteGeneration',
      title: 'Delete a conversion',
      curl: `curl -sS -X DELETE "$LIFT3D_API/v1/generations/$GENERATION_ID" ${AUTH}`,
      javascript: `${JS_HEAD}

await fetch(\`\${api}/v1/generations/\${process.env.GENERATION_ID}\`, { method: 'DELETE', headers });`,
      python: `${PY_HEAD}

requests.delete(f"{api}/v1/generations/{os.environ['GENERATION_ID']}", headers=headers)`,
    },
    {
      id: 'createTurntable',
      operationId: 'createTurntable',
      title: 'Make the turntable video of a finished model (free)',
      curl: `curl -sS -X POST "$LIFT3D_API/v1/generations/$GENERATION_ID/video" ${AUTH}`,
      javascript: `${JS_HEAD}

const url = \`\${api}/v1/generations/\${process.env.GENERATION_ID}\`;
await fetch(\`\${url}/video\`, { method: 'POST', headers });
let { generation } = await (await fetch(url, { headers })).json();
while (generation.turntable.status === 'rendering') {
  await new Promise((r) => setTimeout(r, 3000));
  ({ generation } = await (await fetch(url, { headers })).json());
}
console.log(generation.turntable.status === 'ready' ? generation.downloads.mp4 : generation.turntable.error);`,
      python: `${PY_HEAD}
import time

url = f"{api}/v1/generations/{os.environ['GENERATION_ID']}"
requests.post(f"{url}/video", headers=headers)
generation = requests.get(url, headers=headers).json()["generation"]
while generation["turntable"]["status"] == "rendering":
    time.sleep(3)
    generation = requests.get(url, headers=headers).json()["generation"]
print(generation["downloads"].get("mp4") or generation["turntable"]["error"])`,
    },
    {
      id: 'getBalance',
      operationId: 'getBalance',
      title: 'Check your credits',
      curl: `curl -sS "$LIFT3D_API/v1/balance" ${AUTH}`,
      javascript: `${JS_HEAD}

const { credits } = await (await fetch(\`\${api}/v1/balance\`, { headers })).json();`,
      python: `${PY_HEAD}

credits = requests.get(f"{api}/v1/balance", headers=headers).json()["credits"]`,
    },
  ];
}

/** Verifying a webhook's `Lift3D-Signature` (documented with the event in the OpenAPI document). */
export const WEBHOOK_VERIFY = {
  javascript: `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (before JSON parsing).
export function verify(rawBody, header, secret) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));
}`,
  python: `import hashlib, hmac, time

# raw_body: the request body as bytes, exactly as received.
def verify(raw_body: bytes, header: str, secret: str) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = int(parts.get("t", "0"))
    if abs(time.time() - t) > 300:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`,
};

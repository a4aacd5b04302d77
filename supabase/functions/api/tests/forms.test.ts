import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `forms: ${name}`, fn, sanitizeOps: false, sanitizeResources: false });
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
/** A fresh client IP per test, so the per-IP limit of one test never touches another. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function stored(email: string) {
  return await sql`
    select m.kind, m.email, m.payload, m.user_id, m.ip_hash, o.to_address, o.reply_to, o.subject, o.text_body,
           o.html_body, o.kind as mail_kind
      from public.messages m left join public.mail_outbox o on o.id = m.mail_id
     where m.email = ${email} order by m.id`;
}

test('a contact message is stored with its notification mail', async () => {
  const email = unique('contact');
  const res = await post('/contact', {
    name: '  Ada Lovelace ',
    email: email.toUpperCase(),
    subject: 'Invoice',
    message: 'Could you send the invoice for my Professional pack?',
  });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { success: true });
  const [row, ...more] = await stored(email);
  assert.equal(more.length, 0);
  assert.equal(row.kind, 'contact');
  assert.deepEqual(row.payload, {
    name: 'Ada Lovelace',
    subject: 'Invoice',
    message: 'Could you send the invoice for my Professional pack?',
  });
  assert.match(row.ip_hash, /^[0-9a-f]{64}$/);
  assert.equal(row.user_id, null);
  assert.equal(row.subject, 'Contact: Invoice');
  assert.equal(row.reply_to, email);
  assert.equal(row.mail_kind, 'contact');
  assert.match(row.text_body, /From: Ada Lovelace <.*>\nSubject: Invoice\n\nCould you send the invoice/);
  assert.equal(row.html_body, null);
});

test('a waitlist signup queues the "Mobile App Waitlist Signup" mail, once per address', async () => {
  const email = unique('wait');
  assert.equal((await post('/waitlist', { email })).status, 201);
  assert.equal((await post('/waitlist', { email: ` ${email} ` })).status, 201);
  const rows = await stored(email);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].subject, 'Mobile App Waitlist Signup');
  assert.match(rows[0].text_body, new RegExp(`Email: ${email}`));
  assert.deepEqual(rows[0].payload, {});
});

test('a job application keeps every field and the signed-in applicant', async () => {
  const user = await createUser(sql);
  const email = unique('cv');
  const application = {
    role: 'Senior Graphics Engineer',
    full_name: 'Grace Hopper',
    email,
    location: 'Lisbon',
    years_experience: '8',
    linkedin: 'https://linkedin.com/in/grace',
    portfolio: 'https://grace.example',
    github: 'https://github.com/grace',
    resume_url: 'https://grace.example/cv.pdf',
    compensation: '€90k',
    availability: '1 month',
    skills_summary: 'WebGL, mesh processing',
  };
  const res = await post('/careers/apply', application, { authorization: `Bearer ${await tokenFor(user)}` });
  assert.equal(res.status, 201);
  const [row] = await stored(email);
  assert.deepEqual(row.payload, application);
  assert.equal(row.user_id, user.id);
  assert.equal(row.subject, 'Job application: Senior Graphics Engineer (Grace Hopper)');
  assert.match(row.text_body, /Location: Lisbon\nYears of experience: 8\n/);
  assert.match(row.text_body, /Skills \/ highlights:\nWebGL, mesh processing/);
});

test('an application without a role is a General Application; empty optional fields are allowed', async () => {
  const email = unique('general');
  assert.equal((await post('/careers/apply', { full_name: 'Alan', email })).status, 201);
  const [row] = await stored(email);
  assert.equal(row.payload.role, 'General Application');
  assert.equal(row.payload.location, '');
  assert.match(row.text_body, /Location: -/);
});

test('invalid input gets a 400 that names the field, and nothing is stored', async () => {
  const email = unique('bad');
  const cases: [string, unknown, RegExp][] = [
    ['/contact', { email, subject: 's', message: 'm' }, /^name: Name is required\.$/],
    ['/contact', { name: ' ', email, subject: 's', message: 'm' }, /^name: Name is required\.$/],
    [
      '/contact',
      { name: 'n', email: 'nope', subject: 's', message: 'm' },
      /^email: Please enter a valid email address\.$/,
    ],
    [
      '/contact',
      { name: 'n', email, subject: 's', message: 'x'.repeat(5001) },
      /^message: Message must be at most 5000/,
    ],
    ['/waitlist', {}, /^email: Email is required\.$/],
    ['/careers/apply', { email }, /^full_name: Full name is required\.$/],
    ['/careers/apply', { full_name: 'A', email, linkedin: 42 }, /^linkedin: LinkedIn URL must be text\.$/],
    ['/waitlist', '{not json', /valid JSON/],
  ];
  for (const [path, body, message] of cases) {
    const res = await post(path, body);
    assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
    assert.match((await res.json()).error, message);
  }
  assert.equal((await stored(email)).length, 0);
});

test('a filled honeypot gets the same 201 and stores nothing', async () => {
  const email = unique('bot');
  const before = await sql`select count(*)::int as n from public.mail_outbox`;
  for (const [path, body] of [
    ['/contact', { name: 'Bot', email, subject: 'Buy', message: 'Cheap', website: 'http://spam.example' }],
    ['/waitlist', { email, website: 'x' }],
    ['/careers/apply', { full_name: 'Bot', email, website: 'x' }],
  ] as const) {
    const res = await post(path, body);
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { success: true });
  }
  assert.equal((await stored(email)).length, 0);
  const after = await sql`select count(*)::int as n from public.mail_outbox`;
  assert.equal(after[0].n, before[0].n);
});

test('one address may send 3 messages per window, then 429 with a clear message', async () => {
  const email = unique('busy');
  for (let i = 0; i < 3; i++) {
    assert.equal((await post('/contact', { name: 'B', email, subject: `#${i}`, message: 'm' })).status, 201);
  }
  const res = await post('/contact', { name: 'B', email, subject: '#4', message: 'm' });
  assert.equal(res.status, 429);
  assert.equal((await res.json()).error, 'Too many messages. Please try again in a few minutes.');
  assert.equal((await stored(email)).length, 3);
});

test('one IP address may send 10 messages per window, whatever the addresses', async () => {
  const ip = freshIp();
  for (let i = 0; i < 10; i++) {
    // What the client put in front of the trusted proxy's entry changes nothing.
    const res = await post(
      '/waitlist',
      { email: unique(`ip${i}`) },
      { 'x-forwarded-for': `${freshIp()}, ${ip}` },
    );
    assert.equal(res.status, 201);
  }
  const blocked = await post('/waitlist', { email: unique('ip10') }, { 'x-forwarded-for': ip });
  assert.equal(blocked.status, 429);
  assert.equal(
    (await post('/waitlist', { email: unique('other-ip') })).status,
    201,
    'other IPs are unaffected',
  );
});

test('the message and its mail are one transaction: a mail that cannot be queued stores no message', async () => {
  const email = unique('atomic');
  await sql`update public.settings set value = '"x"' where key = 'mail.team_address'`;
  try {
    const res = await post('/contact', { name: 'A', email, subject: 's', message: 'm' });
    assert.ok(res.status >= 400, `expected a failure, got ${res.status}`);
    assert.match((await res.json()).error, /./);
  } finally {
    await sql`update public.settings set value = '"hello@lift3d.app"' where key = 'mail.team_address'`;
  }
  assert.equal((await stored(email)).length, 0);
  assert.equal((await post('/contact', { name: 'A', email, subject: 's', message: 'm' })).status, 201);
});

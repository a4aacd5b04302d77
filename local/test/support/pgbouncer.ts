/**
 * PgBouncer (Debian's `pgbouncer`, installed by .ci/run) in transaction mode in front of a test database,
 * with its own config and port in a temp dir: how Supabase's transaction pooler (Supavisor, port 6543)
 * hands each transaction any server connection. Two server connections at most, so a test can make a
 * client's next transaction land on another one on purpose.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARY = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

export interface Pooler {
  /** Same database, user and password as `target`, through the pooler. */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/** 1.21 added protocol-level prepared statements (max_prepared_statements); older ones have none. */
function version(): [number, number] {
  if (!existsSync(BINARY)) {
    throw new Error(
      `pgbouncer: ${BINARY} is missing; install Debian's pgbouncer (.ci/run does) or set PGBOUNCER`,
    );
  }
  const out = execFileSync(BINARY, ['--version'], { encoding: 'utf8' });
  const m = /PgBouncer (\d+)\.(\d+)/i.exec(out);
  if (!m) throw new Error(`pgbouncer: cannot read the version from '${out.trim()}'`);
  return [Number(m[1]), Number(m[2])];
}

export async function startPgbouncer(target: string): Promise<Pooler> {
  const url = new URL(target);
  const dir = await mkdtemp(join(tmpdir(), 'pgbouncer-'));
  // PgBouncer refuses to run as root; it drops to the postgres user, who must read these files.
  await chmod(dir, 0o755);
  const port = await freePort();
  const database = url.pathname.slice(1);
  const user = decodeURIComponent(url.username || 'postgres');
  const [major, minor] = version();
  const ini = [
    '[databases]',
    `${database} = host=${url.hostname} port=${url.port || 5432} dbname=${database} user=${user}` +
      (url.password ? ` password=${decodeURIComponent(url.password)}` : ''),
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = any',
    'pool_mode = transaction',
    'default_pool_size = 2',
    'max_client_conn = 100',
    // Supavisor's transaction mode as the strict case: no help with named prepared statements.
    ...(major > 1 || minor >= 21 ? ['max_prepared_statements = 0'] : []),
    'ignore_startup_parameters = extra_float_digits,options',
    'server_reset_query =',
    'log_connections = 0',
    'log_disconnections = 0',
  ].join('\n');
  const iniPath = join(dir, 'pgbouncer.ini');
  await writeFile(iniPath, `${ini}\n`, { mode: 0o644 });
  const args = process.getuid?.() === 0 ? ['-u', 'postgres', iniPath] : [iniPath];
  const child: ChildProcess = spawn(BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when it accepts connections; bounded, and a crash ends the wait at once.
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start: ${stderr.trim().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pooled = new URL(target);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  return {
    url: pooled.toString(),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run worker:image`: builds the worker's OCI image from worker/Dockerfile with whichever builder this
 * machine has — Docker with a running daemon, else buildah, else podman (both daemonless: Debian's
 * `apt-get install buildah`) — in Docker's image format, which keeps the HEALTHCHECK (OCI drops it). Then
 * reads the built image back and fails unless it runs the worker, probes its healthcheck and stops it
 * with SIGTERM.
 *
 *   npm run worker:image                       # tag lift3d-worker
 *   npm run worker:image -- --tag my/worker:1  # another tag
 *   NODE_IMAGE=… npm run worker:image          # another Node 20 base (a mirror of node:20-bookworm-slim)
 *   npm run worker:image -- --tag x -- --storage-driver vfs   # options for the builder itself
 *
 * buildah where overlay mounts and namespaces are not allowed (a sandbox, a CI runner) works with
 * BUILDAH_ISOLATION=chroot and `-- --storage-driver vfs` (global options before the builder's command).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const tagAt = args.indexOf('--tag');
const tag = tagAt >= 0 ? args[tagAt + 1] : 'lift3d-worker';
/** Everything after a second `--`: the builder's own global options (buildah --storage-driver vfs …). */
const globalAt = args.indexOf('--');
const globals = globalAt >= 0 ? args.slice(globalAt + 1) : [];
const base = process.env.NODE_IMAGE;

const works = (command: string, argv: string[]) =>
  spawnSync(command, argv, { stdio: 'ignore', timeout: 30_000 }).status === 0;

function pickBuilder(): 'docker' | 'buildah' | 'podman' {
  if (works('docker', ['info'])) return 'docker';
  if (works('buildah', ['--version'])) return 'buildah';
  if (works('podman', ['--version'])) return 'podman';
  console.error(
    'worker:image: no image builder here. Start Docker, or install a daemonless one: apt-get install buildah',
  );
  process.exit(1);
}

const builder = pickBuilder();
const build = [
  ...globals,
  'build',
  // As `docker build`: the base image is pulled only when it is not here yet.
  ...(builder === 'docker' ? [] : ['--format', 'docker', '--pull=false']),
  ...(base ? ['--build-arg', `NODE_IMAGE=${base}`] : []),
  '-f',
  'worker/Dockerfile',
  '-t',
  tag,
  '.',
];
console.log(`worker:image: ${builder} ${build.join(' ')}`);
const built = spawnSync(builder, build, { cwd: root, stdio: 'inherit' });
if (built.status !== 0) {
  console.error(`worker:image: ${builder} build failed (exit ${built.status ?? built.signal})`);
  process.exit(1);
}

// What an orchestrator will read from the image.
const inspect = spawnSync(builder, [...globals, 'inspect', tag], { encoding: 'utf8' });
if (inspect.status !== 0) {
  console.error(`worker:image: cannot inspect ${tag}: ${inspect.stderr}`);
  process.exit(1);
}
const parsed = JSON.parse(inspect.stdout);
const image = Array.isArray(parsed) ? parsed[0] : parsed;
// docker and podman: Config; buildah: Docker.config (its own Config is the raw JSON as a string).
const config = image.Docker?.config ?? (typeof image.Config === 'object' ? image.Config : {});
const problems: string[] = [];
const cmd = JSON.stringify(config.Cmd);
if (cmd !== JSON.stringify(['node', '--import', 'tsx', 'worker/src/main.ts']))
  problems.push(`CMD is ${cmd}, not the worker`);
const health = JSON.stringify(config.Healthcheck?.Test ?? null);
if (health !== JSON.stringify(['CMD', 'node', '--import', 'tsx', 'worker/src/healthcheck.ts']))
  problems.push(`HEALTHCHECK is ${health}, not worker/src/healthcheck.ts`);
if ((config.StopSignal ?? 'SIGTERM') !== 'SIGTERM') problems.push(`STOPSIGNAL is ${config.StopSignal}`);
if (problems.length) {
  console.error(`worker:image: ${tag} was built but is wrong:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `worker:image: ${tag} runs ${cmd}, HEALTHCHECK ${health} every ${(config.Healthcheck.Interval ?? 0) / 1e9} s, stops with SIGTERM`,
);

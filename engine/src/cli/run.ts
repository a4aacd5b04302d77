/** Process entry of img3d (loaded by bin/img3d.js through tsx). */
import { runCli } from './main.ts';

const code = await runCli(process.argv.slice(2), {
  stderr: (s) => process.stderr.write(s),
  stdout: (s) => process.stdout.write(s),
});
process.exitCode = code;

/** `npm run admin -- <command>`: a client of the admin API of a running server (see `--help`). */
import { runCli } from './cli-run';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});

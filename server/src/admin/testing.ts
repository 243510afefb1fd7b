/** Test support: the admin CLI run in-process against a server, its output captured. */
import { runCli } from './cli-run';

/** What one CLI run printed and its exit code. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * A runner of the admin CLI against the server at `url` with `adminToken`; `env` of a run adds to (or, with
 * undefined, takes away from) that environment.
 */
export function cliAgainst(url: () => string, adminToken: string) {
  return async (argv: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      env: { TRADEKIT_URL: url(), ADMIN_TOKEN: adminToken, ...env },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
}

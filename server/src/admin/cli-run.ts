import {
  AdminBlockUser,
  AdminCreditUser,
  AdminEndAllSessions,
  AdminEndUserSessions,
  AdminLedgerCheck,
  AdminListUsers,
  AdminProhibitTrading,
  AdminResetSecondFactor,
  AdminUnblockUser,
} from '../../../src/core/contract/admin';
import { AdminSendNotification } from '../../../src/core/contract/notifications';
import {
  AddOperator,
  DisableOperator,
  ListOperators,
  ResetOperatorPassword,
} from '../../../src/core/contract/backoffice';
import { OPERATOR_ROLES, type OperatorRole } from '../../../src/core/contract/endpoint';
import { fillPath, pathParams, SERVICE_ROOT, type Endpoint } from '../../../src/core/contract/endpoint';
import {
  formatLedgerCheck,
  formatOperators,
  formatUsers,
  type LedgerReport,
  type OperatorList,
  type UserPage,
} from './cli-format';

/** Where the CLI writes and what it reads (tests pass their own). */
export interface CliIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

/** Exit codes: success, a failed command (API error, unreachable server, ledger mismatch), bad usage. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const DEFAULT_URL = 'http://localhost:8080';
const TIMEOUT_MS = 15_000;

/** The `npm run admin -- --help` text. */
export const USAGE = `Usage: npm run admin -- <command> [arguments] [--json]

Administer a running TradeKit server through its admin API.

Commands:
  users:list [query] [--page N]          List users, newest first; query matches a uid exactly or part of an
                                         email, phone or nickname
  users:block <uid>                      Block a user and end all their sessions
  users:unblock <uid>                    Allow a blocked user to sign in again
  users:sign-out <uid>                   End every session of a user (they may sign in again)
  sessions:end-all --reason TEXT         End every trader session of every brand (audited with the reason)
  users:reset-2fa <uid> --note TEXT      Turn off a user's lost second factor once their identity is checked;
                                         ends their sessions and mails them (the note says how it was checked)
  users:prohibit <uid>                   Prohibit a user from trading (orders answer 405)
  users:allow <uid>                      Allow a prohibited user to trade again
  users:credit <uid> <amount> [real|demo] [--note TEXT]
                                         Credit an account (default real) against the house account
  notify:send <uid> <title> <content>    Send a user a "new message" notification (629012)
  ledger:check                           Check ledger conservation (exit code 1 on any mismatch)
  operators:add <email> --roles R[,R…] [--name NAME]
                                         Create a back-office operator (roles: ${OPERATOR_ROLES.join(', ')});
                                         prints the TOTP secret, and the password when OPERATOR_PASSWORD
                                         is not set, once. The operator replaces that first password at
                                         the first sign-in; unused, it expires after 72 hours
  operators:list                         List back-office operators
  operators:disable <id>                 Disable an operator and end their sessions
  operators:reset-password <id>          Give an operator a new first password (OPERATOR_PASSWORD, or
                                         generated and printed once) and end their sessions

Options:
  --json        Print the raw JSON answer
  -h, --help    Show this help

Environment:
  TRADEKIT_URL  Server origin (default ${DEFAULT_URL})
  ADMIN_TOKEN   The server's admin token (required)
  OPERATOR_PASSWORD  The first password of operators:add and operators:reset-password (at least 12
                     characters, not a common password, no brand name or the email's own name; else one
                     is generated)

Exit codes: 0 success, 1 command failed or ledger mismatch, 2 bad usage or configuration.`;

class UsageError extends Error {}
class CommandError extends Error {}

interface Parsed {
  command: string;
  args: string[];
  json: boolean;
  options: Record<string, string>;
}

function parse(argv: string[]): Parsed | 'help' {
  const args: string[] = [];
  const options: Record<string, string> = {};
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help' || arg === 'help') return 'help';
    if (arg === '--json') json = true;
    else if (['--page', '--note', '--roles', '--name', '--reason'].includes(arg)) {
      const value = argv[(i += 1)];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      options[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else args.push(arg);
  }
  const [command, ...rest] = args;
  if (!command) throw new UsageError('no command given');
  return { command, args: rest, json, options };
}

/** Calls the admin API; returns `data` of a code-0 envelope, else throws a readable CommandError. */
async function call(
  io: CliIo,
  endpoint: Endpoint,
  input: Record<string, unknown> = {},
  query = '',
): Promise<unknown> {
  const method = endpoint.methods[0] ?? 'POST';
  const path = `${SERVICE_ROOT[endpoint.service]}/${fillPath(endpoint.path, input)}${query}`;
  // Path segments travel in the path; a POST sends the rest as its JSON body (`{}` when nothing is left).
  const names = new Set(pathParams(endpoint.path));
  const body =
    method === 'POST'
      ? Object.fromEntries(Object.entries(input).filter(([name]) => !names.has(name)))
      : undefined;
  const token = io.env.ADMIN_TOKEN?.trim();
  if (!token) throw new UsageError('ADMIN_TOKEN is not set');
  const base = (io.env.TRADEKIT_URL?.trim() || DEFAULT_URL).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        // The audit log names the CLI as the actor of its changes.
        'x-tk-admin-client': 'cli',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new CommandError(`cannot reach ${base}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  if (response.status === 401)
    throw new CommandError(`the server at ${base} refused the admin token (HTTP 401)`);
  const envelope = (await response.json().catch(() => null)) as {
    code?: number;
    msg?: string;
    data?: unknown;
  } | null;
  if (!envelope || typeof envelope.code !== 'number') {
    throw new CommandError(`unexpected answer from ${base}${path} (HTTP ${response.status})`);
  }
  if (envelope.code !== 0) throw new CommandError(`${envelope.msg ?? 'failed'} (code ${envelope.code})`);
  return envelope.data;
}

const UID = /^[0-9A-Za-z]{1,32}$/;
const AMOUNT = /^\d+(\.\d+)?$/;

function uidArg(args: string[], command: string): string {
  const uid = args[0];
  if (!uid || !UID.test(uid)) throw new UsageError(`${command} needs a uid`);
  return uid;
}

function operatorIdArg(args: string[], command: string): string {
  const id = args[0];
  if (!id || !/^[1-9]\d{0,17}$/.test(id)) throw new UsageError(`${command} needs an operator id`);
  return id;
}

/** The line under a first password: the operator replaces it at the first sign-in, before it expires. */
const firstPasswordNote = (expiresAt: number) =>
  `The operator chooses their own password at the first sign-in; this one stops working at ` +
  `${new Date(expiresAt).toISOString()}.`;

/** Prints an answer: its raw JSON with `--json`, else the lines `format` makes of it. */
type Print = (data: unknown, format: (value: never) => string[]) => void;

function printer(io: CliIo, json: boolean): Print {
  return (data, format) => {
    const lines = json ? [JSON.stringify(data, null, 2)] : format(data as never);
    for (const line of lines) io.out(line);
  };
}

async function run(io: CliIo, parsed: Parsed): Promise<number> {
  const { command, args, json, options } = parsed;
  const print = printer(io, json);
  if (command.startsWith('operators:')) return runOperators(io, parsed, print);
  switch (command) {
    case 'users:list': {
      const query = new URLSearchParams({ query: args[0] ?? '', page: options.page ?? '1' });
      if (!/^[1-9]\d*$/.test(options.page ?? '1')) throw new UsageError('--page needs a positive integer');
      print(await call(io, AdminListUsers, {}, `?${query}`), (page: UserPage) => formatUsers(page));
      return EXIT.ok;
    }
    case 'users:block':
    case 'users:unblock': {
      const uid = uidArg(args, command);
      const action = command === 'users:block' ? 'block' : 'unblock';
      const data = (await call(io, action === 'block' ? AdminBlockUser : AdminUnblockUser, { uid })) as {
        revokedSessions: number;
      };
      print(data, () => [
        action === 'block'
          ? `Blocked ${uid}; ended ${data.revokedSessions} session(s).`
          : `Unblocked ${uid}.`,
      ]);
      return EXIT.ok;
    }
    case 'users:sign-out': {
      const uid = uidArg(args, command);
      const data = (await call(io, AdminEndUserSessions, { uid })) as { ended: number };
      print(data, () => [`Signed ${uid} out; ended ${data.ended} session(s).`]);
      return EXIT.ok;
    }
    case 'users:reset-2fa': {
      const uid = uidArg(args, command);
      if (!options.note)
        throw new UsageError('users:reset-2fa needs --note TEXT (how the identity was checked)');
      const data = (await call(io, AdminResetSecondFactor, { uid, note: options.note })) as {
        ended: number;
        mailed: boolean;
      };
      print(data, () => [
        `Second factor of ${uid} turned off; ended ${data.ended} session(s); ` +
          (data.mailed ? 'the user was mailed.' : 'no mail was sent (no email bound, or sending failed).'),
      ]);
      return EXIT.ok;
    }
    case 'sessions:end-all': {
      if (!options.reason) throw new UsageError('sessions:end-all needs --reason TEXT');
      const data = (await call(io, AdminEndAllSessions, { reason: options.reason })) as {
        ended: number;
        users: number;
      };
      print(data, () => [`Ended ${data.ended} session(s) of ${data.users} user(s).`]);
      return EXIT.ok;
    }
    case 'users:prohibit':
    case 'users:allow': {
      const uid = uidArg(args, command);
      const prohibited = command === 'users:prohibit';
      const data = await call(io, AdminProhibitTrading, { uid, prohibited });
      print(data, () => [prohibited ? `${uid} may no longer trade.` : `${uid} may trade again.`]);
      return EXIT.ok;
    }
    case 'users:credit': {
      const uid = uidArg(args, command);
      const [, amount, account = 'real'] = args;
      if (!amount || !AMOUNT.test(amount))
        throw new UsageError('users:credit needs an amount like 100 or 25.50');
      if (account !== 'real' && account !== 'demo') throw new UsageError('the account is real or demo');
      const body = { uid, amount, account, ...(options.note ? { note: options.note } : {}) };
      const data = (await call(io, AdminCreditUser, body)) as Record<string, string>;
      print(data, () => [
        `Credited ${data.amount} USD to the ${account} account of ${uid}; balance ${data.balanceAmount} ` +
          `(transaction ${data.txnId}).`,
      ]);
      return EXIT.ok;
    }
    case 'notify:send': {
      const uid = uidArg(args, command);
      const [, title, content] = args;
      if (!title?.trim() || !content?.trim()) throw new UsageError('notify:send needs a title and a content');
      const data = (await call(io, AdminSendNotification, { uid, title, content })) as {
        id: string;
        unread: number;
      };
      print(data, () => [`Sent notification ${data.id} to ${uid}; ${data.unread} unread.`]);
      return EXIT.ok;
    }
    case 'ledger:check': {
      const report = (await call(io, AdminLedgerCheck)) as LedgerReport;
      print(report, (value: LedgerReport) => formatLedgerCheck(value));
      return report.ok ? EXIT.ok : EXIT.failed;
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/** The `operators:*` commands (the back office's accounts). */
async function runOperators(io: CliIo, { command, args, options }: Parsed, print: Print): Promise<number> {
  switch (command) {
    case 'operators:add': {
      const email = args[0];
      if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('operators:add needs an email');
      const roles = (options.roles ?? '').split(',').filter(Boolean);
      if (roles.length === 0 || !roles.every((role) => OPERATOR_ROLES.includes(role as OperatorRole))) {
        throw new UsageError(`--roles takes one or more of ${OPERATOR_ROLES.join(',')}`);
      }
      const password = io.env.OPERATOR_PASSWORD;
      const body = {
        email,
        roles: [...new Set(roles)],
        ...(options.name ? { name: options.name } : {}),
        ...(password ? { password } : {}),
      };
      const data = (await call(io, AddOperator, body)) as {
        operator: { id: string; email: string; roles: string[] };
        totpSecret: string;
        otpauthUri: string;
        password: string | null;
        passwordExpiresAt: number;
      };
      print(data, () => [
        `Added operator ${data.operator.id} <${data.operator.email}> with roles ${data.operator.roles.join(', ')}.`,
        ...(data.password ? [`Password (shown once): ${data.password}`] : []),
        firstPasswordNote(data.passwordExpiresAt),
        `TOTP secret (shown once): ${data.totpSecret}`,
        `Authenticator URI: ${data.otpauthUri}`,
      ]);
      return EXIT.ok;
    }
    case 'operators:reset-password': {
      const id = operatorIdArg(args, command);
      const password = io.env.OPERATOR_PASSWORD;
      const data = (await call(io, ResetOperatorPassword, { id, ...(password ? { password } : {}) })) as {
        operator: { email: string };
        password: string | null;
        passwordExpiresAt: number;
      };
      print(data, () => [
        `Reset the password of operator ${id} <${data.operator.email}>; their sessions are ended.`,
        ...(data.password ? [`Password (shown once): ${data.password}`] : []),
        firstPasswordNote(data.passwordExpiresAt),
      ]);
      return EXIT.ok;
    }
    case 'operators:list': {
      print(await call(io, ListOperators), (list: OperatorList) => formatOperators(list));
      return EXIT.ok;
    }
    case 'operators:disable': {
      const id = operatorIdArg(args, command);
      const data = (await call(io, DisableOperator, { id })) as { email: string };
      print(data, () => [`Disabled operator ${id} <${data.email}>; their sessions are ended.`]);
      return EXIT.ok;
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/** Runs one CLI invocation; resolves to its exit code (never throws). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed === 'help') {
      io.out(USAGE);
      return EXIT.ok;
    }
    return await run(io, parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\nRun with --help for usage.`);
      return EXIT.usage;
    }
    if (error instanceof CommandError) {
      io.err(`error: ${error.message}`);
      return EXIT.failed;
    }
    io.err(`error: ${(error as Error).message}`);
    return EXIT.failed;
  }
}

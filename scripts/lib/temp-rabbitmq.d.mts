/** How another process runs rabbitmqctl against a throw-away node. */
export interface RabbitmqControl {
  binDir: string;
  nodeName: string;
  env: Record<string, string>;
}

/** A running throw-away RabbitMQ node (see temp-rabbitmq.mjs). */
export interface TempRabbitmq {
  /** The server's Web-STOMP URL, with the publisher's credentials. */
  url: string;
  /** The browsers' Web-STOMP URL (no credentials: Web-STOMP's default user, read-only). */
  publicUrl: string;
  webStompPort: number;
  nodeName: string;
  publisherPassword: string;
  browserPassword: string;
  /** Milliseconds from launch until Web-STOMP accepted connections. */
  startMs: number;
  control: RabbitmqControl;
  ctl(args: string[]): string;
  stop(): void;
}

export const RABBITMQ_PLUGINS: readonly string[];
/** What rabbitmq-server prints on its standard output once its listeners are up. */
export const STARTED_LINE: RegExp;
/** Resolves once `file` holds `pattern`, woken by the file's change events; rejects when `exited` settles or at `deadline`. */
export function waitForOutput(
  file: string,
  pattern: RegExp,
  exited: Promise<unknown>,
  deadline: number,
  what?: string,
): Promise<void>;
export function findRabbitmqBin(): string | null;
export function startTempRabbitmq(binDir: string, options?: { timeoutMs?: number }): Promise<TempRabbitmq>;
export function rabbitmqctlFor(control: RabbitmqControl, args: string[]): string;
export function marketDefinitions(passwords: { publisherPassword: string; browserPassword: string }): object;
export function marketConfig(options: {
  webStompPort: number;
  definitionsFile: string;
  browserPassword: string;
}): string;

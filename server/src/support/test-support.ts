/** Test helpers of the support suites: multipart sends over HTTP, operators with sessions, admin calls. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_COOKIE, OPERATOR_CSRF_HEADER } from '../../../src/core/contract/backoffice';
import type { Envelope } from '../../../src/core/contract/envelope';
import type { SupportMessage, SupportSent } from '../../../src/core/contract/support';
import { ADMIN_TOKEN } from '../accounts/test-app';

/** A tiny PNG: the signature is what the content check reads. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);

/** Who calls: a trader's bearer token, a visitor's cookie, an operator's session, or the admin token. */
export type Caller =
  { token: string } | { cookie: string } | { operator: string } | { admin: true } | Record<string, never>;

export function headersOf(caller: Caller): Record<string, string> {
  if ('token' in caller) return { authorization: `Bearer ${caller.token}` };
  if ('cookie' in caller) return { cookie: caller.cookie };
  if ('operator' in caller)
    return { cookie: `${OPERATOR_COOKIE}=${caller.operator}`, [OPERATOR_CSRF_HEADER]: '1' };
  if ('admin' in caller) return { authorization: `Bearer ${ADMIN_TOKEN}` };
  return {};
}

export interface MessageFields {
  text?: string;
  clientId?: string;
  image?: Buffer;
  imageName?: string;
}

/** POSTs a message as multipart form data (a fresh clientId unless given). */
export async function sendForm<T = SupportSent>(
  base: string,
  path: string,
  caller: Caller,
  fields: MessageFields,
): Promise<Envelope<T>> {
  const form = new FormData();
  if (fields.text !== undefined) form.set('text', fields.text);
  form.set('clientId', fields.clientId ?? randomUUID());
  if (fields.image)
    form.set('image', new Blob([new Uint8Array(fields.image)]), fields.imageName ?? 'photo.png');
  const res = await fetch(`${base}${path}`, { method: 'POST', body: form, headers: headersOf(caller) });
  return (await res.json()) as Envelope<T>;
}

/** A JSON call (POST with a body, or GET with a query). */
export async function call<T>(
  base: string,
  path: string,
  caller: Caller,
  body?: object,
  method: 'POST' | 'GET' = 'POST',
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headersOf(caller), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

/**
 * An operator with the `support` role (or the given roles) and a live session (a year, or until `expiresAt`);
 * answers the session token.
 */
export async function supportOperator(
  app: FastifyInstance,
  name: string,
  roles: string[] = ['support'],
  expiresAt = Date.now() + 3600_000 * 24 * 365,
): Promise<{ id: string; token: string }> {
  const { rows } = await app.db.query<{ id: string }>(
    `insert into operators (email, name, password_hash, roles, totp_sealed) values ($1, $2, 'x', $3::text[], 'x')
      returning id::text as id`,
    [`${randomUUID()}@ops.test`, name, roles],
  );
  const id = rows[0]?.id as string;
  const token = randomBytes(32).toString('base64url');
  await app.db.query(
    'insert into operator_sessions (token_hash, operator_id, expires_at) values ($1, $2, $3)',
    [createHash('sha256').update(token).digest('hex'), id, new Date(expiresAt)],
  );
  return { id, token };
}

/** Admin paths of one conversation. */
export const adminPath = (id: string, action?: string) =>
  `/admin/v1/support/conversations/${id}${action ? `/${action}` : ''}`;

/** Audit rows of a conversation, oldest first. */
export async function auditOf(
  app: FastifyInstance,
  id: string,
): Promise<Array<{ actor: string; action: string }>> {
  const { rows } = await app.db.query<{ actor: string; action: string }>(
    `select actor, action from audit_log where object_kind = 'support_conversation' and object_id = $1 order by id`,
    [id],
  );
  return rows;
}

export type { SupportMessage };

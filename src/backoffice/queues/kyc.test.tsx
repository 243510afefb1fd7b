// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminKycList, type AdminKyc } from '../../core/contract/kyc';
import english from '../../core/i18n/locales/en/backoffice/kyc.json';
import { BackofficeContext, type Backoffice, type Translate } from '../context';
import { IdentityLevel } from '../identity-level';
import type { KycItem } from './kyc';
import { kycFields, kycItem, queue } from './kyc';

const ADVANCED: AdminKyc = {
  id: '41',
  userUid: '12345678',
  brandId: 'tradekit',
  level: 'advanced',
  state: 'waiting',
  realName: 'Ada Lovelace',
  idCard: 'P1234567',
  idType: 1,
  authEmail: 'ada@example.test',
  images: {
    front: '/admin/v1/kyc/41/image/front',
    reverse: '/admin/v1/kyc/41/image/reverse',
    selfie: '/admin/v1/kyc/41/image/selfie',
  },
  reason: '',
  createdAt: 1_764_000_000_000,
  reviewedAt: null,
  reviewedBy: null,
};
const JUNIOR: AdminKyc = {
  ...ADVANCED,
  id: '42',
  level: 'junior',
  idType: null,
  authEmail: null,
  images: { front: null, reverse: null, selfie: null },
};

/** English of the queue's namespace, with `{{name}}` filled. */
const t: Translate = (key, vars = {}) => {
  const path = key.replace(/^backoffice\.queues\.kyc\./, '').split('.');
  let node: unknown = english.backoffice.queues.kyc;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars[name] ?? ''));
};

function withContext(
  children: React.ReactNode,
  call: Backoffice['call'] = async () => ({ ok: false }) as never,
) {
  const value: Backoffice = {
    call,
    t,
    language: 'en',
    toast: () => undefined,
    onSessionEnded: () => undefined,
    roles: ['compliance'],
    timeZone: 'UTC',
  };
  return <BackofficeContext.Provider value={value}>{children}</BackofficeContext.Provider>;
}

afterEach(cleanup);

describe('the identity queue', () => {
  it('is a compliance queue over the admin list of waiting submissions', async () => {
    expect(AdminKycList.roles).toEqual(['compliance']);
    expect(queue.decisions.map((d) => [d.id, d.roles])).toEqual([
      ['reject', ['compliance']],
      ['approve', ['compliance']],
    ]);
    expect(queue.decisions[0]?.reasonHint).toBeTruthy();
    const seen: unknown[] = [];
    const answer = await queue.list.load(async (endpoint, input) => {
      seen.push([endpoint.path, input]);
      return { ok: true, data: { list: [ADVANCED, JUNIOR], page: 1, pages: 1, total: 2 } as never };
    }, undefined);
    expect(seen).toEqual([['kyc', { status: 'waiting' }]]);
    expect(answer.ok && answer.data.map((item) => item.ticketNo)).toEqual(['KYC-41', 'KYC-42']);
  });

  it('shows the data: name and number as facts, level, document and auth email as details', () => {
    const item = kycItem(ADVANCED);
    expect(queue.row(item)).toEqual({ title: 'Ada Lovelace', note: 'P1234567' });
    expect(queue.facts(item).map((f) => [t(f.label), f.text])).toEqual([
      ['Real name', 'Ada Lovelace'],
      ['ID number', 'P1234567'],
    ]);
    expect(kycFields(item, t).map(([label, text]) => [t(label), text])).toEqual([
      ['Level', 'Advanced'],
      ['Document', 'Passport'],
      ['Verification email', 'ada@example.test'],
    ]);
    expect(kycFields(kycItem(JUNIOR), t).map(([label, text]) => [t(label), text])).toEqual([
      ['Level', 'Junior'],
    ]);
    const reject = queue.decisions[0] as (typeof queue.decisions)[number];
    expect(reject.text(item as never, t)).toContain('user 12345678 (Ada Lovelace)');
  });

  it('shows the three images beside the data; a click opens the larger view, which closes again', () => {
    const Images = queue.extra as React.ComponentType<{ item: KycItem }>;
    render(withContext(<Images item={kycItem(ADVANCED) as KycItem} />));
    const images = screen.getByTestId('bo-kyc-images');
    expect(
      within(images)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([
      '/admin/v1/kyc/41/image/front',
      '/admin/v1/kyc/41/image/reverse',
      '/admin/v1/kyc/41/image/selfie',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge: Selfie holding the document' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/admin/v1/kyc/41/image/selfie');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the enlarged image' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a junior submission has no images', () => {
    const Images = queue.extra as React.ComponentType<{ item: KycItem }>;
    render(withContext(<Images item={kycItem(JUNIOR) as KycItem} />));
    expect(screen.queryByTestId('bo-kyc-images')).toBeNull();
    expect(screen.getByText('Junior verification: no images are sent.')).toBeTruthy();
  });

  it("shows the user's identity level in the side panel", async () => {
    const calls: unknown[] = [];
    render(
      withContext(<IdentityLevel uid="12345678" />, async (endpoint, input) => {
        calls.push([endpoint.path, input]);
        return { ok: true, data: { level: 'junior', junior: 2, advanced: 3 } } as never;
      }),
    );
    const facts = await screen.findByTestId('bo-identity');
    expect(calls).toEqual([['kyc/users/{uid}', { uid: '12345678' }]]);
    expect(facts.textContent).toBe(
      'Verified level' +
        'Junior verification' +
        'Junior verification' +
        'Verified' +
        'Advanced verification' +
        'Refused',
    );
  });
});

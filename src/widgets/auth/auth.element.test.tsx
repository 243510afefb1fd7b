// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useElementHarness } from '../_shared/element-harness.fixture';
import { CALLBACK_PROPS } from '../_shared/events';
import { authMeta } from './auth.meta';

const getPlatform = vi.hoisted(() => vi.fn());
vi.mock(import('../../core/runtime/platform'), async (original) => ({ ...(await original()), getPlatform }));

useElementHarness(getPlatform, () => import('./auth.element'));

async function mount(html: string): Promise<HTMLElement> {
  await act(async () => {
    document.body.innerHTML = html;
  });
  return document.body.firstElementChild as HTMLElement;
}
const title = (el: HTMLElement) => el.shadowRoot?.querySelector('h2')?.textContent;
const link = (el: HTMLElement, text: string) =>
  [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === text)!;

describe('<tk-auth>', () => {
  it('renders its view in the shadow root and observes exactly the attributes of its meta', async () => {
    const el = await mount('<tk-auth view="register" api="https://platform.test"></tk-auth>');
    expect(title(el)).toBe('Sign up');
    expect(el.shadowRoot?.querySelector('[data-testid="auth-email"]')).toBeTruthy();
    const ctor = customElements.get('tk-auth') as unknown as { observedAttributes: string[] };
    expect(ctor.observedAttributes).toEqual(authMeta.attributes.map((a) => a.name));
  });

  it('switches its own screen when nobody handles tk-navigate', async () => {
    const el = await mount('<tk-auth></tk-auth>');
    const seen: string[] = [];
    el.addEventListener('tk-navigate', (e) => seen.push(e.detail.to));
    await act(async () => link(el, 'Sign up').click());
    expect(seen).toEqual(['/register']);
    expect(title(el)).toBe('Sign up');
  });

  it('stays when the page cancels tk-navigate to route itself', async () => {
    const el = await mount('<tk-auth view="login"></tk-auth>');
    const route = (e: Event) => e.preventDefault();
    document.addEventListener('tk-navigate', route);
    await act(async () => link(el, 'Forgot password?').click());
    document.removeEventListener('tk-navigate', route);
    expect(title(el)).toBe('Log in');
  });
});

describe('authMeta', () => {
  const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

  it.each(authMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class, and names the tag after its folder', () => {
    expect(authMeta.events.map((e) => e.name).filter((name) => !(name in CALLBACK_PROPS))).toEqual([]);
    expect(authMeta.tag).toBe('tk-auth');
  });
});

// @vitest-environment jsdom
/** EK70: the service link's late answer re-renders what shows the service, not every reader of the host state. */
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../core/config/parse-runtime-config';
import { sampleConfigJson } from '../core/config/runtime-config.fixture';
import { HostProvider, useHost, useService } from './host-context';
import { PlatformProvider } from '../widgets/_shared/platform-context';
import { fakePlatform } from './test-support';

const renders = { host: 0, service: 0 };
function HostReader() {
  renders.host++;
  return <p data-testid="title">{useHost().siteTitle}</p>;
}
function ServiceReader() {
  renders.service++;
  return <p data-testid="channels">{useService().channels.length}</p>;
}
const readers = (
  <>
    <HostReader />
    <ServiceReader />
  </>
);

describe('HostProvider', () => {
  it('gives the service link to the service readers alone', () => {
    const platform = fakePlatform();
    const config = parseRuntimeConfig(sampleConfigJson(), platform.origin);
    const page = (service: string | null) => (
      <PlatformProvider platform={platform}>
        <HostProvider config={config} service={service}>
          {readers}
        </HostProvider>
      </PlatformProvider>
    );
    const view = render(page(null));
    const channels = Number(view.getByTestId('channels').textContent);
    const before = { ...renders };
    act(() => view.rerender(page('1|[{"name":"telegram","url":"https://t.me/tradekit"}]')));
    expect(renders.service).toBe(before.service + 1);
    expect(renders.host).toBe(before.host);
    expect(Number(view.getByTestId('channels').textContent)).toBeGreaterThan(channels);
    view.unmount();
  });
});

/** Renders <Verification> on a real platform and session over a scripted verification server. */
import type { SystemConfigEntry } from '../../core/contract/brand';
import { createHarness } from '../../core/session/session.fixture';
import type { Answer, Handler } from '../../core/session/session.fixture';
import { renderWidget } from '../_shared/widget-render.fixture';
import type { RenderedWidget } from '../_shared/widget-render.fixture';
import { Verification } from './verification';
import type { VerificationProps } from './verification';

/** A brand offering both levels, one document type and no verification email. */
export const BOTH_LEVELS: SystemConfigEntry[] = [
  { name: 'showVerified', enable: true },
  { name: 'user/juniorVerified', enable: true },
];

/** An advanced record as `user/auth` answers it. */
export function advancedAnswer(overrides: Record<string, unknown> = {}): Answer {
  return {
    code: 0,
    data: {
      realName: '',
      idCard: '',
      authEmail: '',
      idType: 0,
      verifiedStatus: 0,
      cardImgFront: null,
      cardImgReverse: null,
      cardImgAvatar: null,
      reason: '',
      ...overrides,
    },
  };
}

/** A junior record as `user/first/auth` answers it. */
export function juniorAnswer(overrides: Record<string, unknown> = {}): Answer {
  return { code: 0, data: { realName: '', idCard: '', verifiedStatus: 0, reason: '', ...overrides } };
}

/** Render `<Verification {...props}>` signed in (unless told otherwise) over `handlers`. */
export async function renderVerification(
  props: VerificationProps,
  options: {
    handlers?: Record<string, Handler>;
    systemConfigs?: SystemConfigEntry[];
    signedIn?: boolean;
  } = {},
): Promise<RenderedWidget> {
  const h = createHarness({
    systemConfigs: options.systemConfigs ?? BOTH_LEVELS,
    handlers: {
      'waa/user/auth': () => advancedAnswer(),
      'waa/user/first/auth': () => juniorAnswer(),
      ...options.handlers,
    },
  });
  return renderWidget(h, <Verification {...props} />, { signedIn: options.signedIn });
}

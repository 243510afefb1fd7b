import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { KYC_IMAGE_MAX_BYTES } from '../../../src/core/contract/kyc';
import { createAvatarStore } from '../users';
import { kycAdminRoutes } from './admin-routes';
import { createKycReview, type KycReview } from './review';
import { kycUserRoutes } from './routes';
import { boundEmailPlacementRule, identityActionRules, identityPlacementRule } from './rules';

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity verification: the operators' review (admin API and back office). */
    kyc: { review: KycReview };
  }
}

/** Options of the `kyc` plugin. */
export interface KycPluginOptions {
  /** Where the documents' images are stored (default `<dataDir>/kyc`; a temporary folder for `memory://`). */
  imageDir?: string;
}

/**
 * Identity verification (issue #20): the user's two levels (`contract/kyc.ts`), the images in the file store
 * the avatars use (served to their owner and, audited, to compliance), the operators' review (629007 on a
 * rejection), and what each level unlocks as blocking rules of placements, deposits and withdrawals.
 */
export const kycPlugin = fp<KycPluginOptions>(
  async (app, options) => {
    let dir = options.imageDir;
    if (!dir && app.config.dataDir.startsWith('memory://')) {
      const temporary = await mkdtemp(join(tmpdir(), 'tk-kyc-'));
      app.addHook('onClose', () => rm(temporary, { recursive: true, force: true }));
      dir = temporary;
    }
    const store = createAvatarStore(dir ?? join(app.config.dataDir, 'kyc'), KYC_IMAGE_MAX_BYTES);
    const review = createKycReview(app.notifications);
    app.decorate('kyc', { review });
    await kycUserRoutes(app, store);
    kycAdminRoutes(app, review, store);
    app.accounts.blockingRules.register(identityPlacementRule(app));
    app.accounts.blockingRules.register(boundEmailPlacementRule(app));
    for (const rule of identityActionRules(app)) app.accounts.actionRules.register(rule);
  },
  {
    name: 'kyc',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'accounts', 'users', 'notifications'],
  },
);

export default kycPlugin;

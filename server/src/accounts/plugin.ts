import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { adminLedgerRoute } from '../admin/ledger-route';
import { adminUserRoutes } from '../admin/users-routes';
import { ledger, type Ledger } from '../ledger';
import { createAvatarStore } from '../users/avatar-store';
import { userRoutes } from '../users/routes';
import { createAccountsService, type AccountsService } from './service';
import { walletRoutes } from './wallet-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The double-entry ledger: post balanced transactions, open accounts, check conservation. */
    ledger: Ledger;
    /** Real and demo accounts of users (summary, demo opening and reset, credits). */
    accounts: AccountsService;
  }
}

/** Options of the `accounts` plugin. */
export interface AccountsPluginOptions {
  /** Where avatars are stored (default `<dataDir>/avatars`; a temporary folder for `memory://`). */
  avatarDir?: string;
}

/**
 * Accounts: the ledger and the account service, the `/v1/waa/user/*` profile and wallet routes, and the admin
 * users and ledger API.
 */
export const accountsPlugin = fp<AccountsPluginOptions>(
  async (app, options) => {
    let avatarDir = options.avatarDir;
    if (!avatarDir && app.config.dataDir.startsWith('memory://')) {
      const temporary = await mkdtemp(join(tmpdir(), 'tk-avatars-'));
      app.addHook('onClose', () => rm(temporary, { recursive: true, force: true }));
      avatarDir = temporary;
    }
    app.decorate('ledger', ledger);
    app.decorate('accounts', createAccountsService());
    const avatars = createAvatarStore(avatarDir ?? join(app.config.dataDir, 'avatars'));
    // Every /v1/waa route of this module is authenticated on request, before its body is parsed or
    // validated: without a valid token the answer is HTTP 401 whatever the body holds.
    await app.register(async (waa) => {
      waa.addHook('onRequest', app.authenticate);
      await walletRoutes(waa);
      await userRoutes(waa, avatars);
    });
    await adminUserRoutes(app);
    await adminLedgerRoute(app);
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['db', 'http', 'admin', 'brand', 'auth'] },
);

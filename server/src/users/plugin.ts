import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { adminUserRoutes } from './admin-routes';
import { createAvatarStore } from './avatar-store';
import { bindEmailRoute } from './bind-email-route';
import { tradingProhibitedRule } from './blocking';
import { infoRoute } from './info-route';
import { inviteesRoute } from './invitees-route';
import { passwordRoute } from './password-route';
import { preferencesRoute } from './preferences-route';
import { profileRoutes } from './profile-routes';

/** Options of the `users` plugin. */
export interface UsersPluginOptions {
  /** Where avatars are stored (default `<dataDir>/avatars`; a temporary folder for `memory://`). */
  avatarDir?: string;
}

/**
 * Users: the protected profile routes of `contract/users.ts` (info, nickname and avatar, password, bound email,
 * colour pair) and the operators' users API (list, block, trading ban). Every query of the `users` table is in
 * `repo.ts`.
 */
export const usersPlugin = fp<UsersPluginOptions>(
  async (app, options) => {
    let avatarDir = options.avatarDir;
    if (!avatarDir && app.config.dataDir.startsWith('memory://')) {
      const temporary = await mkdtemp(join(tmpdir(), 'tk-avatars-'));
      app.addHook('onClose', () => rm(temporary, { recursive: true, force: true }));
      avatarDir = temporary;
    }
    const avatars = createAvatarStore(avatarDir ?? join(app.config.dataDir, 'avatars'));
    infoRoute(app);
    inviteesRoute(app);
    await profileRoutes(app, avatars);
    passwordRoute(app);
    bindEmailRoute(app);
    preferencesRoute(app);
    adminUserRoutes(app);
    app.accounts.blockingRules.register(tradingProhibitedRule);
  },
  { name: 'users', fastify: '5.x', dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'accounts'] },
);

export default usersPlugin;

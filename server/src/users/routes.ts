import type { FastifyInstance } from 'fastify';
import type { AvatarStore } from './avatar-store';
import { bindEmailRoute } from './bind-email-route';
import { infoRoute } from './info-route';
import { passwordRoute } from './password-route';
import { profileRoutes } from './profile-routes';

/**
 * Every `/v1/waa/user/*` profile route: info, profile submit and avatar, password, bind email. `app` is a scope
 * that authenticates every request (`request.auth` is set).
 */
export async function userRoutes(app: FastifyInstance, avatars: AvatarStore): Promise<void> {
  await infoRoute(app);
  await profileRoutes(app, avatars);
  await passwordRoute(app);
  await bindEmailRoute(app);
}

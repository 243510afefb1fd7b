import type { FastifyInstance } from 'fastify';
import type { SystemConfigName } from '../brand';

/** True when the system config `name` is enabled for the brand `brandId` (unknown brands: off). */
export function brandFlag(app: FastifyInstance, brandId: string, name: SystemConfigName): boolean {
  const brand = app.brand.get(brandId);
  return brand?.systemConfigs.some((entry) => entry.name === name && entry.enable) ?? false;
}

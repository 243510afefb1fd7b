/**
 * The brand operators' routes (issue #22, BE1–BE9): the brands, one brand's editable settings, and the update
 * in one audited transaction, after which the brand service reloads so the next config load has it and open pages
 * are told (BE10).
 */
import type { FastifyInstance } from 'fastify';
import { brandEditProblems, GetBrand, ListBrands, UpdateBrand } from '../../../src/core/contract/brand-admin';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { changesOf, readBrand, writeBrand } from './edit';
import { BRAND_CHANGED, brandAnnouncer, followBrandChanges } from './live';

export function brandAdminRoutes(app: FastifyInstance): void {
  const announce = brandAnnouncer(app);
  followBrandChanges(app, announce);
  // Brand settings are no personal data: reading them writes no audit row (a plain read).
  route(app, ListBrands, async () =>
    ok({
      list: app.brand
        .list()
        .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        .map((brand) => ({
          id: brand.id,
          name: brand.name,
          siteTitle: brand.siteTitle,
          editedAt: brand.editedAt,
        })),
    }),
  );

  route(app, GetBrand, async (input) => {
    const brand = await readBrand(app.db, input.id);
    if (!brand) throw new BusinessError(Code.DATA_NOT_FOUND);
    return ok(brand.editable);
  });

  route(app, UpdateBrand, async (input, { audit }) => {
    const { id, reason, ...edit } = input;
    const saved = await audit.transaction(async (tx, record) => {
      // The row stays locked until commit: two operators saving the same brand take turns.
      const current = await readBrand(tx, id, true);
      if (!current) throw new BusinessError(Code.DATA_NOT_FOUND);
      const problems = brandEditProblems(
        edit,
        current.editable.edit.banners.flatMap((banner) => (banner.id === null ? [] : [banner.id])),
      );
      if (reason.trim() === '') problems.push({ field: 'reason', rule: 'required' });
      const problem = problems[0];
      if (problem) throw new BusinessError(Code.INCORRECT_PARAMETER, `${problem.field}: ${problem.rule}`);
      await writeBrand(tx, current, edit, app.clock.now());
      const after = await readBrand(tx, id);
      if (!after) throw new Error(`brand ${id} vanished while it was saved`);
      await record({
        action: 'brand.update',
        objectKind: 'brand',
        objectId: id,
        ...changesOf(current.editable.edit, after.editable.edit),
        reason: reason.trim(),
      });
      // The other processes reload the brands when this commits (MP14).
      await app.cluster.bus.publish(BRAND_CHANGED, { id }, tx);
      return after.editable;
    });
    // After the commit: this process serves the new values from the next request on (BE1), and the pages open
    // on this process's market socket hear of it (BE10).
    await app.brand.reload();
    announce(id);
    return ok(saved);
  });
}

import fp from 'fastify-plugin';
import { RiskWarningFigure } from '../../../src/core/contract/risk';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { createRiskFigures, type RiskFigures } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The risk warning's loss share per brand, computed at start and hourly on `app.clock`. */
    riskFigures: RiskFigures;
  }
}

/**
 * The risk warning's figure (issue #25, decisions RW1–RW8): the share of each brand's retail accounts that lost
 * money trading CFDs over the last 12 months, from the ledger, answered publicly for the brand of the request.
 */
export const riskPlugin = fp(
  async (app) => {
    const figures = createRiskFigures(app);
    app.decorate('riskFigures', figures);
    route(app, RiskWarningFigure, async (_input, { request }) => ok(figures.of(app.brand.of(request).id)));
    // The first figure is there before the server answers a request; later ones follow on the app clock.
    app.addHook('onReady', async () => {
      figures.start();
      await figures.settled();
    });
    app.addHook('onClose', async () => {
      figures.close();
      await figures.settled();
    });
  },
  { name: 'risk', fastify: '5.x', dependencies: ['db', 'http', 'brand', 'ledger'] },
);

export default riskPlugin;

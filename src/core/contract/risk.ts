/**
 * The risk warning's figure (issue #25; ours, not in the spec): the share of the brand's retail accounts that
 * lost money trading CFDs over the last twelve months, computed by the server from its own ledger (decisions
 * RW1–RW8). Every page that offers CFDs to retail clients shows the standard warning with this figure (ESMA's
 * product intervention measures); the client shows the warning without the figure while it answers null.
 * Registered by `server/src/risk`, called by the risk warning of the host's trading screens and `<tk-order-form>`.
 */
import { endpoint } from './endpoint';
import { Empty, EpochMs, Nullable, Obj, T, type Static } from './schema';

/** The window the figure covers, in months back from the server clock (ESMA: the last 12 months). */
export const RISK_WINDOW_MONTHS = 12;
/** Fewest accounts with a closed position in the window for the figure to mean something; fewer: null. */
export const RISK_MIN_ACCOUNTS = 20;
/** How often the server computes the figure again (ESMA asks for at least quarterly). */
export const RISK_REFRESH_MS = 3_600_000;

export const RiskFigure = Obj({
  /**
   * Whole percent of the brand's real accounts with a market position closed in the window whose realised
   * result (P&L less the fees and overnight fees paid) is below zero, rounded half up ("74"); null when fewer
   * than `RISK_MIN_ACCOUNTS` accounts closed a position in the window.
   */
  lossPercent: Nullable(T.String({ pattern: '^(100|[1-9]?[0-9])$' })),
  windowMonths: T.Literal(RISK_WINDOW_MONTHS),
  /** When the server computed it (its clock); the window ends there. */
  computedAtTs: EpochMs(),
});
export type RiskFigure = Static<typeof RiskFigure>;

export const RiskWarningFigure = endpoint({
  service: 'api',
  path: 'wa-na/risk/lossShare',
  access: 'public',
  methods: ['POST', 'GET'],
  tag: 'risk warning',
  summary:
    'The share of the brand’s retail accounts that lost money trading CFDs over the last 12 months, for the ' +
    'risk warning (computed from the ledger at start and hourly; null below the minimum number of accounts)',
  input: Empty(),
  data: RiskFigure,
  codes: [],
});

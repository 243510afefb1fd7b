/** The cluster module's entry: the bus and leases that let several server processes share one database. */
export { clusterPlugin, type Cluster, type ClusterPluginOptions } from './plugin';
export { MAX_BODY_BYTES, type Bus, type BusHandler } from './bus';
export type { LeaseJob, LeaseReport, Leases } from './leases';
export {
  announceReady,
  MAX_WORKERS,
  restartDelayMs,
  runPrimary,
  startLines,
  workersOf,
  type WorkerReady,
} from './launcher';

/** The brand's switches in the system config (`getSystemConfig`): one rule for the widgets and the host. */
import type { SystemConfigResponse } from '../contract/types';

/** Whether a system config switch (spec §3 systemConfigs) is on; absent, or no config yet, means off. */
export function isConfigOn(config: SystemConfigResponse | null, name: string): boolean {
  return config?.systemConfigs.some((entry) => entry.name === name && entry.enable) ?? false;
}

/** Public surface of <tk-alerts> for React hosts: the component, its props and the path of a new alert. */
export { Alerts } from './alerts';
export type { AlertsProps } from './alerts';
export { ALERTS_PATH, newAlertPath } from './alerts.logic';

/** The admin feature's public entry: what other features and the app use of it, and all they may import. */
export { useDashboard } from './admin.queries.ts';
export { ImpersonationBadge } from './lazy.ts';
export { Diagnostics, StatCards } from './Overview.tsx';
export { disputesTexts } from './disputes.ts';
export {
  AnalyticsTab,
  AuditLog,
  CreatorsTab,
  DisputesTab,
  ExportTab,
  GigsTab,
  MessagesTab,
  ReportsTab,
  TestingTab,
} from './tabs.ts';
export { useErrorToast } from './useErrorToast.ts';

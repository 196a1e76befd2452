/** The dashboard's tabs (routes/Admin.tsx): each is its own chunk, loaded when the tab is first opened. */
import { lazy } from 'react';

export const CreatorsTab = lazy(() => import('./CreatorsTab.tsx'));
export const GigsTab = lazy(() => import('./GigsTab.tsx'));
export const MessagesTab = lazy(() => import('./MessagesTab.tsx'));
export const DisputesTab = lazy(() => import('./DisputesTab.tsx'));
export const ReportsTab = lazy(() => import('./ReportsTab.tsx'));
export const AnalyticsTab = lazy(() => import('./AnalyticsTab.tsx'));
export const TestingTab = lazy(() => import('./TestingTab.tsx'));
export const ExportTab = lazy(() => import('./ExportTab.tsx'));
export const AuditLog = lazy(() => import('./AuditLog.tsx'));

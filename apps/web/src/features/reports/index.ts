/** The reports feature's public entry: what other features and the app use of it, and all they may import. */
export { AppealAnswer } from './AppealAnswer.tsx';
export { AppealDecision } from './AppealDecision.tsx';
export { appealPageTexts } from './appeal-rules.ts';
export { useAppeal } from './appeals.queries.ts';
export { ReportButton } from './ReportButton.tsx';
export { ruleLabel, suspensionEnd } from './report-rules.ts';

/**
 * The appeal page's words and rules (issue 17). What the server also says comes from core's
 * reportsTexts; the labels of the page's own layout live here. Kept apart from report-rules.ts so the
 * report button, shown on every offer, does not carry the appeal schema.
 */
import { appealInput, reportsTexts } from '@gigreel/core';

export const appealPageTexts = {
  loading: 'Loading the decision',
  fetchFailed: 'Failed to load the decision',
  home: 'Return to Home',
  decision: 'The decision',
  when: 'Date',
  length: 'How long',
  why: 'Why',
  yourAppeal: 'Your appeal',
  youWrote: 'What you wrote',
  answer: 'The answer',
  sendFailed: 'Failed to send the appeal',
} as const;

/**
 * What is wrong with an appeal before it is sent, by the server's own rule: required, at most
 * APPEAL_TEXT_MAX characters once markup is removed. Null when it may be sent.
 */
export function checkAppeal(text: string): string | null {
  const parsed = appealInput.shape.text.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? reportsTexts.appealRequired);
}

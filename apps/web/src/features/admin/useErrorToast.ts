/** Shows a failed load once as the SPEC's toast (the inline note stays for whoever missed it). */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { adminTexts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';

/**
 * What a failed admin request says under its title. A 403 means the server does not hold this
 * account as an admin while the dashboard is open (the role was removed meanwhile): SPEC's "Admin
 * permissions not properly configured", not the server's generic refusal.
 */
export function adminErrorText(error: Error): string {
  return error instanceof ApiError && error.status === 403 ? adminTexts.notConfigured : error.message;
}

export function useErrorToast(
  error: Error | null,
  title: string,
  describe: (error: Error) => string = adminErrorText,
): void {
  useEffect(() => {
    if (error) toast.error(title, { description: describe(error) });
  }, [error, title, describe]);
}

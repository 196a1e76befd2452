/** Shows a failed load once as the SPEC's toast (the inline note stays for whoever missed it). */
import { useEffect } from 'react';
import { toast } from 'sonner';

export function useErrorToast(error: Error | null, title: string, describe?: (error: Error) => string): void {
  useEffect(() => {
    if (error) toast.error(title, { description: describe ? describe(error) : error.message });
  }, [error, title, describe]);
}

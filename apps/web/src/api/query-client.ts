/**
 * The app's one QueryClient. A failed mutation's toast comes from here, once, for every mutation
 * that names its failure title in `meta.errorTitle`: the title says what failed, the description
 * is the server's user-facing message. Mutations that show their errors in place (forms with field
 * errors) leave the meta out.
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from './client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast's title when this mutation fails (a function when it depends on the failure). */
      errorTitle?: string | ((error: Error) => string);
      /** The toast's description, when the server's message is not the one to show. */
      errorDescription?: (error: Error) => string | undefined;
    };
  }
}

const errorDescription = (error: Error): string | undefined => (error instanceof ApiError ? error.message : undefined);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const meta = mutation.options.meta;
        if (!meta?.errorTitle) return;
        const title = typeof meta.errorTitle === 'function' ? meta.errorTitle(error) : meta.errorTitle;
        toast.error(title, { description: (meta.errorDescription ?? errorDescription)(error) });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

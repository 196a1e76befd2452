/** The one error shape of the API: `{ error: { code, message } }` with an HTTP status. */
export type ApiErrorBody = { error: { code: string; message: string; field?: string } };

/**
 * What a dialog's form was refused for, when it is not one field's (too many attempts, no connection):
 * said in the dialog, which stays open, rather than in a toast behind it.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { texts } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';

export function FormProblem({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-800 bg-red-950/60 p-3 text-sm text-red-200">
      <p className="font-semibold">{title}</p>
      <p className="break-words">{message}</p>
    </div>
  );
}

/** Puts the server's refusal under its field when it names one of `fields`; otherwise answers it for FormProblem. */
export function refusalOf<Values extends FieldValues>(
  error: unknown,
  form: UseFormReturn<Values>,
  fields: ReadonlyArray<Path<Values>>,
): string | null {
  if (error instanceof ApiError && error.field && (fields as readonly string[]).includes(error.field)) {
    form.setError(error.field as Path<Values>, { message: error.message }, { shouldFocus: true });
    return null;
  }
  return error instanceof ApiError ? error.message : texts.auth.unexpected;
}

import type { z } from 'zod';

/** The first message of each field of a failed parse, as forms show them under their inputs ('form' for the whole). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

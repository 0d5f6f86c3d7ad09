import * as z from 'zod/mini';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * A failed admin call with everything the server said: besides the code and message, a 400's `issues`
 * (which field, what is wrong) and a 409's `current` row.
 */
export class AdminApiError extends ApiRequestError {
  readonly body: Readonly<Record<string, unknown>>;
  constructor(status: number, code: string, message: string, body: Readonly<Record<string, unknown>>) {
    super(status, code, message);
    this.body = body;
  }
}

export interface FieldIssue {
  /** The field's path as the form names it: `name.de`, `variants.0.price`. */
  field: string;
  message: string;
}

/**
 * The fields a 400 names. The server reports a body field as a JSON pointer (`/name/de`); anything else
 * (a query, the whole body) is no field of the form.
 */
export function fieldIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof AdminApiError)) return [];
  const issues = validationIssuesSchema.safeParse(error.body['issues']);
  if (!issues.success) return [];
  return issues.data.flatMap(({ path, message }) => {
    const field = path.startsWith('/') ? path.slice(1).split('/').join('.') : '';
    return field ? [{ field, message }] : [];
  });
}

/** What the server's 400 lists (`plugins/errors.ts`): where, as a JSON pointer, and what. */
const validationIssuesSchema = z.array(z.object({ path: z.string(), message: z.string() }));

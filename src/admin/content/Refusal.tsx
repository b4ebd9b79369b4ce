/**
 * A refusal from the content API as a dialog shows it: the server's message, then each problem it
 * named (the validator's words), so the user reads what to fix, not only how many things are wrong.
 */
import { ApiError } from './api.ts';
import styles from './content.module.css';

export interface Refusal {
  message: string;
  details: string[];
}

/** What went wrong with a request, in the server's words. */
export function refusalOf(error: unknown): Refusal {
  const errors = error instanceof ApiError ? error.body.errors : undefined;
  const details = Array.isArray(errors)
    ? errors.flatMap((x: unknown) =>
        x && typeof x === 'object' && 'message' in x && typeof x.message === 'string' ? [x.message] : [],
      )
    : [];
  return { message: error instanceof Error ? error.message : String(error), details };
}

export function RefusalAlert({ refusal }: { refusal: Refusal }) {
  return (
    <div role="alert" className={styles.fieldError}>
      <p>{refusal.message}</p>
      {refusal.details.length > 0 && (
        <ul>
          {refusal.details.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

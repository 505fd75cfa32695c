// For tests of synchronous service calls: the AppFailure a call throws (anything else is rethrown).
import { AppFailure } from '../../src-main/app-failure.ts';

export function failure(run: () => unknown): AppFailure {
  try {
    run();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

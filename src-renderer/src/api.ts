// The renderer's only door to main. Everything else in the renderer calls these functions and never
// touches `window.gatewayStudio` itself, so the bridge can be swapped (preload in the app, a test bridge
// in the browser harness) without any component noticing.
import {
  type AppError,
  BRIDGE_KEY,
  type Bridge,
  type EventName,
  type Events,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type Result,
} from '../../src-preload/contract.ts';

function bridge(): Bridge | null {
  const candidate = (window as unknown as Record<string, unknown>)[BRIDGE_KEY];
  return candidate ? (candidate as Bridge) : null;
}

const bridgeMissing: AppError = {
  code: 'internal',
  message: 'The app could not reach its background process.',
  hint: 'Restart Gateway Studio.',
};

/** Methods whose input is `undefined` may be called without one. */
type InputArgs<M extends MethodName> =
  undefined extends MethodInput<M> ? [input?: MethodInput<M>] : [input: MethodInput<M>];

/** Calls a main-side method. Never rejects: a failure of the bridge itself also comes back as a Result. */
export async function call<M extends MethodName>(
  method: M,
  ...[input]: InputArgs<M>
): Promise<Result<MethodOutput<M>>> {
  const target = bridge();
  if (!target) return { ok: false, error: bridgeMissing };
  try {
    return await target.invoke(method, input as MethodInput<M>);
  } catch (cause) {
    // The contract says handlers never throw; this only guards a broken bridge.
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, error: { code: 'internal', message } };
  }
}

/** Subscribes to a main→renderer event; returns the function that unsubscribes. */
export function subscribe<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
  const target = bridge();
  if (!target) return () => {};
  return target.on(event, listener);
}

/** The path of a dropped file on disk, or '' where there is none (a browser). */
export function pathForFile(file: File): string {
  return bridge()?.pathForFile(file) ?? '';
}

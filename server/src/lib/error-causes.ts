/**
 * An error and the errors it wraps, outermost first (`error.cause`, as drizzle wraps the driver's
 * error and our own errors wrap theirs), a few levels deep: the one walk of a cause chain.
 */
export function* causeChain(error: unknown, depth = 5): Generator<object> {
  for (let e: unknown = error, level = 0; e && typeof e === 'object' && level < depth; e = (e as { cause?: unknown }).cause, level++) yield e;
}

/** Polls until `check` passes (it throws until then) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T>,
  timeoutMs = 60_000,
  everyMs = 25,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

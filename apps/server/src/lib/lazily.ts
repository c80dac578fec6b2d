/**
 * The value `load` makes, made on the first call and shared by every call after. For SDKs the server may never
 * use (Plaid, Stripe, the model's, SMTP): loading one costs megabytes of heap that a server without it
 * configured would carry for nothing.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

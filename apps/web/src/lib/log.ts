/**
 * The web app's one way to note a failure the person is not shown (SPEC §8: a failed silent refresh keeps
 * the screen as it is and is only logged). Routed through here so a reporting service can be added in one place.
 */
export const log = {
  warn: (message: string, detail?: unknown) => console.warn(message, detail),
};

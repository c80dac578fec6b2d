/**
 * Moving between the web app's documents (the public pages and the signed-in app are separate pages).
 * An object, so a test can watch where a screen sends the person.
 */
export const page = {
  /** Replaces this page with another document: Back does not return to a screen the person left for good. */
  leaveFor(path: string) {
    window.location.replace(path);
  },
};

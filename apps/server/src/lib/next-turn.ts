/**
 * Waits one turn of the event loop. Awaiting PGlite alone resumes in a microtask, before any other request is
 * heard: work on the embedded database split into parts must wait like this between them to let others in.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The flags `npm start` gives Node (package.json's start script). */
export function serverNodeFlags(): string[];

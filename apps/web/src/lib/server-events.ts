/** One server-sent event: its name ('message' when the stream gave none) and its data lines, joined. */
export type ServerEvent = { event: string; data: string };

/**
 * Reads a text/event-stream as it arrives, by the HTML standard's rules for the fields this app uses (event
 * and data; comments, id and retry are skipped). Give it each decoded part in order; it answers the events
 * that part completes. A part may end anywhere, inside a line or between a \r and its \n, and lines may end
 * in \r\n, \n or \r. An event the stream never finishes (no blank line after it) is never answered.
 */
export function serverEventReader(): (part: string) => ServerEvent[] {
  let pending = '';
  // The last part ended in \r: a \n starting the next one belongs to that line end.
  let afterCR = false;
  let event = '';
  let data: string[] = [];

  return (part) => {
    pending += afterCR && part.startsWith('\n') ? part.slice(1) : part;
    if (part) afterCR = false;
    const events: ServerEvent[] = [];
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    for (let end = lineEnd.exec(pending); end; end = lineEnd.exec(pending)) {
      const line = pending.slice(start, end.index);
      start = end.index + end[0].length;
      afterCR = end[0] === '\r' && start === pending.length;
      if (line === '') {
        if (data.length > 0) events.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    pending = pending.slice(start);
    return events;
  };
}

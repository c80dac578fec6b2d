import { describe, expect, it } from 'vitest';
import { type ServerEvent, serverEventReader } from './server-events';

/** Every event the parts complete, read in order. */
function readAll(parts: string[]): ServerEvent[] {
  const read = serverEventReader();
  return parts.flatMap((part) => read(part));
}

const wire = 'event: text\ndata: {"text":"You spent"}\n\nevent: answer\ndata: {"response":"All of it"}\n\n';
const events: ServerEvent[] = [
  { event: 'text', data: '{"text":"You spent"}' },
  { event: 'answer', data: '{"response":"All of it"}' },
];

describe('reading server-sent events', () => {
  it('reads several events from one part', () => {
    expect(readAll([wire])).toEqual(events);
  });

  it('reads events cut into parts anywhere', () => {
    for (let size = 1; size <= wire.length; size += 1) {
      const parts = wire.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? [];
      expect(readAll(parts), `parts of ${size}`).toEqual(events);
    }
  });

  it('reads \r\n and \r line ends, a \r\n cut between its two halves included', () => {
    expect(readAll([wire.replaceAll('\n', '\r\n')])).toEqual(events);
    expect(readAll([wire.replaceAll('\n', '\r')])).toEqual(events);
    expect(
      readAll(['event: text\r', '\ndata: a\r', '\n\r', '\n', 'event: answer\r\ndata: b\r\n\r\n']),
    ).toEqual([
      { event: 'text', data: 'a' },
      { event: 'answer', data: 'b' },
    ]);
    // A lone \r ends its line at once: the event is complete without waiting for more.
    expect(readAll(['data: c\r\r'])).toEqual([{ event: 'message', data: 'c' }]);
  });

  it('answers an event only once its blank line has come', () => {
    const read = serverEventReader();
    expect(read('event: text\ndata: {"text":"Yo')).toEqual([]);
    expect(read('u"}\n')).toEqual([]);
    expect(read('\n')).toEqual([{ event: 'text', data: '{"text":"You"}' }]);
  });

  it('joins data lines, and skips comments, other fields and events without data', () => {
    expect(
      readAll([
        ': keep-alive\n\n',
        'id: 7\nretry: 1000\nevent: ping\n\n',
        'event: text\ndata:one\ndata: two\ndata\n\n',
        'data: no name\n\n',
      ]),
    ).toEqual([
      { event: 'text', data: 'one\ntwo\n' },
      { event: 'message', data: 'no name' },
    ]);
  });

  it('forgets the name of one event before the next', () => {
    expect(readAll(['event: error\ndata: x\n\ndata: y\n\n'])).toEqual([
      { event: 'error', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });
});

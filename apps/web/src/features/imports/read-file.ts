import { MAX_IMPORT_FILE_CHARS } from '@tally/shared';

/** A statement file as the browser read it. */
export type ChosenFile = { name: string; size: number; content: string };

export class UnreadableFile extends Error {}

const TOO_LARGE = 'The file is too large (at most 20 MB)';

/**
 * A file's text. Banks write UTF-8 or, older ones, Windows-1252 (the Latin letters of European banks'
 * statements): UTF-8 is tried strictly first, so a file that is not valid UTF-8 is read the other way
 * rather than with replacement marks. A byte order mark is dropped either way.
 */
export async function readStatementFile(file: File): Promise<ChosenFile> {
  // A character is at least one byte, and at most four in UTF-8: far larger files are refused unread.
  if (file.size > MAX_IMPORT_FILE_CHARS * 4) throw new UnreadableFile(TOO_LARGE);
  if (file.size === 0) throw new UnreadableFile('The file is empty');
  const bytes = await file.arrayBuffer();
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    content = new TextDecoder('windows-1252').decode(bytes);
  }
  if (content.length > MAX_IMPORT_FILE_CHARS) throw new UnreadableFile(TOO_LARGE);
  if (content.trim() === '') throw new UnreadableFile('The file is empty');
  return { name: file.name, size: file.size, content };
}

const sizes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 812 bytes, 14.2 KB, 3.1 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${sizes.format(bytes / 1000)} KB`;
  return `${sizes.format(bytes / 1_000_000)} MB`;
}

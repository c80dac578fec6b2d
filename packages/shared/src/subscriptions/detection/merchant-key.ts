// Which charges are one merchant's: the key, the tidied descriptor and the name shown.
import { normaliseText } from '../../text';

// ---------------------------------------------------------------------------------------------------------
// Merchant keys

const ACH_ID = /\b(?:PPD|CCD|WEB|TEL|ARC)\s+ID:?/gi;
const CONFIRMATION = /\b(?:CONF|REF)\s*#\s*\S+/gi;
/** An order code glued to a '*': 'DROPBOX*X7Q2M', 'AMZN MKTP US*2K4L91RT2' (not 'UBER *EATS'). */
const STAR_CODE = /\*\s*[A-Z0-9-]*\d[A-Z0-9-]*(?=\s|$)/gi;
const STATE = /^[A-Z]{2}$/;

/** Whether a descriptor token is a number of some kind: phone, store, reference, masked account. */
function isNoiseToken(token: string): boolean {
  let digits = 0;
  let letters = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letters++;
  }
  if (digits === 0) return false;
  if (token.charCodeAt(0) === 35 /* # */) return true;
  return letters === 0 ? digits >= 4 : digits >= 3;
}

/** The descriptor without what changes from charge to charge or says nothing about the merchant. */
export function tidyDescriptor(description: string): string {
  const tokens = description
    .replace(ACH_ID, ' ')
    .replace(CONFIRMATION, ' ')
    .replace(STAR_CODE, ' ')
    .replaceAll('*', ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && !isNoiseToken(t));
  // A trailing state code ('… CA'), unless it is all there is.
  if (tokens.length > 1 && STATE.test(tokens[tokens.length - 1] ?? '')) tokens.pop();
  return tokens
    .join(' ')
    .replace(/^[\s\-–:#.,/]+|[\s\-–:#.,/]+$/g, '')
    .replace(/\s+-\s+/g, ' ');
}

/**
 * The key charges are grouped by: the merchant name when the bank gave one, else the descriptor without
 * order codes, phone numbers, long digit runs, ACH ids, store numbers and a trailing state code; lower-case.
 * Never empty. (Not transactions' merchantKey, which keys a person's category choices by the raw descriptor.)
 */
export function subscriptionMerchantKey(merchantName: string | null, description: string): string {
  const name = normaliseText(merchantName ?? '');
  if (name) return name;
  const tidy = tidyDescriptor(description).toLowerCase();
  if (tidy) return tidy;
  return normaliseText(description) || 'unknown';
}

export function displayName(merchantName: string | null, description: string): string {
  const name = merchantName?.trim();
  if (name) return name;
  const tidy = tidyDescriptor(description) || description.trim() || 'Unknown';
  // Bank descriptors shout; a name in a list should not.
  return tidy === tidy.toUpperCase() ? tidy.toLowerCase().replace(/(^|[\s/&(-])(\p{L})/gu, upper) : tidy;
}

export const upper = (_: string, before: string, letter: string) => before + letter.toUpperCase();

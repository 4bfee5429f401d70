import { US_STATE_NAMES, type UsStateCode } from '../constants';

/** The start of a text for a card: at most `max` characters, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * The heading of a /businesses page, also its title on the server: "Businesses in Chicago, IL",
 * "Businesses in Texas" (a state alone), or "Local Businesses" (everywhere).
 */
export function businessesHeading({ state, city }: { state: string | null; city: string | null }): string {
  if (!state) return 'Local Businesses';
  return `Businesses in ${city ? `${city}, ${state}` : (US_STATE_NAMES[state as UsStateCode] ?? state)}`;
}

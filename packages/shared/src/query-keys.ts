/**
 * Query keys of the first-screen data the server embeds in the page: the web's queries and the
 * cache it seeds from the embedded block use these, so the two cannot drift apart.
 */
export const INITIAL_DATA_ELEMENT_ID = 'lp-initial-data';

export const queryKeys = {
  home: ['home'] as const,
  dealDetail: (id: string) => ['deals', 'detail', id] as const,
  dealsBrowse: (key: Record<string, unknown>) => ['deals', 'browse', key] as const,
};

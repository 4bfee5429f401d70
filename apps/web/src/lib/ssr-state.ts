import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands to the browser (docs/decisions/0014-react-ssr.md): the query
 * cache the page was rendered from and the render time. It travels in a JSON data block, which is
 * not executed, so the Content-Security-Policy stays without inline scripts.
 */
export interface SsrState {
  now: number;
  queries: DehydratedState;
}

export const SSR_STATE_ELEMENT_ID = 'lp-ssr-state';

/** JSON that cannot end the <script> element it sits in (`</script>`, `<!--`) nor break older parsers (U+2028/9). */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The state of the page the server rendered, or null (a client-rendered page, or the dev server). */
export function readSsrState(): SsrState | null {
  const el = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as SsrState;
  } catch {
    return null;
  }
}

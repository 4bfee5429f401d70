import { describe, expect, it } from 'vitest';
import { browseQueryKey, isLocationChoice, readBrowseUrl } from './browse-url';

/** A query string as the browser's URLSearchParams reads it (the shared package has no DOM types). */
const read = (qs: string) => {
  const pairs = qs
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((v) => decodeURIComponent(v.replace(/\+/g, ' '))) as [string, string]);
  return readBrowseUrl({ get: (k) => pairs.find(([n]) => n === k)?.[1] ?? null, has: (k) => pairs.some(([n]) => n === k) });
};

describe('reading a /deals address', () => {
  it('reads every filter, and unknown or malformed values as their defaults', () => {
    expect(read('search=%20spa%20&type=perkboost&sort=price-low&category=5&state=ca&city=Los%20Angeles')).toEqual({
      search: 'spa',
      type: 'perkboost',
      sort: 'price-low',
      category: 5,
      location: { state: 'CA', city: 'Los Angeles' },
    });
    expect(read('type=gold&sort=random&category=9')).toEqual({ search: '', type: 'all', sort: 'newest', category: null, location: null });
  });
  it('keeps a known state when the city is unknown, and drops an unknown state', () => {
    expect(read('state=TX&city=Springfield').location).toEqual({ state: 'TX', city: null });
    expect(read('state=ZZ&city=Chicago').location).toEqual({ state: null, city: null });
    expect(read('city=Chicago').location).toEqual({ state: null, city: null });
  });
  it('accepts only the 12 cities or their states as a location choice', () => {
    expect(isLocationChoice({ state: 'IL', city: 'Chicago' })).toBe(true);
    expect(isLocationChoice({ state: 'IL', city: 'Boston' })).toBe(false);
    expect(isLocationChoice({ state: null, city: 'Chicago' })).toBe(false);
  });
  it('leaves defaults and blanks out of the query key, so equal filters share one key', () => {
    expect(browseQueryKey({ search: '  ', type: 'all', sort: 'newest', category: null, state: null, city: 'Chicago' })).toEqual({
      search: undefined,
      type: undefined,
      sort: undefined,
      category: undefined,
      state: undefined,
      city: undefined,
      pageSize: undefined,
    });
    expect(browseQueryKey({ type: 'standard', state: 'IL', city: 'Chicago', category: 1 })).toMatchObject({
      type: 'standard',
      state: 'IL',
      city: 'Chicago',
      category: 1,
    });
  });
});

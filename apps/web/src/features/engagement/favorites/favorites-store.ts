import { createLocalStore } from '../../../lib/local-store';

const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Favourite deal ids in browser storage. */
export const favoritesStore = createLocalStore<string[]>('localperks.favorites', [], isIdList);
export const useFavoritesCount = () => favoritesStore.use().length;

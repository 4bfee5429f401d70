import { createLocalStore } from '../../../lib/local-store';

const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Ids of the crowd-vote deals this browser's customer voted for (the server's list wins when signed in). */
export const votedStore = createLocalStore<string[]>('localperks.votes', [], isIdList);

/** A text searched with LIKE, its wildcards (`%`, `_`) and the escape character taken literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many values one mock run makes at most (the CLI; the tool allows fewer). Here, so callers need not load the generator. */
export const MAX_COUNT = 1000;

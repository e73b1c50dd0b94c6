/** The feedback form's rating scale and the longest comment kept. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const OPEN_TEXT_MAX = 2000;

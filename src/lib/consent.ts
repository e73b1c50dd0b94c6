/** A Google Analytics measurement id, the only kind of tag the consent banner loads. */
export const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

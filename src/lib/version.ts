/** The app version: stored with saved form drafts, so a draft from another version is not offered back. */
export const APP_VERSION = process.env.NEXT_PUBLIC_APP_VERSION ?? "0.1.0";

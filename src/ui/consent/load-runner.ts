/** vanilla-cookieconsent and its styles load after the page, and only on sites that ask for consent. */
export const loadConsentRunner = () => import("./cookie-consent-runner");

import "server-only";

/**
 * The port to the document-signing provider (a gateway in the style of Dokobit's Documents
 * Gateway): the portal uploads a PDF and gets a signing token, sends the customer to the
 * provider's page, asks where the signing stands, and downloads the signed document.
 */
export type SigningState = "pending" | "signed" | "declined" | "expired";

export interface StartSigningInput {
  /** The site the document belongs to (the sandbox keeps its records per site). */
  siteId: string;
  /** Our reference of the signing: the provider's idempotency key. */
  reference: string;
  filename: string;
  pdf: Buffer;
  signer: { name: string; personalCode: string | null; country: string };
  /** The language of the provider's page. */
  language: string;
  /** Where the provider sends the customer back after signing or declining. */
  returnUrl: string;
  /** The signing is open until then; after it the provider answers expired. */
  expiresAt: Date;
}

export interface StartSigningResult {
  /** The provider's signing token (the customer's signing is known by it everywhere). */
  token: string;
  /** The provider's page where the customer signs. */
  signingUrl: string;
}

export interface SigningStatus {
  state: SigningState;
  signedAt: string | null;
}

export interface SigningProvider {
  readonly name: string;
  start(input: StartSigningInput): Promise<StartSigningResult>;
  status(token: string): Promise<SigningStatus>;
  /** The signed document; throws SigningError when it is not signed. */
  download(token: string): Promise<Buffer>;
}

export class SigningError extends Error {
  constructor(
    message: string,
    /** A network failure or a 5xx: asking again later may work. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

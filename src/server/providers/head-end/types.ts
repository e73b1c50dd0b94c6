import "server-only";

/**
 * The port to the meter head-end system (the operator's AMI system that talks to the meters):
 * relay commands are asynchronous there as on any real head-end. A command is accepted with a
 * reference, then followed until the meter confirms it or the head-end gives up.
 */
export type RelayAction = "on" | "off";

export interface RelayCommandRequest {
  /** Our command id: the head-end's idempotency key, so a repeated submission is one command. */
  commandId: string;
  gsrn: string;
  meterNumber: string | null;
  action: RelayAction;
}

export type HeadEndState = { state: "pending" } | { state: "confirmed"; at: string } | { state: "failed"; reason: string };

export interface HeadEndAdapter {
  readonly name: string;
  /** Hands a command to the head-end; answers its reference. Throws HeadEndError when refused or unreachable. */
  submit(command: RelayCommandRequest): Promise<{ ref: string }>;
  /** Where the command stands at the meter. */
  status(ref: string): Promise<HeadEndState>;
}

export class HeadEndError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

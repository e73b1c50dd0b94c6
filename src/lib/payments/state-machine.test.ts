import { describe, expect, it } from "vitest";
import { assertTransition, canTransition, InvalidPaymentTransition, isTerminal, pathTo } from "./state-machine";
import type { PaymentStatus } from "./types";

const ALL: PaymentStatus[] = ["created", "pending", "succeeded", "failed", "cancelled", "expired"];

describe("payment state machine", () => {
  it("allows exactly the documented transitions", () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(["created→pending", "created→failed", "created→cancelled", "created→expired", "pending→succeeded", "pending→failed", "pending→cancelled", "pending→expired"].sort());
  });

  it("never leaves a terminal state", () => {
    for (const from of ALL.filter(isTerminal)) for (const to of ALL) expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition("succeeded", "failed")).toThrow(InvalidPaymentTransition);
    expect(() => assertTransition("created", "succeeded")).toThrow(InvalidPaymentTransition);
    expect(() => assertTransition("created", "pending")).not.toThrow();
  });

  it("goes through pending when a provider reports success for a created payment", () => {
    expect(pathTo("created", "succeeded")).toEqual(["pending", "succeeded"]);
    expect(pathTo("created", "failed")).toEqual(["failed"]);
    expect(pathTo("pending", "pending")).toEqual([]);
    expect(pathTo("succeeded", "succeeded")).toEqual([]);
    expect(pathTo("succeeded", "pending")).toEqual([]);
    expect(pathTo("succeeded", "failed")).toBeNull();
    expect(pathTo("failed", "succeeded")).toBeNull();
    expect(pathTo("pending", "created")).toBeNull();
  });
});

import "server-only";
export * from "./sites";
export * from "./reference";
export * from "./auth";
export * from "./customers";
export * from "./metering";
export * from "./invoices";
export * from "./engagement";

export * from "./sites";
export * from "./reference";
export * from "./auth";
export * from "./customers";
